// npm run bench [-- --scale large|huge|large,huge]: loads each data set size into its own database
// (BENCH_SCALE does the same as --scale; `large` unless given), starts the production build against
// it, and measures with 16 concurrent connections. Prints a table per size and, for two sizes, the
// cases side by side with their p95 ratios; it is a measurement, not a test, but it exits non-zero
// when a part of it failed. The same list is also served by a minimal node:http + pg server with
// hand-written SQL, to show what the framework costs. The servers' logs go to server.log in each
// size's data folder, never into the report.
import { spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './lib/bootstrap';
import { option } from './lib/args';
import { type BenchSize, BENCH_SIZES, DEMO_PASSWORD, benchDataDir, browserCookie, buildIfNeeded, embeddedPostmasterPid, prepareBenchDatabase, processTreeCpu, rssMb, serverPids, signIn, startProductionServer, stopServer } from './lib/bench-server';
import { type CaseResult, type SizeRun, cpuPercent, resultTable, sizeComparison, summaryLines } from './lib/bench-report';
import { LeanConnection, nodeClient, percentile } from './lib/load-client';
import { describeFailure, exitWithFailure } from './lib/failure';

const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const APP_PORT = 3200;
const RAW_PORT = 3201;

type Result = CaseResult;

/** Where the CPU of the measured server and database is read (set for each size measured). */
let meters: { server: () => number | null; database: () => number | null } = { server: () => null, database: () => null };

const { get, post, waitFor, destroy } = nodeClient(CONCURRENCY);

/** A GET case from CONCURRENCY keep-alive connections, signed in by a Bearer token or a browser's session cookie. */
async function load(key: string, name: string, port: number, paths: () => string, auth?: string | { cookie: string }): Promise<Result> {
  const connections = Array.from({ length: CONCURRENCY }, () => new LeanConnection(port));
  const headers = auth === undefined ? '' : typeof auth === 'string' ? `Authorization: Bearer ${auth}\r\n` : `Cookie: ${auth.cookie}\r\n`;
  try {
    return await measure(key, name, (client) => connections[client].send('GET', paths(), headers));
  } finally {
    for (const connection of connections) connection.close();
  }
}

/** Runs `send` from `concurrency` clients for SECONDS and reports latencies (after a warm-up). */
async function measure(key: string, name: string, send: (client: number) => Promise<{ status: number }>, concurrency = CONCURRENCY, warmUp = 20): Promise<Result> {
  // Warm-up: connections, caches, JIT.
  for (let i = 0; i < warmUp; i += 1) await send(i % concurrency);
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  const serverBefore = meters.server();
  const databaseBefore = meters.database();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const { status } = await send(client).catch(() => ({ status: 0 }));
        latencies.push(performance.now() - t0);
        if (status !== 200) errors += 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  // This process's CPU (the load loops, and the raw server when it is measured), in % of one core.
  const cpu = process.cpuUsage(cpuBefore);
  const benchCpu = ((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100;
  const serverShare = cpuPercent(serverBefore, meters.server(), seconds);
  const databaseShare = cpuPercent(databaseBefore, meters.database(), seconds);
  latencies.sort((a, b) => a - b);
  return { key, label: name, requests: latencies.length, seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), errors, benchCpu, serverCpu: serverShare, databaseCpu: databaseShare };
}

// The same list the API answers (every column of the student but the search text, and the four
// relations it shows), written by hand.
const STUDENT_COLUMNS = [
  'id', 'serial_number', 'no_control', 'names', 'first_name', 'second_name', 'genre', 'curp', 'rfc', 'birthday', 'email',
  'telephone', 'telephone_code', 'photo', 'photo_path', 'current_group_id', 'status_id', 'civil_state_id', 'career_id',
  'cicle_start_id', 'cicle_id', 'address_id', 'medical_sheet_id', 'occupation_id', 'is_active', 'live_with_parents',
  'nation_id', 'place_birth_id', 'age', 'reentry', 'is_foreign', 'is_revalid', 'only_course', 'is_regular', 'user_id',
  'academic_origin_id', 'score_origin', 'created_at', 'updated_at',
];
const RAW_LIST = `
  SELECT ${STUDENT_COLUMNS.map((c) => `s.${c}`).join(', ')},
         CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('id', g.id, 'code', g.code) END AS current_group,
         CASE WHEN st.id IS NULL THEN NULL ELSE json_build_object('id', st.id, 'code', st.code, 'name', st.name, 'description', st.description) END AS status,
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'short', c.short) END AS career,
         CASE WHEN ci.id IS NULL THEN NULL ELSE json_build_object('id', ci.id, 'description', ci.description) END AS cicle
  FROM students s
  LEFT JOIN groups g ON g.id = s.current_group_id
  LEFT JOIN catalogs st ON st.id = s.status_id
  LEFT JOIN careers c ON c.id = s.career_id
  LEFT JOIN cicles ci ON ci.id = s.cicle_id
  WHERE s.career_id = $1 AND s.search_text LIKE $2
  ORDER BY s.first_name, s.second_name, s.names, s.id LIMIT 25 OFFSET $3`;
const RAW_COUNT = `SELECT count(*)::int AS n FROM students s WHERE s.career_id = $1 AND s.search_text LIKE $2`;

/** The raw comparison server; `stop` closes it and its pool before the database stops. */
function startRawServer(url: string): { stop: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  // An idle connection the database closes (it stops at the end of the run, or the long work
  // terminates the connections to copy it) is an 'error' event: unhandled, it killed the bench
  // with exit code 1 after a good run.
  pool.on('error', () => undefined);
  const server = http.createServer(async (request, response) => {
    try {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      const like = `%${(query.get('search') ?? '').toLowerCase()}%`;
      const career = Number(query.get('career_id'));
      const offset = (Math.max(1, Number(query.get('page')) || 1) - 1) * 25;
      const [rows, count] = await Promise.all([pool.query(RAW_LIST, [career, like, offset]), pool.query(RAW_COUNT, [career, like])]);
      const body = JSON.stringify({ data: rows.rows, pages: Math.ceil(count.rows[0].n / 25), elements: count.rows[0].n });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch {
      response.writeHead(500).end();
    }
  });
  server.listen(RAW_PORT, '127.0.0.1');
  return {
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
}

const CAPTURE_CLIENTS = 4;

/**
 * Groups of the large data set for the capture case: the largest groups of the period with the
 * most finals, a schedule of each with 5 factors of 20 % in its first partial, the window open.
 */
async function prepareCapture(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [busiest] } = await client.query<{ cicle_id: number; n: number }>(
      'SELECT cicle_id, COUNT(*)::int AS n FROM main_scores WHERE final IS NOT NULL GROUP BY cicle_id ORDER BY n DESC LIMIT 1',
    );
    const { rows: schedules } = await client.query<{ id: number; group_id: number; subject_id: number; partial_id: number }>(
      `SELECT DISTINCT ON (s.group_id) s.id, s.group_id, s.subject_id, p.id AS partial_id
       FROM schedules s JOIN groups g ON g.id = s.group_id
       JOIN partials p ON p.cicle_id = g.cicle_id AND p.partial_type = 'O' AND p.no = 1
       WHERE g.cicle_id = $1
       ORDER BY s.group_id, s.id`,
      [busiest.cicle_id],
    );
    // One after another: a pg client runs one query at a time (queued calls are deprecated).
    const sized = [];
    for (const schedule of schedules) {
      const { rows } = await client.query<{ student_id: number }>(
        'SELECT student_id FROM student_groups WHERE group_id = $1 AND status AND (subject_id IS NULL OR subject_id = $2) ORDER BY student_id LIMIT 40',
        [schedule.group_id, schedule.subject_id],
      );
      sized.push({ ...schedule, students: rows.map((row) => row.student_id) });
    }
    sized.sort((a, b) => b.students.length - a.students.length);
    const picked = sized.slice(0, count);
    const prepared = [];
    for (const schedule of picked) {
      await client.query(`UPDATE partials SET allow_scores = true, start_eval = now()::date - 1, end_eval = now()::date + 30 WHERE id = $1`, [schedule.partial_id]);
      let { rows: factors } = await client.query<{ id: number }>('SELECT id FROM factors WHERE schedule_id = $1 AND partial_id = $2 AND status ORDER BY id', [schedule.id, schedule.partial_id]);
      if (factors.length !== 5) {
        await client.query('DELETE FROM factors WHERE schedule_id = $1 AND partial_id = $2', [schedule.id, schedule.partial_id]);
        ({ rows: factors } = await client.query<{ id: number }>(
          `INSERT INTO factors (name, schedule_id, partial_id, value, updated_at)
           SELECT 'Factor ' || n, $1, $2, 20, now() FROM generate_series(1, 5) n RETURNING id`,
          [schedule.id, schedule.partial_id],
        ));
      }
      prepared.push({ schedule: schedule.id, partial: schedule.partial_id, factors: factors.map((factor) => String(factor.id)), students: schedule.students, cicle: busiest.cicle_id, periodRows: busiest.n });
    }
    return prepared;
  } finally {
    await client.end();
  }
}

/**
 * Cashiers: one payment each on different sales that still owe (0.01 at a time, so a sale takes
 * many); the sale's row is locked while its payment settles it.
 */
async function paymentCase(url: string, token: string): Promise<Result> {
  const pgClient = new pg.Client({ connectionString: url });
  await pgClient.connect();
  let owing: number[];
  try {
    owing = (await pgClient.query<{ id: number }>('SELECT id FROM sales WHERE status AND total_debt >= 1 ORDER BY id LIMIT 20000')).rows.map((row) => row.id);
  } finally {
    await pgClient.end();
  }
  let paid = 0;
  return measure('payment', `one payment (16 cashiers, ${owing.length.toLocaleString('en')} sales)`, async () => {
    paid += 1;
    // A stride through the sales: two cashiers rarely meet on one sale.
    const answer = await post(APP_PORT, '/finance/api/payments/', { sale_id: owing[(paid * 7919) % owing.length], amount: '0.01' }, token);
    return { status: answer.status === 201 ? 200 : answer.status };
  });
}

/** SEP titles (scripts/bench-titles.ts): in-process, no database. */
function titles(): void {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/bench-titles.ts', '100'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('titles measurement failed');
}

/** The electronic documents: invoices (scripts/bench-documents.ts) and titles; in-process, no database. */
function documents(): void {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/bench-documents.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('documents measurement failed');
  titles();
}

/** The sizes to measure: `--scale large,huge` or BENCH_SCALE, `large` unless given. */
function sizesToMeasure(): BenchSize[] {
  const asked = (option('--scale') ?? process.env.BENCH_SCALE ?? 'large').split(',').map((size) => size.trim()).filter(Boolean);
  for (const size of asked) if (!BENCH_SIZES.includes(size as BenchSize)) throw new Error(`--scale takes ${BENCH_SIZES.join(', ')} or a list of them (not ${size})`);
  return asked as BenchSize[];
}

/** The long work (scripts/bench-long-work.ts) on a copy of the size's database; false when it failed. */
function longWork(url: string, logFile: string): boolean {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/bench-long-work.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_LOG_FILE: logFile } });
  return run.status === 0;
}

/** Measures one size into `run`: its database, a production server and the raw server on it, every case. */
async function measureSize(run: SizeRun, only: string | undefined, failures: string[]): Promise<void> {
  const size = run.size as BenchSize;
  const dataDir = benchDataDir(size);
  const logFile = path.join(dataDir, 'server.log');
  const db = await prepareBenchDatabase(size);
  try {
    // BENCH_ONLY=long measures the long work alone (no server, no build).
    if (only === 'long') {
      if (!longWork(db.url, logFile)) failures.push(`${size}: long work measurement failed (see above and ${path.relative(ROOT, logFile)})`);
      return;
    }
    // The production server, as `npm start` runs it.
    // One admin token from 16 connections at full speed is thousands of calls a minute: the per-user
    // limit is raised out of reach rather than turned off, so its cost stays in the measurement.
    fs.appendFileSync(logFile, `\n--- bench of ${new Date().toISOString()} (${size}) ---\n`);
    const app: ChildProcess = startProductionServer(db.url, APP_PORT, { RATE_LIMIT_USER_PER_MINUTE: process.env.RATE_LIMIT_USER_PER_MINUTE ?? '1000000000' }, logFile);
    const postmaster = embeddedPostmasterPid(dataDir);
    meters = { server: () => processTreeCpu(app.pid ?? null), database: () => processTreeCpu(postmaster) };
    const raw = startRawServer(db.url);
    let cases = false;
    try {
      await measureCases(db.url, app, only, run);
      cases = true;
    } finally {
      await raw.stop();
      await stopServer(app);
      destroy();
    }
    // Long work, once the servers have let go of the database (its copy needs no other connection).
    if (cases && !only && !longWork(db.url, logFile)) failures.push(`${size}: long work measurement failed (see above and ${path.relative(ROOT, logFile)})`);
  } finally {
    await db.embedded?.stop();
  }
}

/** Every case against the running server, into `run` (results and notes), printed as they end. */
async function measureCases(url: string, app: ChildProcess, only: string | undefined, run: SizeRun): Promise<void> {
  const note = (line: string) => {
    run.notes.push(line);
    console.log(line);
  };
  await waitFor(APP_PORT, '/login');
  const token = await signIn(APP_PORT, 'admin');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const careers = (await client.query<{ id: number }>('SELECT id FROM careers ORDER BY id')).rows.map((r) => r.id);
  const student = (await client.query<{ id: number }>('SELECT id FROM students ORDER BY id LIMIT 1 OFFSET 5000')).rows[0].id;
  // The active period with the most groups: its attendance lists are the big file.
  const attendancePeriod = (
    await client.query<{ id: number; groups: number; classes: number }>(
      `SELECT c.id, count(DISTINCT g.id)::int AS groups, count(s.id)::int AS classes FROM cicles c JOIN groups g ON g.cicle_id = c.id AND g.status
         LEFT JOIN schedules s ON s.group_id = g.id AND s.status WHERE c.is_active GROUP BY c.id ORDER BY count(DISTINCT g.id) DESC LIMIT 1`,
    )
  ).rows[0];
  await client.end();

  /** Time, size and the server's peak memory while one file is read. */
  const timedFile = async (urlPath: string) => {
    const pids = serverPids(app.pid!);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, pids.reduce((sum, pid) => sum + rssMb(pid), 0))), 50);
    const t0 = performance.now();
    const answer = await get(APP_PORT, urlPath, token);
    const ms = performance.now() - t0;
    clearInterval(sampler);
    return { ...answer, ms, peak };
  };
  const attendance = async () => {
    const zip = await timedFile(`/scheduler/api/groups/export_attendance/?cicle_id=${attendancePeriod.id}&format=zip`);
    note(
      `attendance lists of a period (${attendancePeriod.groups} groups, ${attendancePeriod.classes} classes) as a zip of PDFs: ${(zip.ms / 1000).toFixed(2)} s, ${(zip.bytes / 1e6).toFixed(1)} MB, status ${zip.status}, server peak RSS ${zip.peak.toFixed(0)} MB  (targets ≤ 60 s, ≤ 400 MB)`,
    );
    if (zip.status !== 200) throw new Error(`the attendance lists answered ${zip.status}`);
  };
  // BENCH_ONLY=attendance measures the attendance zip alone.
  if (only === 'attendance') return attendance();
  /** Export of all students (the list's every row): time, rows and the server's peak memory while it runs. */
  const exportAll = async () => {
    const listed = await fetch(`http://127.0.0.1:${APP_PORT}/students/api/students/?page_size=1`, { headers: { authorization: `Bearer ${token}` } });
    const rows = ((await listed.json()) as { elements?: number }).elements ?? 0;
    const exported = await timedFile('/students/api/students/export/?format=xlsx');
    note(`xlsx export of all students (${rows.toLocaleString('en')} rows): ${(exported.ms / 1000).toFixed(2)} s, ${(exported.bytes / 1e6).toFixed(1)} MB, status ${exported.status}, server peak RSS ${exported.peak.toFixed(0)} MB  (targets ≤ 60 s, ≤ 400 MB)`);
    if (exported.status !== 200) throw new Error(`the xlsx export answered ${exported.status}`);
  };
  // BENCH_ONLY=export measures the export of all students alone.
  if (only === 'export') return exportAll();
  /** The status board of a teacher evaluation applied to the whole busiest period (every active student). */
  const pollBoard = async () => {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    const { rows } = await setup.query<{ id: number }>(
      `INSERT INTO poll_assignments (poll_id, cicle_id, start_at, end_at, status, all_groups, all_careers, notes, updated_at)
       SELECT p.id, $1, now() - interval '1 day', now() + interval '14 days', 'OPEN', true, true, 'bench: whole period', now()
         FROM polls p JOIN catalogs c ON c.id = p.poll_type_id AND c.code = 'DOC' ORDER BY p.id LIMIT 1 RETURNING id`,
      [attendancePeriod.id],
    );
    await setup.end();
    const board = await fetch(`http://127.0.0.1:${APP_PORT}/polls/api/assignments/status_careers/?assignment_id=${rows[0].id}`, { headers: { authorization: `Bearer ${token}` } });
    const expected = ((await board.json()) as { expected?: number }).expected ?? 0;
    return load('poll-board', `poll status board (teacher evaluation of a whole period, ${expected.toLocaleString('en')} evaluations expected)`, APP_PORT, () => `/polls/api/assignments/status_careers/?assignment_id=${rows[0].id}`, token);
  };
  const record = (result: Result) => {
    run.results.push(result);
    console.log(`  ${result.label}: p95 ${result.p95.toFixed(1)} ms, ${(result.requests / result.seconds).toFixed(0)} req/s, ${result.errors} errors`);
  };
  // BENCH_ONLY=polls measures the status board alone.
  if (only === 'polls') return record(await pollBoard());

  const terms = ['a', 'mar', 'lopez', 'jose', 'ana', 'gar', 'hernandez', 'ra'];
  let n = 0;
  const listPath = (base: string) => () => {
    n += 1;
    const career = careers[n % careers.length];
    const term = terms[n % terms.length];
    return `${base}?page=${1 + (n % 3)}&page_size=25&search=${term}&ordering=first_name,second_name,names&career_id=${career}`;
  };
  // The page staff open from the list: its first HTML, rendered on the server with the record's
  // data, as a signed-in browser asks for it.
  const recordPage = async () => {
    const cookie = await browserCookie(APP_PORT, 'credentials', { username: 'admin', password: DEMO_PASSWORD() });
    return load('record-page', "student's record page (first HTML)", APP_PORT, () => `/scholar/students/${student}`, { cookie });
  };
  // BENCH_ONLY=record measures the record page alone.
  if (only === 'record') return record(await recordPage());
  // BENCH_ONLY=payment measures the payment case alone (for profiling it).
  if (only === 'payment') return record(await paymentCase(url, token));
  record(await load('list', 'students list (Plantel)', APP_PORT, listPath('/students/api/students/'), token));
  record(await load('list-raw', 'students list (node:http + pg, raw SQL)', RAW_PORT, listPath('/')));
  // BENCH_ONLY=list measures the two list cases and stops (for profiling the list alone).
  if (only === 'list') return;
  record(await load('show', 'student with relations (show)', APP_PORT, () => `/students/api/students/${student}/`, token));
  record(await recordPage());
  record(await pollBoard());

  // Grades: teachers saving a group's partial (40 students x 5 factors), a period's general
  // summary (its failures by career, group and subject) and one student's kardex.
  const capture = await prepareCapture(url, CAPTURE_CLIENTS);
  let round = 0;
  record(
    await measure(
      'group-save',
      `save a group's partial (${capture[0].students.length} x 5 factors, ${CAPTURE_CLIENTS} teachers)`,
      (client) => {
        round += 1;
        const { schedule, partial, factors, students } = capture[client];
        // Every save changes every score, so each one writes.
        const scores = students.map((student_id, index) => ({
          student_id,
          factors: Object.fromEntries(factors.map((factor, f) => [factor, String(6 + ((round + index + f) % 5))])),
        }));
        return post(APP_PORT, '/scores/api/scores/capture/', { schedule_id: schedule, partial_id: partial, notes: 'bench', scores }, token);
      },
      CAPTURE_CLIENTS,
    ),
  );
  // A heavy report that one person at a time asks for: measured from one client.
  record(
    await measure('period-summary', `general summary of a period (${capture[0].periodRows.toLocaleString('en')} finals, 1 client)`, () => get(APP_PORT, `/scores/api/main-scores/failure_statistic/?cicle_id=${capture[0].cicle}`, token), 1, 2),
  );
  const kardexStudents = capture.flatMap((item) => item.students);
  let k = 0;
  record(await load('kardex', 'one kardex (summary)', APP_PORT, () => `/reports/api/student-kardex/summary/?student_id=${kardexStudents[(k += 1) % kardexStudents.length]}`, token));

  record(await paymentCase(url, token));

  await exportAll();
  await attendance();
}

/** The report: each size's table and summary, then the sizes side by side. */
function printReport(runs: readonly SizeRun[]): void {
  for (const run of runs) {
    if (run.results.length === 0 && run.notes.length === 0) continue;
    console.log('');
    for (const line of resultTable(run.results, { concurrency: CONCURRENCY, seconds: SECONDS, cores: os.cpus().length, size: run.size })) console.log(line);
    console.log('');
    for (const line of [...summaryLines(run.results), ...run.notes]) console.log(line);
  }
  const comparison = sizeComparison(runs);
  if (comparison.length) {
    console.log(`\n${comparison.join('\n')}`);
  }
  const [one, five, fifteen] = os.loadavg();
  console.log(`\nmachine load average during the run: ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)} (${os.cpus().length} cores)`);
}

async function main() {
  const only = process.env.BENCH_ONLY;
  // BENCH_ONLY=documents measures the electronic documents alone (invoices and titles, no database);
  // BENCH_ONLY=titles only SEP titles: 100 built, sealed by two signers, validated and zipped.
  if (only === 'documents') return documents();
  if (only === 'titles') return titles();
  const sizes = sizesToMeasure();
  if (!only) documents();
  if (only !== 'long') buildIfNeeded();
  const runs: SizeRun[] = [];
  // A failed part is reported and the run goes on with the next size; the exit code says it failed.
  const failures: string[] = [];
  for (const size of sizes) {
    // Pushed first: the cases measured before a failure are still reported.
    const run: SizeRun = { size, results: [], notes: [] };
    runs.push(run);
    try {
      await measureSize(run, only, failures);
    } catch (error) {
      failures.push(`${size}: ${describeFailure(error)} (server log: ${path.relative(ROOT, path.join(benchDataDir(size), 'server.log'))})`);
    }
  }
  printReport(runs);
  if (failures.length) throw new Error(`the bench did not complete:\n  ${failures.join('\n  ')}`);
}

main().then(
  // Whatever handle is left (a socket the agent keeps) must not hold the run open.
  () => process.exit(0),
  exitWithFailure,
);
