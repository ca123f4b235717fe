// npm run db:restore -- FILE [--fresh] [--data-dir DIR]
// Loads a backup (npm run db:backup) into the database (DATABASE_URL, or the embedded one under
// DIR; --fresh empties the embedded one first). The database gets the migrations first and must
// hold no users: a restore never lands on a database in use.
import path from 'node:path';
import { readManifest, restoreDatabase } from '../../server/db/backup';
import { flag, option, positionals } from '../lib/args';
import { ROOT, loadDotEnv, prepareDatabase } from '../lib/bootstrap';
import { exitWithFailure } from '../lib/failure';


async function main() {
  loadDotEnv();
  const [file] = positionals(['--data-dir']);
  if (!file) throw new Error('Usage: npm run db:restore -- FILE [--fresh]');
  const manifest = await readManifest(path.resolve(file));
  const dataDir = path.resolve(ROOT, option('--data-dir') ?? process.env.PLANTEL_DATA_DIR ?? '.data');
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: 'none', log: () => undefined });
  try {
    const started = Date.now();
    await restoreDatabase(db.url, path.resolve(file));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`restored ${manifest.tables.length} tables, ${rows.toLocaleString('en-US')} rows from the backup of ${manifest.created_at} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
