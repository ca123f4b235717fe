// npm run db:seed -- [--size demo|large|huge] [--scale-factor F] [--fresh] [--data-dir DIR]
// Prepares a database (the embedded one under DIR unless DATABASE_URL is set; --fresh empties the
// embedded one first), applies the migrations and loads a generated data set, then prints the time
// taken and the rows per table. --scale-factor (0 to 1) shrinks the huge size evenly, to try it
// small. The huge size needs a big heap: run it through `npm run bench -- --scale huge`, which
// gives it one, or with NODE_OPTIONS=--max-old-space-size=16384.
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
  if (size !== 'demo' && size !== 'large' && size !== 'huge') throw new Error('--size takes demo, large or huge');
  const scaleFactor = Number(option('--scale-factor') ?? 1);
  const dataDir = path.resolve(ROOT, option('--data-dir') ?? process.env.PLANTEL_DATA_DIR ?? '.data');
  const started = Date.now();
  // The demo's keys are stored encrypted under the app's secret: the one the embedded app keeps.
  if (!process.env.DATABASE_URL) process.env.AUTH_SECRET ||= localSecret(dataDir);
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: 'none' });
  const prepared = Date.now();
  console.log(`database ready in ${((prepared - started) / 1000).toFixed(1)} s`);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  try {
    const report = await seedDemo(prisma, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD, { size, scaleFactor, connectionString: db.url, log: (line) => console.log(line) });
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
