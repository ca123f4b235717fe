// Bulk loading: one multi-row INSERT ... SELECT FROM unnest(...) per few thousand rows, one
// transaction per table, ids given explicitly, sequences set afterwards. Column types come from
// the database itself, so the generator only names columns.
import type { Cell, Table } from './table';

/** Runs SQL with text parameters; `transaction` gives the same on one connection inside BEGIN/COMMIT. */
export type Executor = {
  rows(sql: string, params?: string[]): Promise<Record<string, unknown>[]>;
  transaction<T>(work: (tx: Pick<Executor, 'rows'>) => Promise<T>): Promise<T>;
};

type ColumnInfo = { udt: string; isEnum: boolean; nullable: boolean; hasDefault: boolean };

export type LoadOptions = {
  defaultStamp: string;
  /** tables with at least this many rows are loaded without their secondary indexes and foreign
   * keys, which are rebuilt (and the keys validated) in the same transaction */
  rebuildThreshold?: number;
  log?: (line: string) => void;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A PostgreSQL array literal of one column slice. */
function arrayLiteral(values: readonly Cell[], from: number, to: number): string {
  const parts: string[] = new Array(to - from);
  for (let i = from; i < to; i += 1) {
    const value = values[i];
    if (value === null) parts[i - from] = 'NULL';
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
      parts[i - from] = String(value);
    } else if (typeof value === 'boolean') parts[i - from] = value ? 't' : 'f';
    else parts[i - from] = `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `{${parts.join(',')}}`;
}

async function readColumns(db: Pick<Executor, 'rows'>): Promise<Map<string, Map<string, ColumnInfo>>> {
  const rows = await db.rows(`
    SELECT c.table_name::text, c.column_name::text, c.udt_name::text, c.is_nullable::text, c.column_default::text, c.is_generated::text, ty.typtype::text
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    JOIN pg_type ty ON ty.typname = c.udt_name
    WHERE c.table_schema = current_schema()`);
  const tables = new Map<string, Map<string, ColumnInfo>>();
  for (const row of rows) {
    const table = String(row.table_name);
    if (!tables.has(table)) tables.set(table, new Map());
    // Generated columns (search text) fill themselves.
    const generated = row.is_generated === 'ALWAYS';
    tables.get(table)?.set(String(row.column_name), { udt: String(row.udt_name), isEnum: row.typtype === 'e', nullable: row.is_nullable === 'YES' || generated, hasDefault: row.column_default !== null || generated });
  }
  return tables;
}

const castOf = (info: ColumnInfo) => (info.isEnum ? `${quote(info.udt)}[]` : `${info.udt}[]`);

export async function loadTables(db: Executor, tables: readonly Table[], options: LoadOptions): Promise<Map<string, number>> {
  const log = options.log ?? (() => undefined);
  const schema = await readColumns(db);
  const counts = new Map<string, number>();
  for (const table of tables) {
    const columns = schema.get(table.name);
    if (!columns) throw new Error(`Table ${table.name} is not in the database`);
    for (const column of table.columns) if (!columns.has(column)) throw new Error(`${table.name}.${column} is not in the database`);
    const names: string[] = [];
    const arrays: (readonly Cell[])[] = [];
    if (table.hasId) {
      names.push('id');
      arrays.push(table.ids);
    }
    table.columns.forEach((column, index) => {
      if (table.deferred.has(column)) return;
      names.push(column);
      arrays.push(table.data[index]);
    });
    const stamps = table.stamps.map((value) => value ?? options.defaultStamp);
    for (const stampColumn of ['created_at', 'updated_at']) {
      if (columns.has(stampColumn) && !names.includes(stampColumn)) {
        names.push(stampColumn);
        arrays.push(stamps);
      }
    }
    for (const [name, info] of columns) {
      if (!info.nullable && !info.hasDefault && !names.includes(name)) throw new Error(`${table.name}.${name} is required but the generator does not fill it`);
    }
    counts.set(table.name, table.length);
    if (table.length === 0) {
      log(`warning: ${table.name} has no rows`);
      continue;
    }
    const casts = names.map((name) => castOf(columns.get(name) as ColumnInfo));
    const sql = `INSERT INTO ${quote(table.name)} (${names.map(quote).join(', ')}) SELECT * FROM unnest(${casts.map((cast, i) => `$${i + 1}::${cast}`).join(', ')})`;
    const chunk = Math.max(1000, Math.floor(400_000 / names.length));
    const rebuild = options.rebuildThreshold !== undefined && table.length >= options.rebuildThreshold;
    const started = Date.now();
    await db.transaction(async (tx) => {
      let restore: string[] = [];
      if (rebuild) restore = await dropSecondaryStructures(tx, table.name);
      for (let from = 0; from < table.length; from += chunk) {
        const to = Math.min(table.length, from + chunk);
        await tx.rows(sql, arrays.map((values) => arrayLiteral(values, from, to)));
      }
      // A deferred trigger (the poll counters follow new enrolments at commit) leaves events pending,
      // and PostgreSQL builds no index on a table with pending events: they run now, once every row
      // is in (the counters are refreshed whole at the end anyway).
      if (restore.length) await tx.rows('SET CONSTRAINTS ALL IMMEDIATE');
      for (const statement of restore) await tx.rows(statement);
    });
    const elapsed = Date.now() - started;
    if (elapsed > 500) log(`${table.name}: ${table.length.toLocaleString('en-US')} rows in ${(elapsed / 1000).toFixed(1)} s${rebuild ? ' (indexes and keys rebuilt)' : ''}`);
  }

  // Columns that close a reference cycle, now that both ends exist.
  for (const table of tables) {
    for (const column of table.deferred) {
      const values = table.column(column);
      const ids: number[] = [];
      const filled: Cell[] = [];
      values.forEach((value, index) => {
        if (value === null) return;
        ids.push(table.ids[index]);
        filled.push(value);
      });
      if (ids.length === 0) continue;
      const info = schema.get(table.name)?.get(column) as ColumnInfo;
      await db.transaction(async (tx) => {
        for (let from = 0; from < ids.length; from += 50_000) {
          const to = Math.min(ids.length, from + 50_000);
          await tx.rows(`UPDATE ${quote(table.name)} AS target SET ${quote(column)} = source.value FROM unnest($1::int4[], $2::${castOf(info)}) AS source(id, value) WHERE target.id = source.id`, [arrayLiteral(ids, from, to), arrayLiteral(filled, from, to)]);
        }
      });
    }
  }

  // Sequences continue after the ids given here.
  for (const table of tables) {
    if (!table.hasId || !schema.get(table.name)?.get('id')?.hasDefault) continue;
    await db.rows(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST((SELECT MAX(id) FROM ${quote(table.name)}), 1), (SELECT COUNT(*) > 0 FROM ${quote(table.name)}))`, [quote(table.name)]);
  }
  // Poll applications' stored counters, from who each one expects under the rule the database
  // keeps (poll_expected): the generator's own count does not know withdrawals and movements.
  await db.rows('SELECT poll_refresh_counters(ARRAY(SELECT id FROM poll_assignments))');
  // VACUUM marks the freshly written pages all-visible, so lists read by an index alone (the
  // students list) need no table rows from the first request on; ANALYZE gives the planner sizes.
  await db.rows('VACUUM (ANALYZE)');
  return counts;
}

/** Drops a table's foreign keys and non-primary indexes; returns the statements that restore them. */
async function dropSecondaryStructures(tx: Pick<Executor, 'rows'>, table: string): Promise<string[]> {
  const foreignKeys = await tx.rows(`SELECT conname::text AS conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`, [quote(table)]);
  const indexes = await tx.rows(
    `SELECT i.relname::text AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1::regclass AND NOT x.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
    [quote(table)],
  );
  for (const fk of foreignKeys) await tx.rows(`ALTER TABLE ${quote(table)} DROP CONSTRAINT ${quote(String(fk.conname))}`);
  for (const index of indexes) await tx.rows(`DROP INDEX ${quote(String(index.name))}`);
  return [...indexes.map((index) => String(index.def)), ...foreignKeys.map((fk) => `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(String(fk.conname))} ${String(fk.def)}`)];
}
