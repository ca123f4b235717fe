// How a reference names a record: a person surname first with their code apart, a class by its
// subject and group, a record with nothing to say by its id.
import { describe, expect, it } from 'vitest';
import { referenceLabel } from '@/lib/resource-ui';

describe('reference labels', () => {
  it.each([
    [{ id: 7, no_control: '20260145', names: 'Ana', first_name: 'López', second_name: 'Martínez' }, ['no_control', 'names', 'first_name', 'second_name'], { label: 'López Martínez Ana', detail: '20260145' }],
    [{ id: 3, subject: { description: 'Cálculo' }, group: { code: 'ISC-1A' } }, ['subject.description', 'group.code'], { label: 'Cálculo', detail: 'ISC-1A' }],
    [{ id: 9, student: { names: 'Ana', first_name: 'López', no_control: '2026' }, client: null }, ['student.first_name', 'student.names', 'client', 'student.no_control'], { label: 'López Ana', detail: '2026' }],
    [{ id: 4, username: 'cajero' }, ['username'], { label: 'cajero', detail: '' }],
    [{ id: 5 }, [], { label: '#5', detail: '' }],
  ])('%j named by %j', (row, fields, expected) => {
    expect(referenceLabel(row, { labelField: fields[0] ?? 'id', labelFields: fields })).toEqual(expected);
  });
});
