// npm run bench:documents -- [--count 1000] [--fresh]: report cards of a period issued as one job and
// zipped (issue 30), through the same dispatcher and job runner the server uses, in this process: the
// demo database of its own (.data/bench-documents; --fresh starts it over) gets students enrolled in
// the active period's largest group until the group has COUNT, then issue_batch/ runs for that group
// and download_zip/ is read to its end (a group already larger than COUNT is issued whole). Prints the seconds of the job and of the zip, the zip's size and this process's peak
// RSS (it is the server here). A measurement, not a test; the bar: 1,000 in ≤ 60 s, ≤ 400 MB.
import path from 'node:path';
import { flag, option } from './lib/args';
import { ROOT, localSecret, prepareDatabase } from './lib/bootstrap';
import { exitWithFailure } from './lib/failure';
import { jobResult } from './lib/jobs';

const COUNT = Number(option('--count') ?? process.env.BENCH_DOCUMENTS ?? 1000);
const dataDir = path.join(ROOT, '.data', 'bench-documents');

let peakRss = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function main() {
  if (!Number.isInteger(COUNT) || COUNT < 1) throw new Error('--count takes a whole number from 1');
  process.env.AUTH_SECRET ||= localSecret(dataDir);
  // The PDFs the bench issues go to a folder of its own, next to its database.
  process.env.UPLOAD_DIR ||= path.join(dataDir, 'uploads');
  process.env.LOG_LEVEL ||= 'warn';
  process.env.RATE_LIMIT_USER_PER_MINUTE = '0';
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: 'demo', log: () => undefined });
  process.env.DATABASE_URL = db.url;

  const { call, tokenFor } = await import('../tests/api/client');
  const { prisma, disconnect } = await import('../server/db/client');
  const { createJobRunner } = await import('../server/jobs/runner');
  const { stopJobSender } = await import('../server/jobs/queue');
  const { JOBS } = await import('../server/modules/registry');
  const runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  const sampler = setInterval(sample, 50);
  try {
    // The group of the active period with the most students, filled up to COUNT students.
    const [group] = await prisma.$queryRawUnsafe<{ id: number; cicle_id: number; career_id: number | null }[]>(
      `SELECT g.id, g.cicle_id, g.career_id FROM groups g JOIN cicles c ON c.id = g.cicle_id AND c.is_active
        JOIN student_groups sg ON sg.group_id = g.id GROUP BY g.id ORDER BY COUNT(*) DESC, g.id LIMIT 1`,
    );
    const [{ n: enrolled }] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      'SELECT COUNT(DISTINCT student_id)::int AS n FROM student_groups WHERE group_id = $1 AND status',
      group.id,
    );
    const missing = Math.max(0, COUNT - enrolled);
    if (missing > 0) {
      // Bench students: enrolled in the group, no scores of their own (their report cards list the
      // group's subjects with empty partials, as early in a period).
      await prisma.$executeRawUnsafe(
        `WITH made AS (
           INSERT INTO students (no_control, names, first_name, second_name, career_id, current_group_id, cicle_id, updated_at)
           SELECT 'BENCH' || lpad(n::text, 7, '0'), 'Alumno', 'Prueba', 'Número ' || n, $2, $1, $3, now()
             FROM generate_series((SELECT COUNT(*) FROM students WHERE no_control LIKE 'BENCH%') + 1, (SELECT COUNT(*) FROM students WHERE no_control LIKE 'BENCH%') + $4) AS n
           RETURNING id)
         INSERT INTO student_groups (student_id, group_id, is_current, status, updated_at) SELECT id, $1, true, true, now() FROM made`,
        group.id,
        group.career_id,
        group.cicle_id,
        missing,
      );
    }
    const token = await tokenFor('admin', process.env.DEMO_PASSWORD || undefined);
    const rssBefore = process.memoryUsage().rss;
    peakRss = rssBefore;
    console.log(`report cards of group ${group.id} (period ${group.cicle_id}): ${Math.max(enrolled, COUNT)} students enrolled (${missing} added for the bench)`);

    const started = performance.now();
    const job = await call('POST', 'documents/api/issued-documents/issue_batch/', { token, body: { cicle_id: group.cicle_id, group_id: group.id } });
    if (job.status !== 202) throw new Error(`issue_batch/: ${job.status} ${JSON.stringify(job.body)}`);
    const result = (await jobResult(prisma, job.body.job_id)) as { issued: number; refused_count: number };
    const issuedIn = seconds(started);

    const zipStarted = performance.now();
    const zip = await call('GET', `documents/api/issued-documents/download_zip/?job_id=${job.body.job_id}`, { token, raw: true });
    if (zip.status !== 200) throw new Error(`download_zip/: ${zip.status}`);
    const zipBytes = (zip.body as ArrayBuffer).byteLength;
    sample();
    console.log(`  issued ${result.issued} (refused ${result.refused_count}) as one job: ${issuedIn} s`);
    console.log(`  zip of their PDFs: ${mb(zipBytes)} in ${seconds(zipStarted)} s`);
    console.log(`  total ${seconds(started)} s; peak RSS ${mb(peakRss)} (before the job ${mb(rssBefore)})`);
  } finally {
    clearInterval(sampler);
    await runner.stop({ timeoutMs: 5000 });
    await stopJobSender();
    await disconnect();
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
