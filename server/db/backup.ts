// Logical backups of Plantel's database, with nothing but the pg driver (the embedded PostgreSQL
// ships no pg_dump): one gzip file holding a header, the migrations the data belongs to, and every
// table of the public schema as lines of JSON rows written by PostgreSQL itself (row_to_json), so
// every value keeps its exact text — money, scores and dates included. Restoring applies the same
// migrations to an empty database, loads each table with json_populate_recordset (PostgreSQL
// parses the values again), with triggers and foreign keys held off for the load as pg_restore
// --disable-triggers does, and sets each sequence where it stood.
import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

const MAGIC = 'PLANTEL-BACKUP 1';
const BATCH = 2000;

/** `sequences`: where each id sequence stood (ids of deleted rows are never handed out again, since
 * their history rows remain); absent from backups written before it was kept. */
export type BackupManifest = { created_at: string; migrations: string[]; tables: { name: string; rows: number }[]; sequences?: { name: string; last_value: string | null }[] };

async function baseTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name");
  return rows.map((row) => row.table_name);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes a backup of the database to `file`; answers what it holds. */
export async function backupDatabase(connectionString: string, file: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const out = new PassThrough();
  const written = pipeline(out, createGzip(), fs.createWriteStream(file));
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  try {
    // One snapshot for every table: the backup is consistent even while the app writes.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await baseTables(client);
    const { rows: migrations } = await client.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name');
    const counts: { name: string; rows: number }[] = [];
    for (const table of tables) counts.push({ name: table, rows: Number((await client.query(`SELECT count(*) AS n FROM ${quoted(table)}`)).rows[0].n) });
    const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
      "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
    );
    const manifest: BackupManifest = { created_at: new Date().toISOString(), migrations: migrations.map((row) => row.migration_name), tables: counts, sequences };
    await write(MAGIC);
    await write(JSON.stringify(manifest));
    for (const table of tables) {
      await write(`@table ${table}`);
      await client.query(`DECLARE rows_of_table NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t`);
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM rows_of_table`);
        for (const row of rows) await write(row.row);
        if (rows.length < BATCH) break;
      }
      await client.query('CLOSE rows_of_table');
    }
    await write('@end');
    await client.query('COMMIT');
    out.end();
    await written;
    return manifest;
  } catch (error) {
    out.destroy();
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The header of a backup file, without reading its rows. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let index = 0;
  for await (const line of lines) {
    if (index === 0 && line !== MAGIC) throw new Error('Not a Plantel backup');
    if (index === 1) {
      lines.close();
      return JSON.parse(line) as BackupManifest;
    }
    index += 1;
  }
  throw new Error('The backup is empty');
}

/**
 * Loads a backup into a database whose schema is already migrated and holds no data of its own
 * (the migrations' rows excepted). Needs a role that may hold off triggers (the database's
 * superuser, as pg_restore --disable-triggers does).
 */
export async function restoreDatabase(connectionString: string, file: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  let lines: readline.Interface | null = null;
  let manifest: BackupManifest | null = null;
  let table: string | null = null;
  let columns = '';
  let batch: string[] = [];
  const flush = async () => {
    if (!table || !batch.length) return;
    await client.query(`INSERT INTO ${quoted(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`, [`[${batch.join(',')}]`]);
    batch = [];
  };
  try {
    const existing = new Set(await baseTables(client));
    // Never over a database in use: its users say so.
    if (existing.has('users') && (await client.query('SELECT 1 FROM users LIMIT 1')).rows.length) throw new Error('The database is in use (it has users): restore into an empty one');
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    // Read from here on: lines a reader emits before its loop starts would be lost.
    lines = readline.createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    let index = 0;
    for await (const line of lines) {
      if (index === 0 && line !== MAGIC) throw new Error('Not a Plantel backup');
      if (index === 1) {
        manifest = JSON.parse(line) as BackupManifest;
        const { rows } = await client.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name');
        const here = rows.map((row) => row.migration_name).join('\n');
        if (here !== manifest.migrations.join('\n')) throw new Error('The database is not at the backup’s migrations: apply the same migrations (and no more) first');
      }
      index += 1;
      if (index <= 2) continue;
      if (line.startsWith('@table ') || line === '@end') {
        await flush();
        if (line === '@end') break;
        table = line.slice(7);
        if (!existing.has(table)) throw new Error(`The backup has a table this database lacks: ${table}`);
        // What a migration put there (a default row) gives way to the backup's rows.
        if (table !== '_prisma_migrations') await client.query(`DELETE FROM ${quoted(table)}`);
        // Generated columns are computed again; the migrations' table keeps its own rows.
        const { rows } = await client.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position", [table]);
        columns = rows.map((row) => quoted(row.column_name)).join(', ');
        if (table === '_prisma_migrations') table = null;
        continue;
      }
      if (!table) continue;
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
    if (!manifest) throw new Error('The backup is empty');
    // Each identity sequence continues where it stood (or after the highest restored id, if more).
    const saved = new Map((manifest.sequences ?? []).map((sequence) => [sequence.name, sequence.last_value]));
    const { rows: sequences } = await client.query<{ table_name: string; column_name: string; sequence: string }>(
      `SELECT c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS sequence
         FROM information_schema.columns c WHERE c.table_schema = 'public' AND pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL`,
    );
    for (const row of sequences) {
      await client.query(`SELECT setval($1, GREATEST(coalesce((SELECT max(${quoted(row.column_name)}) FROM ${quoted(row.table_name)}), 0), coalesce($2::bigint, 0)) + 1, false)`, [row.sequence, saved.get(row.sequence) ?? null]);
    }
    await client.query('COMMIT');
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    lines?.close();
    await client.end();
  }
}

/** Each table's row count and the sum of each numeric column: what a drill compares. */
export async function databaseFingerprint(connectionString: string): Promise<Record<string, Record<string, string>>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const fingerprint: Record<string, Record<string, string>> = {};
    for (const table of await baseTables(client)) {
      if (table === '_prisma_migrations') continue;
      const { rows: numeric } = await client.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND data_type IN ('numeric', 'integer', 'bigint', 'smallint') ORDER BY column_name",
        [table],
      );
      const sums = numeric.map((column) => `coalesce(sum(${quoted(column.column_name)}), 0)::text AS ${quoted(`sum:${column.column_name}`)}`);
      const { rows } = await client.query(`SELECT count(*)::text AS "count"${sums.length ? `, ${sums.join(', ')}` : ''} FROM ${quoted(table)}`);
      fingerprint[table] = rows[0] as Record<string, string>;
    }
    return fingerprint;
  } finally {
    await client.end();
  }
}
