// npm run db:measure-start -- [--data-dir DIR] [--generate | --copy | --compare]: the database side of `npm start` on
// an empty data folder, step by step: the demo snapshot's key, the snapshot made when missing, its
// copy into the folder, then PostgreSQL started, migrations checked and the seed check; then the
// same again on the data it left (a restart). With --generate, the old way for comparison: the demo
// generated into an empty folder; with --copy, the snapshot copied rather than its spare moved. The folder is removed at the end. The server's own start (the
// build check and the login page) is timed by `npm start -- --timings`. With --compare, the demo is
// also generated into a second folder and the two databases compared: every table's row count and
// the content of the rows that depend on the day (students, groups, partials' capture windows,
// scores, sales, tuition months).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_DEMO_PASSWORD } from '../../prisma/seed/demo';
import { flag, option } from '../lib/args';
import { ROOT, localSecret, prepareDatabase } from '../lib/bootstrap';
import { sourceFingerprint } from '../lib/build-fingerprint';
import { applyMigrations } from '../../server/db/migrate';
import { ensureDatabase, startEmbedded } from './embedded';
import { currentSnapshotKey, ensureDemoSnapshot, makeSpare, restoreDemoSnapshot, snapshotsDir } from '../lib/demo-snapshot';
import { exitWithFailure } from '../lib/failure';

/** Content the demo's day decides, as one digest per query (random salts and secrets left out). */
const CONTENT = {
  students: 'SELECT md5(string_agg(concat_ws(\'|\', id, no_control, names, first_name, second_name, curp, career_id, current_group_id, cicle_id, is_active), \',\' ORDER BY id)) FROM students',
  groups: 'SELECT md5(string_agg(concat_ws(\'|\', id, code, cicle_id, status), \',\' ORDER BY id)) FROM groups',
  cicles: 'SELECT md5(string_agg(concat_ws(\'|\', id, description, start, "end", is_active), \',\' ORDER BY id)) FROM cicles',
  partials: 'SELECT md5(string_agg(concat_ws(\'|\', id, cicle_id, no, start_eval, end_eval, allow_scores), \',\' ORDER BY id)) FROM partials',
  main_scores: 'SELECT md5(string_agg(concat_ws(\'|\', id, student_id, final), \',\' ORDER BY id)) FROM main_scores',
  sales: 'SELECT md5(string_agg(concat_ws(\'|\', id, amount, total_paid, total_debt, status), \',\' ORDER BY id)) FROM sales',
  recurrents: 'SELECT md5(string_agg(concat_ws(\'|\', id, student_id, cicle_id, sale_id, paid, limit_date, month, year, status), \',\' ORDER BY id)) FROM recurrents',
};

/** Generates the demo into a second folder and compares it with the restored one; throws on a difference. */
async function compareWithGenerated(restoredDir: string) {
  const generatedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plantel-generated-'));
  const restored = await prepareDatabase({ dataDir: restoredDir, seed: 'demo', log: () => undefined });
  const savedSecret = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = localSecret(generatedDir);
  const generated = await prepareDatabase({ dataDir: generatedDir, seed: 'demo', log: () => undefined });
  process.env.AUTH_SECRET = savedSecret;
  const read = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const figures = new Map<string, string>();
      const { rows: tables } = await client.query<{ name: string }>("SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1");
      for (const { name } of tables) figures.set(`${name} rows`, String((await client.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n));
      for (const [name, sql] of Object.entries(CONTENT)) figures.set(`${name} content`, String((await client.query(sql)).rows[0].md5));
      return figures;
    } finally {
      await client.end();
    }
  };
  try {
    const [left, right] = [await read(restored.url), await read(generated.url)];
    const differences = [...new Set([...left.keys(), ...right.keys()])].filter((key) => left.get(key) !== right.get(key));
    if (differences.length) throw new Error(`the restored demo differs from a generated one: ${differences.map((key) => `${key} ${left.get(key)} ≠ ${right.get(key)}`).join('; ')}`);
    console.log(`restored and generated demo databases agree: ${left.size} figures (every table's rows, ${Object.keys(CONTENT).join(', ')} content)`);
  } finally {
    await restored.embedded?.stop();
    await generated.embedded?.stop();
    fs.rmSync(generatedDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  const dataDir = path.resolve(option('--data-dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'plantel-start-')));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const password = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  let last = performance.now();
  const times: [string, number][] = [];
  const step = (name: string) => {
    const now = performance.now();
    times.push([name, now - last]);
    last = now;
  };
  try {
    if (flag('--generate')) {
      process.env.AUTH_SECRET = localSecret(dataDir);
      const db = await prepareDatabase({ dataDir, seed: 'demo', log: () => undefined });
      step('generated: cluster initialised, migrated, demo generated');
      await db.embedded?.stop();
    } else {
      const key = currentSnapshotKey(ROOT, { password, secret: null });
      step('snapshot key (migrations, seed code, day)');
      if (!ensureDemoSnapshot(ROOT, key, null)) throw new Error('the demo snapshot could not be made');
      step('snapshot made or found');
      // The spare is moved in when there is one; --copy measures the copy instead.
      if (flag('--copy')) fs.rmSync(path.join(snapshotsDir(ROOT), key, 'spare-ready'), { force: true });
      const how = restoreDemoSnapshot(ROOT, key, dataDir, true);
      step(`snapshot ${how} into the empty data folder`);
      // Another spare for the next measurement (in the background after `npm start`).
      makeSpare(ROOT, key);
      last = performance.now();
      process.env.AUTH_SECRET = localSecret(dataDir);
      const db = await prepareDatabase({ dataDir, seed: 'demo', log: () => undefined });
      step('first start: PostgreSQL started, migrations checked, seed check');
      if (db.seeded) throw new Error('the restored database was seeded again: the snapshot has no demo data');
      await db.embedded?.stop();
      step('PostgreSQL stopped');
    }
    if (flag('--compare')) await compareWithGenerated(dataDir);
    times.unshift(['loading this script and its imports (process start to main)', started]);
    // A restart, in the steps prepareDatabase takes, then the build check `npm start` makes.
    last = performance.now();
    const embedded = await startEmbedded({ dataDir: path.join(dataDir, 'postgres') });
    step('restart: PostgreSQL started');
    await ensureDatabase(embedded.adminUrl, 'plantel');
    const url = embedded.urlFor('plantel');
    await applyMigrations(url, path.join(ROOT, 'prisma', 'migrations'), () => undefined);
    step('restart: database found, migrations checked');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ users: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS users');
    await client.end();
    if (!rows[0].users) throw new Error('the restarted database has no users');
    step('restart: seed check (users exist)');
    await embedded.stop();
    last = performance.now();
    sourceFingerprint();
    step('build check (fingerprint of the sources)');
    const [one] = os.loadavg();
    for (const [name, ms] of times) console.log(`${name.padEnd(64)} ${Math.round(ms).toString().padStart(6)} ms`);
    console.log(`(load average ${one.toFixed(2)} on ${os.cpus().length} cores)`);
  } finally {
    if (!option('--data-dir')) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(exitWithFailure);
