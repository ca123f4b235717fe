// A prepared demo database: `npm start` on an empty data folder copies a PostgreSQL data directory
// taken right after the demo data was generated (with PostgreSQL stopped), instead of generating
// the demo data again (about 10 s of the first start's 12.7 s). The snapshot lives in .cache/ (git-
// ignored, so a clean clone makes its own) and is keyed by everything its rows depend on:
//  - the migrations, the seed code and the embedded PostgreSQL (package-lock.json), by content:
//    a snapshot of an older schema is never restored;
//  - the data day (prisma/seed/generator/calendar.ts `dataDay`): open capture windows, the current
//    period and due dates are placed relative to it, so another day makes a new snapshot;
//  - the demo password and the app secret the demo's keys are encrypted under.
// The pure parts (the key) are tested in tests/unit/demo-snapshot.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDay, iso } from '../../prisma/seed/generator/calendar';

/** What a demo snapshot's rows depend on. */
export type SnapshotKeyInput = {
  /** digest of the migrations, the seed code and the lockfile (sourcesDigest) */
  sources: string;
  /** the data day, yyyy-mm-dd */
  day: string;
  /** the demo users' password */
  password: string;
  /** the secret the demo's keys are encrypted under, or null: the snapshot's own (a random one it
   * makes, adopted by the data folder it is restored into) */
  secret: string | null;
};

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** The snapshot's folder name: the data day (readable) and a digest of everything else. */
export function demoSnapshotKey(input: SnapshotKeyInput): string {
  // The password and the secret enter only as digests: the folder name must not reveal them.
  const digest = sha256(JSON.stringify([input.sources, input.day, sha256(input.password), input.secret === null ? 'own secret' : sha256(input.secret)]));
  return `${input.day}-${digest.slice(0, 16)}`;
}

/** The data day of a demo generated at `now`, as the key names it. */
export const snapshotDay = (now: Date) => iso(dataDay(now));

/** A digest of files by path and content, whatever order they come in. */
export function sourcesDigest(files: readonly { path: string; content: Buffer | string }[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\0${sha256(file.content)}\n`);
  }
  return hash.digest('hex');
}

/** Folders and files whose content the demo data depends on (relative to the project root). */
export const SNAPSHOT_SOURCES = ['prisma/migrations', 'prisma/seed', 'scripts/db/embedded.ts', 'scripts/db/demo-snapshot.ts', 'scripts/lib/demo-snapshot.ts', 'package-lock.json'];

function readSources(root: string): { path: string; content: Buffer }[] {
  const files: { path: string; content: Buffer }[] = [];
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const entry of fs.readdirSync(full)) visit(path.join(relative, entry));
    } else {
      files.push({ path: relative.split(path.sep).join('/'), content: fs.readFileSync(full) });
    }
  };
  for (const source of SNAPSHOT_SOURCES) visit(source);
  return files;
}

export const snapshotsDir = (root: string) => path.join(root, '.cache', 'demo-snapshot');

/** The key of the demo a start would generate now with this password and secret. */
export function currentSnapshotKey(root: string, options: { password: string; secret: string | null; now?: Date }): string {
  return demoSnapshotKey({ sources: sourcesDigest(readSources(root)), day: snapshotDay(options.now ?? new Date()), password: options.password, secret: options.secret });
}

/** A snapshot is complete once its marker is written (a half-made one is never restored). */
const COMPLETE = 'complete';

export function snapshotReady(root: string, key: string): boolean {
  return fs.existsSync(path.join(snapshotsDir(root), key, COMPLETE));
}

/**
 * Makes the snapshot of `key` unless it exists: a child process (scripts/db/demo-snapshot.ts)
 * generates the demo into a folder of its own under the app secret given, stops PostgreSQL and
 * marks it complete. Older snapshots are removed. Returns false when it could not be made.
 */
export function ensureDemoSnapshot(root: string, key: string, secret: string | null, log: (line: string) => void = console.log): boolean {
  if (snapshotReady(root, key)) return true;
  log('preparing the demo database snapshot (once per day and schema)…');
  const made = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/db/demo-snapshot.ts', key], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AUTH_SECRET: secret ?? randomBytes(48).toString('base64url'), DATABASE_URL: '' },
  });
  if (made.status !== 0 || !snapshotReady(root, key)) return false;
  // One snapshot is enough; yesterday's or an older schema's is never used again.
  for (const entry of fs.readdirSync(snapshotsDir(root))) {
    if (entry !== key) fs.rmSync(path.join(snapshotsDir(root), entry), { recursive: true, force: true });
  }
  return true;
}

/** Marks a made snapshot complete (by the child that made it, once PostgreSQL stopped). */
export function markSnapshotComplete(folder: string, details: Record<string, unknown>): void {
  fs.writeFileSync(path.join(folder, COMPLETE), JSON.stringify(details));
}

/**
 * After PostgreSQL stopped cleanly, the WAL segment it wrote last holds its shutdown checkpoint and
 * is the only one a start reads; segments named after it are recycled ones kept for future writes
 * (64 MB of the demo's 170). Those are left out of the snapshot, which makes every copy faster.
 * Returns the names removed.
 */
export function trimRecycledWal(clusterDir: string): string[] {
  const walDir = path.join(clusterDir, 'pg_wal');
  const segments = fs.readdirSync(walDir).filter((name) => /^[0-9A-F]{24}$/.test(name));
  if (segments.length < 2) return [];
  const written = segments.reduce((latest, name) => (fs.statSync(path.join(walDir, name)).mtimeMs > fs.statSync(path.join(walDir, latest)).mtimeMs ? name : latest));
  const recycled = segmentsAfter(segments, written);
  for (const name of recycled) fs.rmSync(path.join(walDir, name));
  return recycled;
}

/** The WAL segment names that sort after `current` (segment names sort in WAL order). */
export function segmentsAfter(segments: readonly string[], current: string): string[] {
  return segments.filter((name) => name > current);
}

/**
 * A second copy of the snapshot (the spare) is kept ready: a start on an empty data folder moves it
 * into place (a rename, instant) and a new spare is copied in the background once the server runs.
 * Without a spare (or across file systems) the snapshot is copied (about a second).
 */
const spareDir = (root: string, key: string) => path.join(snapshotsDir(root), key, 'spare');
const SPARE_READY = 'spare-ready';

/** Copies the snapshot into its spare (synchronously: while the snapshot is being made). */
export function makeSpare(root: string, key: string): void {
  const spare = spareDir(root, key);
  const making = `${spare}.making-${process.pid}`;
  fs.rmSync(making, { recursive: true, force: true });
  fs.mkdirSync(making, { recursive: true });
  copyTree(path.join(snapshotsDir(root), key, 'postgres'), path.join(making, 'postgres'));
  // The marker goes before the old spare: a start never moves a spare being replaced.
  fs.rmSync(path.join(snapshotsDir(root), key, SPARE_READY), { force: true });
  fs.rmSync(spare, { recursive: true, force: true });
  fs.renameSync(making, spare);
  fs.writeFileSync(path.join(snapshotsDir(root), key, SPARE_READY), '');
}

/** Starts a new spare's copy in the background, at low priority and after a delay (the start's
 * own work comes first); nothing happens where there is no POSIX shell. */
export function makeSpareLater(root: string, key: string, delaySeconds = 10): void {
  if (process.platform === 'win32') return;
  const folder = path.join(snapshotsDir(root), key);
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const spare = quote(path.join(folder, 'spare'));
  const making = quote(path.join(folder, `spare.making-${process.pid}`));
  const ready = quote(path.join(folder, SPARE_READY));
  // As makeSpare: a folder of its own while copying, and the marker removed before the old spare.
  const script = `sleep ${delaySeconds} && rm -rf ${making} && mkdir -p ${making} && nice -n 19 cp -a ${quote(path.join(folder, 'postgres'))} ${making}/postgres && rm -f ${ready} && rm -rf ${spare} && mv ${making} ${spare} && touch ${ready}; rm -rf ${making}`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * Puts the snapshot's PostgreSQL folder (cluster and its password) into an empty data folder, as
 * the `postgres` folder startEmbedded uses: the spare moved when one is ready, else a copy. Modes
 * and owners are kept: as root the server runs as the `postgres` user, which must own its files.
 * With `adoptSecret` (the key was made with the snapshot's own secret) that secret becomes the data
 * folder's, which the keys need. Returns how it was put there.
 */
export function restoreDemoSnapshot(root: string, key: string, dataDir: string, adoptSecret: boolean): 'moved' | 'copied' {
  const source = path.join(snapshotsDir(root), key);
  const target = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(target, { recursive: true, force: true });
  let how: 'moved' | 'copied' = 'copied';
  const ready = path.join(source, SPARE_READY);
  if (fs.existsSync(ready)) {
    try {
      // The marker goes first: a second start at the same moment then copies instead.
      fs.rmSync(ready);
      fs.renameSync(path.join(spareDir(root, key), 'postgres'), target);
      how = 'moved';
    } catch {
      // Taken by another start, or another file system (EXDEV): copy.
    }
  }
  if (how === 'copied') copyTree(path.join(source, 'postgres'), target);
  if (adoptSecret) {
    const secret = path.join(dataDir, 'auth-secret');
    fs.copyFileSync(path.join(source, 'auth-secret'), secret);
    fs.chmodSync(secret, 0o600);
  }
  return how;
}
/** A recursive copy keeping modes and owners; cp(1) where it exists (several times faster than fs.cpSync here). */
function copyTree(from: string, to: string): void {
  if (process.platform !== 'win32') {
    const copied = spawnSync('cp', ['-a', from, to], { stdio: 'inherit' });
    if (copied.status === 0) return;
    fs.rmSync(to, { recursive: true, force: true });
  }
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true, mode: fs.constants.COPYFILE_FICLONE });
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    const chownLike = (source: string, target: string) => {
      const stat = fs.lstatSync(source);
      fs.lchownSync(target, stat.uid, stat.gid);
      if (stat.isDirectory()) for (const entry of fs.readdirSync(source)) chownLike(path.join(source, entry), path.join(target, entry));
    };
    chownLike(from, to);
  }
}
