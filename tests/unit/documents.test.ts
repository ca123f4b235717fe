// A person's file as rules: which types apply, each type's state, what is pending, the review and
// the originals lent and received — tables of cases.
import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  type DocumentTypeRule,
  type HandedDocument,
  documentChecklist,
  isOverdue,
  lendOriginal,
  originalState,
  pendingDocumentNames,
  receiveOriginal,
  reviewChanges,
  typeApplies,
} from '@/lib/scholar/documents';

const type = (id: number, name: string, extra: Partial<DocumentTypeRule> = {}): DocumentTypeRule => ({ id, name, mandatory: true, is_foreign: 'B', category_career: 'GENERAL', ...extra });
const handed = (id: number, doc_type_id: number, extra: Partial<HandedDocument> = {}): HandedDocument => ({
  id,
  doc_type_id,
  document: `f${id}.pdf`,
  review_status: 'PENDING',
  review_notes: null,
  archived: false,
  lent_at: null,
  date_limit: null,
  ...extra,
});

describe('which document types apply to a person', () => {
  const national = { is_foreign: false, category_career: 'ING' };
  const foreigner = { is_foreign: true, category_career: 'ING' };
  it.each([
    ['both, national', type(1, 'a', { is_foreign: 'B' }), national, true],
    ['both, foreigner', type(1, 'a', { is_foreign: 'B' }), foreigner, true],
    ['nationals only, national', type(1, 'a', { is_foreign: 'M' }), national, true],
    ['nationals only, foreigner', type(1, 'a', { is_foreign: 'M' }), foreigner, false],
    ['foreigners only, national', type(1, 'a', { is_foreign: 'F' }), national, false],
    ['foreigners only, foreigner', type(1, 'a', { is_foreign: 'F' }), foreigner, true],
    ['their career category', type(1, 'a', { category_career: 'ING' }), national, true],
    ['another career category', type(1, 'a', { category_career: 'SALUD' }), national, false],
    ['an inactive type', type(1, 'a', { status: false }), national, false],
    ["a student's type, for a student", type(1, 'a', { category: 'students' }), { ...national, categories: ['students'] }, true],
    ["an applicant's type, for a student", type(1, 'a', { category: 'aspirants' }), { ...national, categories: ['students'] }, false],
    ['a revalidation type, for a revalidated student', type(1, 'a', { category: 'revalid' }), { ...national, categories: ['students', 'revalid'] }, true],
  ] as const)('%s -> %s', (_label, documentType, person, expected) => {
    expect(typeApplies(documentType, person)).toBe(expected);
  });
});

describe('the checklist', () => {
  const types = [type(1, 'Acta de nacimiento'), type(2, 'CURP'), type(3, 'Fotografías', { mandatory: false }), type(4, 'Pasaporte', { is_foreign: 'F' }), type(5, 'Certificado de bachillerato')];
  const person = { is_foreign: false, category_career: null };

  it('gives each applying type its newest document state, mandatory ones first', () => {
    const checklist = documentChecklist(types, [handed(10, 1, { review_status: 'REJECTED', review_notes: 'ilegible' }), handed(11, 1), handed(12, 2, { review_status: 'ACCEPTED' }), handed(13, 5, { review_status: 'REJECTED', review_notes: 'sin firma' })], person);
    expect(checklist.map((item) => [item.type.name, item.state, item.pending])).toEqual([
      // The newer upload (11) supersedes the rejected one (10).
      ['Acta de nacimiento', 'PENDING', false],
      ['Certificado de bachillerato', 'REJECTED', true],
      ['CURP', 'ACCEPTED', false],
      ['Fotografías', 'MISSING', false],
    ]);
    expect(checklist[0].documents.map((d) => d.id)).toEqual([11, 10]);
  });

  it('lists as pending the mandatory types missing or rejected', () => {
    expect(pendingDocumentNames(documentChecklist(types, [handed(1, 1)], person))).toEqual(['Certificado de bachillerato', 'CURP']);
    expect(pendingDocumentNames(documentChecklist(types, [], { is_foreign: true, category_career: null }))).toEqual(['Acta de nacimiento', 'Certificado de bachillerato', 'CURP', 'Pasaporte']);
  });

  it('keeps a handed-in type that no longer applies, and ignores cancelled documents', () => {
    const checklist = documentChecklist(types, [handed(1, 4), handed(2, 2, { status: false })], person);
    expect(checklist.find((item) => item.type.id === 4)?.state).toBe('PENDING');
    expect(checklist.find((item) => item.type.id === 2)?.state).toBe('MISSING');
  });
});

describe('the review', () => {
  it.each([
    [{ review_status: 'ACCEPTED', review_notes: 'x' }, { ok: true, changes: { review_status: 'ACCEPTED', review_notes: null } }],
    [{ review_status: 'REJECTED', review_notes: ' Ilegible ' }, { ok: true, changes: { review_status: 'REJECTED', review_notes: 'Ilegible' } }],
    [{ review_status: 'REJECTED', review_notes: '  ' }, { ok: false, field: 'review_notes', key: 'scholar.documents.reason_required' }],
    [{ review_status: 'REJECTED' }, { ok: false, field: 'review_notes', key: 'scholar.documents.reason_required' }],
    [{ review_status: 'PENDING', review_notes: 'x' }, { ok: true, changes: { review_status: 'PENDING', review_notes: null } }],
  ] as const)('%j -> %j', (input, expected) => {
    expect(reviewChanges(input)).toEqual(expected);
  });
});

describe('originals', () => {
  const inFile = { archived: true, lent_at: null, date_limit: null };
  const lent = { archived: false, lent_at: '2026-11-01', date_limit: '2026-11-20' };
  const never = { archived: false, lent_at: null, date_limit: null };
  const today = '2026-11-24';

  it.each([
    [inFile, 'IN_FILE'],
    [lent, 'LENT'],
    [never, 'NOT_RECEIVED'],
  ] as const)('%j is %s', (document, state) => expect(originalState(document)).toBe(state));

  it.each([
    ['in the file, a date ahead', inFile, '2026-12-05', { ok: true, changes: { archived: false, lent_at: today, date_limit: '2026-12-05' } }],
    ['in the file, due today', inFile, today, { ok: true, changes: { archived: false, lent_at: today, date_limit: today } }],
    ['in the file, a past date', inFile, '2026-11-23', { ok: false, field: 'date_limit', key: 'scholar.documents.date_limit_past' }],
    ['in the file, no date', inFile, null, { ok: false, field: 'date_limit', key: 'errors.limit_date' }],
    ['already lent', lent, '2026-12-05', { ok: false, key: 'scholar.documents.already_lent' }],
    ['never received', never, '2026-12-05', { ok: false, key: 'scholar.documents.original_not_received' }],
  ] as const)('lend: %s', (_label, document, date, expected) => {
    expect(lendOriginal(document, date, today)).toEqual(expected);
  });

  it.each([
    ['back from a loan', lent, { ok: true, changes: { archived: true, lent_at: null, date_limit: null } }],
    ['handed over the first time', never, { ok: true, changes: { archived: true, lent_at: null, date_limit: null } }],
    ['already in the file', inFile, { ok: false, key: 'scholar.documents.already_received' }],
  ] as const)('receive: %s', (_label, document, expected) => {
    expect(receiveOriginal(document)).toEqual(expected);
  });

  it.each([
    ['lent, past its date', lent, true],
    ['lent, due today', { ...lent, date_limit: today }, false],
    ['in the file', inFile, false],
    ['lent without a date', { ...lent, date_limit: null }, false],
  ] as const)('overdue: %s -> %s', (_label, document, expected) => {
    expect(isOverdue(document, today)).toBe(expected);
  });
});

describe('the categories asked of a person', () => {
  it.each([
    ['aspirant', false, ['aspirants']],
    ['student', false, ['students']],
    ['student', true, ['students', 'revalid']],
  ] as const)('%s (revalidated: %s) -> %j', (kind, revalid, expected) => {
    expect(categoriesOf(kind, revalid)).toEqual(expected);
  });
});
