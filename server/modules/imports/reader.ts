// Reads an uploaded spreadsheet row by row without holding it: xlsx through exceljs' streaming
// WorkbookReader (first worksheet only: the template's notes and lists sheets come after it), CSV
// through the chunked reader of lib/imports/csv.ts. Rows whose cells are all empty are skipped;
// each row keeps its number in the file, so a refusal names the row a person sees in Excel.
import { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { CsvRowReader } from '@/lib/imports/csv';
import type { RawCell } from '@/lib/imports/values';

export type FileRow = { row: number; cells: RawCell[] };

export type SheetKind = 'xlsx' | 'csv';

/** The kind of a file by its name and first bytes (an xlsx is a zip: "PK"). */
export function sheetKind(name: string, firstBytes: Uint8Array): SheetKind | null {
  const zip = firstBytes[0] === 0x50 && firstBytes[1] === 0x4b;
  if (zip) return /\.xlsx$/i.test(name) || !/\.csv$/i.test(name) ? 'xlsx' : null;
  if (/\.(csv|txt)$/i.test(name)) return 'csv';
  return null;
}

/** An exceljs cell value as what a reader hands over: rich text, hyperlinks and formulas give their text or result. */
function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if ('result' in object) return rawCell(object.result);
    if ('text' in object) return rawCell(object.text);
    if ('error' in object) return null;
  }
  return String(value);
}

const isEmpty = (cells: readonly RawCell[]) => cells.every((cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''));

/**
 * exceljs's streaming reader copies each sheet it meets before the shared strings (Excel and exceljs
 * both write them after the sheets) to a temporary file, reads it once the whole file was read, and
 * removes the copy only when the reading goes on past it. A reading stopped earlier (the preview's
 * first rows, or the data sheet read and the template's notes and lists sheets never opened) left
 * the copies in the system's temporary folder until the server stopped: a whole sheet per preview.
 * So the reading is taken past every sheet before it ends, without reading their rows: each copy's
 * file stream is closed unread and exceljs removes the copy. That costs nothing more than the file
 * already cost: by the time a copy is read, the whole file was. A first sheet read straight from the
 * file (its shared strings came first, so nothing was copied) is taken past only when it was read to
 * its end (then only the small sheets after it remain); a preview stopped in it reads no further.
 */
async function releaseSheetCopies(sheets: AsyncIterator<unknown>, current: unknown, readToEnd: boolean): Promise<void> {
  const copied = (sheet: unknown): sheet is { iterator: ReadStream } => (sheet as { iterator?: unknown } | null)?.iterator instanceof ReadStream;
  if (!copied(current) && !readToEnd) return;
  let sheet = current;
  for (;;) {
    if (copied(sheet)) {
      // Closed unread; a copy removed before its stream opened must not become an unhandled error.
      sheet.iterator.on('error', () => undefined);
      sheet.iterator.destroy();
    }
    const next = await sheets.next();
    if (next.done) return;
    sheet = next.value;
  }
}

async function* xlsxRows(stream: Readable): AsyncGenerator<FileRow> {
  // Styles are read so that date cells come as dates; shared strings are kept (they are the text).
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, { entries: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  const sheets = workbook[Symbol.asyncIterator]();
  let first: unknown = null;
  let readToEnd = false;
  try {
    // The data is on the first sheet.
    const opened = await sheets.next();
    if (opened.done) return;
    first = opened.value;
    for await (const row of first as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from({ length: values.length }, (_, index) => rawCell(values[index]));
      if (!isEmpty(cells)) yield { row: row.number, cells };
    }
    readToEnd = true;
  } finally {
    try {
      if (first !== null) await releaseSheetCopies(sheets, first, readToEnd);
    } catch {
      // The reading's own outcome (its rows, or its error) is what the caller gets.
    } finally {
      stream.destroy();
    }
  }
}

async function* csvRows(stream: Readable): AsyncGenerator<FileRow> {
  const decoder = new StringDecoder('utf8');
  const reader = new CsvRowReader();
  let number = 0;
  const numbered = function* (rows: string[][]) {
    for (const cells of rows) {
      number += 1;
      if (!isEmpty(cells)) yield { row: number, cells: cells as RawCell[] };
    }
  };
  try {
    for await (const chunk of stream) yield* numbered(reader.push(decoder.write(chunk as Buffer)));
    yield* numbered([...reader.push(decoder.end()), ...reader.end()]);
  } finally {
    stream.destroy();
  }
}

/** The file's rows, its header row first. */
export function readRows(kind: SheetKind, stream: Readable): AsyncGenerator<FileRow> {
  return kind === 'xlsx' ? xlsxRows(stream) : csvRows(stream);
}
