// npm run bench:documents -- [--count 1000] [--fresh]: report cards of a period issued as one job and
// zipped (issue 30), by the production server as `npm start` runs it: the demo database of its own
// (.data/bench-documents; --fresh starts it over) gets students enrolled in the active period's
// largest group until the group has COUNT, the server starts, a few screens are rendered (a server
// that has served pages is larger than one just started), then issue_batch/ runs for that group and
// download_zip/ is read to its end (a group already larger than COUNT is issued whole). Prints the
// seconds of the job and of the zip, the zip's size and the server's RSS: after start, before the
// job and its peak. A measurement, not a test; the bar: 1,000 in ≤ 60 s, ≤ 400 MB.
import path from 'node:path';
import { flag, option } from './lib/args';
import { ROOT, localSecret, prepareDatabase } from './lib/bootstrap';
import { DEMO_PASSWORD, browserCookie, buildIfNeeded, rssMb, serverPids, signIn, startProductionServer, stopServer } from './lib/bench-server';
import { exitWithFailure } from './lib/failure';
import { jobResult } from './lib/jobs';
import { nodeClient } from './lib/load-client';

const COUNT = Number(option('--count') ?? process.env.BENCH_DOCUMENTS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 3297);
const dataDir = path.join(ROOT, '.data', 'bench-documents');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
// Screens a member of staff opens on a working day before asking for the batch.
const SCREENS = ['/', '/scholar/students', '/academic/groups', '/finance/sales', '/scores/summary', '/scholar/issued_documents', '/scholar/students', '/academic/groups', '/finance/sales'];

async function main() {
  if (!Number.isInteger(COUNT) || COUNT < 1) throw new Error('--count takes a whole number from 1');
  process.env.AUTH_SECRET ||= localSecret(dataDir);
  const uploads = path.join(dataDir, 'uploads');
  process.env.LOG_LEVEL ||= 'error';
  const db = await prepareDatabase({ dataDir, fresh: flag('--fresh'), seed: 'demo', log: () => undefined });
  process.env.DATABASE_URL = db.url;
  buildIfNeeded();

  const { prisma, disconnect } = await import('../server/db/client');
  const http = nodeClient(2);
  let app: ReturnType<typeof startProductionServer> | null = null;
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

    const server = startProductionServer(db.url, PORT, { UPLOAD_DIR: uploads, RATE_LIMIT_USER_PER_MINUTE: '0', AUTH_SECRET: process.env.AUTH_SECRET }, path.join(dataDir, 'server.log'));
    app = server;
    await http.waitFor(PORT, '/login');
    const serverRss = () => serverPids(server.pid!).reduce((sum, pid) => sum + rssMb(pid), 0);
    const afterStart = serverRss();
    const token = await signIn(PORT, 'admin', DEMO_PASSWORD());
    const cookie = await browserCookie(PORT, 'credentials', { username: 'admin', password: DEMO_PASSWORD() });
    for (const screen of SCREENS) {
      const page = await fetch(`http://127.0.0.1:${PORT}${screen}`, { headers: { cookie }, redirect: 'manual' });
      if (page.status !== 200) throw new Error(`${screen}: ${page.status}`);
      await page.arrayBuffer();
    }
    const beforeJob = serverRss();
    let peak = beforeJob;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 50);
    console.log(`report cards of group ${group.id} (period ${group.cicle_id}): ${Math.max(enrolled, COUNT)} students enrolled (${missing} added for the bench)`);
    try {
      const started = performance.now();
      const job = await fetch(`http://127.0.0.1:${PORT}/documents/api/issued-documents/issue_batch/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cicle_id: group.cicle_id, group_id: group.id }),
      });
      const queued = (await job.json()) as { job_id: number };
      if (job.status !== 202) throw new Error(`issue_batch/: ${job.status} ${JSON.stringify(queued)}`);
      const result = (await jobResult(prisma, queued.job_id)) as { issued: number; refused_count: number };
      const issuedIn = seconds(started);

      const zipStarted = performance.now();
      const zip = await http.get(PORT, `/documents/api/issued-documents/download_zip/?job_id=${queued.job_id}`, token);
      if (zip.status !== 200) throw new Error(`download_zip/: ${zip.status}`);
      console.log(`  issued ${result.issued} (refused ${result.refused_count}) as one job: ${issuedIn} s`);
      console.log(`  zip of their PDFs: ${(zip.bytes / 1024 / 1024).toFixed(0)} MB in ${seconds(zipStarted)} s`);
      console.log(`  total ${seconds(started)} s`);
      console.log(`  server RSS: ${afterStart.toFixed(0)} MB after start, ${beforeJob.toFixed(0)} MB after ${SCREENS.length} screens, peak ${peak.toFixed(0)} MB during the job and the zip  (targets ≤ 60 s, ≤ 400 MB)`);
    } finally {
      clearInterval(sampler);
    }
  } finally {
    http.destroy();
    if (app) await stopServer(app);
    await disconnect();
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
