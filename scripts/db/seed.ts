// npm run db:seed -- [--size demo|large] [--fresh] [--data-dir DIR]
// Prepares a database (the embedded one under DIR unless DATABASE_URL is set; --fresh empties the
// embedded one first), applies the migrations and loads a generated data set, then prints the time
// taken and the rows per table.
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_DEMO_PASSWORD, seedDemo } from '../../prisma/seed/demo';
import type { Size } from '../../prisma/seed/generator';
import { PrismaClient } from '../../server/db/generated/client';
import { flag, option } from '../lib/args';
import { ROOT, loadDotEnv, localSecret, prepareDatabase } from '../lib/bootstrap';
import { exitWithFailure } from '../lib/failure';


async function main() {
  loadDotEnv();
  const size = (option('--size') ?? 'demo') as Size;
  if (size !== 'demo' && size !== 'large') throw new Error('--size takes demo or large');
  const dataDir = path.resolve(ROOT, option('--data-dir') ?? process.env.PLANTEL_DATA_DIR ?? '.data');
  const started = Date.now();
  // The demo's keys are stored encrypted under the app's secret: the one the embedded app keeps.
  if (!process.env.DATABASE_URL) process.env.AUTH_SECRET ||= localSecret(dataDir);
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: 'none' });
  const prepared = Date.now();
  console.log(`database ready in ${((prepared - started) / 1000).toFixed(1)} s`);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  try {
    const report = await seedDemo(prisma, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD, { size, connectionString: db.url, log: (line) => console.log(line) });
    if (!report) {
      console.log('the database already has data: nothing loaded (use --fresh to start over)');
      return;
    }
    const width = Math.max(...[...report.counts.keys()].map((name) => name.length));
    const rows = [...report.counts.entries()].sort((a, b) => b[1] - a[1]);
    for (const [table, count] of rows) console.log(`${table.padEnd(width)}  ${count.toLocaleString('en-US').padStart(10)}`);
    const total = rows.reduce((sum, [, count]) => sum + count, 0);
    console.log(`${rows.length} tables, ${total.toLocaleString('en-US')} rows; data as of ${report.today}`);
    console.log(`generate ${(report.generateMs / 1000).toFixed(1)} s, load ${(report.loadMs / 1000).toFixed(1)} s, total with migrations ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await prisma.$disconnect();
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
