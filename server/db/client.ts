// One Prisma client and one pg pool per process, shared by every request.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { env } from '@/server/env';
import { logger } from '@/server/log';
import { PrismaClient } from './generated/client';

type Globals = { prisma?: PrismaClient; pool?: pg.Pool };

let statements = 0;

/** SQL statements sent through the shared pool since the process started. */
export function statementCount(): number {
  return statements;
}
const globals = globalThis as unknown as Globals;

function createPool(): pg.Pool {
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: env.DB_POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', (error) => logger().warn({ err: error }, 'db: idle connection lost'));
  pool.on('connect', (client) => {
    // A connection lost while a request holds it between two statements (a database restart, a
    // session ended by an administrator) reports to no statement and, while held, to no pool
    // listener either: unheard, the error would end the process. Heard here, the holder's next
    // statement fails as a lost connection (503) and the pool opens a fresh one. Debug level: an
    // idle connection's loss is already logged by the pool's listener above, a held one's by the
    // request that then fails.
    client.on('error', (error) => logger().debug({ err: error }, 'db: connection lost'));
    // Counts statements so tests can hold list pages to a fixed number of queries (no N+1).
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
  });
  return pool;
}

export function getPool(): pg.Pool {
  globals.pool ??= createPool();
  return globals.pool;
}

export function getPrisma(): PrismaClient {
  globals.prisma ??= new PrismaClient({
    adapter: new PrismaPg(getPool()),
    // A busy moment (two hundred cashiers' payments on one sale wait for its row in turn) must
    // queue, not fail: Prisma's defaults give up on a transaction after 2 s of waiting.
    transactionOptions: { maxWait: 20_000, timeout: 30_000 },
    log: env.LOG_SQL ? ['query'] : [],
  });
  return globals.prisma;
}

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, key) {
    const client = getPrisma();
    const value = Reflect.get(client, key, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
});

export async function disconnect(): Promise<void> {
  await globals.prisma?.$disconnect();
  await globals.pool?.end();
  globals.prisma = undefined;
  globals.pool = undefined;
}

export type { PrismaClient };
export { Prisma } from './generated/client';
