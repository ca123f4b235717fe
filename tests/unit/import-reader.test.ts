// The imports' xlsx reader and exceljs's temporary files. exceljs's streaming reader copies the
// sheets that come before the workbook part (exceljs writes its files that way) to temporary files,
// and removes one only when its rows were all read: a preview that stops after a few rows, or a read
// of the data sheet alone, used to leave them in the system's temporary folder for good. Each read
// now has a folder of its own, removed when it ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRows } from '@/server/modules/imports/reader';

/** A workbook as the import templates are: the data sheet first, then a notes sheet. */
async function workbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const data = book.addWorksheet('Datos');
  data.addRow(['CURP', 'Nombre(s)']);
  for (let i = 1; i <= rows; i += 1) data.addRow([`CURP${String(i).padStart(14, '0')}`, `Alumno ${i}`]);
  const notes = book.addWorksheet('Instrucciones');
  notes.addRow(['Una fila por alumno.']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The read folders of this process's readers that exist now, and the files in them. */
function readFolders(): Map<string, string[]> {
  const folders = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('plantel-xlsx-'));
  return new Map(folders.flatMap((name) => {
    try {
      return [[name, fs.readdirSync(path.join(os.tmpdir(), name))] as const];
    } catch {
      return []; // removed meanwhile by a reader of another test file
    }
  }));
}

/** exceljs's own temporary files (tmp's default names) made in the system folder since `since`. */
function strayTempFiles(since: number): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => {
    if (!name.startsWith('tmp-')) return false;
    try {
      return fs.statSync(path.join(os.tmpdir(), name)).mtimeMs >= since;
    } catch {
      return false;
    }
  });
}

describe('readRows (xlsx)', () => {
  it('reads the first sheet whole, its header first, with each row numbered as in the file', async () => {
    const rows = [];
    for await (const row of readRows('xlsx', Readable.from(await workbook(5)))) rows.push(row);
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[0].cells).toEqual(['CURP', 'Nombre(s)']);
    expect(rows[5].cells).toEqual(['CURP00000000000005', 'Alumno 5']);
  });

  it('keeps exceljs\'s temporary copy of a sheet in a folder of the read, and removes it when a read stops early', async () => {
    const file = await workbook(2_000);
    const before = new Set(readFolders().keys());
    const started = Date.now() - 1_000;

    const reading = readRows('xlsx', Readable.from(file));
    const first = await reading.next();
    expect(first.value?.row).toBe(1);
    // While the read is under way, the sheet's copy is in the read's own folder.
    const mine = [...readFolders()].filter(([name]) => !before.has(name));
    expect(mine).toHaveLength(1);
    expect(mine[0][1].length).toBeGreaterThan(0);

    // The preview stops here.
    await reading.return(undefined);
    expect(fs.existsSync(path.join(os.tmpdir(), mine[0][0]))).toBe(false);
    expect(strayTempFiles(started)).toEqual([]);
  });

  it('removes the copies when the data sheet was read whole and the notes sheet never opened', async () => {
    const started = Date.now() - 1_000;
    const before = new Set(readFolders().keys());
    let count = 0;
    for await (const row of readRows('xlsx', Readable.from(await workbook(300)))) count += row.row > 0 ? 1 : 0;
    expect(count).toBe(301);
    expect([...readFolders().keys()].filter((name) => !before.has(name))).toEqual([]);
    expect(strayTempFiles(started)).toEqual([]);
  });

  it('removes the folder when the file is not an xlsx exceljs can read', async () => {
    const before = new Set(readFolders().keys());
    const reading = async () => {
      for await (const row of readRows('xlsx', Readable.from(Buffer.from('PK\u0003\u0004 not a zip at all')))) void row;
    };
    await expect(reading()).rejects.toThrow();
    expect([...readFolders().keys()].filter((name) => !before.has(name))).toEqual([]);
  });
});
