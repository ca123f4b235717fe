// Getting a database ready: embedded server when there is no DATABASE_URL, migrations, seed.
// Shared by `npm start`, the test setup and the benchmark.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, ensureDatabase, startEmbedded } from '../db/embedded';
import { applyMigrations } from '../../server/db/migrate';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** The production server (server/serve.ts) bundled for plain node by `start.ts --build-only` (its chunks beside it). */
export const SERVER_BUNDLE = path.join(ROOT, '.next', 'plantel-server', 'plantel-server.mjs');

/** Node flags of the production server. With memory to spare V8 grows its heap long before it
 * collects; a ceiling makes it collect sooner. Measured on the `large` data set after the list and
 * show loads, an export of 20,000 students peaked at 465 MB RSS without it and 346 MB with 320 MB
 * (same export time, 3.1 s). Large answers are streamed, so the server never needs a big heap. */
export function serverNodeArgs(): string[] {
  const heapMb = Number(process.env.SERVER_HEAP_MB) || 320;
  // SERVER_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of the server when it stops (for `npm run bench`).
  const profile = process.env.SERVER_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROFILE_DIR}`] : [];
  // The heap grows by a tenth past what is alive before V8 collects, and the young generation stays
  // small: a server of a few hundred MB keeps to them at a few percent of speed (1,000 report cards
  // with their zip: peak RSS 333 MB instead of 401, 40.7 s instead of 38.2; issue 30). Semi-spaces
  // of 6 MB, not 4: with 4, what a long stream (an export) holds across two scavenges was promoted
  // and collected again and again under that small growth. Measured at the huge data set, the xlsx
  // export of 510,400 students: 65.9 s at 4 MB, 51.7 s at 6 (peak 350 MB); the report cards: peak
  // 353 MB at 4, 374 at 6, 398 at 8 (bar 400 MB).
  const memory = ['--max-semi-space-size=6', '--heap-growing-percent=10'];
  // SERVER_NODE_FLAGS: more of node's or V8's flags for the server, separated by spaces; they win
  // over the ones above.
  const extra = (process.env.SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return [`--max-old-space-size=${heapMb}`, ...memory, ...extra, ...profile];
}

/** Reads KEY=value lines of .env into process.env (without overriding what is already set). */
export function loadDotEnv(file = path.join(ROOT, '.env')) {
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    const value = match[2].replace(/^(['"])(.*)\1$/, '$2');
    if (process.env[match[1]] === undefined) process.env[match[1]] = value;
  }
}

/** A secret generated once per data folder, so sessions survive restarts of the embedded app. */
export function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** pg_advisory_lock key of the first start's seeding (migrations hold their own, server/db/migrate.ts). */
const SEED_LOCK_KEY = 7_411_002;

export type PreparedDatabase = { url: string; embedded: EmbeddedDatabase | null; seeded: boolean };

export async function prepareDatabase(options: {
  dataDir: string;
  databaseName?: string;
  fresh?: boolean;
  seed: 'demo' | 'production' | 'none';
  log?: (line: string) => void;
}): Promise<PreparedDatabase> {
  const log = options.log ?? console.log;
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | null = null;
  if (!url) {
    embedded = await startEmbedded({ dataDir: path.join(options.dataDir, 'postgres') });
    const name = options.databaseName ?? 'plantel';
    await ensureDatabase(embedded.adminUrl, name, options.fresh);
    url = embedded.urlFor(name);
    log(`embedded PostgreSQL on port ${embedded.port} (data in ${path.relative(ROOT, options.dataDir) || '.'})`);
  }
  await applyMigrations(url, path.join(ROOT, 'prisma', 'migrations'), log);
  let seeded = false;
  if (options.seed !== 'none') {
    // Two instances starting together on an empty database (docker compose's scale profile): one
    // seeds while the other waits, then finds users and leaves them.
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    try {
      const { rows } = await lock.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM users) AS empty');
      if (rows[0].empty) seeded = await seedEmpty(url, options.seed, log);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
      await lock.end();
    }
  }
  return { url, embedded, seeded };
}

/**
 * Seeds a database without users: the demo data, or production's superuser. The Prisma client and
 * the seed (with the generator) are imported here only: loaded by every start, they took about 2 s
 * of it, most of a restart's.
 */
async function seedEmpty(url: string, seed: 'demo' | 'production', log: (line: string) => void): Promise<boolean> {
  const [{ PrismaPg }, { PrismaClient }, { DEFAULT_DEMO_PASSWORD, seedDemo, seedProduction }] = await Promise.all([
    import('@prisma/adapter-pg'),
    import('../../server/db/generated/client'),
    import('../../prisma/seed/demo'),
  ]);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    if (seed === 'demo') {
      await seedDemo(prisma, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD, { connectionString: url });
      log('demo data loaded');
      return true;
    }
    const password = process.env.ADMIN_PASSWORD ?? '';
    if (password.length < 12) throw new Error('ADMIN_PASSWORD (12 characters or more) is needed for the first start of a production database');
    await seedProduction(prisma, password);
    log('initial data loaded (user admin)');
    return true;
  } finally {
    await prisma.$disconnect();
  }
}
