// How a reference names a record: a person surname first with their code apart, a class by its
// subject with its group and teacher, a sale by whom it charges, a record with nothing to say by its id.
import { describe, expect, it } from 'vitest';
import { type ReferenceSpec, referenceLabel, referenceLine, referenceSpecOf, referenceText } from '@/lib/resource-ui';

describe('reference labels from label fields', () => {
  it.each([
    [{ id: 7, no_control: '20260145', names: 'Ana', first_name: 'López', second_name: 'Martínez' }, ['no_control', 'names', 'first_name', 'second_name'], { label: 'López Martínez Ana', detail: '20260145' }],
    [{ id: 3, subject: { description: 'Cálculo' }, group: { code: 'ISC-1A' } }, ['subject.description', 'group.code'], { label: 'Cálculo', detail: 'ISC-1A' }],
    [{ id: 9, student: { names: 'Ana', first_name: 'López', no_control: '2026' }, client: null }, ['student.first_name', 'student.names', 'client', 'student.no_control'], { label: 'López Ana', detail: '2026' }],
    [{ id: 4, username: 'cajero' }, ['username'], { label: 'cajero', detail: '' }],
    // A user's first name is a given name: "Ana López", their username apart.
    [{ id: 4, username: 'alopez', first_name: 'Ana', last_name: 'López' }, ['username', 'first_name', 'last_name'], { label: 'Ana López', detail: 'alopez' }],
    [{ id: 5 }, [], { label: '#5', detail: '' }],
  ])('%j named by %j', (row, fields, expected) => {
    expect(referenceLabel(row, { labelField: fields[0] ?? 'id', labelFields: fields })).toEqual(expected);
  });
});

const SCHEDULE: ReferenceSpec = { words: [['subject.description']], detail: ['group.code', 'teacher.first_name', 'teacher.second_name', 'teacher.names'] };
const SALE: ReferenceSpec = { words: [['student.first_name', 'student.names'], ['aspirant.first_name', 'aspirant.names'], ['client']], detail: ['sale_date'] };

describe('reference labels from a spec', () => {
  it.each([
    [
      'a class: subject, then group and teacher',
      { id: 203, subject: { description: 'Taller de diseño' }, group: { code: 'ARQ-1A' }, teacher: { first_name: 'Ruiz', second_name: 'Soto', names: 'Eva' } },
      SCHEDULE,
      { label: 'Taller de diseño', detail: 'ARQ-1A · Ruiz Soto Eva' },
    ],
    ['a sale of a student, dated', { id: 146, student: { first_name: 'López', names: 'Ana' }, aspirant: null, client: 'Ana López', sale_date: '2026-03-12' }, SALE, { label: 'López Ana', detail: '12/03/2026' }],
    ['a sale of an applicant', { id: 147, student: null, aspirant: { first_name: 'Cruz', names: 'Juan' }, client: '', sale_date: null }, SALE, { label: 'Cruz Juan', detail: '#147' }],
    ['a walk-in sale', { id: 148, student: null, aspirant: null, client: 'Papelería Sol', sale_date: '2026-01-05T00:00:00.000Z' }, SALE, { label: 'Papelería Sol', detail: '05/01/2026' }],
    ['nothing to say', { id: 149 }, SALE, { label: '#149', detail: '' }],
  ])('%s', (_case, row, spec, expected) => {
    expect(referenceText(row, spec)).toEqual(expected);
  });

  it('one line: the label with its code, never the bare id', () => {
    expect(referenceLine({ id: 7, no_control: '20260145', names: 'Ana', first_name: 'López' }, referenceSpecOf(['no_control', 'first_name', 'names']))).toBe('López Ana (20260145)');
    expect(referenceLine({ id: 7, name: 'Campus Norte' }, referenceSpecOf(['name']))).toBe('Campus Norte');
    expect(referenceLine(null, SALE)).toBe('');
  });
});
