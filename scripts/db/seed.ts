// npm run db:seed -- [--size demo|large|huge] [--scale-factor F] [--copies N] [--fresh] [--data-dir DIR]
// Prepares a database (the embedded one under DIR unless DATABASE_URL is set; --fresh empties the
// embedded one first), applies the migrations and loads a generated data set, then prints the time
// taken and the rows per table. The huge size is generated as a base (one twenty-fifth of it: the
// huge size at factor 1/25) and multiplied 25 times inside PostgreSQL (scripts/db/multiply.ts), each
// copy new campuses: holding the whole set in memory would take ~50 GB. --scale-factor (0 to 1)
// shrinks it, with fewer copies (hugePlan); --copies N chooses them.
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_DEMO_PASSWORD, seedDemo } from '../../prisma/seed/demo';
import type { Size } from '../../prisma/seed/generator';
import { PrismaClient } from '../../server/db/generated/client';
import { flag, option } from '../lib/args';
import { ROOT, loadDotEnv, localSecret, prepareDatabase } from '../lib/bootstrap';
import { exitWithFailure } from '../lib/failure';
import { hugePlan } from '../lib/multiply-plan';
import { checkDatabase, multiplyDatabase, tableCounts } from './multiply';


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
    const plan = size === 'huge' ? hugePlan(scaleFactor, option('--copies') ? Number(option('--copies')) : undefined) : null;
    if (plan) console.log(`huge: a base at factor ${plan.baseFactor.toPrecision(3)}, multiplied by ${plan.copies}`);
    const report = await seedDemo(prisma, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD, {
      size,
      scaleFactor: plan ? plan.baseFactor : scaleFactor,
      connectionString: db.url,
      log: (line) => console.log(line),
    });
    if (!report) {
      console.log('the database already has data: nothing loaded (use --fresh to start over)');
      return;
    }
    if (plan && plan.copies > 1) {
      const generatedMs = Date.now() - prepared;
      console.log(`base loaded in ${(generatedMs / 1000).toFixed(1)} s; multiplying by ${plan.copies}…`);
      const multiplied = await multiplyDatabase(db.url, { copies: plan.copies, log: (line) => console.log(line) });
      console.log(`multiplied in ${(multiplied.ms / 1000).toFixed(1)} s`);
      if (flag('--check')) await checkDatabase(db.url);
      for (const [table, count] of await tableCounts(db.url, [...report.counts.keys()])) report.counts.set(table, count);
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
