// Export of a list as xlsx (exceljs streaming writer) or csv, with the list's filters and scope.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { RequestContext } from '@/server/http/context';
import { toWire } from '@/server/http/respond';
import type { ExportColumn, ResourceDefinition, Row } from './types';

/** Spreadsheet formula injection: a cell starting with = + - @ is stored as text. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A wire value as a cell: objects show their name (or description, code, id), lists are joined. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const object = value as Row;
    return cellText(object.name ?? object.description ?? object.short ?? object.code ?? object.id);
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return String(value);
}

function defaultColumns(rows: Row[]): ExportColumn[] {
  const first = rows[0];
  return first ? Object.keys(first).map((field) => ({ field, header: field })) : [{ field: 'id', header: 'id' }];
}

function csvCell(text: string): string {
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function fileName(definition: ResourceDefinition, extension: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${definition.table}_${day}.${extension}`;
}

export async function exportRows(definition: ResourceDefinition, pages: AsyncIterable<Row[]>, format: 'xlsx' | 'csv', _ctx: RequestContext): Promise<Response> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const firstRows = first.done ? [] : first.value.map((row) => toWire(row) as Row);
  const columns = definition.exportColumns ?? defaultColumns(firstRows);
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
        controller.enqueue(encoder.encode('\uFEFF' + columns.map((c) => csvCell(c.header)).join(',') + '\r\n'));
        for await (const row of rows()) {
          controller.enqueue(encoder.encode(columns.map((c) => csvCell(neutralise(cellText(row[c.field])))).join(',') + '\r\n'));
        }
        controller.close();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName(definition, 'csv')}"`,
        'cache-control': 'no-store',
      },
    });
  }
  // exceljs's streaming writer sends the workbook to the answer as it is written.
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(definition.table);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: c.width ?? Math.min(40, Math.max(10, c.header.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const row of rows()) sheet.addRow(columns.map((c) => neutralise(cellText(row[c.field])))).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${fileName(definition, 'xlsx')}"`,
      'cache-control': 'no-store',
    },
  });
}
