// npm run db:backup [-- --out FILE] [--data-dir DIR]
// A backup of the database (DATABASE_URL, or the embedded one under DIR) as one gzip file:
// server/db/backup.ts. Default file: backups/plantel-<date>.plantel-backup.gz.
import fs from 'node:fs';
import path from 'node:path';
import { backupDatabase } from '../../server/db/backup';
import { option } from '../lib/args';
import { ROOT, loadDotEnv, prepareDatabase } from '../lib/bootstrap';
import { exitWithFailure } from '../lib/failure';


async function main() {
  loadDotEnv();
  const dataDir = path.resolve(ROOT, option('--data-dir') ?? process.env.PLANTEL_DATA_DIR ?? '.data');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const file = path.resolve(option('--out') ?? path.join(ROOT, 'backups', `plantel-${stamp}.plantel-backup.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = await prepareDatabase({ dataDir, seed: 'none', log: () => undefined });
  try {
    const started = Date.now();
    const manifest = await backupDatabase(db.url, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`backup written: ${path.relative(process.cwd(), file)} (${manifest.tables.length} tables, ${rows.toLocaleString('en-US')} rows, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
