// A report as a one-sheet workbook: a bold header row, the rows, and an optional totals row —
// what the status boards and reports hand staff. Numbers stay numbers (money with its format).
import ExcelJS from 'exceljs';

export type SheetColumn = { header: string; key: string; width?: number; kind?: 'text' | 'number' | 'money' | 'percent' };

export async function tableXlsx(title: string, columns: readonly SheetColumn[], rows: readonly Record<string, unknown>[], totals?: Record<string, unknown>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Hoja 1');
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width ?? 16,
    style: column.kind === 'money' ? { numFmt: '"$"#,##0.00' } : column.kind === 'percent' ? { numFmt: '0.0%' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const cell = (column: SheetColumn, value: unknown) => (column.kind && column.kind !== 'text' && value !== null && value !== undefined && value !== '' ? Number(value) : (value ?? ''));
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, cell(column, row[column.key])])));
  if (totals) sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, cell(column, totals[column.key])]))).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
