// Reading an uploaded file for the screen (its headers and first rows), and the run of an import
// as a job. A run reads the file twice, streaming, so memory does not grow with it:
//   1. every row is read and judged (cells, catalogues, the resource's schemas, a natural key
//      repeated in the file); any refusal stops the run there: nothing is written, and the report
//      lists every refused row with its column and message;
//   2. every row is written through the owners' operations in ONE transaction: a row an owner
//      refuses (a full group, a state that forbids the change) rolls the whole file back and the
//      report names it. A dry run does all of it and rolls back at the end, so it reports exactly
//      what the import would do, owners' rules included.
// The file imports whole or not at all, and the same file imported again changes nothing
// (every row is found by its natural key and compared). An importer with `writeBatch` is given
// the rows BATCH_ROWS at a time, still inside the one transaction: one transaction keeps the
// whole-or-nothing rule even for 500,000 rows (PostgreSQL holds a long write transaction without
// trouble; what must not grow is this process's memory, and only one batch is held at a time).
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ImportResult, ImportRowError } from '@/lib/contracts/imports';
import type { ColumnMapping } from '@/lib/imports/headers';
import { cellString } from '@/lib/imports/values';
import { positiveId } from '@/lib/validation';
import type { Actor } from '@/server/auth/actor';
import { type Prisma, prisma } from '@/server/db/client';
import { type OperationContext, operationContext } from '@/server/engine/context';
import { recordHistory } from '@/server/engine/audit';
import type { Db } from '@/server/engine/types';
import { errorAnswer } from '@/server/error-answer';
import { type Message, conflict, msg } from '@/server/errors';
import { openStored, removeStored } from '@/server/files/storage';
import type { Translate } from '@/server/i18n/messages';
import { defineJob } from '@/server/jobs/define';
import { CatalogLookup } from './catalogs';
import { BATCH_ROWS, BatchRowRefused, type ImporterDefinition, type Outcome, type RowError } from './definition';
import { type FileRow, type SheetKind, readRows } from './reader';
import { importerNamed } from './registry';
import { ReportWriter } from './report';
import { type CheckedRow, checkRow } from './rows';

/** How many refused rows the import's record keeps for the screen (the report has them all). */
const SHOWN_ERRORS = 200;
/** How many rows the preview shows. */
export const PREVIEW_ROWS = 10;
/** The longest an import's transaction may run (500,000 rows take minutes). */
const TRANSACTION_MS = 2 * 60 * 60 * 1000;

export type ImportRecord = { id: number; importer: string; file_name: string; file_path: string; total_rows: number; mapping: Prisma.JsonValue; report_path: string | null };

export const kindOfStored = (stored: string): SheetKind => (/\.csv$/i.test(stored) ? 'csv' : 'xlsx');

/**
 * exceljs's streaming reader now and then misses the workbook part of a file whose sheets come
 * before it (as exceljs itself writes them): it then fails on the first sheet, before any row,
 * with "Cannot read properties of undefined (reading 'sheets')" (exceljs issue #962; 4 reads in
 * 300 of the same file here). The same file read again is read whole.
 */
const missedWorkbook = (error: unknown) => error instanceof TypeError && /reading 'sheets'/.test(error.message);

async function* openRows(record: Pick<ImportRecord, 'file_path'>): AsyncGenerator<FileRow> {
  for (let attempt = 1; ; attempt += 1) {
    const opened = await openStored(record.file_path);
    if (!opened) throw conflict('imports.errors.file_gone');
    let rows = 0;
    try {
      for await (const row of readRows(kindOfStored(record.file_path), opened.stream as Readable)) {
        rows += 1;
        yield row;
      }
      return;
    } catch (error) {
      if (rows > 0 || attempt >= 3 || !missedWorkbook(error)) throw error;
    }
  }
}

/** A column's name in the user's language. */
export function columnLabel(importer: ImporterDefinition<unknown>, key: string | null, t: Translate): string | null {
  if (key === null) return null;
  const column = importer.columns.find((candidate) => candidate.key === key);
  if (!column) return key;
  return t('imports.column_name', { es: column.es, en: column.en });
}

function translated(message: Message, t: Translate): string {
  try {
    return t(message.key, message.values);
  } catch {
    return message.key;
  }
}

function rowErrors(importer: ImporterDefinition<unknown>, row: number, errors: readonly RowError[], t: Translate): ImportRowError[] {
  return errors.map((error) => ({ row, column: error.column, header: columnLabel(importer, error.column, t), message: translated(error.message, t) }));
}

/** The header row and the first data rows of a stored file. */
export async function readHead(record: Pick<ImportRecord, 'file_path'>, rows = PREVIEW_ROWS): Promise<{ headers: string[]; rows: FileRow[] }> {
  const head: FileRow[] = [];
  let headers: string[] | null = null;
  for await (const row of openRows(record)) {
    if (headers === null) headers = row.cells.map((cell) => cellString(cell));
    else head.push(row);
    if (head.length >= rows) break;
  }
  return { headers: headers ?? [], rows: head };
}

/** The header row, the first data rows and how many data rows the file has, in one reading of it
 * (an upload: the file is read to its end once, never opened a second time to count). */
export async function readHeadAndCount(record: Pick<ImportRecord, 'file_path'>, rows = PREVIEW_ROWS): Promise<{ headers: string[]; rows: FileRow[]; total: number }> {
  const head: FileRow[] = [];
  let headers: string[] | null = null;
  let total = 0;
  for await (const row of openRows(record)) {
    if (headers === null) {
      headers = row.cells.map((cell) => cellString(cell));
      continue;
    }
    total += 1;
    if (head.length < rows) head.push(row);
  }
  return { headers: headers ?? [], rows: head, total };
}

/** Required columns the mapping leaves without a header. */
export function missingColumns(importer: ImporterDefinition<unknown>, mapping: ColumnMapping): string[] {
  return importer.columns.filter((column) => column.required && (mapping[column.key] === null || mapping[column.key] === undefined)).map((column) => column.key);
}

/** The first rows as they will be stored (catalogues by their entry), and their errors. */
export async function previewRows(importer: ImporterDefinition<unknown>, mapping: ColumnMapping, rows: readonly FileRow[], t: Translate) {
  const lookup = new CatalogLookup(prisma);
  const shown: { row: number; values: Record<string, string | null> }[] = [];
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    const checked = await checkRow(importer, mapping, row, lookup, prisma);
    const values: Record<string, string | null> = {};
    for (const column of importer.columns) {
      const value = checked.values[column.key];
      if (value === null || value === undefined) values[column.key] = null;
      else if (column.catalog && typeof value !== 'boolean') {
        const scope = column.catalog.scopedBy ? checked.values[column.catalog.scopedBy] : null;
        values[column.key] = await lookup.label(column.catalog, value, typeof scope === 'number' ? scope : null);
      } else values[column.key] = typeof value === 'boolean' ? t(value ? 'imports.template.yes' : 'imports.template.no') : String(value);
    }
    shown.push({ row: row.row, values });
    if (!checked.result.ok) errors.push(...rowErrors(importer, row.row, checked.result.errors, t));
  }
  return { rows: shown, errors };
}

async function* checkedRows(record: ImportRecord, importer: ImporterDefinition<unknown>, mapping: ColumnMapping, lookup: CatalogLookup, db: Db): AsyncGenerator<CheckedRow<unknown>> {
  let header = true;
  for await (const row of openRows(record)) {
    if (header) {
      header = false;
      continue;
    }
    yield await checkRow(importer, mapping, row, lookup, db);
  }
}

/** The natural key's text of a row, for the report (its CURP, else its control number). */
function keyText(importer: ImporterDefinition<unknown>, checked: CheckedRow<unknown>): string | null {
  for (const key of importer.naturalKey) {
    const value = checked.values[key];
    if (value !== null && value !== undefined && value !== '') return String(value);
  }
  return null;
}

class RowRefused extends Error {
  constructor(
    readonly row: number,
    readonly key: string | null,
    readonly errors: RowError[],
  ) {
    super('row refused');
  }
}

/** Thrown at the end of a dry run's transaction so that everything it wrote is rolled back. */
class DryRunDone extends Error {}

/** An owner's refusal (its 400 or 409) as the row's errors; anything else is not the row's fault. */
function refusalOf(error: unknown, importer: ImporterDefinition<unknown>, t: Translate): RowError[] | null {
  const answer = errorAnswer(error, t);
  if (!answer || answer.status >= 500 || answer.status === 401 || answer.status === 403) return null;
  const errors: RowError[] = [];
  for (const [field, value] of Object.entries(answer.body)) {
    if (field === 'detail' && typeof value === 'string') errors.push({ column: typeof answer.body.field === 'string' ? (importer.columnOfField[answer.body.field] ?? null) : null, message: msg('imports.errors.as_is', { text: value }) });
    else if (Array.isArray(value)) for (const text of value) errors.push({ column: importer.columnOfField[field] ?? null, message: msg('imports.errors.as_is', { text: String(text) }) });
  }
  return errors.length ? errors : null;
}

const runInput = z.object({ import_id: positiveId, dry_run: z.boolean() });

async function finish(record: ImportRecord, actor: Actor, data: Prisma.DataImportUpdateInput & { status: 'CHECKED' | 'IMPORTED' | 'REFUSED' }, reportPath: string, result: Omit<ImportResult, 'id' | 'status' | 'dry_run'>, dryRun: boolean): Promise<ImportResult> {
  await prisma.$transaction(async (tx) => {
    await tx.dataImport.update({ where: { id: record.id }, data: { ...data, dry_run: dryRun, report_path: reportPath, finished_at: new Date(), ...result, errors: result.errors } });
    await recordHistory(tx, {
      table: 'data_imports',
      recordId: record.id,
      type: '~',
      actor,
      changes: [
        { field: 'status', old: 'RUNNING', new: data.status },
        { field: 'file_name', old: record.file_name, new: record.file_name },
        { field: 'created', old: null, new: result.created },
        { field: 'updated', old: null, new: result.updated },
        { field: 'unchanged', old: null, new: result.unchanged },
        { field: 'refused', old: null, new: result.refused },
      ],
    });
  });
  await removeStored(record.report_path);
  return { id: record.id, status: data.status, dry_run: dryRun, ...result };
}

async function run(input: z.infer<typeof runInput>, ctx: OperationContext, report: (done: number, total: number) => Promise<void>): Promise<ImportResult> {
  const record = await prisma.dataImport.findUnique({ where: { id: input.import_id }, select: { id: true, importer: true, file_name: true, file_path: true, total_rows: true, mapping: true, report_path: true } });
  if (!record) throw conflict('imports.errors.file_gone');
  const importer = importerNamed(record.importer);
  const mapping = (record.mapping ?? {}) as ColumnMapping;
  const { t, actor } = ctx;
  const total = Math.max(1, record.total_rows) * 2;
  const reportName = `${record.file_name.replace(/\.[^.]+$/, '')}-${t('imports.report.suffix')}.xlsx`;
  let done = 0;
  await report(0, total);

  // 1. Every row judged; nothing written.
  const check = await ReportWriter.open(t);
  let refused = 0;
  const shown: ImportRowError[] = [];
  try {
    const keys = new Map<string, number>();
    const lookup = new CatalogLookup(prisma);
    for await (const checked of checkedRows(record, importer, mapping, lookup, prisma)) {
      let errors: RowError[] = checked.result.ok ? [] : checked.result.errors;
      if (checked.result.ok) {
        const first = keys.get(checked.result.key);
        if (first !== undefined) errors = [{ column: importer.naturalKey[0] ?? null, message: msg('imports.errors.duplicate', { row: first }) }];
        else keys.set(checked.result.key, checked.row);
      }
      if (errors.length > 0) {
        refused += 1;
        const listed = rowErrors(importer, checked.row, errors, t);
        if (shown.length < SHOWN_ERRORS) shown.push(...listed.slice(0, SHOWN_ERRORS - shown.length));
        await check.add(checked.row, 'refused', keyText(importer, checked), listed.map((error) => ({ column: error.header, message: error.message })));
      } else {
        await check.add(checked.row, 'valid', keyText(importer, checked));
      }
      done += 1;
      await report(done, total);
    }
  } catch (error) {
    await check.discard();
    throw error;
  }
  if (refused > 0) {
    check.note(t('imports.report.nothing_written'));
    const stored = await check.store(reportName);
    return finish(record, actor, { status: 'REFUSED' }, stored, { created: 0, updated: 0, unchanged: 0, refused, errors: shown }, input.dry_run);
  }
  await check.discard();

  // 2. Every row written through the owners' operations, in one transaction.
  const written = await ReportWriter.open(t);
  const counts = { created: 0, updated: 0, unchanged: 0 };
  try {
    await prisma.$transaction(
      async (tx) => {
        const writeCtx: OperationContext = { ...operationContext(actor, { locale: ctx.locale, tx, requestId: ctx.requestId }), reason: t('imports.history_reason', { file: record.file_name }) };
        const lookup = new CatalogLookup(tx);
        // With a batch writer, rows are gathered BATCH_ROWS at a time and written set-based; the
        // batch is flushed before the next is read, so memory holds one batch, never the file.
        const batch: { checked: CheckedRow<unknown>; input: unknown }[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          let outcomes: Outcome[];
          try {
            outcomes = await importer.writeBatch!(batch.map((item) => item.input), writeCtx);
          } catch (error) {
            const at = error instanceof BatchRowRefused ? batch[error.index] : undefined;
            const errors = at ? refusalOf((error as BatchRowRefused).refusal, importer, t) : null;
            if (!at || !errors) throw error instanceof BatchRowRefused ? error.refusal : error;
            throw new RowRefused(at.checked.row, keyText(importer, at.checked), errors);
          }
          for (const [index, item] of batch.entries()) {
            counts[outcomes[index]] += 1;
            await written.add(item.checked.row, outcomes[index], keyText(importer, item.checked));
          }
          done += batch.length;
          batch.length = 0;
          await report(done, total);
        };
        for await (const checked of checkedRows(record, importer, mapping, lookup, tx)) {
          // The catalogues were read again inside the transaction: a row is judged once more.
          if (!checked.result.ok) throw new RowRefused(checked.row, keyText(importer, checked), checked.result.errors);
          if (importer.writeBatch) {
            batch.push({ checked, input: checked.result.input });
            if (batch.length >= BATCH_ROWS) await flush();
            continue;
          }
          let outcome;
          try {
            outcome = await importer.write(checked.result.input, writeCtx);
          } catch (error) {
            const errors = refusalOf(error, importer, t);
            if (!errors) throw error;
            throw new RowRefused(checked.row, keyText(importer, checked), errors);
          }
          counts[outcome] += 1;
          await written.add(checked.row, outcome, keyText(importer, checked));
          done += 1;
          await report(done, total);
        }
        await flush();
        if (importer.writeBatch) await importer.afterBatches?.(writeCtx);
        if (input.dry_run) throw new DryRunDone();
      },
      { timeout: TRANSACTION_MS, maxWait: 30_000 },
    );
  } catch (error) {
    if (error instanceof RowRefused) {
      await written.discard();
      const refusal = await ReportWriter.open(t);
      const listed = rowErrors(importer, error.row, error.errors, t);
      await refusal.add(error.row, 'refused', error.key, listed.map((item) => ({ column: item.header, message: item.message })));
      refusal.note(t('imports.report.nothing_written'));
      const stored = await refusal.store(reportName);
      return finish(record, actor, { status: 'REFUSED' }, stored, { created: 0, updated: 0, unchanged: 0, refused: 1, errors: listed }, input.dry_run);
    }
    if (!(error instanceof DryRunDone)) {
      await written.discard();
      throw error;
    }
  }
  if (input.dry_run) written.note(t('imports.report.dry_run'));
  const stored = await written.store(reportName);
  return finish(record, actor, { status: input.dry_run ? 'CHECKED' : 'IMPORTED' }, stored, { ...counts, refused: 0, errors: [] }, input.dry_run);
}

export const importJob = defineJob({
  name: 'imports-run',
  input: runInput,
  run: async (input, { ctx, report }) => {
    try {
      return await run(input, ctx, report);
    } catch (error) {
      await prisma.dataImport.update({ where: { id: input.import_id }, data: { status: 'FAILED', finished_at: new Date() } });
      throw error;
    }
  },
});
