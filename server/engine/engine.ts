// The generic implementation of List, Show, Create, Update, Delete, History and Export for every
// resource definition (design/api.md, "Standard calls of every resource base").
import { normalizeForSearch } from '@/lib/auth/access';
import { hasPermission } from '@/lib/auth/access';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { getPool, prisma } from '@/server/db/client';
import { ApiError, badRequest, forbidden, methodNotAllowed, msg, notFound } from '@/server/errors';
import { parseInput } from '@/server/validation';
import { diffRows, recordHistory, recordHistoryMany } from './audit';
import type { OperationContext } from './context';
import { exportRows } from './export';
import { prepareUploads, removeReplacedFiles, storedFile, withUploads } from './files';
import type { FileResult } from './results';
import { type ListQuery, compileList, countOf, cursorBatches } from './sql-list';
import { EXPORT_MAX_ROWS } from '@/lib/limits';
import type { Db, FilterKind, ResourceDefinition, Row, Where, WriteContext } from './types';
import { CATALOG_CLASS_OF } from '@/lib/catalog-classes';
import { parseDateText } from '@/lib/dates';
import { modelMeta } from './model';
import { toWire } from './wire';
import { labelHistory } from './history-labels';
import { checkCreate, checkDelete, checkUpdate, sameValue, stateOfRecord } from './states';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

export type Right = 'read' | 'write';

export function canUse(actor: Actor, definition: Pick<ResourceDefinition, 'access'>, right: Right, action: 'view' | 'add' | 'change' | 'delete' = right === 'read' ? 'view' : 'change'): boolean {
  if (actor.is_superuser) return true;
  const { access } = definition;
  if (access.routes.some((route) => actor.routes.includes(route))) return true;
  if (access.permission && hasPermission(actor, `${access.permission}.${action}`)) return true;
  if (right === 'read') {
    if (access.anyoneReads) return true;
    if (actor.kind !== 'staff' && access.ownReaders?.includes(actor.kind)) return true;
    if (access.readRoutes?.some((route) => actor.routes.includes(route))) return true;
    if (access.permission && hasPermission(actor, `${access.permission}.view`)) return true;
  }
  return false;
}

export function authorize(actor: Actor, definition: Pick<ResourceDefinition, 'access'>, right: Right, action?: 'view' | 'add' | 'change' | 'delete') {
  if (!canUse(actor, definition, right, action)) throw forbidden();
}

/** The row scope ANDed into every read and write: students see their own rows, and so on. */
function scoped(definition: ResourceDefinition, actor: Actor, where: Where = {}): Where | null {
  const scope = definition.scope?.(actor);
  if (scope === 'none') return null;
  return scope ? { AND: [where, scope] } : where;
}

/** The largest id PostgreSQL's integer holds: a larger one names no record (404), never a 500. */
export const MAX_ID = 2_147_483_647;

export function parseId(raw: string | number): number {
  const id = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ID) throw notFound();
  return id;
}

/** What the database's search_text holds: lower case, no accents (see the search migration). */
export function normalizeSearch(text: string): string {
  return normalizeForSearch(text);
}

/** LIKE wildcards in what a user types are literal characters, not patterns. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An integer list parameter as PostgreSQL's integer column holds it: 400 with the field's message
 * for text, fractions and numbers past its range (never a 500 from the database). */
export function integerParam(raw: string, field: string): number {
  const value = /^-?\d{1,18}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) throw badRequest({ [field]: [msg('errors.type_integer')] });
  if (Math.abs(value) > MAX_ID) throw badRequest({ [field]: [msg('errors.out_of_range')] });
  return value;
}

function filterValue(kind: FilterKind, raw: string, field: string): unknown {
  if (typeof kind === 'object') {
    const values = raw.split(',');
    if (values.some((value) => !kind.choices.includes(value))) throw badRequest({ [field]: [msg('errors.choice')] });
    return values.length === 1 ? values[0] : { in: values };
  }
  switch (kind) {
    case 'int': {
      // `null` asks for the rows without one (a group's whole-group enrolments: subject_id=null).
      if (raw === 'null') return null;
      const values = raw.split(',').map((value) => integerParam(value, field));
      return values.length === 1 ? values[0] : { in: values };
    }
    case 'bool':
      return raw === 'true' || raw === '1';
    case 'date': {
      const date = parseDateText(raw);
      if (!date) throw badRequest({ [field]: [msg('errors.date')] });
      return date;
    }
    default:
      return raw;
  }
}

/** The where clause of a list or export from its query string (filters, status, campus, search). */
export function listWhere(definition: ResourceDefinition, query: URLSearchParams): Where {
  const and: Where[] = [];
  const aliasOf = Object.fromEntries(Object.entries(definition.relationAliases ?? {}).map(([name, column]) => [column, name]));
  for (const [field, kind] of Object.entries(definition.filters)) {
    // A filter is read under its column's name or its relation's (`career_id` or `career`).
    const name = query.has(field) ? field : aliasOf[field];
    const raw = name ? query.get(name) : null;
    if (raw === null || raw === '') continue;
    // `status=true|false` is the contract's active flag, never a status code nor a `status` relation's id.
    if (name === 'status' && (raw === 'true' || raw === 'false')) continue;
    and.push({ [definition.filterColumns?.[field] ?? field]: filterValue(kind, raw, field) });
  }
  const status = query.get('status');
  if (definition.activeField && (status === 'true' || status === 'false')) {
    and.push({ [definition.activeField]: status === 'true' });
  }
  const campus = query.get('campus_id');
  if (definition.campusFilter && campus) {
    and.push(definition.campusFilter(integerParam(campus, 'campus_id')));
  }
  const cicle = query.get('cicle_id');
  if (definition.periodFilter && !definition.filters.cicle_id && cicle) {
    and.push(definition.periodFilter(integerParam(cicle, 'cicle_id')));
  }
  const search = query.get('search')?.trim();
  if (search && definition.searchText) {
    // Own fields through the indexed search_text column; fields of related records as they are.
    const related = definition.searchFields.filter((field) => field.includes('.'));
    for (const word of normalizeSearch(search).split(/\s+/).slice(0, 6)) {
      const own = { search_text: { contains: escapeLike(word) } };
      and.push(related.length ? { OR: [own, ...related.map((field) => nested(field, { contains: escapeLike(word), mode: 'insensitive' }))] } : own);
    }
  } else if (search && definition.searchFields.length) {
    // Every word must match some searchable field: "ana lopez" finds "Ana María López".
    for (const word of search.split(/\s+/).slice(0, 6)) {
      const pattern = escapeLike(word);
      and.push({ OR: definition.searchFields.map((field) => nested(field, { contains: pattern, mode: 'insensitive' })) });
    }
  }
  return and.length ? { AND: and } : {};
}

/** "campus.name" -> { campus: { name: value } } */
function nested(path: string, value: unknown): Where {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((acc, key) => ({ [key]: acc }), value) as Where;
}

export function listOrder(definition: ResourceDefinition, raw: string | null): Where[] {
  const fields = (raw || definition.defaultOrdering).split(',').map((f) => f.trim()).filter(Boolean);
  const order: Where[] = [];
  for (const item of fields) {
    const desc = item.startsWith('-');
    const field = desc ? item.slice(1) : item;
    if (!definition.orderingFields.includes(field) && field !== 'id') continue;
    order.push(nested(field, desc ? 'desc' : 'asc'));
  }
  // A unique tie-breaker keeps pages stable when many rows share the ordered value.
  if (!fields.some((f) => f.replace('-', '') === 'id')) order.push({ id: 'asc' });
  return order;
}

function serialize(definition: ResourceDefinition, row: Row): Row {
  return definition.serialize ? definition.serialize(row) : row;
}

/** One page of a list, as the contract answers it. */
export type ListPage = { data: Row[]; pages: number; elements: number };

/** A record as the wire carries it: plain JSON values (decimals as strings, dates as ISO text). */
function wireRow(definition: ResourceDefinition, row: Row): Row {
  return toWire(serialize(definition, row)) as Row;
}

/** A page of rows (and, when asked, the count) through the SQL fast path, else through Prisma.
 * Inside a caller's transaction it reads through that transaction, so it sees the caller's writes. */
async function readPage(definition: ResourceDefinition, query: ListQuery, withCount: boolean, tx?: Db): Promise<{ rows: Row[]; elements: number }> {
  const compiled = definition.model && !tx ? compileList(definition.model, query) : null;
  if (compiled) return compiled.readPage(withCount);
  const model = definition.delegate(tx ?? prisma);
  const [rows, elements] = await Promise.all([
    model.findMany({ where: query.where, orderBy: query.orderBy, select: query.select, skip: query.skip, take: query.take }),
    withCount ? model.count({ where: query.where }) : 0,
  ]);
  return { rows, elements };
}

/** Whether the list parameters ask for the whole list instead of a page (`no_paginate=true`). */
export function wantsWholeList(query: URLSearchParams): boolean {
  return query.get('no_paginate') === 'true';
}

/** List: a page `{data, pages, elements}`, or with `no_paginate=true` every row (10,000 at most). */
export async function list(definition: ResourceDefinition, ctx: OperationContext): Promise<ListPage | Row[]> {
  return wantsWholeList(ctx.query) ? listAll(definition, ctx) : listPage(definition, ctx);
}

export async function listAll(definition: ResourceDefinition, ctx: OperationContext): Promise<Row[]> {
  authorize(ctx.actor, definition, 'read');
  const where = scoped(definition, ctx.actor, listWhere(definition, ctx.query));
  if (!where) return [];
  const orderBy = listOrder(definition, ctx.query.get('ordering'));
  const select = definition.listSelect ?? definition.select;
  const { rows } = await readPage(definition, { where, orderBy, select, take: 10_000 }, false, ctx.tx);
  return rows.map((row) => wireRow(definition, row));
}

export async function listPage(definition: ResourceDefinition, ctx: OperationContext): Promise<ListPage> {
  authorize(ctx.actor, definition, 'read');
  const query = ctx.query;
  const where = scoped(definition, ctx.actor, listWhere(definition, query));
  const orderBy = listOrder(definition, query.get('ordering'));
  const select = definition.listSelect ?? definition.select;
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(query.get('page_size'))) || DEFAULT_PAGE_SIZE));
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(query.get('page')) || 1)));
  if (!where) return { data: [], pages: 0, elements: 0 };
  const { rows, elements } = await readPage(definition, { where, orderBy, select, skip: (page - 1) * pageSize, take: pageSize }, true, ctx.tx);
  return { data: rows.map((row) => wireRow(definition, row)), pages: Math.ceil(elements / pageSize), elements };
}

/**
 * What `no_paginate=true` answers (listAll), when the whole list fits in one page of `max` rows
 * (MAX_PAGE_SIZE at most); null when it holds more. Read as that first page, which carries the
 * count: one statement, never the whole of a long list. A page embeds a select's choices this way
 * (server/screens/first-data.ts).
 */
export async function listAllIfShort(definition: ResourceDefinition, ctx: OperationContext, max = MAX_PAGE_SIZE): Promise<Row[] | null> {
  const query = new URLSearchParams(ctx.query);
  query.delete('no_paginate');
  query.set('page', '1');
  query.set('page_size', String(Math.min(max, MAX_PAGE_SIZE)));
  const first = await listPage(definition, { ...ctx, query });
  return first.elements > first.data.length ? null : first.data;
}

/** Past this page a list answers empty instead of asking PostgreSQL for an absurd offset. */
const MAX_PAGE = 1_000_000;

async function findScoped(definition: ResourceDefinition, db: Db, actor: Actor, id: number): Promise<Row> {
  const where = scoped(definition, actor, { id });
  if (!where) throw notFound();
  const row = await definition.delegate(db).findFirst({ where, select: definition.select });
  if (!row) throw notFound();
  return row;
}

export async function show(definition: ResourceDefinition, ctx: OperationContext, rawId: string | number): Promise<Row> {
  authorize(ctx.actor, definition, 'read');
  const row = await findScoped(definition, ctx.tx ?? prisma, ctx.actor, parseId(rawId));
  return wireRow(definition, row);
}

/** Ids are never written from a payload, nor are audit fields. */
const PROTECTED = ['id', 'created_at', 'updated_at'];

function toId(value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value) && 'id' in value ? (value as Row).id : value;
}

function cleanInput(body: unknown, aliases: Readonly<Record<string, string>> = {}): Row {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const input: Row = {};
  for (const [name, value] of Object.entries(body)) {
    if (PROTECTED.includes(name)) continue;
    const key = aliases[name] ?? name;
    // The column's own name wins when both are sent.
    if (key !== name && key in body) continue;
    // Objects referenced in a payload are reduced to their id (spec section 5), in lists too.
    input[key] = Array.isArray(value) ? value.map(toId) : toId(value);
  }
  return input;
}

/** A model's catalogue-typed keys and the classification each takes (lib/catalog-classes.ts). */
const catalogKeys = new Map<string, { field: string; clas: number }[]>();

function catalogKeysOf(model: string): { field: string; clas: number }[] {
  let keys = catalogKeys.get(model);
  if (!keys) {
    keys = modelMeta(model)
      .fields.filter((f) => f.kind === 'relation' && f.type === 'Catalog' && f.relationFrom && f.relationName && CATALOG_CLASS_OF[f.relationName] !== undefined)
      .map((f) => ({ field: f.relationFrom!, clas: CATALOG_CLASS_OF[f.relationName!] }));
    catalogKeys.set(model, keys);
  }
  return keys;
}

/** A catalogue-typed field takes only an entry of its classification (no civil state as a payment method). */
async function checkCatalogEntries(tx: Prisma.TransactionClient, definition: ResourceDefinition, input: Row): Promise<void> {
  if (!definition.model) return;
  for (const { field, clas } of catalogKeysOf(definition.model)) {
    const id = input[field];
    if (typeof id !== 'number') continue;
    const entry = await tx.catalog.findUnique({ where: { id }, select: { clas_id: true } });
    if (entry && entry.clas_id !== clas) throw badRequest({ [field]: [msg('errors.choice')] });
  }
}

/** Runs a write in the caller's transaction when it has one, else in a transaction of its own. */
function inTransaction<T>(ctx: OperationContext, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return ctx.tx ? work(ctx.tx) : prisma.$transaction(work);
}

export async function create(definition: ResourceDefinition, ctx: OperationContext, body: unknown): Promise<Row> {
  const { actor } = ctx;
  // Like Django REST Framework: who may not write learns nothing about which methods exist. Who
  // adds rows of their own (an applicant's documents) may create them, and nothing else.
  const ownCreator = actor.kind !== 'staff' && !!definition.access.ownCreators?.includes(actor.kind);
  if (!ownCreator) authorize(actor, definition, 'write', 'add');
  if (definition.readOnly || !definition.createSchema) throw methodNotAllowed();
  const payload = cleanInput(body, definition.relationAliases);
  const uploads = await prepareUploads(definition, payload, 'create');
  const input = parseInput(definition.createSchema, payload) as Row;
  const created = await withUploads(uploads, () =>
    inTransaction(ctx, async (tx) => {
      const write: WriteContext = { tx, ctx, actor, existing: null };
      if (definition.states) await checkCreate(definition.states, tx, input, ctx.t);
      await checkCatalogEntries(tx, definition, input);
      const data = definition.inputToData ? await definition.inputToData(input, write) : input;
      const row = await definition.delegate(tx).create({ data, select: { id: true } });
      const followed = (await definition.afterWrite?.(row.id as number, { ...write, data })) ?? [];
      const after = await findScoped(definition, tx, actor, row.id as number);
      await recordHistoryMany(tx, [...followed, { table: definition.table, recordId: row.id as number, type: '+', actor, changes: diffRows(null, serialize(definition, after), definition.auditExclude) }]);
      return after;
    }),
  );
  await definition.afterChange?.();
  return wireRow(definition, created);
}

export async function update(definition: ResourceDefinition, ctx: OperationContext, rawId: string | number, body: unknown): Promise<Row> {
  const { actor } = ctx;
  // Who edits their own rows (an applicant's pre-form) may update, through the row scope, and
  // nothing else: no create, delete or action.
  const ownEditor = actor.kind !== 'staff' && !!definition.access.ownEditors?.includes(actor.kind);
  if (!ownEditor) authorize(actor, definition, 'write', 'change');
  if (definition.readOnly || !definition.updateSchema) throw methodNotAllowed();
  const id = parseId(rawId);
  const payload = cleanInput(body, definition.relationAliases);
  const uploads = await prepareUploads(definition, payload, 'update');
  const input = parseInput(definition.updateSchema, payload) as Row;
  const { before, after } = await withUploads(uploads, () =>
    inTransaction(ctx, async (tx) => {
      const before = await findScoped(definition, tx, actor, id);
      const write: WriteContext = { tx, ctx, actor, existing: before };
      // The record's state decides which fields may change: any other is refused whole (409).
      if (definition.states) await checkUpdate(definition.states, tx, before, input, ctx.t);
      await checkCatalogEntries(tx, definition, input);
      const data = definition.inputToData ? await definition.inputToData(input, write) : input;
      // After the definition's own rules, whose messages say more about a stale form.
      refuseSystemFields(definition, payload, before, ctx);
      await definition.delegate(tx).update({ where: { id }, data, select: { id: true } });
      const followed = (await definition.afterWrite?.(id, { ...write, data })) ?? [];
      const after = await findScoped(definition, tx, actor, id);
      await recordHistoryMany(tx, [...followed, { table: definition.table, recordId: id, type: '~', actor, changes: diffRows(serialize(definition, before), serialize(definition, after), definition.auditExclude), reason: ctx.reason }]);
      return { before, after };
    }),
  );
  await removeReplacedFiles(definition, before, after);
  await definition.afterChange?.();
  return wireRow(definition, after);
}

/**
 * A field the system keeps (totals, who recorded it, an applicant's step) is sent back unchanged by a
 * form's PUT; a different value is refused (409 naming it) instead of being dropped, so an update is
 * never a 200 that ignores part of the request.
 */
function refuseSystemFields(definition: ResourceDefinition, payload: Row, before: Row, ctx: OperationContext): void {
  if (!definition.model) return;
  const accepted = (definition.updateSchema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!accepted) return;
  const scalars = new Set(modelMeta(definition.model).fields.filter((f) => f.kind !== 'relation' && f.name !== 'search_text').map((f) => f.name));
  // A form sends back what it was shown: the record as the wire carries it (a day without its time).
  const shown = wireRow(definition, before);
  for (const [field, value] of Object.entries(payload)) {
    if (field in accepted || !scalars.has(field) || !(field in before) || value === undefined) continue;
    if (!sameValue(value, before[field]) && !sameValue(value, shown[field])) {
      throw new ApiError(409, msg('errors.read_only_field', { field: ctx.t.has(`fields.${field}`) ? ctx.t(`fields.${field}`) : field }), null, { field });
    }
  }
}

export async function remove(definition: ResourceDefinition, ctx: OperationContext, rawId: string | number): Promise<void> {
  const { actor } = ctx;
  authorize(actor, definition, 'write', 'delete');
  if (definition.readOnly || definition.singleton) throw methodNotAllowed();
  const id = parseId(rawId);
  const before = await inTransaction(ctx, async (tx) => {
    const before = await findScoped(definition, tx, actor, id);
    if (definition.states) await checkDelete(definition.states, tx, before, ctx.t);
    await definition.beforeDelete?.({ tx, ctx, actor, existing: before });
    await definition.delegate(tx).delete({ where: { id }, select: { id: true } });
    await definition.afterDelete?.({ tx, ctx, actor, existing: before });
    await recordHistory(tx, { table: definition.table, recordId: id, type: '-', actor, changes: diffRows(serialize(definition, before), null, definition.auditExclude), reason: ctx.reason });
    return before;
  });
  await removeReplacedFiles(definition, before, null);
  await definition.afterChange?.();
}

/** `GET {base}{id}/file/{field}/`: a file the record holds, to whoever may read the record. */
export async function file(definition: ResourceDefinition, ctx: OperationContext, rawId: string | number, field: string): Promise<FileResult> {
  authorize(ctx.actor, definition, 'read');
  const row = await findScoped(definition, ctx.tx ?? prisma, ctx.actor, parseId(rawId));
  return storedFile(definition, row, field, ctx.query.get('inline') === 'true');
}

/** `GET {base}{id}/state/`: the record's state and what it allows (the screens lock the rest). */
export async function recordState(definition: ResourceDefinition, ctx: OperationContext, rawId: string | number) {
  authorize(ctx.actor, definition, 'read');
  if (!definition.states) throw notFound();
  const states = definition.states;
  return inTransaction(ctx, async (tx) => {
    const row = await findScoped(definition, tx, ctx.actor, parseId(rawId));
    return stateOfRecord(states, tx, row, ctx.t);
  });
}

export type HistoryItem = { id: string; date: string; user: string | null; type: string; changes: unknown; reason?: string };

export async function history(definition: ResourceDefinition, ctx: OperationContext, rawId: string | number): Promise<HistoryItem[]> {
  const { actor } = ctx;
  authorize(actor, definition, 'read');
  const id = parseId(rawId);
  const db = ctx.tx ?? prisma;
  // Scope applies to history too; a deleted record's history stays readable to whoever may read the resource.
  const where = scoped(definition, actor, { id });
  if (!where) throw notFound();
  const exists = await definition.delegate(db).count({ where });
  const rows = await db.auditLog.findMany({
    where: { resource: definition.table, record_id: String(id) },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  if (!exists && (definition.scope?.(actor) !== undefined || rows.length === 0)) throw notFound();
  const entries = rows.map((row) => ({ id: String(row.id), date: row.date.toISOString(), user: row.username || null, type: row.type, changes: row.changes, ...(row.reason ? { reason: row.reason } : {}) }));
  return labelHistory(definition, entries, db, ctx);
}

export async function exportList(definition: ResourceDefinition, ctx: OperationContext): Promise<FileResult> {
  authorize(ctx.actor, definition, 'read');
  const query = ctx.query;
  const where = scoped(definition, ctx.actor, listWhere(definition, query));
  const orderBy = listOrder(definition, query.get('ordering'));
  const format = query.get('format') === 'csv' ? 'csv' : 'xlsx';
  const select = definition.listSelect ?? definition.select;
  const compiled = where && definition.model ? compileList(definition.model, { where, orderBy, select }) : null;
  // Every matching row or none: a list past what a file holds is refused before anything is written.
  const total = !where ? 0 : compiled ? countOf(await getPool().query(compiled.count)) : await definition.delegate(prisma).count({ where });
  if (total > EXPORT_MAX_ROWS) throw new ApiError(413, msg('errors.export_too_large', { rows: total, max: EXPORT_MAX_ROWS }));
  // Rows are read in batches and written as they come, so memory stays flat for big exports.
  async function* pages(): AsyncGenerator<Iterable<Row>> {
    if (!where) return;
    if (compiled) {
      // One statement read through a cursor: one snapshot, and no offset to skip again per batch.
      for await (const rows of cursorBatches(compiled, CURSOR_BATCH)) yield serializedEach(definition, rows);
      return;
    }
    for (let skip = 0; skip < EXPORT_MAX_ROWS; skip += EXPORT_BATCH) {
      const { rows } = await readPage(definition, { where, orderBy, select, skip, take: Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - skip) }, false);
      if (rows.length) yield rows.map((row) => serialize(definition, row));
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return exportRows(definition, pages(), format, ctx);
}

const EXPORT_BATCH = 2_000;
// Rows per cursor read: a batch's rows live until it is written, and a bigger batch outlives V8's
// small young generation (scripts/lib/bootstrap.ts) and is promoted, to be collected by full
// collections. Every student of the huge data set (510,400), under the server's flags: 2,000 rows
// a read, 130 s of CPU; 250, 97 s; 100, 88 s (1.1 GB promoted instead of about 3 GB).
const CURSOR_BATCH = 100;

/** A batch's rows serialized one at a time, as they are written. */
function* serializedEach(definition: ResourceDefinition, rows: Row[]): Generator<Row> {
  for (const row of rows) yield serialize(definition, row);
}
