// The invoice's rules that the XML schema cannot check: the IEDU complement only with CFDI use D10,
// and a cancellation with reason 01 only naming a stamped invoice that relates this one with
// TipoRelacion 04.
import { describe, expect, it } from 'vitest';
import { ieduAllowed, type SubstituteFacts, substituteProblem } from '@/lib/cfdi/rules';

describe('the IEDU complement', () => {
  it.each<[string | null, boolean]>([
    ['D10', true],
    ['S01', false],
    ['G03', false],
    ['D01', false],
    [null, false],
  ])('with use %s: %s', (use, allowed) => {
    expect(ieduAllowed(use)).toBe(allowed);
  });
});

describe('the substitute of a cancellation 01', () => {
  const OLD = 'AAAAAAAA-1111-4111-8111-111111111111';
  const NEW = 'BBBBBBBB-2222-4222-8222-222222222222';
  const good: SubstituteFacts = { status: 'STAMPED', uuid: NEW, type_relation: '04', related_uuids: [OLD] };
  it.each<[string, SubstituteFacts | null, ReturnType<typeof substituteProblem>]>([
    ['a stamped invoice relating this one with 04', good, null],
    ['the relation written in lower case', { ...good, related_uuids: [OLD.toLowerCase()] }, null],
    ['one of several related UUIDs', { ...good, related_uuids: [NEW.replace('B', 'C'), OLD] }, null],
    ['no such invoice', null, 'substitute_unknown'],
    ['a pending invoice', { ...good, status: 'PENDING', uuid: null }, 'substitute_unknown'],
    ['a cancelled invoice', { ...good, status: 'CANCELLED' }, 'substitute_unknown'],
    ['the invoice itself', { ...good, uuid: OLD }, 'substitute_unknown'],
    ['any other stamped invoice, unrelated', { ...good, type_relation: null, related_uuids: [] }, 'substitute_not_related'],
    ['related with another TipoRelacion (01, a credit note)', { ...good, type_relation: '01' }, 'substitute_not_related'],
    ['related with 04 to other invoices', { ...good, related_uuids: [NEW.replace('B', 'C')] }, 'substitute_not_related'],
  ])('%s', (_name, substitute, problem) => {
    expect(substituteProblem(OLD, substitute)).toBe(problem);
  });
});
