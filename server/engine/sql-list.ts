// The list fast path: a list page, its count and export batches as one hand-sized SQL statement
// each, compiled from the same where, ordering and select the engine builds for Prisma. Prisma
// spends most of a list's time in its own runtime (measured: 440 page+count/s against 980 with
// plain pg on the same query); lists are what staff load all day. The compiler knows the subset of
// Prisma's query language the engine writes (equality, in, ranges, contains, AND/OR/NOT, to-one
// relation paths, some/none over to-many relations, scalar ordering, owned to-one selects); for
// anything else it answers null and the engine asks Prisma. The rows it returns are the values
// Prisma would return (Decimal, Date, bigint), so both paths serialize alike; a contract test
// compares the two over every resource.
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { Prisma, getPool } from '@/server/db/client';
import type { FieldMeta, ModelMeta } from '@/server/db/schema-meta';
import { META } from './model';
import type { Row, Where } from './types';

type Params = unknown[];

class Unsupported extends Error {}

function modelOf(name: string): ModelMeta {
  const meta = META.models[name];
  if (!meta) throw new Unsupported(name);
  return meta;
}

function fieldOf(meta: ModelMeta, name: string): FieldMeta | undefined {
  return meta.fields.find((f) => f.name === name);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function param(params: Params, value: unknown): string {
  // Dates travel as UTC text: the columns are timestamps without time zone holding UTC, as Prisma writes them.
  params.push(value instanceof Date ? value.toISOString() : value instanceof Prisma.Decimal ? value.toString() : value);
  return `$${params.length}`;
}

const LIKE_OPS: Record<string, (p: string) => string> = {
  contains: (p) => `'%' || ${p}::text || '%'`,
  startsWith: (p) => `${p}::text || '%'`,
  endsWith: (p) => `'%' || ${p}::text`,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Prisma.Decimal);
}

function scalarCondition(column: string, value: unknown, params: Params): string {
  if (value === null) return `${column} IS NULL`;
  if (!isPlainObject(value)) return `${column} = ${param(params, value)}`;
  const parts: string[] = [];
  const insensitive = value.mode === 'insensitive';
  for (const [op, operand] of Object.entries(value)) {
    if (op === 'mode') continue;
    if (operand === undefined) continue;
    switch (op) {
      case 'equals':
        parts.push(operand === null ? `${column} IS NULL` : `${column} = ${param(params, operand)}`);
        break;
      case 'not':
        if (isPlainObject(operand)) parts.push(`NOT (${scalarCondition(column, operand, params)})`);
        else parts.push(operand === null ? `${column} IS NOT NULL` : `(${column} <> ${param(params, operand)} OR ${column} IS NULL)`);
        break;
      case 'in':
      case 'notIn': {
        if (!Array.isArray(operand)) throw new Unsupported(op);
        const list = `ANY(${param(params, operand)})`;
        parts.push(op === 'in' ? `${column} = ${list}` : `NOT (${column} = ${list})`);
        break;
      }
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte': {
        const sign = { lt: '<', lte: '<=', gt: '>', gte: '>=' }[op];
        parts.push(`${column} ${sign} ${param(params, operand)}`);
        break;
      }
      case 'contains':
      case 'startsWith':
      case 'endsWith':
        parts.push(`${column} ${insensitive ? 'ILIKE' : 'LIKE'} ${LIKE_OPS[op](param(params, operand))}`);
        break;
      default:
        throw new Unsupported(op);
    }
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** The to-many field's partner: the foreign key on the other model that points back here. */
function backReference(meta: ModelMeta, field: FieldMeta): { target: ModelMeta; foreignKey: string } {
  const target = modelOf(field.type);
  const partners = target.fields.filter((f) => f.kind === 'relation' && f.type === meta.name && f.relationFrom && f.relationName === field.relationName);
  if (partners.length !== 1) throw new Unsupported(field.name);
  return { target, foreignKey: partners[0].relationFrom! };
}

function whereSql(meta: ModelMeta, alias: string, where: Where | undefined, params: Params): string {
  if (!where) return 'TRUE';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'AND' || key === 'OR') {
      const items = (Array.isArray(value) ? value : [value]) as Where[];
      if (!items.length) {
        parts.push(key === 'AND' ? 'TRUE' : 'FALSE');
        continue;
      }
      parts.push(`(${items.map((item) => `(${whereSql(meta, alias, item, params)})`).join(key === 'AND' ? ' AND ' : ' OR ')})`);
      continue;
    }
    if (key === 'NOT') {
      const items = (Array.isArray(value) ? value : [value]) as Where[];
      parts.push(...items.map((item) => `NOT (${whereSql(meta, alias, item, params)})`));
      continue;
    }
    const field = fieldOf(meta, key);
    if (!field) throw new Unsupported(key);
    if (field.kind !== 'relation') {
      if (field.list || field.type === 'Json' || field.type === 'Bytes') throw new Unsupported(key);
      parts.push(scalarCondition(`${alias}.${quote(key)}`, value, params));
      continue;
    }
    // A subquery's alias only has to differ from those of the queries around it: one letter per level.
    const inner = `${alias}r`;
    if (!field.list && field.relationFrom) {
      // A to-one relation through this model's foreign key: { career: { campus_id: 1 } }, { career: null }.
      const foreignKey = `${alias}.${quote(field.relationFrom)}`;
      if (value === null) {
        parts.push(`${foreignKey} IS NULL`);
        continue;
      }
      if (!isPlainObject(value)) throw new Unsupported(key);
      const target = modelOf(field.type);
      const negate = 'isNot' in value;
      const condition = ('is' in value ? value.is : 'isNot' in value ? value.isNot : value) as Where | null;
      if (condition === null) {
        parts.push(`${foreignKey} IS ${negate ? 'NOT ' : ''}NULL`);
        continue;
      }
      const exists = `EXISTS (SELECT 1 FROM ${quote(target.table)} ${inner} WHERE ${inner}."id" = ${foreignKey} AND ${whereSql(target, inner, condition, params)})`;
      parts.push(negate ? `NOT ${exists}` : exists);
      continue;
    }
    if (field.list && isPlainObject(value)) {
      // A to-many relation: { student_groups: { some: {...} } } or { none: {...} }.
      const { target, foreignKey } = backReference(meta, field);
      for (const [op, condition] of Object.entries(value)) {
        if (op !== 'some' && op !== 'none') throw new Unsupported(op);
        const exists = `EXISTS (SELECT 1 FROM ${quote(target.table)} ${inner} WHERE ${inner}.${quote(foreignKey)} = ${alias}."id" AND ${whereSql(target, inner, condition as Where, params)})`;
        parts.push(op === 'some' ? exists : `NOT ${exists}`);
      }
      continue;
    }
    throw new Unsupported(key);
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

function orderSql(meta: ModelMeta, alias: string, orderBy: Where[]): string {
  const parts = orderBy.map((item) => {
    const entries = Object.entries(item);
    if (entries.length !== 1) throw new Unsupported('orderBy');
    const [name, direction] = entries[0];
    const field = fieldOf(meta, name);
    if (!field || field.kind === 'relation' || (direction !== 'asc' && direction !== 'desc')) throw new Unsupported('orderBy');
    return `${alias}.${quote(name)} ${direction === 'desc' ? 'DESC' : 'ASC'}`;
  });
  return parts.length ? ` ORDER BY ${parts.join(', ')}` : '';
}

/** Turns a column's text into the value Prisma gives for its field. */
type Reader = (text: string) => unknown;

function readerFor(field: FieldMeta): Reader {
  if (field.list) throw new Unsupported(field.name);
  if (field.kind === 'enum') return (text) => text;
  switch (field.type) {
    case 'String':
      return (text) => text;
    case 'Int':
    case 'Float':
      return Number;
    case 'BigInt':
      return (text) => BigInt(text);
    case 'Decimal':
      return (text) => new Prisma.Decimal(text);
    case 'Boolean':
      return (text) => text === 't';
    case 'Json':
      return (text) => JSON.parse(text);
    case 'DateTime':
      if (field.dateKind === 'Date') return (text) => new Date(`${text}T00:00:00Z`);
      if (field.dateKind === 'Time') return (text) => new Date(`1970-01-01T${text}Z`);
      // "2026-01-02 10:11:12.345" (UTC clock) or with an offset for timestamptz columns.
      return (text) => new Date(/[+-]\d\d(:\d\d)?$/.test(text) ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
    default:
      throw new Unsupported(field.type);
  }
}

type Column = { sql: string; read: Reader };
/** How a row is read back: a column, or an owned to-one relation (its id column and its own fields, relations included). */
type ShapeItem = { key: string; column?: number; relation?: { idColumn: number; fields: Shape } };
type Shape = ShapeItem[];

/**
 * How a list reaches its owned to-one relations. `join`: LEFT JOINs, which PostgreSQL can hash
 * when many rows need them (exports). `lateral`: one fenced lookup by primary key per row, for a
 * page of a few dozen rows. PostgreSQL plans LEFT JOINs by searching their orders, and on the
 * students list (4 relations) that search cost more than running the page: planning took 0.64 ms
 * with joins and 0.26 ms with fenced lookups (OFFSET 0 keeps each lookup out of the join search).
 */
type RelationMode = 'join' | 'lateral';

type SelectSql = { columns: Column[]; joins: string[] };

/** The columns of a select at one level (the list's model, or a relation reached from it); relations recurse. */
function levelSql(meta: ModelMeta, alias: string, select: Record<string, unknown>, mode: RelationMode, out: SelectSql): Shape {
  const shape: Shape = [];
  for (const [key, value] of Object.entries(select)) {
    if (!value) continue;
    const field = fieldOf(meta, key);
    if (!field) throw new Unsupported(key);
    if (field.kind !== 'relation') {
      if (value !== true) throw new Unsupported(key);
      shape.push({ key, column: out.columns.length });
      out.columns.push({ sql: `${alias}.${quote(key)}`, read: readerFor(field) });
      continue;
    }
    // Owned to-one relations (a sale's student; a class's subject, group and teacher, reached from
    // a score): one LEFT JOIN each, columns read back into nested objects.
    if (field.list || !field.relationFrom || !isPlainObject(value) || Object.keys(value).some((k) => k !== 'select') || !isPlainObject(value.select)) {
      throw new Unsupported(key);
    }
    const target = modelOf(field.type);
    const join = `j${out.joins.length}`;
    const idColumn = out.columns.length;
    out.columns.push({ sql: `${join}."id"`, read: Number });
    // Reserve this relation's place: relations it reaches join after it.
    const slot = out.joins.length;
    out.joins.push('');
    const names = new Set(['id']);
    for (const [name, wanted] of Object.entries(value.select)) {
      if (!wanted) continue;
      const targetField = fieldOf(target, name);
      if (!targetField) throw new Unsupported(`${key}.${name}`);
      if (targetField.kind === 'relation') {
        if (!targetField.relationFrom) throw new Unsupported(`${key}.${name}`);
        names.add(targetField.relationFrom);
      } else {
        if (wanted !== true) throw new Unsupported(`${key}.${name}`);
        names.add(name);
      }
    }
    const fields = levelSql(target, join, value.select as Record<string, unknown>, mode, out);
    const foreignKey = `${alias}.${quote(field.relationFrom)}`;
    out.joins[slot] =
      mode === 'lateral'
        ? ` LEFT JOIN LATERAL (SELECT ${[...names].map((name) => `${join}.${quote(name)}`).join(', ')} FROM ${quote(target.table)} ${join} WHERE ${join}."id" = ${foreignKey} OFFSET 0) ${join} ON TRUE`
        : ` LEFT JOIN ${quote(target.table)} ${join} ON ${join}."id" = ${foreignKey}`;
    shape.push({ key, relation: { idColumn, fields } });
  }
  return shape;
}

function selectSql(meta: ModelMeta, alias: string, select: Record<string, unknown>, mode: RelationMode = 'join') {
  const out: SelectSql = { columns: [], joins: [] };
  const shape = levelSql(meta, alias, select, mode, out);
  return { columns: out.columns, joins: out.joins.join(''), shape };
}

function toRow(values: (string | null)[], columns: Column[], shape: Shape): Row {
  const read = (index: number) => {
    const text = values[index];
    return text === null ? null : columns[index].read(text);
  };
  const row: Row = {};
  for (const item of shape) {
    if (item.column !== undefined) {
      row[item.key] = read(item.column);
    } else if (item.relation) {
      row[item.key] = values[item.relation.idColumn] === null ? null : toRow(values, columns, item.relation.fields);
    }
  }
  return row;
}

// Every column arrives as text and is read by its field's type, as Prisma would type it.
const TEXT_TYPES = { getTypeParser: () => (text: string) => text } as unknown as pg.CustomTypesConfig;

export type ListQuery = { where: Where; orderBy: Where[]; select: Record<string, unknown>; skip?: number; take?: number };

export type CompiledList = {
  page: pg.QueryArrayConfig;
  count: pg.QueryArrayConfig;
  /** The page with the count of all matching rows in a last column, when the list allows it. */
  pageWithCount: pg.QueryArrayConfig | null;
  /** The count a `pageWithCount` answer carries; null when it has no rows to carry it. */
  totalOf: (result: pg.QueryArrayResult) => number | null;
  rows: (result: pg.QueryArrayResult) => Row[];
};

/** The largest page whose relations are looked up row by row (a list page; exports read more). */
const SMALL_PAGE = 100;

/** A table (not a view) keyed by a single `id`, so a page can be picked by key and joined back. */
function hasKey(meta: ModelMeta): boolean {
  return !meta.isView && meta.fields.some((f) => f.name === 'id' && f.id && f.kind === 'scalar');
}

/** The page and count statements for a list, or null when the query needs Prisma. */
export function compileList(model: string, query: ListQuery): CompiledList | null {
  try {
    const meta = modelOf(model);
    const alias = 't';
    const params: Params = [];
    const condition = whereSql(meta, alias, query.where, params);
    const limit = query.take !== undefined ? ` LIMIT ${Math.max(0, Math.floor(query.take))}` : '';
    const offset = query.skip ? ` OFFSET ${Math.max(0, Math.floor(query.skip))}` : '';
    const small = query.take !== undefined && query.take <= SMALL_PAGE;
    const { columns, joins, shape } = selectSql(meta, alias, query.select, small ? 'lateral' : 'join');
    const order = orderSql(meta, alias, query.orderBy);
    const from = `FROM ${quote(meta.table)} ${alias}`;
    const selected = columns.map((c) => c.sql).join(', ');
    const filtered = `${from} WHERE ${condition}${order}${limit}${offset}`;
    let pageText: string;
    let countedText: string | null;
    if (joins && limit && hasKey(meta)) {
      // A page of a joined list picks its rows first, by key, and reaches the relations of those
      // rows only; otherwise PostgreSQL joins every matching row before the sort and the limit.
      // The pick reads just the keys, the filter and the ordered columns, which an index can answer
      // alone (the students list's). It can carry the count of every matching row (a window over
      // the keys, before the limit) in a last column, which saves the count statement while the
      // page has rows, and the window then holds keys, not whole rows. Measured on the students
      // list of the large data set: 1.2 ms of PostgreSQL time a page, against 1.6 to 2.2 ms when
      // the pick took whole rows, and 3.6 ms when every matching row was joined.
      const byKey = (pick: string) => `FROM (SELECT ${alias}."id"${pick} ${filtered}) k JOIN ${quote(meta.table)} ${alias} ON ${alias}."id" = k."id"${joins}${order}`;
      pageText = `SELECT ${selected} ${byKey('')}`;
      countedText = `SELECT ${selected}, k."__total" ${byKey(', count(*) OVER () AS "__total"')}`;
    } else if (joins && limit) {
      // A view has no key to pick by: its page of whole rows is taken first, then joined.
      pageText = `SELECT ${selected} FROM (SELECT ${alias}.* ${filtered}) ${alias}${joins}${order}`;
      countedText = `SELECT ${selected}, ${alias}."__total" FROM (SELECT ${alias}.*, count(*) OVER () AS "__total" ${filtered}) ${alias}${joins}${order}`;
    } else {
      pageText = `SELECT ${selected} ${from}${joins} WHERE ${condition}${order}${limit}${offset}`;
      countedText = limit ? `SELECT ${selected}, count(*) OVER () ${filtered}` : null;
    }
    const config = (text: string): pg.QueryArrayConfig => ({ text, values: params, rowMode: 'array', types: TEXT_TYPES });
    return {
      page: config(pageText),
      count: config(`SELECT count(*)::int ${from} WHERE ${condition}`),
      pageWithCount: countedText ? config(countedText) : null,
      totalOf: (result) => (result.rows.length ? Number(result.rows[0][columns.length]) : null),
      rows: (result) => result.rows.map((values) => toRow(values as (string | null)[], columns, shape)),
    };
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

export function countOf(result: pg.QueryArrayResult): number {
  return Number(result.rows[0]?.[0] ?? 0);
}

/**
 * Every row of a compiled list (compiled without take or skip), in batches of `size`, read through
 * one cursor on one connection: the whole export sees one snapshot, and each batch continues where
 * the last ended instead of skipping an ever longer offset (at 500,000 students, 250 batches).
 */
export async function* cursorBatches(compiled: CompiledList, size: number): AsyncGenerator<Row[]> {
  const client = await getPool().connect();
  const { text, values, types } = compiled.page;
  const cursor = client.query(new Cursor<unknown[]>(text, values, { rowMode: 'array', types }));
  // The next batch is asked for once this one is written. Reading ahead was tried: the batch that
  // arrives meanwhile outlives V8's small young generation (scripts/lib/bootstrap.ts), and the
  // export of every student of the huge data set was no faster for it (85 s either way).
  try {
    for (;;) {
      const rows: unknown[][] = await cursor.read(size);
      if (rows.length) yield compiled.rows({ rows } as unknown as pg.QueryArrayResult);
      if (rows.length < size) return;
    }
  } finally {
    await cursor.close().catch(() => undefined);
    client.release();
  }
}
