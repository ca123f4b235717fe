// Cells read as the API receives them: dates dd/mm/yyyy, ISO or Excel's; decimal commas; yes/no;
// and the streaming CSV reader (BOM, comma or semicolon, quotes, line breaks in a field, chunks).
import { describe, expect, it } from 'vitest';
import { CsvRowReader, detectSeparator, parseCsv } from '@/lib/imports/csv';
import { readBoolean, readCell, readDate, readDecimal } from '@/lib/imports/values';

describe('readDate', () => {
  it.each([
    ['12/03/2005', '2005-03-12'],
    ['1/2/2005', '2005-02-01'],
    ['12-03-2005', '2005-03-12'],
    ['12.03.2005', '2005-03-12'],
    ['2005-03-12', '2005-03-12'],
    ['2005-03-12T00:00:00Z', '2005-03-12'],
    [new Date(Date.UTC(2005, 2, 12)), '2005-03-12'],
    [38423, '2005-03-12'],
    ['31/02/2005', null],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2023', null],
    ['13/13/2005', null],
    ['2005/03/12', null],
    ['mañana', null],
    [true, null],
  ] as const)('%j -> %j', (raw, expected) => {
    expect(readDate(raw as never)).toBe(expected);
  });
});

describe('readDecimal', () => {
  it.each([
    ['8,5', '8.5'],
    ['8.5', '8.5'],
    [8.5, '8.5'],
    ['10', '10'],
    ['$1,234.50', '1234.50'],
    ['1.234,50', '1234.50'],
    ['1,234,567', '1234567'],
    [' 7 ', '7'],
    ['-3,25', '-3.25'],
    ['ocho', null],
    ['8,5,', null],
    ['12,34.5', null],
    ['', null],
  ] as const)('%j -> %j', (raw, expected) => {
    expect(readDecimal(raw)).toBe(expected);
  });
});

describe('readBoolean', () => {
  it.each([
    ['Sí', true],
    ['si', true],
    ['YES', true],
    ['1', true],
    [1, true],
    [true, true],
    ['No', false],
    ['falso', false],
    [0, false],
    ['quizá', null],
  ] as const)('%j -> %j', (raw, expected) => {
    expect(readBoolean(raw)).toBe(expected);
  });
});

describe('readCell', () => {
  it.each([
    ['text', '  Lucía ', { ok: true, value: 'Lucía' }],
    ['text', 20260001, { ok: true, value: '20260001' }],
    ['text', '', { ok: true, value: null }],
    ['text', null, { ok: true, value: null }],
    ['date', '12/03/2005', { ok: true, value: '2005-03-12' }],
    ['date', '31/02/2005', { ok: false, message: 'errors.date' }],
    ['decimal', '8,7', { ok: true, value: '8.7' }],
    ['decimal', 'ocho', { ok: false, message: 'errors.type_decimal' }],
    ['integer', '20', { ok: true, value: '20' }],
    ['integer', '20,5', { ok: false, message: 'errors.type_integer' }],
    ['boolean', 'No', { ok: true, value: false }],
    ['boolean', 'tal vez', { ok: false, message: 'imports.errors.boolean' }],
    ['catalog', ' ISC ', { ok: true, value: 'ISC' }],
  ] as const)('%s %j', (type, raw, expected) => {
    expect(readCell(type, raw)).toEqual(expected);
  });
});

describe('CSV', () => {
  it.each([
    ['CURP,Nombre;x', ','],
    ['CURP;Nombre;Apellido', ';'],
    ['CURP\tNombre', '\t'],
    ['"a;b",c', ','],
    ['solo', ','],
  ] as const)('separator of %j is %j', (line, separator) => {
    expect(detectSeparator(line)).toBe(separator);
  });

  it('reads quotes, doubled quotes, separators and line breaks inside fields, CRLF and a BOM', () => {
    const text = '\uFEFFCURP;Nombre;Notas\r\nGOML050312MDFRPSA4;"Lucía";"dice ""hola""; y\r\nadiós"\r\nX;Y;\r\n';
    expect(parseCsv(text)).toEqual([
      ['CURP', 'Nombre', 'Notas'],
      ['GOML050312MDFRPSA4', 'Lucía', 'dice "hola"; y\r\nadiós'],
      ['X', 'Y', ''],
    ]);
  });

  it('gives the same rows whatever the chunks', () => {
    const text = 'a,b\n"1,5","x\ny"\n3,4';
    const whole = parseCsv(text);
    for (let size = 1; size <= 5; size += 1) {
      const reader = new CsvRowReader();
      const rows: string[][] = [];
      for (let start = 0; start < text.length; start += size) rows.push(...reader.push(text.slice(start, start + size)));
      rows.push(...reader.end());
      expect(rows).toEqual(whole);
    }
    expect(whole).toEqual([
      ['a', 'b'],
      ['1,5', 'x\ny'],
      ['3', '4'],
    ]);
  });

  it('reads a file of one line without its end', () => {
    expect(parseCsv('CURP;Nombre')).toEqual([['CURP', 'Nombre']]);
  });
});
