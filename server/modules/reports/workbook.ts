// A report as a workbook: the same rows the screen shows, headed by the screen's column names, and
// a bold totals row; a report may add sheets of its own (the students of each group).
import ExcelJS from 'exceljs';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import type { Translate } from '@/server/i18n/messages';
import type { ReportAnswer } from './figures';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet of plain text and number columns. */
export type ExtraSheet = { name: string; headers: string[]; rows: (string | number | null)[][] };

const sheetName = (name: string) => name.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31);

export async function reportWorkbook(answer: ReportAnswer, title: string, t: Translate, extra: readonly ExtraSheet[] = []): Promise<FileResult> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName(title));
  sheet.columns = [
    { header: t(`reports.groups.${answer.group}`), key: 'label', width: 44 },
    ...(answer.detail ? [{ header: t(`reports.details.${answer.detail}`), key: 'detail', width: 30 }] : []),
    ...answer.measures.map((measure) => ({ header: t(`reports.measures.${measure}`), key: measure, width: 16 })),
  ];
  sheet.getRow(1).font = { bold: true };
  // xlsx text cells are never evaluated: names typed by people go in as they are.
  for (const row of answer.rows) sheet.addRow({ label: row.label, detail: row.detail ?? '', ...row.counts });
  sheet.addRow({ label: t('reports.total'), ...answer.totals }).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const more of extra) {
    const added = book.addWorksheet(sheetName(more.name));
    added.addRow(more.headers).font = { bold: true };
    for (const row of more.rows) added.addRow(row);
    added.columns.forEach((column) => (column.width = 18));
  }
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return new FileResult(bytes, XLSX, exportFileName(title, 'xlsx'), { size: bytes.length });
}
