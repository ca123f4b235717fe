// The measured side of `npm run bench` and `npm run load`: the large data set in its own embedded
// database (loaded once into .data/bench), the production build started against it, and what the
// server and the database use while they are measured (CPU from /proc, RSS).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_BUNDLE, localSecret, prepareDatabase, serverNodeArgs, type PreparedDatabase } from './bootstrap';

/** Where the large data set lives: its embedded PostgreSQL and the marker that it is loaded. */
export const BENCH_DATA_DIR = path.join(ROOT, '.data', 'bench');

/** The data set sizes the bench measures, each in its own data folder. */
export type BenchSize = 'large' | 'huge';
export const BENCH_SIZES: readonly BenchSize[] = ['large', 'huge'];

/** The data folder of a size's bench database (`large` keeps the folder it always had). */
export const benchDataDir = (size: BenchSize) => (size === 'large' ? BENCH_DATA_DIR : path.join(ROOT, '.data', `bench-${size}`));

/** The demo users' password, which every account of the generated data sets shares. */
export const DEMO_PASSWORD = () => process.env.DEMO_PASSWORD || 'plantel2026';

/**
 * A size's bench database: started (embedded unless DATABASE_URL is set), migrated, and on its
 * first use loaded with the data set (minutes: `large` a few, `huge` up to half an hour), which a
 * marker file remembers.
 */
export async function prepareBenchDatabase(size: BenchSize = 'large'): Promise<PreparedDatabase> {
  const dataDir = benchDataDir(size);
  process.env.AUTH_SECRET ||= localSecret(dataDir);
  // BENCH_SCALE_FACTOR (0 to 1) shrinks the huge set, to try it small; its marker names the factor,
  // so the full set is loaded (the database emptied first) when the factor changes.
  const factor = size === 'huge' && process.env.BENCH_SCALE_FACTOR ? process.env.BENCH_SCALE_FACTOR : null;
  const marker = path.join(dataDir, factor ? `${size}-x${factor}-loaded` : `${size}-loaded`);
  const fresh = !fs.existsSync(marker);
  // Whichever set was there before is gone once the database is emptied.
  if (fresh) for (const other of fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []) if (other.endsWith('-loaded')) fs.rmSync(path.join(dataDir, other));
  const db = await prepareDatabase({ dataDir, databaseName: 'plantel_bench', fresh, seed: 'none' });
  if (fresh) {
    console.log(`loading the ${size} data set…`);
    const t0 = Date.now();
    // The generator holds the data set it generates in memory before loading it: for huge, a base
    // of one twenty-fifth of it (the rest is copied inside PostgreSQL, scripts/db/multiply.ts),
    // still past node's default heap.
    const heap = size === 'huge' ? ` --max-old-space-size=${process.env.SEED_HEAP_MB ?? 6144}` : '';
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/db/seed.ts', '--size', size, ...(factor ? ['--scale-factor', factor] : [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: db.url, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''}${heap}`.trim() },
    });
    if (result.status !== 0) {
      await db.embedded?.stop();
      throw new Error(`loading the ${size} data set failed`);
    }
    fs.writeFileSync(marker, String(Date.now() - t0));
  }
  console.log(`${size}${factor ? ` (factor ${factor})` : ''} data set loaded in ${(Number(fs.readFileSync(marker, 'utf8')) / 1000).toFixed(1)} s`);
  return db;
}

/** The large data set's database (`npm run load`). */
export const prepareLargeDatabase = () => prepareBenchDatabase('large');

/** Builds the production server when the sources changed since the last build (`npm start`'s rule). */
export function buildIfNeeded(): void {
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts', '--build-only', '--no-demo-snapshot'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

/** The production server, as `npm start` runs it, on `port` against `databaseUrl`; its output is
 * appended to `logFile` (by default the bench's server.log). */
export function startProductionServer(databaseUrl: string, port: number, env: Record<string, string> = {}, logFile = path.join(BENCH_DATA_DIR, 'server.log')): ChildProcess {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = fs.openSync(logFile, 'a');
  return spawn(process.execPath, [...serverNodeArgs(), SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', DATABASE_URL: databaseUrl, NEXTAUTH_URL: `http://localhost:${port}`, ...env },
    // Its log (a line per request, errors) goes to a file: interleaved with the report it made the
    // table unreadable, and dropped it would hide a failure's stack.
    stdio: ['ignore', logFd, logFd],
  });
}

/** Stops the server and waits for it to exit. */
export async function stopServer(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise((resolve) => app.once('exit', resolve));
  app.kill('SIGTERM');
  await exited;
}

/** Signs a user in through the API and returns its Bearer token. */
export async function signIn(port: number, username: string, password = DEMO_PASSWORD()): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/manage/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await login.json().catch(() => ({}))) as { token?: string };
  if (!login.ok || !body.token) throw new Error(`${username} could not sign in (status ${login.status})`);
  return body.token;
}

/** The session cookie a browser gets from the sign-in form (next-auth's credentials flow). */
export async function browserCookie(port: number, provider: 'credentials' | 'aspirant', fields: Record<string, string>): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const answer = await fetch(`${base}/api/auth/callback/${provider}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; ') },
    body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: `http://localhost:${port}/`, json: 'true' }),
  });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('plantel.session='));
  if (!session) throw new Error(`browser sign-in of ${Object.values(fields)[0]} failed (status ${answer.status})`);
  return session.split(';')[0];
}

/** The resident memory of one process in MB (0 when it cannot be read). */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The server process and any children it starts. */
export function serverPids(root: number): number[] {
  const pids = [root];
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === root) pids.push(Number(entry));
    }
  } catch {
    // /proc is Linux-only; RSS is then not reported.
  }
  return pids;
}

function ownCpuTicks(pid: number): { ticks: number; parent: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, and those of children that ended (cutime, cstime).
    return { ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]), parent: Number(fields[1]) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by one process and its children, living or ended (Linux), or null when
 * the process cannot be read. The children are read before the process itself: a child that ends
 * in between is then counted twice (once alive, once in its parent's cutime) rather than not at
 * all, so the counter never goes backwards. It counts no other server on the machine.
 */
export function processTreeCpu(root: number | null): number | null {
  if (root === null) return null;
  let children = 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === root) continue;
      const own = ownCpuTicks(Number(entry));
      if (own?.parent === root) children += own.ticks;
    }
  } catch {
    return null;
  }
  const own = ownCpuTicks(root);
  return own ? (own.ticks + children) / 100 : null;
}

/** processTreeCpu, 0 when the process cannot be read (`npm run load`). */
export const processTreeCpuSeconds = (root: number): number => processTreeCpu(root) ?? 0;

/**
 * The postmaster of the embedded database whose data folder is `dataDir` (the first line of its
 * postmaster.pid), or null when it does not run there (DATABASE_URL elsewhere). Its process tree
 * is the database's CPU: counting every `postgres` process of the machine took in the other
 * clusters that start and stop beside the bench (test runs), whose ending made the column negative.
 */
export function embeddedPostmasterPid(dataDir = BENCH_DATA_DIR): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    try {
      process.kill(pid, 0);
    } catch (error) {
      // EPERM: it runs, as the `postgres` user (the bench runs as root).
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
    }
    return pid;
  } catch {
    return null;
  }
}
