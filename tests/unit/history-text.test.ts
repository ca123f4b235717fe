// How a history entry reads in one line (the audit list and its workbook) and field by field (the
// history dialog, the audit's detail): labels of fields, yes/no, dates, and the names the server
// gave keys and enum values.
import { describe, expect, it } from 'vitest';
import { type HistoryChange, type HistoryWords, changeLine, fieldLabel, historySummary } from '@/lib/history-text';

const MESSAGES: Record<string, string> = {
  'fields.name': 'Nombre',
  'fields.code': 'Clave',
  'fields.status': 'Activo',
  'fields.career': 'Carrera',
  'fields.email': 'Correo',
  'fields.birth_date': 'Fecha de nacimiento',
  'resource.yes': 'Sí',
  'resource.no': 'No',
};
const t = Object.assign((key: string) => MESSAGES[key] ?? key, { has: (key: string) => key in MESSAGES }) as HistoryWords;

describe('fieldLabel', () => {
  it.each([
    ['name', 'Nombre'],
    ['career_id', 'Carrera'],
    ['unknown_field', 'unknown_field'],
  ])('%s', (field, label) => expect(fieldLabel(field, t)).toBe(label));
});

describe('historySummary', () => {
  const change = (field: string, old: unknown, value: unknown, labels: Partial<HistoryChange> = {}): HistoryChange => ({ field, old, new: value, ...labels });
  it.each<[string, '+' | '~' | '-', HistoryChange[], string]>([
    ['one change, whole', '~', [change('status', true, false)], 'Activo: Sí → No'],
    ['a key by the names the server gave', '~', [change('career_id', 3, 5, { old_label: 'Civil', new_label: 'Arquitectura' })], 'Carrera: Civil → Arquitectura'],
    ['a date as a date', '~', [change('birth_date', null, '2001-02-03')], 'Fecha de nacimiento: — → 03/02/2001'],
    ['a date JavaScript wrote, as a date', '~', [change('birth_date', null, 'Sat Nov 28 2026 00:00:00 GMT+0000 (Coordinated Universal Time)')], 'Fecha de nacimiento: — → 28/11/2026'],
    ['several changes by their fields', '~', [change('name', 'a', 'b'), change('email', 'x', 'y')], 'Nombre, Correo'],
    ['many changes, the rest counted', '~', [change('name', 1, 2), change('email', 1, 2), change('code', 1, 2), change('status', true, false), change('career_id', 1, 2)], 'Nombre, Correo, Clave +2'],
    ['a creation by the name it was given', '+', [change('code', null, 'ISC'), change('name', null, 'Sistemas')], 'Nombre: Sistemas'],
    ['a deletion by the name it had', '-', [change('status', true, null), change('name', 'Norte', null)], 'Nombre: Norte'],
    ['a creation without a name: its fields', '+', [change('status', null, true), change('email', null, 'a@b.mx')], 'Activo, Correo'],
    ['nothing changed', '~', [], ''],
  ])('%s', (_name, type, changes, summary) => expect(historySummary(type, changes, t)).toBe(summary));

  it('cuts a long text', () => {
    const summary = historySummary('~', [change('name', 'a'.repeat(100), 'b'.repeat(100))], t);
    expect(summary.length).toBe(160);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('changeLine', () => {
  it('says what a creation set, what a deletion removed and what a change did', () => {
    const name: HistoryChange = { field: 'name', old: 'Norte', new: 'Sur' };
    expect(changeLine(name, '+', t)).toBe('Nombre: Sur');
    expect(changeLine(name, '-', t)).toBe('Nombre: Norte');
    expect(changeLine(name, '~', t)).toBe('Nombre: Norte → Sur');
    expect(changeLine({ field: 'roles', old: [], new: [{ id: 1, name: 'Finanzas' }] }, '~', t)).toBe('roles: — → Finanzas');
  });
});
