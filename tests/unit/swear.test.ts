// Who may take the oath: nothing owed of the plan and nothing missing from the file; a refusal
// names what is missing (the first five, then "…").
import { describe, expect, it } from 'vitest';
import { swearEligibility } from '@/lib/scholar/swear';

describe('swear eligibility', () => {
  it.each([
    ['nothing pending', [], [], { ok: true }],
    ['a subject owed', ['ISC-901 Residencia'], [], { ok: false, reasons: [{ key: 'scholar.swear.pending_subjects', values: { count: 1, list: 'ISC-901 Residencia' } }] }],
    ['a document missing', [], ['Certificado de bachillerato'], { ok: false, reasons: [{ key: 'scholar.swear.pending_documents', values: { count: 1, list: 'Certificado de bachillerato' } }] }],
    [
      'both',
      ['A', 'B'],
      ['C'],
      {
        ok: false,
        reasons: [
          { key: 'scholar.swear.pending_subjects', values: { count: 2, list: 'A, B' } },
          { key: 'scholar.swear.pending_documents', values: { count: 1, list: 'C' } },
        ],
      },
    ],
    ['many subjects', ['1', '2', '3', '4', '5', '6', '7'], [], { ok: false, reasons: [{ key: 'scholar.swear.pending_subjects', values: { count: 7, list: '1, 2, 3, 4, 5…' } }] }],
  ] as const)('%s', (_label, subjects, documents, expected) => {
    expect(swearEligibility({ pending_subjects: subjects, pending_documents: documents })).toEqual(expected);
  });
});
