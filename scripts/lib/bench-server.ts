// The measured side of `npm run bench` and `npm run load`: the large data set in its own embedded
// database (loaded once into .data/bench), the production build started against it, and what the
// server and the database use while they are measured (CPU from /proc, RSS).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_BUNDLE, localSecret, prepareDatabase, serverNodeArgs, type PreparedDatabase } from './bootstrap';

/** Where the large data set lives: its embedded PostgreSQL and the marker that it is loaded. */
export const BENCH_DATA_DIR = path.join(ROOT, '.data', 'bench');

/** The demo users' password, which every account of the generated data sets shares. */
export const DEMO_PASSWORD = () => process.env.DEMO_PASSWORD || 'plantel2026';

/**
 * The large data set's database: started (embedded unless DATABASE_URL is set), migrated, and on
 * its first use loaded with the large data set (a few minutes), which a marker file remembers.
 */
export async function prepareLargeDatabase(): Promise<PreparedDatabase> {
  process.env.AUTH_SECRET ||= localSecret(BENCH_DATA_DIR);
  const marker = path.join(BENCH_DATA_DIR, 'large-loaded');
  const fresh = !fs.existsSync(marker);
  const db = await prepareDatabase({ dataDir: BENCH_DATA_DIR, databaseName: 'plantel_bench', fresh, seed: 'none' });
  if (fresh) {
    console.log('loading the large data set…');
    const t0 = Date.now();
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/db/seed.ts', '--size', 'large'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: db.url } });
    if (result.status !== 0) throw new Error('loading the large data set failed');
    fs.writeFileSync(marker, String(Date.now() - t0));
  }
  console.log(`large data set loaded in ${(Number(fs.readFileSync(marker, 'utf8')) / 1000).toFixed(1)} s`);
  return db;
}

/** Builds the production server when the sources changed since the last build (`npm start`'s rule). */
export function buildIfNeeded(): void {
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts', '--build-only'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

/** The production server, as `npm start` runs it, on `port` against `databaseUrl`. */
export function startProductionServer(databaseUrl: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...serverNodeArgs(), SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', DATABASE_URL: databaseUrl, NEXTAUTH_URL: `http://localhost:${port}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
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

/** CPU seconds used so far by the processes whose command line matches, from /proc (Linux). */
export function cpuSecondsOf(match: (command: string) => boolean): number {
  let ticks = 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!match(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) continue;
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // Own user and system time, plus that of children which ended (the postmaster's backends
        // that closed during a case); without those a case could show less CPU than it used.
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks / 100;
}

/** CPU seconds of every production server on the machine (each measurement runs one). */
export const serverCpu = () => cpuSecondsOf((command) => command.includes('plantel-server.mjs'));
/** CPU seconds of every PostgreSQL process on the machine. */
export const databaseCpu = () => cpuSecondsOf((command) => command.startsWith('postgres'));

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
 * CPU seconds used so far by one process and its children, living or ended (Linux; 0 elsewhere).
 * Unlike serverCpu/databaseCpu it counts no other server on the machine.
 */
export function processTreeCpuSeconds(root: number): number {
  let ticks = ownCpuTicks(root)?.ticks ?? 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === root) continue;
      const own = ownCpuTicks(Number(entry));
      if (own?.parent === root) ticks += own.ticks;
    }
  } catch {
    return 0;
  }
  return ticks / 100;
}

/** The postmaster of the embedded database under BENCH_DATA_DIR, found by its data folder (null when the database is elsewhere). */
export function embeddedPostmasterPid(): number | null {
  const flag = `-D\0${path.join(BENCH_DATA_DIR, 'postgres', 'cluster')}\0`;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(flag)) return Number(entry);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // /proc is Linux-only
  }
  return null;
}
