// Entry point of the generated seed: base data (roles, permissions, settings), then the whole data
// set of a size, loaded in bulk.
import pg from 'pg';
import type { PrismaClient } from '../../../server/db/generated/client';
import { seedBase } from '../base';
import type { Size } from './config';
import { type DemoData, generate } from './generate';
import { type Executor, loadTables } from './load';

export type { Size } from './config';
export type { DemoData } from './generate';

export type SeedReport = { size: Size; today: string; generateMs: number; loadMs: number; counts: Map<string, number> };

export type SeedOptions = {
  size: Size;
  /** shrinks the huge size evenly (0 to 1), to try it small */
  scaleFactor?: number;
  /** the hash every generated account shares (hash the password once) */
  passwordHash: string;
  demo: DemoData;
  /** loads through its own pg connection; without it the Prisma client's connection is used */
  connectionString?: string;
  /** the day the data is as of; defaults to now */
  today?: Date;
  log?: (line: string) => void;
};

function pgExecutor(client: pg.Client): Executor {
  const rows = async (sql: string, params?: string[]) => (await client.query(sql, params)).rows as Record<string, unknown>[];
  return {
    rows,
    async transaction(work) {
      await client.query('BEGIN');
      try {
        const result = await work({ rows });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}

type RawClient = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

function prismaRows(client: RawClient) {
  return async (sql: string, params: string[] = []) => {
    if (/^\s*(SELECT|WITH)\b/i.test(sql)) return client.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params);
    await client.$executeRawUnsafe(sql, ...params);
    return [];
  };
}

function prismaExecutor(prisma: PrismaClient): Executor {
  return {
    rows: prismaRows(prisma),
    transaction: (work) => prisma.$transaction((tx) => work({ rows: prismaRows(tx) }), { timeout: 15 * 60_000, maxWait: 60_000 }),
  };
}

/** Runs seedBase, then generates and loads the data set. The database must have no users yet. */
export async function seedGenerated(prisma: PrismaClient, options: SeedOptions): Promise<SeedReport> {
  const log = options.log ?? (() => undefined);
  await seedBase(prisma, 'Universidad Plantel');
  const client = options.connectionString ? new pg.Client({ connectionString: options.connectionString }) : null;
  if (client) await client.connect();
  try {
    const db = client ? pgExecutor(client) : prismaExecutor(prisma);
    if (client) await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '256MB'");
    const [{ users }] = await db.rows('SELECT COUNT(*)::int AS users FROM users');
    if (Number(users) > 0) throw new Error('The database already has users: generated data goes into an empty database');
    const roles = new Map((await db.rows('SELECT id, short FROM roles')).map((row) => [String(row.short), Number(row.id)] as const));
    const permissions = new Map((await db.rows('SELECT id, short FROM permissions')).map((row) => [String(row.short), Number(row.id)] as const));

    const started = Date.now();
    const data = generate({ size: options.size, scaleFactor: options.scaleFactor, today: options.today ?? new Date(), passwordHash: options.passwordHash, roles, permissions, demo: options.demo });
    const generated = Date.now();
    log(`generated the ${options.size} data set as of ${data.today} in ${((generated - started) / 1000).toFixed(1)} s`);
    const counts = await loadTables(db, Object.values(data.tables), { defaultStamp: data.defaultStamp, rebuildThreshold: 10_000, log });
    const entries = Object.entries(data.settings);
    await db.rows(`UPDATE settings SET ${entries.map(([column], i) => `"${column}" = $${i + 1}`).join(', ')} WHERE id = (SELECT MIN(id) FROM settings)`, entries.map(([, value]) => value));
    // The tables seedBase filled, so the report covers every table.
    for (const table of ['roles', 'permissions', 'settings']) counts.set(table, Number((await db.rows(`SELECT COUNT(*)::int AS n FROM "${table}"`))[0]?.n ?? 0));
    return { size: options.size, today: data.today, generateMs: generated - started, loadMs: Date.now() - generated, counts };
  } finally {
    await client?.end();
  }
}
