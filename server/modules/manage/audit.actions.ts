// manage/api/audit/: every history row of every table (Configuración › Auditoría), for the staff
// who may open that screen. GET '' is a page of rows, newest first, with the filters user_id,
// resource (a table), date_after and date_before (inclusive school days), record_id and type;
// export/ is the same rows as a workbook; resources/ the tables that have history, for the filter.
// Each row reads as a record's history dialog reads it (lib/history-text.ts, with the keys and enum
// values named by server/engine/history-labels.ts).
//
// audit_logs grows by a row per write and can hold millions: a page is one indexed statement
// (date, user_id+date and resource+record_id+date indexes), and its count stops at COUNT_CAP rows
// (`elements_capped` then says there are more) instead of counting the whole table each time.
import { DISPLAY_TIME_ZONE } from '@/lib/format';
import { type HistoryChange, HISTORY_TYPES, type HistoryType, changeLine, historySummary, isHistoryType } from '@/lib/history-text';
import { getPool, prisma } from '@/server/db/client';
import type { ActionContext, OperationContext } from '@/server/engine/context';
import { integerParam, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '@/server/engine/engine';
import { exportSheet, type TypedColumn } from '@/server/engine/export';
import { labelHistory } from '@/server/engine/history-labels';
import { type ActionGroup, type ContractContext, type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/manage';
import { ApiError, fieldError, msg } from '@/server/errors';
import { EXPORT_MAX_ROWS } from '@/lib/limits';

/** The most rows a page's count reads before it says "more than this". */
export const COUNT_CAP = 10_000;
const EXPORT_BATCH = 2_000;

type Filters = { where: string; params: unknown[] };

type AuditRow = {
  id: string;
  resource: string;
  record_id: string;
  type: string;
  user_id: number | null;
  username: string;
  date: string;
  changes: unknown;
  reason: string;
  first_name: string | null;
  last_name: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The list's and the export's where clause from the query string; 400 with the field's message for a bad value. */
function auditFilters(query: URLSearchParams): Filters {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const given = (name: string) => (query.get(name) ?? '').trim();

  const user = given('user_id');
  if (user) parts.push(`a.user_id = ${add(integerParam(user, 'user_id'))}`);
  const resource = given('resource');
  if (resource) {
    if (resource.length > 60) throw fieldError('resource', 'errors.max_length', { max: 60 });
    parts.push(`a.resource = ${add(resource)}`);
  }
  const record = given('record_id');
  if (record) {
    if (record.length > 40) throw fieldError('record_id', 'errors.max_length', { max: 40 });
    parts.push(`a.record_id = ${add(record)}`);
  }
  // A "+" typed into an address reads as a space: it still means "created".
  const rawType = query.get('type');
  const type = rawType === ' ' ? '+' : (rawType ?? '').trim();
  if (type) {
    if (!isHistoryType(type)) throw fieldError('type', 'errors.choice');
    parts.push(`a.type = ${add(type)}`);
  }
  // Days are the school's: from that day's midnight in its time zone to the next (dates are stored in UTC).
  const zone = () => add(DISPLAY_TIME_ZONE);
  const after = given('date_after');
  if (after) {
    if (!isCalendarDay(after)) throw fieldError('date_after', 'errors.date');
    parts.push(`a.date >= ((${add(after)}::date)::timestamp AT TIME ZONE ${zone()}) AT TIME ZONE 'UTC'`);
  }
  const before = given('date_before');
  if (before) {
    if (!isCalendarDay(before)) throw fieldError('date_before', 'errors.date');
    parts.push(`a.date < ((${add(before)}::date + 1)::timestamp AT TIME ZONE ${zone()}) AT TIME ZONE 'UTC'`);
  }
  return { where: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

const SELECT = `SELECT a.id::text AS id, a.resource, a.record_id, a.type, a.user_id, a.username,
  to_char(a.date, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date, a.changes, a.reason, u.first_name, u.last_name
  FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id`;

/** `date` oldest first, `-date` (the default) newest first; the row's number breaks ties. */
function direction(query: URLSearchParams): 'ASC' | 'DESC' {
  return query.get('ordering') === 'date' ? 'ASC' : 'DESC';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A table's name in the reader's language ("Usuarios"); its own name when it has none. */
function resourceLabel(resource: string, t: OperationContext['t']): string {
  return t.has(`tables.${resource}`) ? capitalised(t(`tables.${resource}`)) : resource;
}

/** Shapes rows for the wire, naming keys and enum values as the record's history does. */
async function readable(rows: AuditRow[], definitionOf: (table: string) => ResourceDefinition | undefined, ctx: OperationContext) {
  const entries = rows.map((row) => ({ ...row, changes: Array.isArray(row.changes) ? (row.changes as HistoryChange[]) : [] }));
  // One labelling per table on the page (each asks for the records its keys point to at once).
  const byTable = new Map<string, typeof entries>();
  for (const entry of entries) byTable.set(entry.resource, [...(byTable.get(entry.resource) ?? []), entry]);
  const labelled = new Map<string, HistoryChange[]>();
  await Promise.all(
    [...byTable].map(async ([table, group]) => {
      const definition = definitionOf(table);
      const named = definition ? await labelHistory(definition, group, prisma, ctx) : group;
      for (const entry of named) labelled.set(entry.id, entry.changes as HistoryChange[]);
    }),
  );
  return entries.map((entry) => {
    const type: HistoryType = isHistoryType(entry.type) ? entry.type : '~';
    const changes = labelled.get(entry.id) ?? entry.changes;
    const fullName = `${entry.first_name ?? ''} ${entry.last_name ?? ''}`.replace(/\s+/g, ' ').trim();
    return {
      id: entry.id,
      date: entry.date,
      resource: entry.resource,
      resource_label: resourceLabel(entry.resource, ctx.t),
      record_id: entry.record_id,
      type,
      type_label: ctx.t(HISTORY_TYPES[type].key),
      user: entry.user_id === null && !entry.username ? null : { id: entry.user_id, username: entry.username, full_name: fullName || entry.username },
      summary: historySummary(type, changes, ctx.t),
      changes,
      ...(entry.reason ? { reason: entry.reason } : {}),
    };
  });
}

type AuditEntry = Awaited<ReturnType<typeof readable>>[number];

/** The tables that name a resource definition with a data model (the first, when several share one). */
function tableIndex(resources: () => readonly ResourceDefinition[]) {
  let index: Map<string, ResourceDefinition> | null = null;
  return (table: string) => {
    if (!index) {
      index = new Map();
      for (const definition of resources()) if (definition.model && !index.has(definition.table)) index.set(definition.table, definition);
    }
    return index.get(table);
  };
}

async function listPage(ctx: ActionContext, definitionOf: (table: string) => ResourceDefinition | undefined) {
  const { where, params } = auditFilters(ctx.query);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(ctx.query.get('page_size'))) || DEFAULT_PAGE_SIZE));
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(ctx.query.get('page')) || 1)));
  const order = direction(ctx.query);
  const pool = getPool();
  const [rows, counted] = await Promise.all([
    pool.query<AuditRow>(`${SELECT} WHERE ${where} ORDER BY a.date ${order}, a.id ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, params),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_logs a WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS counted`, params),
  ]);
  const found = counted.rows[0]?.n ?? 0;
  const elements = Math.min(found, COUNT_CAP);
  return { data: await readable(rows.rows, definitionOf, ctx), pages: Math.ceil(elements / pageSize), elements, elements_capped: found > COUNT_CAP };
}

/** The workbook's columns: what the screen shows, and every change in full. */
const EXPORT_COLUMNS: TypedColumn[] = [
  { field: 'date', labelKey: 'settings.audit.fields.date', kind: 'datetime' },
  { field: 'user_name', labelKey: 'settings.audit.fields.user', kind: 'text', width: 28 },
  { field: 'username', labelKey: 'settings.audit.fields.username', kind: 'text', width: 16 },
  { field: 'resource_label', labelKey: 'settings.audit.fields.resource', kind: 'text', width: 24 },
  { field: 'record_id', labelKey: 'settings.audit.fields.record_id', kind: 'text', width: 12 },
  { field: 'type_label', labelKey: 'settings.audit.fields.type', kind: 'text', width: 14 },
  { field: 'summary', labelKey: 'settings.audit.fields.summary', kind: 'text', width: 40 },
  { field: 'detail', labelKey: 'settings.audit.fields.changes', kind: 'text', width: 60 },
  { field: 'reason', labelKey: 'settings.audit.fields.reason', kind: 'text', width: 30 },
];

function exportRow(entry: AuditEntry, ctx: OperationContext): Row {
  return {
    ...entry,
    user_name: entry.user?.full_name ?? ctx.t('settings.audit.system'),
    username: entry.user?.username ?? '',
    detail: entry.changes.map((change) => changeLine(change, entry.type, ctx.t)).join('\n'),
    reason: entry.reason ?? '',
  };
}

async function exportFile(ctx: ContractContext<typeof contracts.auditExport>, definitionOf: (table: string) => ResourceDefinition | undefined) {
  const { where, params } = auditFilters(ctx.query);
  const order = direction(ctx.query);
  const format = ctx.queryInput.format ?? 'xlsx';
  const pool = getPool();
  // Every matching entry or none: past what a file holds, refused before anything is written (the
  // count stops one past the limit, so a history of millions is not counted whole).
  const { rows: [counted] } = await pool.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM (SELECT 1 FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id WHERE ${where} LIMIT ${EXPORT_MAX_ROWS + 1}) x`, params);
  if (counted.rows > EXPORT_MAX_ROWS) throw new ApiError(413, msg('errors.export_too_large', { rows: `${EXPORT_MAX_ROWS.toLocaleString('es-MX')}+`, max: EXPORT_MAX_ROWS }));
  // Read in batches after the last row written (never an offset into millions), written as they come.
  async function* pages(): AsyncGenerator<Row[]> {
    let after: { date: string; id: string } | null = null;
    for (let read = 0; read < EXPORT_MAX_ROWS; ) {
      const batchParams = [...params];
      let condition = where;
      if (after) {
        batchParams.push(after.date, after.id);
        condition += ` AND (a.date, a.id) ${order === 'DESC' ? '<' : '>'} ($${batchParams.length - 1}::timestamp, $${batchParams.length}::bigint)`;
      }
      const size = Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - read);
      const { rows } = await pool.query<AuditRow>(`${SELECT} WHERE ${condition} ORDER BY a.date ${order}, a.id ${order} LIMIT ${size}`, batchParams);
      if (rows.length) yield (await readable(rows, definitionOf, ctx)).map((entry) => exportRow(entry, ctx));
      if (rows.length < size) return;
      read += rows.length;
      after = { date: rows[rows.length - 1].date, id: rows[rows.length - 1].id };
    }
  }
  return exportSheet({ name: ctx.t('settings.audit.file_name'), columns: EXPORT_COLUMNS }, pages(), format, ctx);
}

/**
 * The tables that have history, named, for the filter. Read from the resource index by skipping
 * from one table's name to the next (one short index probe per table, however many rows).
 */
async function resourcesWithHistory(ctx: ActionContext) {
  const { rows } = await getPool().query<{ resource: string }>(
    `WITH RECURSIVE tables AS (
       (SELECT resource FROM audit_logs ORDER BY resource LIMIT 1)
       UNION ALL
       SELECT (SELECT a.resource FROM audit_logs a WHERE a.resource > t.resource ORDER BY a.resource LIMIT 1) FROM tables t WHERE t.resource IS NOT NULL
     )
     SELECT resource FROM tables WHERE resource IS NOT NULL`,
  );
  return rows
    .map(({ resource }) => ({ resource, label: resourceLabel(resource, ctx.t) }))
    .sort((a, b) => a.label.localeCompare(b.label, ctx.locale) || a.resource.localeCompare(b.resource));
}

/** The audit's calls; `resources` gives every definition (the registry's list) to name keys by. */
export function auditActionGroup(resources: () => readonly ResourceDefinition[]): ActionGroup {
  const definitionOf = tableIndex(resources);
  return {
    base: 'manage/api/audit/',
    // Configuración › Auditoría; superusers pass everything.
    access: { routes: ['settings-audit'] },
    actions: [
      // GET manage/api/audit/?page=&page_size=&ordering=&user_id=&resource=&date_after=&date_before=&record_id=&type= – a page of history rows.
      defineAction(contracts.auditPage, { needs: 'read', handler: (ctx) => listPage(ctx, definitionOf) }),
      // GET manage/api/audit/export/?<the same filters>&format=xlsx|csv – those rows as a file.
      defineAction(contracts.auditExport, { needs: 'read', handler: (ctx) => exportFile(ctx, definitionOf) }),
      // GET manage/api/audit/resources/ – the tables with history, for the filter.
      defineAction(contracts.auditResources, { needs: 'read', handler: resourcesWithHistory }),
    ],
  };
}
