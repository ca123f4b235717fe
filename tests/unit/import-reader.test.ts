// The imports' spreadsheet reader: rows as a person sees them, and no temporary copy of a sheet left
// behind however the reading ends (exceljs copies the sheets it meets before the shared strings).
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type FileRow, readRows } from '@/server/modules/imports/reader';

/** A workbook as the templates are: the data sheet first, then notes and lists, with shared strings. */
async function workbook(dataRows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const data = book.addWorksheet('Datos');
  data.addRow(['Matrícula', 'Nombre', 'Promedio']);
  for (let index = 1; index <= dataRows; index += 1) data.addRow([`A${String(index).padStart(5, '0')}`, `Alumna ${index}`, 8.5]);
  book.addWorksheet('Notas').addRow(['Una nota para quien llena la plantilla']);
  book.addWorksheet('Listas').addRow(['Matutino', 'Vespertino']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The temporary files of this process's `tmp` package (named tmp-<pid>-…); `tmp` removes them asynchronously. */
async function temporaryCopies(): Promise<string[]> {
  const prefix = `tmp-${process.pid}-`;
  return (await readdir(os.tmpdir())).filter((name) => name.startsWith(prefix));
}

async function read(file: Buffer, stopAfter = Infinity): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of readRows('xlsx', Readable.from([file]))) {
    rows.push(row);
    if (rows.length >= stopAfter) break;
  }
  return rows;
}

describe('xlsx reader', () => {
  it('reads the first sheet whole, with the row numbers of the file, and leaves no copy behind', async () => {
    const before = await temporaryCopies();
    const rows = await read(await workbook(300));
    expect(rows).toHaveLength(301);
    expect(rows[0]).toEqual({ row: 1, cells: ['Matrícula', 'Nombre', 'Promedio'] });
    expect(rows[300]).toEqual({ row: 301, cells: ['A00300', 'Alumna 300', 8.5] });
    await expect.poll(temporaryCopies, { timeout: 3_000 }).toEqual(before);
  });

  it('a reading stopped after the first rows (a preview) leaves no copy behind either', async () => {
    const file = await workbook(2_000);
    const before = await temporaryCopies();
    for (let round = 0; round < 5; round += 1) {
      const rows = await read(file, 11);
      expect(rows.map((row) => row.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }
    await expect.poll(temporaryCopies, { timeout: 3_000 }).toEqual(before);
  });

  it('the file is read again the same after a stopped reading', async () => {
    const file = await workbook(50);
    await read(file, 3);
    const rows = await read(file);
    expect(rows).toHaveLength(51);
    expect(rows.at(-1)?.cells).toEqual(['A00050', 'Alumna 50', 8.5]);
  });
});
