// The import screen's calls (lib/contracts/imports.ts): importers and templates, the upload with
// its proposed mapping and preview, the saved mapping, the dry run and the run as jobs, the report.
import type * as contracts from '@/lib/contracts/imports';
import { MAX_IMPORT_BYTES } from '@/lib/contracts/imports';
import { type ColumnMapping, matchHeaders } from '@/lib/imports/headers';
import { XLSX } from '@/lib/contracts/contract';
import type { Actor } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { diffRows, recordHistory } from '@/server/engine/audit';
import { authorize } from '@/server/engine/engine';
import { FileResult, accepted, created } from '@/server/engine/results';
import type { ContractContext } from '@/server/engine/types';
import { ApiError, badRequest, conflict, msg, notFound } from '@/server/errors';
import { newStoredPath, openStored, removeStored, writeStoredBlob } from '@/server/files/storage';
import { webStream } from '@/server/files/web-stream';
import type { Translate } from '@/server/i18n/messages';
import { startJob } from '@/server/jobs/queue';
import { logger } from '@/server/log';
import type { ImporterDefinition } from './definition';
import { sheetKind } from './reader';
import { IMPORTERS, importerNamed } from './registry';
import { type ImportRecord, columnLabel, importJob, missingColumns, previewRows, readHead, readHeadAndCount } from './run';
import { templateWorkbook } from './template';

const headerColumns = (importer: ImporterDefinition<unknown>) => importer.columns.map((column) => ({ key: column.key, names: [column.es, column.en, ...(column.aliases ?? [])] }));

/** The importer, once the caller may write its records (a control-escolar user imports students, not finance). */
function importerFor(actor: Actor, name: string): ImporterDefinition<unknown> {
  const importer = importerNamed(name);
  authorize(actor, importer.resource(), 'write', 'add');
  return importer;
}

const RECORD_SELECT = { id: true, importer: true, file_name: true, file_path: true, total_rows: true, mapping: true, report_path: true, status: true, user_id: true } as const;

/** An import the caller may see: their own, or any for an administrator. */
async function importOf(actor: Actor, rawId: string) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  const record = await prisma.dataImport.findUnique({ where: { id }, select: RECORD_SELECT });
  if (!record || (!actor.is_admin && !actor.is_superuser && record.user_id !== actor.id)) throw notFound();
  return record;
}

async function preview(record: ImportRecord, importer: ImporterDefinition<unknown>, mapping: ColumnMapping, t: Translate) {
  const head = await readHead(record);
  const shown = await previewRows(importer, mapping, head.rows, t);
  return {
    id: record.id,
    importer: record.importer as contracts.ImporterName,
    file_name: record.file_name,
    total_rows: record.total_rows,
    headers: head.headers,
    mapping,
    missing: missingColumns(importer, mapping).map((key) => columnLabel(importer, key, t) ?? key),
    rows: shown.rows,
    errors: shown.errors,
  };
}

/** GET manage/api/imports/importers/ – the importers the caller may use, with their columns and saved mappings. */
export async function importersAction(ctx: ContractContext<typeof contracts.importers>) {
  const saved = new Map((await prisma.importMapping.findMany({ select: { importer: true, mapping: true } })).map((row) => [row.importer, row.mapping as Record<string, string | null>]));
  const results = Object.values(IMPORTERS)
    .filter((importer) => {
      try {
        authorize(ctx.actor, importer.resource(), 'write', 'add');
        return true;
      } catch {
        return false;
      }
    })
    .map((importer) => ({
      name: importer.name as contracts.ImporterName,
      label: ctx.t(`imports.importers.${importer.name}`),
      natural_key: importer.naturalKey.map((key) => columnLabel(importer, key, ctx.t) ?? key),
      columns: importer.columns.map((column) => ({ key: column.key, label: ctx.locale === 'en' ? column.en : column.es, header: column.es, type: column.type, required: !!column.required, example: column.example })),
      saved_mapping: saved.get(importer.name) ?? {},
    }));
  return { results, max_bytes: MAX_IMPORT_BYTES };
}

/** GET manage/api/imports/template/?importer= – the importer's xlsx template. */
export async function templateAction(ctx: ContractContext<typeof contracts.importTemplate>) {
  const importer = importerFor(ctx.actor, ctx.queryInput.importer);
  const bytes = await templateWorkbook(importer, prisma, ctx.t);
  return new FileResult(new Uint8Array(bytes), XLSX, `${ctx.t('imports.template.file_name', { importer: ctx.t(`imports.importers.${importer.name}`) })}.xlsx`, { size: bytes.byteLength, cacheControl: 'private, no-store' });
}

/** A file name safe to keep: no path, no control characters, the extension of its kind. */
function storedName(name: string, kind: 'xlsx' | 'csv'): string {
  const base = name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, 150) || 'importacion';
  return `${base}.${kind}`;
}

/** POST manage/api/imports/upload/ – keeps the file, reads its headers, proposes a mapping, previews. */
export async function uploadAction(ctx: ContractContext<typeof contracts.uploadImport>) {
  const { file } = ctx.input;
  if (!file) throw badRequest({ file: [msg('errors.file_required')] });
  const importer = importerFor(ctx.actor, ctx.input.importer);
  if (file.size > MAX_IMPORT_BYTES) throw new ApiError(413, msg('errors.file_over_limit', { max: MAX_IMPORT_BYTES / 1024 / 1024 }));
  const kind = sheetKind(file.name, new Uint8Array(await file.slice(0, 4).arrayBuffer()));
  if (!kind) throw badRequest({ file: [msg('imports.errors.file_kind')] });
  const stored = newStoredPath('imports', storedName(file.name, kind));
  // Streamed to the store, never copied whole (a 500,000-row file is 30 MB); a CSV with a NUL byte
  // is no text, and is refused (and removed) as the byte goes by.
  await writeStoredBlob(stored, file, (chunk) => {
    if (kind === 'csv' && chunk.includes(0)) throw badRequest({ file: [msg('imports.errors.not_text')] });
  });
  const fileName = file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || stored.split('/').pop()!;
  let head: Awaited<ReturnType<typeof readHeadAndCount>>;
  try {
    head = await readHeadAndCount({ file_path: stored });
  } catch (error) {
    // The user is told the file cannot be read; the reader's own words go to the log for whoever looks into it.
    logger().info({ err: error, file: fileName }, 'imports: an uploaded file could not be read');
    await removeStored(stored);
    throw badRequest({ file: [msg('imports.errors.unreadable')] });
  }
  const total = head.total;
  if (head.headers.every((header) => header === '')) {
    await removeStored(stored);
    throw badRequest({ file: [msg('imports.errors.empty')] });
  }
  const saved = await prisma.importMapping.findUnique({ where: { importer: importer.name }, select: { mapping: true } });
  const mapping = matchHeaders(head.headers, headerColumns(importer), (saved?.mapping ?? {}) as Record<string, string | null>);
  const record = await prisma.$transaction(async (tx) => {
    const row = await tx.dataImport.create({ data: { importer: importer.name, file_name: fileName, file_path: stored, total_rows: total, mapping, user_id: ctx.actor.id }, select: RECORD_SELECT });
    await recordHistory(tx, { table: 'data_imports', recordId: row.id, type: '+', actor: ctx.actor, changes: diffRows(null, { importer: row.importer, file_name: row.file_name, total_rows: row.total_rows }) });
    return row;
  });
  return created(await preview(record, importer, mapping, ctx.t));
}

/** The mapping sent, checked against the file's headers. */
function checkedMapping(importer: ImporterDefinition<unknown>, mapping: Record<string, number | null>, headers: number): ColumnMapping {
  const out: ColumnMapping = {};
  for (const column of importer.columns) {
    const index = mapping[column.key] ?? null;
    if (index !== null && index >= headers) throw badRequest({ mapping: [msg('imports.errors.mapping_header', { column: column.es })] });
    out[column.key] = index;
  }
  return out;
}

/** POST manage/api/imports/{id}/preview/ – the preview with another mapping. */
export async function previewAction(ctx: ContractContext<typeof contracts.previewImport>) {
  const record = await importOf(ctx.actor, ctx.params.id);
  const importer = importerFor(ctx.actor, record.importer);
  if (record.status === 'RUNNING') throw conflict('imports.errors.running');
  const { headers } = await readHead(record, 0);
  const mapping = checkedMapping(importer, ctx.input.mapping, headers.length);
  await prisma.dataImport.update({ where: { id: record.id }, data: { mapping } });
  return preview({ ...record, mapping }, importer, mapping, ctx.t);
}

/** PUT manage/api/imports/mapping/ – the mapping proposed for the importer's next files. */
export async function saveMappingAction(ctx: ContractContext<typeof contracts.saveImportMapping>) {
  const importer = importerFor(ctx.actor, ctx.input.importer);
  const known = new Set(importer.columns.map((column) => column.key));
  const unknown = Object.keys(ctx.input.mapping).filter((key) => !known.has(key));
  if (unknown.length) throw badRequest({ mapping: [msg('imports.errors.unknown_columns', { columns: unknown.join(', ') })] });
  const mapping = Object.fromEntries(importer.columns.filter((column) => column.key in ctx.input.mapping).map((column) => [column.key, ctx.input.mapping[column.key] || null]));
  await prisma.$transaction(async (tx) => {
    const before = await tx.importMapping.findUnique({ where: { importer: importer.name }, select: { id: true, mapping: true } });
    const row = await tx.importMapping.upsert({ where: { importer: importer.name }, create: { importer: importer.name, mapping, user_id: ctx.actor.id }, update: { mapping, user_id: ctx.actor.id }, select: { id: true } });
    await recordHistory(tx, { table: 'import_mappings', recordId: row.id, type: before ? '~' : '+', actor: ctx.actor, changes: [{ field: 'mapping', old: before?.mapping ?? null, new: mapping }] });
  });
  return { importer: importer.name as contracts.ImporterName, mapping };
}

async function startRun(ctx: ContractContext<typeof contracts.runImport> | ContractContext<typeof contracts.dryRunImport>, dryRun: boolean) {
  const record = await importOf(ctx.actor, ctx.params.id);
  const importer = importerFor(ctx.actor, record.importer);
  if (record.status === 'RUNNING') throw conflict('imports.errors.running');
  const { headers } = await readHead(record, 0);
  const mapping = checkedMapping(importer, ctx.input.mapping, headers.length);
  const missing = missingColumns(importer, mapping);
  if (missing.length) throw badRequest({ mapping: [msg('imports.errors.missing_columns', { columns: missing.map((key) => columnLabel(importer, key, ctx.t) ?? key).join(', ') })] });
  // Claimed under the row: two clicks start one run.
  const claimed = await prisma.dataImport.updateMany({ where: { id: record.id, status: { not: 'RUNNING' } }, data: { status: 'RUNNING', mapping, dry_run: dryRun } });
  if (claimed.count === 0) throw conflict('imports.errors.running');
  try {
    return accepted(await startJob(ctx, importJob, { import_id: record.id, dry_run: dryRun }));
  } catch (error) {
    await prisma.dataImport.update({ where: { id: record.id }, data: { status: 'FAILED' } });
    throw error;
  }
}

/** POST manage/api/imports/{id}/dry_run/ – everything the import would do, rolled back. */
export const dryRunAction = (ctx: ContractContext<typeof contracts.dryRunImport>) => startRun(ctx, true);

/** POST manage/api/imports/{id}/run/ – the import, as a job. */
export const runAction = (ctx: ContractContext<typeof contracts.runImport>) => startRun(ctx, false);

/** GET manage/api/imports/{id}/report/ – the last run's report. */
export async function reportAction(ctx: ContractContext<typeof contracts.importReport>) {
  const record = await importOf(ctx.actor, ctx.params.id);
  if (!record.report_path) throw notFound();
  const opened = await openStored(record.report_path);
  if (!opened) throw notFound();
  return new FileResult(webStream(opened.stream), XLSX, record.report_path.split('/').pop()!, { size: opened.size, cacheControl: 'private, no-store' });
}
