// The exports' own one-sheet xlsx writer (server/files/xlsx-sheet.ts), read back with exceljs: the
// header in bold, column widths, text as written (XML's special characters escaped, characters XML
// forbids dropped, edge spaces kept), numbers, dates and times as date cells with their formats,
// past column Z, and the rows read only as fast as the file is read.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SheetCell, columnLetters, excelSerial, xlsxSheetStream } from '@/server/files/xlsx-sheet';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, new Writable({ write(chunk, _encoding, done) { chunks.push(chunk as Buffer); done(); } }));
  return Buffer.concat(chunks);
}

/** The rows in batches of two, as an export gives its pages. */
async function* listed(rows: SheetCell[][]): AsyncGenerator<SheetCell[][]> {
  for (let i = 0; i < rows.length; i += 2) yield rows.slice(i, i + 2);
}

async function readBack(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('columnLetters', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('%i -> %s', (index, letters) => expect(columnLetters(index)).toBe(letters));
});

describe('excelSerial', () => {
  it.each([
    [Date.UTC(1900, 2, 1), 61],
    [Date.UTC(2026, 10, 29), 46355],
    [Date.UTC(2026, 10, 29, 18, 0), 46355.75],
  ])('%i -> %d', (ms, serial) => expect(excelSerial(new Date(ms))).toBeCloseTo(serial, 9));
  it('has none before 1 March 1900 (Excel counts those days differently)', () => expect(excelSerial(new Date(Date.UTC(1899, 11, 31)))).toBeNull());
});

describe('xlsxSheetStream', () => {
  it('writes a sheet exceljs reads back cell by cell', async () => {
    const born = new Date(Date.UTC(2004, 1, 29));
    const changed = new Date(Date.UTC(2026, 10, 29, 14, 7));
    const rows: SheetCell[][] = [
      [{ value: 'López & Hijos <S.A.> "La Única"' }, { value: 1234.5, numFmt: '#,##0.00' }, { value: born, numFmt: 'dd/mm/yyyy' }, { value: changed, numFmt: 'dd/mm/yyyy hh:mm' }, { value: 42 }],
      [{ value: '  sangría  ' }, { value: null }, { value: 'con\u0000control\u0007' }, { value: '' }, { value: -0.25 }],
      [{ value: 'antiguo' }, { value: Number.NaN }, { value: new Date(Date.UTC(1899, 0, 1)), numFmt: 'dd/mm/yyyy' }, { value: '😀 emoji' }, { value: 0 }],
    ];
    const columns = ['Nombre', 'Importe', 'Nacimiento', 'Modificado', 'Número'].map((header, i) => ({ header, width: 10 + i }));
    const { stream } = xlsxSheetStream({ name: 'Alumnos', columns }, listed(rows));
    const sheet = await readBack(await bytesOf(stream));

    expect(sheet.name).toBe('Alumnos');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Nombre', 'Importe', 'Nacimiento', 'Modificado', 'Número']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(12);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('López & Hijos <S.A.> "La Única"');
    expect(first.getCell(2).value).toBe(1234.5);
    expect(first.getCell(2).numFmt).toBe('#,##0.00');
    expect(first.getCell(3).value).toEqual(born);
    expect(first.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(4).value).toEqual(changed);
    expect(first.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(first.getCell(5).value).toBe(42);

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('  sangría  ');
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(3).value).toBe('concontrol');
    expect(second.getCell(4).value).toBeNull();
    expect(second.getCell(5).value).toBe(-0.25);

    const third = sheet.getRow(4);
    expect(third.getCell(2).value).toBe('NaN');
    expect(third.getCell(3).value).toBe('1899-01-01');
    expect(third.getCell(4).value).toBe('😀 emoji');
    expect(third.getCell(5).value).toBe(0);
    expect(sheet.actualRowCount).toBe(4);
  });

  it('names cells past column Z', async () => {
    const wide = Array.from({ length: 30 }, (_, i) => ({ value: `c${i}` }));
    const { stream } = xlsxSheetStream({ name: 'Ancha', columns: wide.map((_, i) => ({ header: `H${i}`, width: 8 })) }, listed([wide]));
    const sheet = await readBack(await bytesOf(stream));
    expect(sheet.getCell('AD2').value).toBe('c29');
    expect(sheet.getCell('AA1').value).toBe('H26');
  });

  it('reads its rows only as fast as the file is read', async () => {
    let given = 0;
    async function* many(): AsyncGenerator<SheetCell[][]> {
      for (let i = 0; i < 1_000_000; i += 100) {
        given += 100;
        yield Array.from({ length: 100 }, (_, j) => [{ value: randomBytes(24).toString('base64') }, { value: i + j }]);
      }
    }
    const { stream, abort } = xlsxSheetStream({ name: 'Lenta', columns: [{ header: 'A', width: 10 }, { header: 'B', width: 10 }] }, many());
    // Nobody reads the file: the writer stops once the buffers are full (archiver keeps up to 1 MB
    // at each of its stages; random text hardly compresses), far before the last row, and takes no
    // more while nobody reads.
    let stalled = -1;
    for (let waited = 0; waited < 8_000 && stalled !== given; waited += 500) {
      stalled = given;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(given).toBe(stalled);
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(200_000);
    abort();
    stream.resume();
  });
});
