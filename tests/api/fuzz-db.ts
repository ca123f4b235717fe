// The database side of the fuzz tests: telling whether a refused request changed anything, and
// putting the database back as it was once a fuzz file is done.
import pg from 'pg';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, table: string) => `${quoted(schema)}.${quoted(table)}`;

async function baseTables(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY table_name",
    [schema],
  );
  return rows.map((row) => row.table_name);
}

/**
 * Whether anything was written between `mark()` and `changes()`, cheaply and soundly.
 *
 * Every transaction that writes a row (insert, update, delete, a row lock) is given a transaction id
 * when it first writes, and ids are handed out in order. So when the next id to be handed out
 * (`pg_snapshot_xmax` of a new snapshot, everything before it being finished) is the same after a
 * request as before it, no transaction wrote anything: the common case, one tiny query.
 *
 * When ids were used (a transaction that wrote and rolled back uses one too, as does an autovacuum
 * ANALYZE), every table is looked at: a committed insert or update leaves a row whose `xmin` (the
 * id of the transaction that wrote it) is at or past the mark, and a committed delete leaves the
 * table with fewer rows than at the mark (a delete paired with an insert shows by the insert).
 * Rolled-back rows are invisible, so they count for nothing, as they should. The job queue's
 * table (pg-boss) is counted too: a refused request must not queue work.
 *
 * Only the request writes these tables during the fuzz (test files run one after another, and the
 * fuzz starts no job runner); autovacuum may use ids too, which only sends a request down the
 * longer path.
 */
export class WriteWatch {
  private constructor(private readonly client: pg.Client) {}

  private baseline: { xid: bigint; counts: Map<string, number>; tables: string[] } | null = null;
  private markedXid = 0n;

  static async open(connectionString = process.env.DATABASE_URL!): Promise<WriteWatch> {
    const client = new pg.Client({ connectionString, application_name: 'plantel-fuzz-watch' });
    await client.connect();
    return new WriteWatch(client);
  }

  async close() {
    await this.client.end();
  }

  private async nextXid(): Promise<bigint> {
    const { rows } = await this.client.query<{ xid: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid');
    return BigInt(rows[0].xid);
  }

  private async tables(): Promise<string[]> {
    const own = (await baseTables(this.client, 'public')).map((table) => qualified('public', table));
    const queue = (await this.client.query("SELECT to_regclass('pgboss.job') IS NOT NULL AS present")).rows[0].present ? ['"pgboss"."job"'] : [];
    return [...own, ...queue];
  }

  /** Rows per table, and (from `since` on) rows written at or after that transaction id. */
  private async scan(tables: string[], since: bigint | null): Promise<Map<string, { rows: number; fresh: number }>> {
    // Transaction ids of a fresh cluster fit in xmin's 32 bits (no wraparound in a test run).
    const fresh = (table: string) => (since === null || table.startsWith('"pgboss"') ? '0' : `count(*) FILTER (WHERE xmin::text::bigint >= ${since})`);
    const sql = tables.map((table) => `SELECT ${`'${table.replace(/'/g, "''")}'`} AS t, count(*)::int AS n, ${fresh(table)}::int AS f FROM ${table}`).join(' UNION ALL ');
    const { rows } = await this.client.query<{ t: string; n: number; f: number }>(sql);
    return new Map(rows.map((row) => [row.t, { rows: row.n, fresh: row.f }]));
  }

  /** Call before a request. */
  async mark(): Promise<void> {
    const xid = await this.nextXid();
    this.markedXid = xid;
    if (this.baseline?.xid === xid) return;
    const tables = await this.tables();
    const counts = new Map([...(await this.scan(tables, null))].map(([table, { rows }]) => [table, rows]));
    // Ids used while counting are autovacuum's (its ANALYZE writes the catalog, never these tables):
    // the counts hold for the mark taken after them.
    this.markedXid = await this.nextXid();
    this.baseline = { xid: this.markedXid, counts, tables };
  }

  /** After the request: the tables it changed (empty when it changed nothing). */
  async changes(): Promise<string[]> {
    if ((await this.nextXid()) === this.markedXid) return [];
    const baseline = this.baseline!;
    const now = await this.scan(baseline.tables, this.markedXid);
    const changed: string[] = [];
    for (const table of baseline.tables) {
      const seen = now.get(table)!;
      if (seen.fresh > 0 || seen.rows !== baseline.counts.get(table)) changed.push(`${table} (rows ${baseline.counts.get(table)} -> ${seen.rows}, written ${seen.fresh})`);
    }
    return changed;
  }
}

/**
 * A copy of every table, taken in the database itself, and the way back to it. The fuzz calls
 * actions with real ids, so an accepted call really converts an applicant or cancels a sale; the
 * test files after it expect the demo data as seeded. Put back: every table's rows (with triggers and
 * foreign keys held off while loading, as pg_restore --disable-triggers does), the sequences where
 * they stood, and the queue without the jobs the fuzz started (no runner ever ran them).
 */
export async function snapshotDatabase(connectionString = process.env.DATABASE_URL!): Promise<{ restore: () => Promise<void> }> {
  const schema = `fuzz_snapshot_${process.pid}`;
  const client = new pg.Client({ connectionString, application_name: 'plantel-fuzz-snapshot' });
  await client.connect();
  const started = (await client.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0].now;
  const tables = await baseTables(client, 'public');
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  await client.query(`CREATE SCHEMA ${quoted(schema)}`);
  for (const table of tables) await client.query(`CREATE TABLE ${qualified(schema, table)} AS TABLE ${qualified('public', table)}`);
  await client.query('COMMIT');
  // Where each sequence stood: not the highest id left, since earlier test files deleted rows whose
  // history stays, and an id handed out again would inherit that history.
  const { rows: sequences } = await client.query<{ sequence: string; last_value: string; is_called: boolean }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS sequence, last_value::text, last_value IS NOT NULL AS is_called FROM pg_sequences WHERE schemaname = 'public'`,
  );
  await client.end();

  return {
    restore: async () => {
      const restorer = new pg.Client({ connectionString, application_name: 'plantel-fuzz-restore' });
      await restorer.connect();
      try {
        await restorer.query('BEGIN');
        await restorer.query("SET LOCAL session_replication_role = 'replica'");
        await restorer.query(`TRUNCATE ${tables.map((table) => qualified('public', table)).join(', ')}`);
        for (const table of tables) {
          // Generated columns (search_text) are computed again.
          const { rows } = await restorer.query<{ column_name: string }>(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position",
            [table],
          );
          const columns = rows.map((row) => quoted(row.column_name)).join(', ');
          await restorer.query(`INSERT INTO ${qualified('public', table)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${qualified(schema, table)}`);
        }
        for (const row of sequences) {
          if (row.is_called) await restorer.query('SELECT setval($1, $2::bigint, true)', [row.sequence, row.last_value]);
          else await restorer.query('ALTER SEQUENCE ' + row.sequence + ' RESTART');
        }
        if ((await restorer.query("SELECT to_regclass('pgboss.job') IS NOT NULL AS present")).rows[0].present) {
          await restorer.query('DELETE FROM pgboss.job WHERE created_on >= $1', [started]);
        }
        await restorer.query(`DROP SCHEMA ${quoted(schema)} CASCADE`);
        await restorer.query('COMMIT');
      } catch (error) {
        await restorer.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await restorer.end();
      }
    },
  };
}
