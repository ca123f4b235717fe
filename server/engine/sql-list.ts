// The list fast path: a list page, its count and export batches as one hand-sized SQL statement
// each, compiled from the same where, ordering and select the engine builds for Prisma. Prisma
// spends most of a list's time in its own runtime (measured: 440 page+count/s against 980 with
// plain pg on the same query); lists are what staff load all day. The compiler knows the subset of
// Prisma's query language the engine writes (equality, in, ranges, contains, AND/OR/NOT, to-one
// relation paths, some/none over to-many relations, scalar ordering, owned to-one selects); for
// anything else it answers null and the engine asks Prisma. The rows it returns are the values
// Prisma would return (Decimal, Date, bigint), so both paths serialize alike; a contract test
// compares the two over every resource.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { Prisma, getPool } from '@/server/db/client';
import type { FieldMeta, ModelMeta } from '@/server/db/schema-meta';
import { CACHED_TABLES, cachedLookup, keepLookups, lookupGeneration } from './lookup-cache';
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

// The pattern travels whole as one parameter: built in SQL ('%' || $2 || '%') it was built again
// for every row the filter looked at (a generic plan cannot fold it), 10 % of a students page.
const LIKE_PATTERNS: Record<string, (text: string) => string> = {
  contains: (text) => `%${text}%`,
  startsWith: (text) => `${text}%`,
  endsWith: (text) => `%${text}`,
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
        if (typeof operand !== 'string') throw new Unsupported(op);
        parts.push(`${column} ${insensitive ? 'ILIKE' : 'LIKE'} ${param(params, LIKE_PATTERNS[op](operand))}::text`);
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
      // 't' on the wire; 'true' when the value was cast to text (a page's relations, lookupsSql).
      return (text) => text === 't' || text === 'true';
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
 * How a statement reaches a list's owned to-one relations. `join`: LEFT JOINs, which PostgreSQL can
 * hash when many rows need them (exports). `lateral`: one fenced lookup by primary key per row, for
 * a page of a view (a table's page reads its relations by key instead, lookupLevel). PostgreSQL
 * plans LEFT JOINs by searching their orders; OFFSET 0 keeps each lookup out of that search.
 */
type RelationMode = 'join' | 'lateral';

/** A field a select names at one level: a column, or an owned to-one relation with its own select. */
type Selected = { key: string; field: FieldMeta; relation?: { target: ModelMeta; foreignKey: string; select: Record<string, unknown> } };

/** The fields a select names at one level, refused (Unsupported) where the compiler does not know them. */
function selectedFields(meta: ModelMeta, select: Record<string, unknown>): Selected[] {
  const selected: Selected[] = [];
  for (const [key, value] of Object.entries(select)) {
    if (!value) continue;
    const field = fieldOf(meta, key);
    if (!field) throw new Unsupported(key);
    if (field.kind !== 'relation') {
      if (value !== true) throw new Unsupported(key);
      selected.push({ key, field });
      continue;
    }
    if (field.list || !field.relationFrom || !isPlainObject(value) || Object.keys(value).some((k) => k !== 'select') || !isPlainObject(value.select)) {
      throw new Unsupported(key);
    }
    selected.push({ key, field, relation: { target: modelOf(field.type), foreignKey: field.relationFrom, select: value.select as Record<string, unknown> } });
  }
  return selected;
}

type SelectSql = { columns: Column[]; joins: string[] };

/** The columns of a select at one level (the list's model, or a relation reached from it); relations recurse. */
function levelSql(meta: ModelMeta, alias: string, select: Record<string, unknown>, mode: RelationMode, out: SelectSql): Shape {
  const shape: Shape = [];
  for (const { key, field, relation } of selectedFields(meta, select)) {
    if (!relation) {
      shape.push({ key, column: out.columns.length });
      out.columns.push({ sql: `${alias}.${quote(key)}`, read: readerFor(field) });
      continue;
    }
    // Owned to-one relations (a sale's student; a class's subject, group and teacher, reached from
    // a score): one LEFT JOIN each, columns read back into nested objects.
    const { target } = relation;
    const join = `j${out.joins.length}`;
    const idColumn = out.columns.length;
    out.columns.push({ sql: `${join}."id"`, read: Number });
    // Reserve this relation's place: relations it reaches join after it.
    const slot = out.joins.length;
    out.joins.push('');
    const names = new Set(['id']);
    for (const [name, wanted] of Object.entries(relation.select)) {
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
    const fields = levelSql(target, join, relation.select, mode, out);
    const foreignKey = `${alias}.${quote(relation.foreignKey)}`;
    out.joins[slot] =
      mode === 'lateral'
        ? ` LEFT JOIN LATERAL (SELECT ${[...names].map((name) => `${join}.${quote(name)}`).join(', ')} FROM ${quote(target.table)} ${join} WHERE ${join}."id" = ${foreignKey} OFFSET 0) ${join} ON TRUE`
        : ` LEFT JOIN ${quote(target.table)} ${join} ON ${join}."id" = ${foreignKey}`;
    shape.push({ key, relation: { idColumn, fields } });
  }
  return shape;
}

/**
 * A page's owned to-one relations read by key in a statement of their own, instead of joined into
 * the page's statement. PostgreSQL plans a statement of many joins by searching their orders, and
 * runs a lookup per row and relation; on the students list (7 relations, the group's period and
 * shift among them) that cost more than the page. The page is a pick by key joined back to its own
 * table; its relations are then one statement: a branch per relation, `WHERE id = ANY(<the keys
 * the page holds>)`, a relation's relations reached from it by a subquery, every branch's columns
 * cast to text and padded to one width. Both statements are prepared (the same text each time,
 * limit, offset and keys being parameters), so PostgreSQL plans each once per connection. Measured
 * on the students list of the large data set, PostgreSQL CPU for a page of 25: 3.2 ms as one
 * joined statement planned each time, 1.1 ms as the two prepared ones. Two statements, not one
 * per relation: each statement is a round trip, and the server's socket writes cost more CPU than
 * the database saves (eight statements a page: 20 % fewer pages a second).
 */
type Lookup = {
  key: string;
  /** The column of the parent's row (the page's, or its parent relation's) holding this relation's key. */
  foreignKey: number;
  /** The parent's column by its SQL name, for the subquery a nested relation's keys come from. */
  foreignKeySql: string;
  table: string;
  alias: string;
  level: LookupLevel;
};
/** The columns a level reads, how they make its row, and the relations it reaches from them. */
type LookupLevel = { columns: Column[]; shape: Shape; lookups: Lookup[] };

function lookupLevel(meta: ModelMeta, alias: string, select: Record<string, unknown>, columns: Column[], aliases: { next: number }): LookupLevel {
  const shape: Shape = [];
  const lookups: Lookup[] = [];
  const foreignKeys = new Map<string, number>();
  for (const { key, field, relation } of selectedFields(meta, select)) {
    if (!relation) {
      shape.push({ key, column: columns.length });
      columns.push({ sql: `${alias}.${quote(key)}`, read: readerFor(field) });
      continue;
    }
    const { target } = relation;
    if (!hasKey(target)) throw new Unsupported(key);
    const foreignKeySql = `${alias}.${quote(relation.foreignKey)}`;
    let foreignKey = foreignKeys.get(relation.foreignKey);
    if (foreignKey === undefined) {
      foreignKey = columns.length;
      foreignKeys.set(relation.foreignKey, foreignKey);
      columns.push({ sql: foreignKeySql, read: (text) => text });
    }
    const targetAlias = `r${aliases.next++}`;
    // The target's key comes first: it is what the parent rows are matched by.
    const targetColumns: Column[] = [{ sql: `${targetAlias}."id"`, read: (text) => text }];
    const level = lookupLevel(target, targetAlias, relation.select, targetColumns, aliases);
    // The relation's place among the row's keys is kept; its value is set once it is read.
    shape.push({ key, relation: { idColumn: foreignKey, fields: [] } });
    lookups.push({ key, foreignKey, foreignKeySql, table: target.table, alias: targetAlias, level });
  }
  return { columns, shape, lookups };
}

/**
 * The statement reading every relation of a page: one branch per relation at any depth, in the
 * order `branches` lists them, each row's first column naming its branch. The page's own relations
 * take their keys from the parameters ($1 for the first, …); a relation's relations from their
 * parent's rows by subquery.
 */
function lookupsSql(roots: Lookup[]): { text: string; branches: Lookup[] } {
  const branches: { lookup: Lookup; keys: string }[] = [];
  const visit = (lookup: Lookup, keys: string) => {
    branches.push({ lookup, keys });
    const condition = `${lookup.alias}."id" ${keys}`;
    for (const child of lookup.level.lookups) visit(child, `IN (SELECT ${child.foreignKeySql} FROM ${quote(lookup.table)} ${lookup.alias} WHERE ${condition})`);
  };
  roots.forEach((root, index) => visit(root, `= ANY($${index + 1})`));
  const width = Math.max(...branches.map((branch) => branch.lookup.level.columns.length));
  const text = branches
    .map(({ lookup, keys }, index) => {
      const columns = lookup.level.columns.map((column) => `${column.sql}::text`);
      while (columns.length < width) columns.push('NULL');
      return `SELECT ${index}, ${columns.join(', ')} FROM ${quote(lookup.table)} ${lookup.alias} WHERE ${lookup.alias}."id" ${keys}`;
    })
    .join(' UNION ALL ');
  return { text, branches: branches.map((branch) => branch.lookup) };
}

/** A prepared statement's name: the same text gets the same name on every connection. */
function statementName(text: string): string {
  return `plantel_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/**
 * Prepared statements a connection holds, by name. A connection that has prepared more than
 * PREPARED_PER_CONNECTION (lists filtered every way a screen allows) is closed when it is let go,
 * and the pool opens a fresh one: PostgreSQL keeps a session's statements until it ends.
 */
const prepared = new WeakMap<pg.PoolClient, Set<string>>();
const PREPARED_PER_CONNECTION = 500;

/** One prepared statement on a connection of the pool, taken for that statement alone. */
async function readPrepared(text: string, values: unknown[], name = statementName(text)): Promise<(string | null)[][]> {
  const client = await getPool().connect();
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Set()));
  names.add(name);
  try {
    const result = await client.query({ name, text, values, rowMode: 'array', types: TEXT_TYPES });
    return result.rows as (string | null)[][];
  } finally {
    client.release(names.size > PREPARED_PER_CONNECTION);
  }
}

function levelRow(values: (string | null)[], level: LookupLevel, offset = 0): Row {
  const row: Row = {};
  for (const item of level.shape) {
    if (item.column !== undefined) {
      const text = values[offset + item.column];
      row[item.key] = text === null ? null : level.columns[item.column].read(text);
    } else {
      row[item.key] = null;
    }
  }
  return row;
}

type Read = { values: (string | null)[]; row: Row; offset: number };
type LookupRows = Map<Lookup, readonly (string | null)[][]>;

/** Sets each relation of the page's rows (and theirs) from the rows read for each lookup (first column its branch). */
function attachLookups(page: Read[], roots: Lookup[], rowsOf: LookupRows): void {
  const attach = (parents: Read[], lookups: Lookup[]) => {
    for (const lookup of lookups) {
      const children = rowsOf.get(lookup)!.map((values) => ({ values, row: levelRow(values, lookup.level, 1), offset: 1 }));
      const byKey = new Map(children.map((child) => [child.values[child.offset], child.row]));
      for (const parent of parents) {
        const key = parent.values[parent.offset + lookup.foreignKey];
        parent.row[lookup.key] = key === null ? null : (byKey.get(key) ?? null);
      }
      attach(children, lookup.level.lookups);
    }
  };
  attach(page, roots);
}

/** Distinct non-null values of a column. */
function keysIn(rows: readonly (readonly (string | null)[])[], column: number): string[] {
  const keys = new Set<string>();
  for (const row of rows) if (row[column] !== null) keys.add(row[column]!);
  return [...keys];
}

/**
 * The rows of a page's relations: from memory when every relation's table is kept there
 * (server/engine/lookup-cache.ts) and holds every key the page reaches, else from the lookups
 * statement, whose rows are then kept.
 */
async function lookupRows(statement: { text: string; branches: Lookup[] }, roots: Lookup[], rootKeys: string[][]): Promise<LookupRows> {
  const cacheable = statement.branches.every((lookup) => CACHED_TABLES.has(lookup.table));
  const generation = cacheable ? lookupGeneration() : null;
  // A lookup's rows are kept under its statement's name and its branch (the name is hashed once).
  const name = statementName(statement.text);
  const shapes = new Map(generation === null ? [] : statement.branches.map((lookup, index) => [lookup, `${name}#${index}`]));
  if (generation !== null) {
    const found: LookupRows = new Map();
    const visit = (lookup: Lookup, keys: string[]): boolean => {
      const rows: (string | null)[][] = [];
      for (const key of keys) {
        const row = cachedLookup(lookup.table, shapes.get(lookup)!, key);
        if (!row) return false;
        rows.push(row as (string | null)[]);
      }
      found.set(lookup, rows);
      // A relation's own relations take their keys from its rows (1 + the column: the branch comes first).
      return lookup.level.lookups.every((child) => visit(child, keysIn(rows, 1 + child.foreignKey)));
    };
    if (roots.every((root, index) => visit(root, rootKeys[index]))) return found;
  }
  const read: LookupRows = new Map(statement.branches.map((lookup) => [lookup, []]));
  for (const values of await readPrepared(statement.text, rootKeys, name)) (read.get(statement.branches[Number(values[0])]) as (string | null)[][]).push(values);
  if (generation !== null) for (const [lookup, rows] of read) keepLookups(lookup.table, shapes.get(lookup)!, rows, 1, generation);
  return read;
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
  /** Every matching row as one statement, relations joined (exports read it through a cursor). */
  page: pg.QueryArrayConfig;
  count: pg.QueryArrayConfig;
  rows: (result: pg.QueryArrayResult) => Row[];
  /** The page the query's skip and take name, and the count of every matching row when asked. */
  readPage: (withCount: boolean) => Promise<{ rows: Row[]; elements: number }>;
};

/** The largest page whose relations are read by key (a list page; exports read more). */
const SMALL_PAGE = 100;

/** A table (not a view) keyed by a single `id`, so a page can be picked by key and joined back. */
function hasKey(meta: ModelMeta): boolean {
  return !meta.isView && meta.fields.some((f) => f.name === 'id' && f.id && f.kind === 'scalar');
}

export function countOf(result: pg.QueryArrayResult): number {
  return Number(result.rows[0]?.[0] ?? 0);
}

/** The count a page that carries it in its last column holds; null when it has no rows to carry it. */
function carriedTotal(rows: unknown[][], column: number): number | null {
  return rows.length ? Number(rows[0][column]) : null;
}

/** The page and count statements for a list, or null when the query needs Prisma. */
export function compileList(model: string, query: ListQuery): CompiledList | null {
  try {
    const meta = modelOf(model);
    const alias = 't';
    const params: Params = [];
    const condition = whereSql(meta, alias, query.where, params);
    const take = query.take !== undefined ? Math.max(0, Math.floor(query.take)) : undefined;
    const skip = query.skip ? Math.max(0, Math.floor(query.skip)) : 0;
    const limit = take !== undefined ? ` LIMIT ${take}` : '';
    const offset = skip ? ` OFFSET ${skip}` : '';
    const order = orderSql(meta, alias, query.orderBy);
    const from = `FROM ${quote(meta.table)} ${alias}`;
    const config = (text: string, values: Params = params): pg.QueryArrayConfig => ({ text, values, rowMode: 'array', types: TEXT_TYPES });
    const count = config(`SELECT count(*)::int ${from} WHERE ${condition}`);
    const joined = selectSql(meta, alias, query.select, 'join');
    const everyRow = config(`SELECT ${joined.columns.map((c) => c.sql).join(', ')} ${from}${joined.joins} WHERE ${condition}${order}${limit}${offset}`);
    const rowsOf = (result: pg.QueryArrayResult, columns: Column[], shape: Shape) => result.rows.map((values) => toRow(values as (string | null)[], columns, shape));
    const base = { page: everyRow, count, rows: (result: pg.QueryArrayResult) => rowsOf(result, joined.columns, joined.shape) };

    if (take !== undefined && take <= SMALL_PAGE && joined.joins && hasKey(meta)) {
      // A page of a joined list picks its rows first, by key, and reaches the relations of those
      // rows only (by key, see lookupLevel). The pick reads just the keys, the filter and the
      // ordered columns, which an index can answer alone (the students list's). It can carry the
      // count of every matching row (a window over the keys, before the limit) in a last column,
      // which saves the count statement while the page has rows. Limit and offset are parameters,
      // so every page of a list is the same prepared statement.
      const level = lookupLevel(meta, alias, query.select, [], { next: 0 });
      const lookups = lookupsSql(level.lookups);
      const selected = level.columns.map((c) => c.sql).join(', ');
      const paged = [...params, take, skip];
      const pageText = (counted: boolean) =>
        `SELECT ${selected}${counted ? ', k."__total"' : ''} FROM (SELECT ${alias}."id"${counted ? ', count(*) OVER () AS "__total"' : ''} ${from} WHERE ${condition}${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) k JOIN ${quote(meta.table)} ${alias} ON ${alias}."id" = k."id"${order}`;
      return {
        ...base,
        readPage: async (withCount) => {
          const values = await readPrepared(pageText(withCount), paged);
          const page = values.map((row) => ({ values: row, row: levelRow(row, level), offset: 0 }));
          if (page.length) {
            const keys = level.lookups.map((lookup) => keysIn(values, lookup.foreignKey));
            attachLookups(page, level.lookups, await lookupRows(lookups, level.lookups, keys));
          }
          const total = withCount ? (carriedTotal(values, level.columns.length) ?? (skip ? countOf(await getPool().query(count)) : 0)) : 0;
          return { rows: page.map((read) => read.row), elements: total };
        },
      };
    }

    const small = take !== undefined && take <= SMALL_PAGE;
    const { columns, joins, shape } = small ? selectSql(meta, alias, query.select, 'lateral') : joined;
    const selected = columns.map((c) => c.sql).join(', ');
    const filtered = `${from} WHERE ${condition}${order}${limit}${offset}`;
    let pageText: string;
    let countedText: string | null;
    if (joins && limit) {
      // A view has no key to pick by: its page of whole rows is taken first, then joined.
      pageText = `SELECT ${selected} FROM (SELECT ${alias}.* ${filtered}) ${alias}${joins}${order}`;
      countedText = `SELECT ${selected}, ${alias}."__total" FROM (SELECT ${alias}.*, count(*) OVER () AS "__total" ${filtered}) ${alias}${joins}${order}`;
    } else {
      pageText = `SELECT ${selected} ${from}${joins} WHERE ${condition}${order}${limit}${offset}`;
      countedText = limit ? `SELECT ${selected}, count(*) OVER () ${filtered}` : null;
    }
    const page = config(pageText);
    const pageWithCount = countedText ? config(countedText) : null;
    return {
      ...base,
      readPage: async (withCount) => {
        const pool = getPool();
        if (withCount && pageWithCount) {
          // One statement: the page, each row carrying the count. An empty page carries none: it is 0
          // on the first page, and counted apart past it (a page beyond the end).
          const result = await pool.query(pageWithCount);
          const total = carriedTotal(result.rows, columns.length) ?? (skip ? countOf(await pool.query(count)) : 0);
          return { rows: rowsOf(result, columns, shape), elements: total };
        }
        // Page and count run concurrently on two connections: no transaction is needed for read-only work.
        const [result, counted] = await Promise.all([pool.query(page), withCount ? pool.query(count) : null]);
        return { rows: rowsOf(result, columns, shape), elements: counted ? countOf(counted) : 0 };
      },
    };
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
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
