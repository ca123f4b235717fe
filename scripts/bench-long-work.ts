// Part of `npm run bench`: the long work of the large data set, timed in this process through the
// same dispatcher the server answers with, on a throwaway copy of the bench database (so the bench
// data stay as loaded). Prints how long each takes: what passes 10 s in a request runs as a job.
// Started by scripts/bench.ts after its server stopped, with BENCH_DATABASE_URL (the bench
// database; the copy is made next to it) and BENCH_LOG_FILE (where the dispatcher's per-request log
// lines go instead of the report). Exits non-zero when a part fails.
import pg from 'pg';
import { exitWithFailure } from './lib/failure';
import { jobResult, settledJob } from './lib/jobs';

const source = process.env.BENCH_DATABASE_URL;
if (!source) throw new Error('BENCH_DATABASE_URL is not set');
const sourceName = new URL(source).pathname.slice(1);
const copyName = `${sourceName}_long_work`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: source });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Closes every connection to a database but this one's (the copy is dropped, the source copied). */
const terminateConnections = (database: string) => admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`);

/**
 * Drops the copy. The job runner, the job sender and the Prisma client are closed first; whatever
 * pool still holds a connection (an idle one closes asynchronously) is cut off, so the drop does not
 * fail with "being accessed by other users".
 */
async function dropCopy() {
  await terminateConnections(copyName);
  await admin(`DROP DATABASE IF EXISTS "${copyName}" WITH (FORCE)`);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

async function main() {
  await dropCopy();
  // A copy needs the source to itself: close whatever the bench left open.
  await terminateConnections(sourceName);
  const t0 = performance.now();
  await admin(`CREATE DATABASE "${copyName}" TEMPLATE "${sourceName}"`);
  console.log(`\nlong work (on a copy of the bench database, made in ${seconds(t0)})`);
  const copy = new URL(source!);
  copy.pathname = `/${copyName}`;
  process.env.DATABASE_URL = copy.toString();
  process.env.AUTH_SECRET ||= 'bench-long-work-secret-'.padEnd(48, 'x');
  // The dispatcher logs a line per call: into the bench's log file, not between the report's lines.
  if (process.env.BENCH_LOG_FILE) {
    const { default: pino } = await import('pino');
    const { createLogger, setLogger } = await import('../server/log');
    setLogger(createLogger({ destination: pino.destination({ dest: process.env.BENCH_LOG_FILE, append: true, mkdir: true, sync: true }) }));
  }

  const { call, tokenFor } = await import('../tests/api/client');
  const { prisma, disconnect } = await import('../server/db/client');
  const { createJobRunner } = await import('../server/jobs/runner');
  const { stopJobSender } = await import('../server/jobs/queue');
  const { JOBS } = await import('../server/modules/registry');
  const runner = await createJobRunner(JOBS);
  try {
    const token = await tokenFor('admin', process.env.DEMO_PASSWORD || undefined);
    const [{ cicle_id: cicle, n: finals }] = await prisma.$queryRawUnsafe<{ cicle_id: number; n: number }[]>(
      'SELECT cicle_id, COUNT(*)::int AS n FROM main_scores WHERE final IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
    );

    let started = performance.now();
    const extras = await call('GET', `scores/api/main-scores/generate_all_extras/?cicle_id=${cicle}`, { token });
    console.log(`  extraordinary requests for a period's failed finals (request): ${seconds(started)}, ${JSON.stringify(extras.body)}`);

    // A period's consolidation from scratch: a kept line and a history row per final.
    await prisma.subjectCicle.deleteMany({ where: { cicle_id: cicle } });
    started = performance.now();
    const job = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token, body: { cicle_id: cicle } });
    const answered = seconds(started);
    const consolidation = await settledJob(prisma, job.body.job_id);
    console.log(`  consolidation of a period (${finals.toLocaleString('en')} finals, job): answered ${job.status} in ${answered}, ${consolidation.status} after ${seconds(started)}, ${JSON.stringify(consolidation.result ?? consolidation.error)}`);
    if (consolidation.status === 'FAILED') throw new Error('the consolidation job failed');

    // The current periods (one per campus) and the month each starts in.
    const periods = await prisma.$queryRawUnsafe<{ cicle_id: number; month: number; students: number }[]>(
      `SELECT g.cicle_id, EXTRACT(MONTH FROM c.start)::int AS month, COUNT(DISTINCT sg.student_id)::int AS students
       FROM student_groups sg JOIN groups g ON g.id = sg.group_id JOIN cicles c ON c.id = g.cicle_id
       WHERE c.is_active AND sg.status AND sg.subject_id IS NULL GROUP BY 1, 2 ORDER BY 1`,
    );

    // Reinscriptions of the current periods' students into the next ones (a period and a price
    // list with the fee made for it per campus), run twice, before the tuition below adds debts.
    const next = new Map<number, number>();
    for (const period of periods) {
      const cicle = await prisma.cicle.findUniqueOrThrow({ where: { id: period.cicle_id }, select: { campus_id: true, end: true } });
      const start = new Date(cicle.end.getTime() + 30 * 86_400_000);
      const created = await prisma.cicle.create({ data: { description: `Siguiente ${period.cicle_id}`, start, end: new Date(start.getTime() + 160 * 86_400_000), year: start.getUTCFullYear(), campus_id: cicle.campus_id }, select: { id: true } });
      const list = await prisma.priceList.create({ data: { code: `LP-BENCH-${period.cicle_id}`, description: 'Bench', is_general: true, campus_id: cicle.campus_id, effect_date: start, end_date: new Date(start.getTime() + 365 * 86_400_000) }, select: { id: true } });
      await prisma.concept.create({ data: { price_list_id: list.id, code: 'REINS', description: 'Reinscripción', amount: '3500.00', iva: '0' } });
      next.set(period.cicle_id, created.id);
    }
    const reinscribe = async () => {
      const t0 = performance.now();
      const jobs = await Promise.all(periods.map((period) => call('POST', 'inscription/api/reinscriptions/generate_reinscriptions/', { token, body: { cicle_from_id: period.cicle_id, cicle_to_id: next.get(period.cicle_id) } })));
      const totals = { students: 0, created: 0, ineligible: 0 };
      for (const started of jobs) {
        const result = (await jobResult(prisma, started.body.job_id)) as { students: number; created: number; ineligible: unknown[] };
        totals.students += result.students;
        totals.created += result.created;
        totals.ineligible += result.ineligible.length;
      }
      return { took: seconds(t0), ...totals };
    };
    const firstRun = await reinscribe();
    console.log(`  reinscriptions of ${firstRun.students.toLocaleString('en')} students (${periods.length} periods, jobs): ${firstRun.took}, ${firstRun.created.toLocaleString('en')} created with their charges, ${firstRun.ineligible.toLocaleString('en')} listed as not eligible`);
    const secondRun = await reinscribe();
    console.log(`  the same reinscriptions generated again: ${secondRun.took}, ${secondRun.created.toLocaleString('en')} created`);

    // One month's tuition for every student of the current periods (one per campus): the month's
    // charges are taken away, generated (a job per period), then generated again (nothing new).
    for (const period of periods) await prisma.recurrent.deleteMany({ where: { cicle_id: period.cicle_id, month: period.month } });
    const generate = async () => {
      const t0 = performance.now();
      const jobs = await Promise.all(periods.map((period) => call('POST', 'finance/api/recurrents/generate/', { token, body: { cicle_id: period.cicle_id, months: [period.month] } })));
      const results: { created: number; students: number }[] = [];
      for (const started of jobs) results.push((await jobResult(prisma, started.body.job_id)) as { created: number; students: number });
      return { took: seconds(t0), created: results.reduce((sum, r) => sum + r.created, 0), students: results.reduce((sum, r) => sum + r.students, 0) };
    };
    const first = await generate();
    console.log(`  one month's tuition for ${first.students.toLocaleString('en')} students (${periods.length} periods, jobs): ${first.took}, ${first.created.toLocaleString('en')} charges created`);
    const second = await generate();
    console.log(`  the same month generated again: ${second.took}, ${second.created.toLocaleString('en')} charges created`);

  } finally {
    await runner.stop({ timeoutMs: 1000 });
    await stopJobSender();
    await disconnect();
    await dropCopy();
  }
}

main().catch(exitWithFailure);
