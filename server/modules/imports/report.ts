// The report of a run: one line per row (and per error of a refused row) with its outcome, the
// column and the message in the user's language, written with exceljs' streaming writer to a
// temporary file as the rows go by, so memory does not grow with the file; then kept in the file store.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Translate } from '@/server/i18n/messages';
import { newStoredPath, writeStored } from '@/server/files/storage';
import type { Outcome } from './definition';

export type ReportOutcome = Outcome | 'refused' | 'valid' | 'rolled_back';

/** How many lines the report takes between two turns of the event loop. */
const PACE = 200;

export class ReportWriter {
  private lines = 0;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  private constructor(
    private readonly folder: string,
    private readonly file: string,
    private readonly t: Translate,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(file), useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet(t('imports.report.sheet'));
    this.sheet.columns = [
      { header: t('imports.report.row'), key: 'row', width: 8 },
      { header: t('imports.report.outcome'), key: 'outcome', width: 16 },
      { header: t('imports.report.key'), key: 'key', width: 24 },
      { header: t('imports.report.column'), key: 'column', width: 26 },
      { header: t('imports.report.message'), key: 'message', width: 60 },
    ];
    this.sheet.getRow(1).font = { bold: true };
  }

  static async open(t: Translate): Promise<ReportWriter> {
    const folder = await mkdtemp(path.join(tmpdir(), 'plantel-import-'));
    return new ReportWriter(folder, path.join(folder, 'report.xlsx'), t);
  }

  /**
   * A line for a row: its outcome, and for a refusal each column and message. Awaited: every
   * PACE lines it lets the event loop run, so the zip's compression keeps up with the lines (exceljs
   * hands the sheet's XML to the zip without waiting for it, and a run judging thousands of rows
   * a second without ever yielding left megabytes of XML queued in memory).
   */
  async add(row: number, outcome: ReportOutcome, key: string | null, errors: readonly { column: string | null; message: string }[] = []): Promise<void> {
    const label = this.t(`imports.outcome.${outcome}`);
    if (errors.length === 0) this.sheet.addRow({ row, outcome: label, key: key ?? '' }).commit();
    for (const error of errors) this.sheet.addRow({ row, outcome: label, key: key ?? '', column: error.column ?? '', message: error.message }).commit();
    this.lines += Math.max(1, errors.length);
    if (this.lines >= PACE) {
      this.lines = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** A closing line that says what happened to the whole file. */
  note(text: string): void {
    this.sheet.addRow({ message: text }).commit();
  }

  /** Finishes the workbook and keeps it in the file store; answers its stored path. */
  async store(name: string): Promise<string> {
    this.sheet.commit();
    await this.workbook.commit();
    const stored = newStoredPath('import-reports', name);
    try {
      await writeStored(stored, await readFile(this.file));
    } finally {
      await this.discard();
    }
    return stored;
  }

  async discard(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }
}
