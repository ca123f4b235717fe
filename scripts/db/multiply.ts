// npm run db:multiply -- --copies N [--data-dir DIR] [--keep-indexes] [--check]
// Multiplies a loaded data set inside PostgreSQL: every table but the shared catalogues gets N − 1
// copies of its rows with set-based INSERT … SELECT, each copy a new campus (its careers, periods,
// groups, students, teachers, users, scores, sales… with ids and references shifted, unique values
// rewritten). The huge data set is one twenty-fifth of it generated, then multiplied by 25
// (scripts/db/seed.ts --size huge). --check (alone, or after multiplying) counts, for every foreign
// key, the rows whose parent is missing, checks every unique index is valid, and counts students per
// campus. Columns, keys and unique indexes come from the database catalogue; the exceptions (tables
// not copied, polymorphic references, the column a unique index rewrites) are in
// scripts/lib/multiply-plan.ts.
import path from 'node:path';
import pg from 'pg';
import { isValidCurp } from '../../lib/mx/curp';
import { flag, option } from '../lib/args';
import { ROOT, loadDotEnv, prepareDatabase } from '../lib/bootstrap';
import { exitWithFailure } from '../lib/failure';
import {
  AFTER_COPY, HELPER_FUNCTIONS_SQL, type ColumnInfo, type SchemaCatalog, copiedTables, planTable, quote, sortTables,
} from '../lib/multiply-plan';

type Log = (line: string) => void;

export async function readCatalog(client: pg.Client): Promise<SchemaCatalog> {
  const { rows: columns } = await client.query<{ table_name: string; column_name: string; type: string; max_length: number | null; generated: boolean }>(`
    SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
      CASE WHEN a.atttypid = 'varchar'::regtype AND a.atttypmod > 0 THEN a.atttypmod - 4 END AS max_length, a.attgenerated <> '' AS generated
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`);
  const tables = new Map<string, ColumnInfo[]>();
  for (const row of columns) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, []);
    tables.get(row.table_name)?.push({ name: row.column_name, type: row.type, maxLength: row.max_length, generated: row.generated });
  }
  const { rows: keys } = await client.query<{ name: string; table: string; columns: string[]; ref_table: string; ref_columns: string[] }>(`
    SELECT con.conname AS name, con.conrelid::regclass::text AS table, con.confrelid::regclass::text AS ref_table,
      ARRAY(SELECT attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = con.conrelid AND attnum = k.n ORDER BY o) AS columns,
      ARRAY(SELECT attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = con.confrelid AND attnum = k.n ORDER BY o) AS ref_columns
    FROM pg_constraint con WHERE con.contype = 'f' AND con.connamespace = current_schema()::regnamespace`);
  const foreignKeys = keys.map((key) => {
    if (key.columns.length !== 1) throw new Error(`Foreign key ${key.name} has ${key.columns.length} columns: only single-column keys are handled`);
    return { name: key.name, table: unquote(key.table), column: key.columns[0], refTable: unquote(key.ref_table), refColumn: key.ref_columns[0] };
  });
  const { rows: uniques } = await client.query<{ name: string; table: string; columns: (string | null)[] }>(`
    SELECT i.relname AS name, t.relname AS table,
      ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(n, o) LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY o) AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    WHERE t.relnamespace = current_schema()::regnamespace AND x.indisunique AND NOT x.indisprimary`);
  const uniqueIndexes = uniques.map((index) => {
    if (index.columns.some((column) => column === null)) throw new Error(`Unique index ${index.name} is on an expression: add a rule for it`);
    return { name: index.name, table: index.table, columns: index.columns as string[] };
  });
  return { tables, foreignKeys, uniqueIndexes };
}

const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);

export type MultiplyOptions = {
  copies: number;
  keepIndexes?: boolean;
  /** tables copied side by side (1) */
  copyConnections?: number;
  /** CREATE INDEX run side by side (2) */
  indexConnections?: number;
  log?: Log;
};

/** Makes copies − 1 copies of every copied table's rows (the database must hold the base only). */
export async function multiplyDatabase(url: string, options: MultiplyOptions): Promise<{ ms: number; rows: Map<string, number> }> {
  const log = options.log ?? console.log;
  if (options.copies < 2) return { ms: 0, rows: new Map() };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query(`SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET max_parallel_maintenance_workers = 2; SET work_mem = '64MB'`);
    const catalog = await readCatalog(client);
    const copied = copiedTables(catalog);
    const copiedSet = new Set(copied);
    const { order, broken } = sortTables(copied, catalog.foreignKeys);
    if (broken.length > 0) log(`reference cycles broken (keys not checked during the load): ${broken.map((edge) => `${edge.table} → ${edge.refTable}`).join(', ')}`);
    const { rows: copiesMade } = await client.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM campuses WHERE code ~ '-[0-9]+$'`);
    if (copiesMade[0].n > 0) throw new Error('The database was multiplied already (campuses with a copy number): multiply a fresh base');

    // Offsets: each table's max(id), read before any copy.
    const offsets = new Map<string, number>();
    for (const table of copied) {
      if (!catalog.tables.get(table)?.some((column) => column.name === 'id')) continue;
      const { rows } = await client.query<{ max: string | null }>(`SELECT MAX(id)::text AS max FROM ${quote(table)}`);
      offsets.set(table, Number(rows[0].max ?? 0));
    }
    const plans = order.map((table) => planTable(table, catalog, copiedSet, offsets, options.copies));

    await client.query(HELPER_FUNCTIONS_SQL);
    // Fewer checkpoints while tens of millions of rows are written (1 GB of WAL by default between
    // two); put back at the end. 8 GB, not more: the huge set's tables and indexes take ~15 GB and
    // the WAL folder grows to about this size on a shared disk.
    const { rows: role } = await client.query<{ superuser: boolean }>(`SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`);
    if (!role[0]?.superuser) throw new Error('Multiplying needs a superuser connection (it sets session_replication_role and max_wal_size), as the embedded server gives');
    await client.query(`ALTER SYSTEM SET max_wal_size = '8GB'`);
    await client.query('SELECT pg_reload_conf()');
    // Foreign keys and triggers (poll counters) are not fired for the copies: the keys are checked
    // afterwards (--check), the counters refreshed once at the end. No transaction around it all: a
    // failed multiply leaves a database to load again (the bench's marker is written only after).
    await client.query('SET session_replication_role = replica');
    let restore: { name: string; table: string; def: string }[] = [];
    if (!options.keepIndexes) {
      const t0 = Date.now();
      const { rows: indexes } = await client.query<{ name: string; table: string; def: string }>(
        `SELECT i.relname AS name, t.relname AS table, pg_get_indexdef(i.oid) AS def FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
         WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1) AND NOT x.indisprimary
           AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.refobjid = i.oid AND d.classid = 'pg_constraint'::regclass)
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
        [copied],
      );
      for (const index of indexes) await client.query(`DROP INDEX ${quote(index.name)}`);
      restore = indexes;
      log(`dropped ${indexes.length} secondary indexes in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const rows = new Map<string, number>();
    const copyConnections = Math.max(1, options.copyConnections ?? 1);
    // In foreign-key order on one connection; on several (keys are not checked during the load,
    // so order does not matter to the result), biggest tables first.
    const queue = [...plans];
    if (copyConnections > 1) {
      const { rows: sizes } = await client.query<{ table: string; bytes: string }>(`SELECT relname AS table, pg_relation_size(oid)::text AS bytes FROM pg_class WHERE relname = ANY($1) AND relnamespace = current_schema()::regnamespace`, [copied]);
      const bytes = new Map(sizes.map((row) => [row.table, Number(row.bytes)]));
      queue.sort((a, b) => (bytes.get(b.table) ?? 0) - (bytes.get(a.table) ?? 0));
    }
    const copyOn = async (connection: pg.Client) => {
      for (let plan = queue.shift(); plan; plan = queue.shift()) {
        const t0 = Date.now();
        const result = await connection.query(plan.sql);
        rows.set(plan.table, result.rowCount ?? 0);
        const ms = Date.now() - t0;
        if (ms > 500) log(`${plan.table}: ${(result.rowCount ?? 0).toLocaleString('en-US')} rows copied in ${(ms / 1000).toFixed(1)} s${plan.rewritten.length ? ` (rewritten: ${plan.rewritten.join(', ')})` : ''}`);
      }
    };
    const others = await Promise.all(
      Array.from({ length: copyConnections - 1 }, async () => {
        const other = new pg.Client({ connectionString: url });
        await other.connect();
        await other.query(`SET synchronous_commit = off; SET work_mem = '64MB'; SET session_replication_role = replica`);
        await other.query(HELPER_FUNCTIONS_SQL);
        return other;
      }),
    );
    try {
      await Promise.all([copyOn(client), ...others.map(copyOn)]);
    } finally {
      await Promise.all(others.map((other) => other.end()));
    }
    for (const statement of AFTER_COPY) {
      await client.query(
        statement((table) => {
          const offset = offsets.get(table);
          if (offset === undefined) throw new Error(`No id offset for ${table}`);
          return offset;
        }),
      );
    }
    const copiedAt = Date.now();
    log(`copied ${[...rows.values()].reduce((a, b) => a + b, 0).toLocaleString('en-US')} rows in ${((copiedAt - started) / 1000).toFixed(1)} s`);
    if (restore.length) {
      const slowest = await recreateIndexes(url, restore, options.indexConnections ?? 2);
      log(`recreated ${restore.length} indexes in ${((Date.now() - copiedAt) / 1000).toFixed(1)} s on ${options.indexConnections ?? 2} connections; slowest: ${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    }
    // Sequences continue after the copies' ids.
    for (const table of offsets.keys()) {
      await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST((SELECT MAX(id) FROM ${quote(table)}), 1)) WHERE pg_get_serial_sequence($1, 'id') IS NOT NULL`, [quote(table)]);
    }
    await client.query('RESET session_replication_role');
    const t1 = Date.now();
    // The copies' poll assignments count who they expect, as the generator's load does.
    const pollOffset = offsets.get('poll_assignments') ?? 0;
    await client.query('SELECT poll_refresh_counters(ARRAY(SELECT id FROM poll_assignments WHERE id > $1))', [pollOffset]);
    log(`poll counters refreshed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    const t2 = Date.now();
    // Visibility map (index-only scans of the lists) and the planner's statistics.
    await client.query('VACUUM (ANALYZE)');
    log(`VACUUM (ANALYZE) in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    return { ms: Date.now() - started, rows };
  } finally {
    await client.query('ALTER SYSTEM RESET max_wal_size').catch(() => undefined);
    await client.query('SELECT pg_reload_conf()').catch(() => undefined);
    await client.end();
  }
}

/** Runs the CREATE INDEX statements on `connections` connections, biggest tables first; returns the five slowest. */
async function recreateIndexes(url: string, indexes: readonly { name: string; table: string; def: string }[], connections: number): Promise<[string, number][]> {
  const sizes = new Map<string, number>();
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ table: string; bytes: string }>(`SELECT relname AS table, pg_relation_size(oid)::text AS bytes FROM pg_class WHERE relname = ANY($1) AND relnamespace = current_schema()::regnamespace`, [[...new Set(indexes.map((index) => index.table))]]);
    for (const row of rows) sizes.set(row.table, Number(row.bytes));
  } finally {
    await probe.end();
  }
  const queue = [...indexes].sort((a, b) => (sizes.get(b.table) ?? 0) - (sizes.get(a.table) ?? 0));
  const times: [string, number][] = [];
  await Promise.all(
    Array.from({ length: Math.max(1, connections) }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`SET maintenance_work_mem = '512MB'; SET max_parallel_maintenance_workers = 1`);
        for (let index = queue.shift(); index; index = queue.shift()) {
          const t0 = Date.now();
          await client.query(index.def);
          times.push([index.name, Date.now() - t0]);
        }
      } finally {
        await client.end();
      }
    }),
  );
  return times.sort((a, b) => b[1] - a[1]).slice(0, 5);
}

export type CheckReport = { missingParents: { key: string; rows: number }[]; invalidIndexes: string[]; badCurps: string[]; studentsByCampus: { campus: string; students: number }[] };

/** Every foreign key's orphans, every unique index valid, copied CURPs valid, students per campus. */
export async function checkDatabase(url: string, log: Log = console.log): Promise<CheckReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const catalog = await readCatalog(client);
    const missingParents: CheckReport['missingParents'] = [];
    for (const fk of catalog.foreignKeys) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM ${quote(fk.table)} c WHERE c.${quote(fk.column)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${quote(fk.refTable)} p WHERE p.${quote(fk.refColumn)} = c.${quote(fk.column)})`,
      );
      if (rows[0].n > 0) missingParents.push({ key: `${fk.table}.${fk.column} → ${fk.refTable}`, rows: rows[0].n });
    }
    const { rows: invalid } = await client.query<{ name: string }>(
      `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid WHERE t.relnamespace = current_schema()::regnamespace AND NOT (x.indisvalid AND x.indisready)`,
    );
    const { rows: presentUniques } = await client.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid WHERE t.relnamespace = current_schema()::regnamespace AND x.indisunique AND x.indisvalid`,
    );
    const { rows: curps } = await client.query<{ curp: string }>(
      `(SELECT curp FROM students WHERE curp ~ '[9Z][0-9]$' ORDER BY id DESC LIMIT 2000) UNION ALL (SELECT curp FROM teachers WHERE curp ~ '[9Z][0-9]$' ORDER BY id DESC LIMIT 500)`,
    );
    const badCurps = curps.map((row) => row.curp).filter((curp) => !isValidCurp(curp));
    const { rows: campuses } = await client.query<{ campus: string; students: number }>(
      `SELECT ca.code AS campus, COUNT(s.id)::int AS students FROM campuses ca LEFT JOIN careers c ON c.campus_id = ca.id LEFT JOIN students s ON s.career_id = c.id GROUP BY ca.id, ca.code ORDER BY ca.id`,
    );
    log(`foreign keys checked: ${catalog.foreignKeys.length}, with missing parents: ${missingParents.length}${missingParents.map((m) => `\n  ${m.key}: ${m.rows}`).join('')}`);
    log(`unique indexes valid: ${presentUniques[0].n}; invalid indexes: ${invalid.length ? invalid.map((row) => row.name).join(', ') : 'none'}`);
    log(`copied CURPs checked: ${curps.length}, invalid: ${badCurps.length}${badCurps.length ? ` (${badCurps.slice(0, 5).join(', ')})` : ''}`);
    const { rows: titles } = await client.query<{ n: number; differ: number }>(
      `SELECT COUNT(*)::int AS n, COUNT(*) FILTER (WHERE e.curp IS DISTINCT FROM s.curp OR e.no_control IS DISTINCT FROM s.no_control)::int AS differ
       FROM electronic_titles e JOIN swear_careers w ON w.id = e.swear_id JOIN students s ON s.id = w.student_id`,
    );
    log(`electronic titles: ${titles[0].n}, with a CURP or control number other than their student's: ${titles[0].differ}`);
    const counts = campuses.map((row) => row.students);
    log(`students per campus (${campuses.length} campuses): min ${Math.min(...counts)}, max ${Math.max(...counts)}, total ${counts.reduce((a, b) => a + b, 0)}`);
    return { missingParents, invalidIndexes: invalid.map((row) => row.name), badCurps, studentsByCampus: campuses };
  } finally {
    await client.end();
  }
}

/** Rows of each table. */
export async function tableCounts(url: string, tables: readonly string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = new Map<string, number>();
    for (const table of tables) counts.set(table, Number((await client.query(`SELECT COUNT(*)::int AS n FROM ${quote(table)}`)).rows[0].n));
    return counts;
  } finally {
    await client.end();
  }
}

async function main() {
  loadDotEnv();
  const dataDir = path.resolve(ROOT, option('--data-dir') ?? process.env.PLANTEL_DATA_DIR ?? '.data');
  const db = await prepareDatabase({ dataDir, databaseName: option('--database') ?? 'plantel', seed: 'none' });
  try {
    const copies = option('--copies');
    if (copies) {
      const result = await multiplyDatabase(db.url, { copies: Number(copies), keepIndexes: flag('--keep-indexes'), indexConnections: option('--index-connections') ? Number(option('--index-connections')) : undefined,
        copyConnections: option('--copy-connections') ? Number(option('--copy-connections')) : undefined,
      });
      console.log(`multiplied by ${copies} in ${(result.ms / 1000).toFixed(1)} s`);
    }
    if (flag('--check')) {
      const report = await checkDatabase(db.url);
      if (report.missingParents.length || report.invalidIndexes.length || report.badCurps.length) throw new Error('the check found problems (above)');
    }
  } finally {
    await db.embedded?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'scripts/db/multiply.ts')) main().catch(exitWithFailure);
