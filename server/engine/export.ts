// Export of a list as xlsx (exceljs streaming writer) or csv, with the list's filters and scope.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { OperationContext } from './context';
import { FileResult } from './results';
import { toWire } from './wire';
import type { ExportColumn, ResourceDefinition, Row } from './types';

/** Spreadsheet formula injection: a cell starting with = + - @ is stored as text. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type CellWords = { yes: string; no: string; enumLabel: (enumType: string, value: string) => string };

/** A wire value as a cell: objects show their name (or description, code, id), lists are joined,
 * yes/no and enum values in the reader's language. */
export function cellText(value: unknown, words: CellWords, enumType?: string): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => cellText(item, words)).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const object = value as Row;
    return cellText(object.name ?? object.description ?? object.short ?? object.code ?? object.id, words);
  }
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (enumType) return words.enumLabel(enumType, String(value));
  return String(value);
}

/** A column's header: the label the screens give the field, in the reader's language. */
function headerOf(column: ExportColumn, ctx: OperationContext): string {
  const key = column.labelKey ?? `fields.${column.field}`;
  return ctx.t.has(key) ? ctx.t(key) : column.field;
}

function defaultColumns(rows: Row[]): ExportColumn[] {
  const first = rows[0];
  return first ? Object.keys(first).map((field) => ({ field })) : [{ field: 'id' }];
}

function csvCell(text: string): string {
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function fileName(definition: ResourceDefinition, extension: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${definition.table}_${day}.${extension}`;
}

export async function exportRows(definition: ResourceDefinition, pages: AsyncIterable<Row[]>, format: 'xlsx' | 'csv', ctx: OperationContext): Promise<FileResult> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const firstRows = first.done ? [] : first.value.map((row) => toWire(row) as Row);
  const columns = definition.exportColumns ?? defaultColumns(firstRows);
  const headers = columns.map((column) => headerOf(column, ctx));
  const words: CellWords = {
    yes: ctx.t('common.yes'),
    no: ctx.t('common.no'),
    enumLabel: (enumType, value) => (ctx.t.has(`enums.${enumType}.${value}`) ? ctx.t(`enums.${enumType}.${value}`) : value),
  };
  const cells = (row: Row) => columns.map((c) => neutralise(cellText(row[c.field], words, c.enumType)));
  async function* rows(): AsyncGenerator<Row> {
    yield* firstRows;
    for (let page = await iterator.next(); !page.done; page = await iterator.next()) {
      for (const row of page.value) yield toWire(row) as Row;
    }
  }
  if (format === 'csv') {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        // The BOM makes Excel read the accents of Spanish names correctly.
        controller.enqueue(encoder.encode('\uFEFF' + headers.map(csvCell).join(',') + '\r\n'));
        for await (const row of rows()) {
          controller.enqueue(encoder.encode(cells(row).map(csvCell).join(',') + '\r\n'));
        }
        controller.close();
      },
    });
    return new FileResult(body, 'text/csv; charset=utf-8', fileName(definition, 'csv'));
  }
  // exceljs's streaming writer sends the workbook to the answer as it is written.
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  // A sheet's name: the table's name in the reader's language (Excel allows 31 characters, no []:*?/\).
  const sheetName = (ctx.t.has(`tables.${definition.table}`) ? ctx.t(`tables.${definition.table}`) : definition.table).replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, index) => ({ header: headers[index], key: c.field, width: c.width ?? Math.min(40, Math.max(10, headers[index].length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const row of rows()) sheet.addRow(cells(row)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return new FileResult(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName(definition, 'xlsx'));
}
