// npm run db:measure-start -- [--data-dir DIR] [--generate | --copy]: the database side of `npm start` on
// an empty data folder, step by step: the demo snapshot's key, the snapshot made when missing, its
// copy into the folder, then PostgreSQL started, migrations checked and the seed check; then the
// same again on the data it left (a restart). With --generate, the old way for comparison: the demo
// generated into an empty folder; with --copy, the snapshot copied rather than its spare moved. The folder is removed at the end. The server's own start (the
// build check and the login page) is timed by `npm start -- --timings`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DEMO_PASSWORD } from '../../prisma/seed/demo';
import { flag, option } from '../lib/args';
import { ROOT, localSecret, prepareDatabase } from '../lib/bootstrap';
import { currentSnapshotKey, ensureDemoSnapshot, makeSpare, restoreDemoSnapshot, snapshotsDir } from '../lib/demo-snapshot';
import { exitWithFailure } from '../lib/failure';

async function main() {
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
    const again = await prepareDatabase({ dataDir, seed: 'demo', log: () => undefined });
    step('restart: PostgreSQL started, migrations checked, seed check');
    await again.embedded?.stop();
    const [one] = os.loadavg();
    for (const [name, ms] of times) console.log(`${name.padEnd(64)} ${Math.round(ms).toString().padStart(6)} ms`);
    console.log(`(load average ${one.toFixed(2)} on ${os.cpus().length} cores)`);
  } finally {
    if (!option('--data-dir')) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(exitWithFailure);
