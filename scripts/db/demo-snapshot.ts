// Makes the demo database snapshot named by its key (scripts/lib/demo-snapshot.ts decides the key
// and starts this): a new embedded PostgreSQL in a folder of its own, migrations, the demo data
// under AUTH_SECRET (given by the parent), then PostgreSQL stopped so its files are consistent,
// then the recycled WAL segments left out (checked by starting it once more), the folder marked
// complete and moved into place, and its spare copied (the next start moves the spare in).
import fs from 'node:fs';
import path from 'node:path';
import { positionals } from '../lib/args';
import { ROOT, prepareDatabase } from '../lib/bootstrap';
import { makeSpare, markSnapshotComplete, snapshotReady, snapshotsDir, trimRecycledWal } from '../lib/demo-snapshot';
import { exitWithFailure } from '../lib/failure';

async function main() {
  const [key] = positionals();
  if (!key || !/^[\w-]+$/.test(key)) throw new Error('usage: demo-snapshot.ts <key>');
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET must be given: the demo keys are encrypted under it');
  if (snapshotReady(ROOT, key)) return;
  const folder = path.join(snapshotsDir(ROOT), key);
  const making = `${folder}.making-${process.pid}`;
  fs.rmSync(making, { recursive: true, force: true });
  fs.mkdirSync(making, { recursive: true });
  fs.writeFileSync(path.join(making, 'auth-secret'), secret, { mode: 0o600 });
  const started = Date.now();
  try {
    const db = await prepareDatabase({ dataDir: making, seed: 'demo' });
    await db.embedded?.stop();
    const cluster = path.join(making, 'postgres', 'cluster');
    trimRecycledWal(cluster);
    // Started once more without them: a snapshot that does not start is never kept.
    const check = await prepareDatabase({ dataDir: making, seed: 'demo', log: () => undefined });
    await check.embedded?.stop();
    if (check.seeded) throw new Error('the snapshot lost its demo data');
    trimRecycledWal(cluster);
    markSnapshotComplete(making, { key, made: new Date().toISOString(), ms: Date.now() - started });
    // Another start may have made the same snapshot meanwhile: theirs is as good.
    if (snapshotReady(ROOT, key)) return;
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(making, folder);
    makeSpare(ROOT, key);
    console.log(`demo database snapshot ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
}

main().catch(exitWithFailure);
