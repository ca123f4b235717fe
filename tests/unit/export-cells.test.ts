// What an export writes in each cell, in csv (text) and in xlsx (typed value and number format);
// how csv is kept from running formulas without touching phone numbers; how files are named; how
// the answer's language is chosen.
import { describe, expect, it } from 'vitest';
import { type Cell, type CellKind, DATETIME_FORMAT, DATE_FORMAT, MONEY_FORMAT, exportCell, exportFileName, neutralise, recordName } from '@/server/engine/export';
import { cookieLocale, requestLocale } from '@/server/http/context';

const spanish = { yes: 'Sí', no: 'No', named: (valuesKey: string, value: string) => `«${valuesKey}.${value}»` };
const english = { ...spanish, yes: 'Yes' };

describe('csv formula neutralising', () => {
  it.each([
    // Formulas and DDE calls: always neutralised.
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['=cmd', "'=cmd"],
    ['@SUM(1+1)*cmd|\' /C calc\'!A0', "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-SUM(A1)', "'-SUM(A1)"],
    ['+A1', "'+A1"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['- pendiente de pago', "'- pendiente de pago"],
    // Numbers and phone numbers people type: untouched.
    ['+52 33 1234 5678', '+52 33 1234 5678'],
    ['+52 (33) 1234-5678', '+52 (33) 1234-5678'],
    ['-15.50', '-15.50'],
    ['-1', '-1'],
    ['+52', '+52'],
    ['-', '-'],
    ['1,234.50', '1,234.50'],
    // Plain text, and formulas that do not start the cell.
    ['Ana', 'Ana'],
    ['López = Martínez', 'López = Martínez'],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(neutralise(value)).toBe(expected);
  });
});

describe('related records by their names', () => {
  it.each([
    [{ id: 3, code: 'ISC', name: 'Ingeniería en Sistemas' }, 'Ingeniería en Sistemas'],
    [{ id: 7, no_control: '20260145', names: 'Ana', first_name: 'López', second_name: 'Martínez' }, 'López Martínez Ana'],
    [{ id: 2, code: 'ISC-1A' }, 'ISC-1A'],
    [{ id: 4, description: '2026-1' }, '2026-1'],
    [{ id: 9, name: 'Finanzas', short: 'finanzas' }, 'Finanzas'],
    [{ id: 5, subject: { id: 1, code: 'MAT1', description: 'Cálculo' }, group: { id: 2, code: 'ISC-1A' } }, 'Cálculo · ISC-1A'],
    [{ id: 146 }, '#146'],
    [{ id: 146, student: { id: 1 } }, '#146'],
    [{}, ''],
  ])('%j is %j', (record, name) => {
    expect(recordName(record)).toBe(name);
  });
});

const at = (iso: string) => new Date(iso);

describe('cells', () => {
  it.each<[CellKind, string | undefined, unknown, Cell]>([
    ['text', undefined, null, { text: '', value: null }],
    ['text', undefined, '', { text: '', value: null }],
    ['text', undefined, '+52 33 1234 5678', { text: '+52 33 1234 5678', value: '+52 33 1234 5678' }],
    ['text', undefined, '=HYPERLINK("x")', { text: '=HYPERLINK("x")', value: '=HYPERLINK("x")' }],
    ['boolean', undefined, true, { text: 'Sí', value: 'Sí' }],
    ['boolean', undefined, false, { text: 'No', value: 'No' }],
    ['enum', 'enums.AspirantStatus', 'PRE', { text: '«enums.AspirantStatus.PRE»', value: '«enums.AspirantStatus.PRE»' }],
    ['enum', 'settings.roles.categories', 'staff', { text: '«settings.roles.categories.staff»', value: '«settings.roles.categories.staff»' }],
    ['integer', undefined, 42, { text: '42', value: 42 }],
    ['decimal', undefined, '9.5', { text: '9.5', value: 9.5 }],
    ['money', undefined, '1234.5', { text: '1234.50', value: 1234.5, numFmt: MONEY_FORMAT }],
    ['money', undefined, '-15.5', { text: '-15.50', value: -15.5, numFmt: MONEY_FORMAT }],
    ['money', undefined, '99999999.99', { text: '99999999.99', value: 99999999.99, numFmt: MONEY_FORMAT }],
    ['money', undefined, '0', { text: '0.00', value: 0, numFmt: MONEY_FORMAT }],
    ['money', undefined, 'n/a', { text: 'n/a', value: 'n/a' }],
    // A calendar day is never shifted by a time zone.
    ['date', undefined, '2026-03-05', { text: '05/03/2026', value: at('2026-03-05T00:00:00Z'), numFmt: DATE_FORMAT }],
    ['date', undefined, '2026-12-31T00:00:00.000Z', { text: '31/12/2026', value: at('2026-12-31T00:00:00Z'), numFmt: DATE_FORMAT }],
    // An instant shows the school's clock (Mexico City, UTC-6 without daylight saving since 2022).
    ['datetime', undefined, '2026-03-05T20:07:31.000Z', { text: '05/03/2026 14:07', value: at('2026-03-05T14:07:00Z'), numFmt: DATETIME_FORMAT }],
    ['datetime', undefined, '2026-01-01T03:00:00.000Z', { text: '31/12/2025 21:00', value: at('2025-12-31T21:00:00Z'), numFmt: DATETIME_FORMAT }],
    ['datetime', undefined, '2026-03-05', { text: '05/03/2026', value: at('2026-03-05T00:00:00Z'), numFmt: DATE_FORMAT }],
    // Dates as the database gives them (no ISO text in between): the same cells.
    ['date', undefined, at('2026-03-05T00:00:00Z'), { text: '05/03/2026', value: at('2026-03-05T00:00:00Z'), numFmt: DATE_FORMAT }],
    ['datetime', undefined, at('2026-03-05T20:07:31.000Z'), { text: '05/03/2026 14:07', value: at('2026-03-05T14:07:00Z'), numFmt: DATETIME_FORMAT }],
    ['datetime', undefined, at('2022-04-03T08:30:00Z'), { text: '03/04/2022 03:30', value: at('2022-04-03T03:30:00Z'), numFmt: DATETIME_FORMAT }],
    ['text', undefined, at('2026-03-05T20:07:31.000Z'), { text: '2026-03-05T20:07:31.000Z', value: '2026-03-05T20:07:31.000Z' }],
    ['datetime', undefined, new Date(Number.NaN), { text: '', value: null }],
    ['time', undefined, '07:00:00', { text: '07:00', value: '07:00' }],
    ['time', undefined, '07:00:30', { text: '07:00:30', value: '07:00:30' }],
    ['file', undefined, 'student-documents/0b7c/Acta de nacimiento.pdf', { text: 'Acta de nacimiento.pdf', value: 'Acta de nacimiento.pdf' }],
    ['record', undefined, { id: 3, code: 'ISC', name: 'Ingeniería en Sistemas' }, { text: 'Ingeniería en Sistemas', value: 'Ingeniería en Sistemas' }],
    ['record', undefined, [{ id: 1, name: 'Finanzas' }, { id: 2, name: 'Alumno' }], { text: 'Finanzas, Alumno', value: 'Finanzas, Alumno' }],
    ['record', undefined, [], { text: '', value: null }],
    // A reinscription's months to pay, by name (never "[object Object]").
    ['months', undefined, [{ month: 1, year: 2026 }, { month: 2, year: 2026 }], { text: '«common.month_1» 2026, «common.month_2» 2026', value: '«common.month_1» 2026, «common.month_2» 2026' }],
    ['months', undefined, [], { text: '', value: null }],
    ['months', undefined, [{ month: 'x' }], { text: '', value: null }],
  ])('%s (%s) %j', (kind, valuesKey, raw, cell) => {
    expect(exportCell({ kind, valuesKey }, raw, spanish)).toEqual(cell);
  });

  it.each([
    [{ words: [['first_name', 'second_name', 'names']], detail: ['no_control'] }, { id: 7, no_control: '20260145', names: 'Ana', first_name: 'López', second_name: 'Martínez' }, 'López Martínez Ana (20260145)'],
    [{ words: [['subject.description']], detail: ['group.code'] }, { id: 5, subject: { id: 1, description: 'Cálculo' }, group: { id: 2, code: 'ISC-1A' } }, 'Cálculo (ISC-1A)'],
    [{ words: [['name']], detail: [] }, { id: 146 }, '#146'],
  ])('names a related record as the lists do: %j', (reference, raw, text) => {
    expect(exportCell({ kind: 'record', reference }, raw, spanish).text).toBe(text);
  });

  it('says yes and no in the reader\'s language', () => {
    expect(exportCell({ kind: 'boolean' }, true, english).text).toBe('Yes');
  });
});

describe('file names', () => {
  const evening = new Date('2026-11-26T02:30:00Z'); // 25 Nov 2026, 8:30 pm in Mexico City
  it.each([
    ['alumnos', 'xlsx', 'alumnos_2026-11-25.xlsx'],
    ['ciclos escolares', 'csv', 'ciclos_escolares_2026-11-25.csv'],
    ['títulos electrónicos', 'xlsx', 'títulos_electrónicos_2026-11-25.xlsx'],
    ['a/b: c?', 'csv', 'a_b_c_2026-11-25.csv'],
    ['', 'csv', 'export_2026-11-25.csv'],
  ])('%j as %s -> %s', (table, extension, name) => {
    expect(exportFileName(table, extension, evening)).toBe(name);
  });
});

describe('the language of an answer', () => {
  const request = (headers: Record<string, string>, query = '') => {
    const url = new URL(`http://localhost/reports/api/student-kardex/pdf/${query}`);
    return requestLocale(new Request(url, { headers }), url);
  };
  it.each([
    [{ cookie: 'NEXT_LOCALE=es', 'accept-language': 'en-US,en;q=0.9' }, '', 'es'],
    [{ cookie: 'theme=dark; NEXT_LOCALE=en', 'accept-language': 'es-MX,es;q=0.9' }, '', 'en'],
    [{ 'accept-language': 'en-US,en;q=0.9' }, '', 'en'],
    [{ cookie: 'NEXT_LOCALE=fr', 'accept-language': 'en' }, '', 'en'],
    [{}, '', 'es'],
    [{ cookie: 'NEXT_LOCALE=es' }, '?lang=en', 'en'],
  ])('%j %s -> %s', (headers, query, locale) => {
    expect(request(headers, query)).toBe(locale);
  });
  it('reads the cookie by its exact name', () => {
    expect(cookieLocale('MY_NEXT_LOCALE=en; NEXT_LOCALE=es')).toBe('es');
    expect(cookieLocale('NEXT_LOCALE=%65n')).toBe('en');
    expect(cookieLocale('NEXT_LOCALE=%E0')).toBeNull();
    expect(cookieLocale(null)).toBeNull();
  });
});
