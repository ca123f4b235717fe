// One Prisma client and one pg pool per process, shared by every request.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { env } from '@/server/env';
import { hearLostConnections } from './lost-connections';
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
  hearLostConnections(pool, 'db');
  pool.on('connect', (client) => {
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
