// Bank statements as banks write them: the columns found by their names in either language, the
// separators, quotes, amounts and dates of the common layouts, and the lines that cannot be read.
import { describe, expect, it } from 'vitest';
import { parseStatement, parseStatementAmount, parseStatementDate, splitRow } from '@/lib/finance/bank-statement';

describe('parseStatementAmount', () => {
  it.each([
    ['4256.50', '4256.50'],
    ['$4,256.50', '4256.50'],
    ['4256.5', '4256.50'],
    ['4256', '4256.00'],
    ['$ 12,345,678.90', '12345678.90'],
    ['4.256,50', '4256.50'],
    ['4256,50', '4256.50'],
    ['0.01', '0.01'],
    ['MXN4256.50', '4256.50'],
    ['-100.00', null],
    ['4256.505', null],
    ['abc', null],
    ['', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseStatementAmount(text)).toBe(expected);
  });
});

describe('parseStatementDate', () => {
  it.each([
    ['23/05/1997', '1997-05-23'],
    ['1/2/2026', '2026-02-01'],
    ['2026-11-26', '2026-11-26'],
    ['26-11-2026', '2026-11-26'],
    ['2026-11-26 10:15:00', '2026-11-26'],
    ['31/02/2026', null],
    ['2026-13-01', null],
    ['ayer', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseStatementDate(text)).toBe(expected);
  });
});

describe('splitRow', () => {
  it('keeps separators and doubled quotes inside quoted fields', () => {
    expect(splitRow('"06759111970034946226","$4,256.50","Pago ""colegiatura""",X', ',')).toEqual(['06759111970034946226', '$4,256.50', 'Pago "colegiatura"', 'X']);
    expect(splitRow(' a ; b ;', ';')).toEqual(['a', 'b', '']);
  });
});

describe('parseStatement', () => {
  it('finds the columns by their names in any order, with the separator the header uses', () => {
    const file = '\uFEFFFecha;Autorización;Importe;Referencia\r\n23/05/1997;A1B2;"4.256,50";06759111970034946226\r\n\r\n24/05/1997;;150,00;0000 1234 5678\r\n';
    expect(parseStatement(file)).toEqual({
      lines: [
        { line: 2, reference: '06759111970034946226', amount: '4256.50', date: '1997-05-23', authorization: 'A1B2' },
        { line: 4, reference: '000012345678', amount: '150.00', date: '1997-05-24', authorization: null },
      ],
      problems: [],
    });
  });

  it('reads an English comma-separated layout without a date column', () => {
    expect(parseStatement('Reference,Amount,Authorization\n12345678,"$1,000.00",XYZ\n')).toEqual({
      lines: [{ line: 2, reference: '12345678', amount: '1000.00', date: null, authorization: 'XYZ' }],
      problems: [],
    });
  });

  it('lists the lines it cannot read, by number and problem', () => {
    const parsed = parseStatement('referencia,importe,fecha\nABC,100,01/01/2026\n1234567,cero,01/01/2026\n1234567,0,01/01/2026\n1234567,100,31/02/2026\n1234567,100,01/03/2026\n');
    expect(parsed).toEqual({
      lines: [{ line: 6, reference: '1234567', amount: '100.00', date: '2026-03-01', authorization: null }],
      problems: [
        { line: 2, problem: 'reference' },
        { line: 3, problem: 'amount' },
        { line: 4, problem: 'amount' },
        { line: 5, problem: 'date' },
      ],
    });
  });

  it('says when the file is empty or names no reference and amount columns', () => {
    expect(parseStatement('')).toEqual({ error: 'empty' });
    expect(parseStatement('\n  \n')).toEqual({ error: 'empty' });
    expect(parseStatement('fecha,descripcion\n01/01/2026,deposito\n')).toEqual({ error: 'columns' });
  });
});
