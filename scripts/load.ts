// npm run load -- [--users 200] [--seconds 60] [--warmup 5] [--think 200] [--port 3210]
// Simulated users of the four kinds (staff, teachers, students, aspirants) against the production
// build on the `large` data set, each looping over the requests its screens make. Prints the
// throughput, each kind of request's latencies and errors, and the server's memory and CPU. It is a
// measurement, not a test: it exits 0 whatever it measured (1 only when it could not run).
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { option } from './lib/args';
import {
  DEMO_PASSWORD,
  browserCookie,
  buildIfNeeded,
  embeddedPostmasterPid,
  prepareLargeDatabase,
  processTreeCpuSeconds,
  rssMb,
  signIn,
  startProductionServer,
  stopServer,
} from './lib/bench-server';
import { type Answer, LeanConnection, nodeClient, percentile } from './lib/load-client';
import { exitWithFailure } from './lib/failure';

const numberOption = (name: string, env: string, fallback: number) => {
  const value = Number(option(name) ?? process.env[env] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} takes a number`);
  return value;
};
const USERS = Math.max(4, Math.round(numberOption('--users', 'LOAD_USERS', 200)));
const SECONDS = numberOption('--seconds', 'LOAD_SECONDS', 60);
const WARMUP = numberOption('--warmup', 'LOAD_WARMUP', 5);
/** Each user waits a uniform THINK_MIN..THINK ms after each answer, as a person reads a screen or
 * types before the next click (1-5 s by default; `--think-min 0 --think 0` for none, which measures
 * the server saturated rather than a school's day). */
const THINK = numberOption('--think', 'LOAD_THINK_MS', 5000);
const THINK_MIN = Math.min(THINK, numberOption('--think-min', 'LOAD_THINK_MIN_MS', 1000));
const PORT = numberOption('--port', 'LOAD_PORT', 3210);

// The rate limiter runs (its cost is part of the measurement) with the per-user limit out of reach:
// four cashiers' accounts serve sixteen simulated cashiers at full speed. The address limit counts
// only anonymous calls (the sign-ins), as in production. Accounts are never locked.
const SERVER_ENV = {
  RATE_LIMIT_USER_PER_MINUTE: process.env.RATE_LIMIT_USER_PER_MINUTE ?? '1000000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: process.env.RATE_LIMIT_ADDRESS_PER_MINUTE ?? '3000',
  LOGIN_MAX_FAILURES: process.env.LOGIN_MAX_FAILURES ?? '1000000',
};

/** A small seeded generator, so two runs make the same choices. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}
type Random = ReturnType<typeof random>;

// ---------------------------------------------------------------------------------------------
// Who the simulated users are.

/**
 * The split of the users: students are the most, and use the portal; staff and teachers are fewer
 * but work through a day's screens; aspirants are a season's few. Of 200: 40 staff (16 cashiers,
 * 24 school office), 40 teachers, 100 students, 20 aspirants.
 */
function split(users: number) {
  const staff = Math.max(2, Math.round(users * 0.2));
  const teachers = Math.max(1, Math.round(users * 0.2));
  const aspirants = Math.max(1, Math.round(users * 0.1));
  const students = Math.max(1, users - staff - teachers - aspirants);
  const cashiers = Math.max(1, Math.round(staff * 0.4));
  return { staff, cashiers, office: staff - cashiers, teachers, students, aspirants };
}

type Sheet = { schedule: number; partial: number; cicle: number; factors: string[]; students: number[] };
type Setup = {
  cashiers: string[];
  office: string[];
  teachers: { username: string; sheet: Sheet }[];
  students: string[];
  aspirants: { webCode: string; id: number; campus: number | null }[];
  careers: number[];
  studentIds: number[];
  /** Sales that still owe, with what each owes in cents (payments take from it). */
  owing: { id: number; cents: number }[];
  openedPartials: number;
};

/**
 * The accounts and records the users work on, read from the database. Teachers capture the 4th
 * partial of the active periods, whose window this opens from yesterday for 30 days (as in a
 * capture week; the large set's dates have it closed today).
 */
async function prepare(url: string, plan: ReturnType<typeof split>): Promise<Setup> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const usernames = async (roles: string[]) =>
      (
        await client.query<{ username: string }>(
          `SELECT u.username FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
           WHERE u.is_active AND r.short = ANY($1) ORDER BY u.username`,
          [roles],
        )
      ).rows.map((row) => row.username);
    const cashierAccounts = await usernames(['finanzas']);
    // The school office's mix reads students and applicants: the accounts whose roles open both.
    const officeAccounts = (
      await client.query<{ username: string }>(
        `SELECT DISTINCT u.username FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
         WHERE u.is_active AND r.status AND r.routes::jsonb ? 'scholar-students' AND r.routes::jsonb ? 'permanence-aspirants' AND NOT u.is_superuser ORDER BY u.username`,
      )
    ).rows.map((row) => row.username);

    // One class per teacher: the largest of theirs in an active period, its 4th ordinary partial.
    const { rows: classes } = await client.query<{ username: string; schedule: number; partial: number; cicle: number; group_id: number; subject_id: number }>(
      `SELECT DISTINCT ON (t.id) u.username, s.id AS schedule, p.id AS partial, g.cicle_id AS cicle, s.group_id, s.subject_id
       FROM teachers t JOIN users u ON u.id = t.user_id AND u.is_active
       JOIN schedules s ON s.teacher_id = t.id AND s.status
       JOIN groups g ON g.id = s.group_id JOIN cicles c ON c.id = g.cicle_id AND c.is_active
       JOIN partials p ON p.cicle_id = g.cicle_id AND p.partial_type = 'O' AND p.no = 4 AND p.status
       WHERE t.status
       ORDER BY t.id, (SELECT count(*) FROM student_groups sg WHERE sg.group_id = s.group_id AND sg.status) DESC, s.id
       LIMIT $1`,
      [plan.teachers],
    );
    const teachers = [];
    for (const row of classes) {
      const factors = (await client.query<{ id: number }>('SELECT id FROM factors WHERE schedule_id = $1 AND partial_id = $2 AND status AND NOT block ORDER BY id', [row.schedule, row.partial])).rows;
      const students = (
        await client.query<{ student_id: number }>('SELECT student_id FROM student_groups WHERE group_id = $1 AND status AND (subject_id IS NULL OR subject_id = $2) ORDER BY student_id', [row.group_id, row.subject_id])
      ).rows;
      if (!students.length) continue;
      teachers.push({ username: row.username, sheet: { schedule: row.schedule, partial: row.partial, cicle: row.cicle, factors: factors.map((factor) => String(factor.id)), students: students.map((student) => student.student_id) } });
    }
    const partials = [...new Set(teachers.map((teacher) => teacher.sheet.partial))];
    await client.query('UPDATE partials SET allow_scores = true, start_eval = LEAST(start_eval, current_date - 1), end_eval = GREATEST(end_eval, current_date + 30) WHERE id = ANY($1)', [partials]);

    // Students of the current periods with an account, spread over the whole set.
    const students = (
      await client.query<{ username: string }>(
        `SELECT u.username FROM students s JOIN users u ON u.id = s.user_id AND u.is_active
         JOIN groups g ON g.id = s.current_group_id JOIN cicles c ON c.id = g.cicle_id AND c.is_active
         ORDER BY md5(s.id::text) LIMIT $1`,
        [plan.students],
      )
    ).rows.map((row) => row.username);
    const aspirants = (
      await client.query<{ web_code: string; id: number; campus_id: number | null }>(
        `SELECT a.web_code, a.id, a.campus_id FROM aspirants a JOIN users u ON u.id = a.user_id AND u.is_active
         WHERE a.is_active ORDER BY md5(a.id::text) LIMIT $1`,
        [plan.aspirants],
      )
    ).rows.map((row) => ({ webCode: row.web_code, id: row.id, campus: row.campus_id }));
    const careers = (await client.query<{ id: number }>('SELECT id FROM careers ORDER BY id')).rows.map((row) => row.id);
    const studentIds = (await client.query<{ id: number }>('SELECT id FROM students ORDER BY id')).rows.map((row) => row.id);
    const owing = (await client.query<{ id: number; cents: string }>('SELECT id, (total_debt * 100)::bigint AS cents FROM sales WHERE status AND total_debt >= 1 ORDER BY md5(id::text)')).rows.map((row) => ({
      id: row.id,
      cents: Number(row.cents),
    }));
    if (!cashierAccounts.length || !officeAccounts.length || !teachers.length || !students.length || !aspirants.length || !owing.length) {
      throw new Error('the large data set lacks the accounts or records the load needs (delete .data/bench to load it again)');
    }
    const cycle = <T>(items: T[], count: number) => Array.from({ length: count }, (_, index) => items[index % items.length]);
    return {
      cashiers: cycle(cashierAccounts, plan.cashiers),
      office: cycle(officeAccounts, plan.office),
      teachers: cycle(teachers, plan.teachers),
      students: cycle(students, plan.students),
      aspirants: cycle(aspirants, plan.aspirants),
      careers,
      studentIds,
      owing,
      openedPartials: partials.length,
    };
  } finally {
    await client.end();
  }
}

/** An aspirant's Bearer token, from the aspirant portal's sign-in. */
async function aspirantToken(webCode: string): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${PORT}/manage/aspirants/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ web_code: webCode, web_pass: DEMO_PASSWORD() }),
  });
  const body = (await answer.json().catch(() => ({}))) as { token?: string };
  if (!answer.ok || !body.token) throw new Error(`aspirant ${webCode} could not sign in (status ${answer.status})`);
  return body.token;
}

// ---------------------------------------------------------------------------------------------
// What each kind of user does: weighted kinds of request, each one request.

type Request = { method: 'GET' | 'POST'; path: string; body?: unknown; idempotent?: boolean; page?: boolean };
type Kind = { name: string; weight: number; make: (rng: Random) => Request | null };
type VirtualUser = { group: string; token: string; cookie: string; kinds: Kind[] };

const TERMS = ['a', 'mar', 'lopez', 'jose', 'ana', 'gar', 'hernandez', 'ra'];
const get = (path: string): Request => ({ method: 'GET', path });
const page = (path: string): Request => ({ method: 'GET', path, page: true });

function staffKinds(setup: Setup, cashier: boolean, slice: { id: number; cents: number }[]): Kind[] {
  const studentsList = (rng: Random) =>
    get(`/students/api/students/?page=${rng.int(1, 3)}&page_size=25&search=${rng.pick(TERMS)}&ordering=first_name,second_name,names&career_id=${rng.pick(setup.careers)}`);
  if (cashier) {
    let cursor = 0;
    return [
      // Finanzas' role reads no student list: a cashier's lists are the sales and the payments.
      { name: 'staff: payments list', weight: 2, make: (rng) => get(`/finance/api/payments/?page=${rng.int(1, 5)}&page_size=25&ordering=-created_at,-id`) },
      { name: 'staff: sales list', weight: 3, make: (rng) => get(`/finance/api/sales/?page=${rng.int(1, 5)}&page_size=25&ordering=-sale_date,-id${rng.next() < 0.5 ? `&search=${rng.pick(TERMS)}` : ''}`) },
      { name: 'staff: sale cart', weight: 3, make: (rng) => get(`/finance/api/sales/${rng.pick(slice).id}/cart/`) },
      {
        name: 'staff: payment (POST)',
        weight: 2,
        // 1 to 50 pesos on the next sale of this cashier's own share that still owes that much:
        // never more than the debt, so no payment is refused, and the debts last many runs.
        make: (rng) => {
          for (let tries = 0; tries < slice.length; tries += 1) {
            const sale = slice[cursor++ % slice.length];
            const cents = Math.min(sale.cents, rng.int(1, 50) * 100);
            if (cents < 100) continue;
            sale.cents -= cents;
            return { method: 'POST', path: '/finance/api/payments/', body: { sale_id: sale.id, amount: (cents / 100).toFixed(2) }, idempotent: true };
          }
          return null;
        },
      },
    ];
  }
  return [
    { name: 'staff: students list (search)', weight: 4, make: studentsList },
    { name: 'staff: student record', weight: 3, make: (rng) => get(`/students/api/students/${rng.pick(setup.studentIds)}/`) },
    { name: 'staff: aspirants list', weight: 2, make: (rng) => get(`/inscription/api/aspirants/?page=${rng.int(1, 3)}&page_size=25&ordering=-created_at${rng.next() < 0.5 ? `&search=${rng.pick(TERMS)}` : ''}`) },
    { name: "staff: a student's kardex", weight: 1, make: (rng) => get(`/reports/api/student-kardex/summary/?student_id=${rng.pick(setup.studentIds)}`) },
    { name: 'page: students list (HTML)', weight: 1, make: (rng) => page(`/scholar/students?search=${rng.pick(TERMS)}`) },
  ];
}

function teacherKinds(sheet: Sheet): Kind[] {
  const query = `schedule_id=${sheet.schedule}&partial_id=${sheet.partial}`;
  return [
    { name: 'teacher: their classes', weight: 2, make: () => get(`/scores/api/scores/capture_classes/?cicle_id=${sheet.cicle}`) },
    { name: 'teacher: capture sheet', weight: 4, make: () => get(`/students/api/students/get_for_capture/?${query}`) },
    {
      name: 'teacher: save scores (POST)',
      weight: 2,
      // A few rows typed and saved, as the screen sends only the changed rows.
      make: (rng) => {
        const rows = new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(sheet.students)));
        const score = () => String(rng.int(6, 10));
        const scores = [...rows].map((student_id) =>
          sheet.factors.length ? { student_id, factors: Object.fromEntries(sheet.factors.map((factor) => [factor, score()])) } : { student_id, score: score() },
        );
        return { method: 'POST', path: '/scores/api/scores/capture/', body: { schedule_id: sheet.schedule, partial_id: sheet.partial, notes: 'load', scores } };
      },
    },
    { name: 'teacher: their evaluations', weight: 1, make: () => get('/polls/api/assignments/my_evaluations/') },
    { name: 'page: capture (HTML)', weight: 1, make: () => page(`/teacher/scores/${sheet.partial}/${sheet.schedule}`) },
  ];
}

function studentKinds(): Kind[] {
  return [
    { name: 'student: kardex summary', weight: 2, make: () => get('/reports/api/student-kardex/summary/') },
    { name: 'student: kardex scores', weight: 2, make: () => get('/scores/api/main-scores/?no_paginate=true&ordering=subject_code') },
    { name: 'student: schedule', weight: 2, make: () => get('/scores/api/subject-cicles/get_current_load/') },
    { name: 'student: tuition owed (POST)', weight: 2, make: () => ({ method: 'POST', path: '/finance/api/recurrents/check_student/', body: {} }) },
    { name: 'student: bank references', weight: 1, make: () => get('/finance/api/references/?status=true&no_paginate=true&ordering=-created_at') },
    { name: 'student: shop', weight: 1, make: () => get('/finance/api/sales/student_shop/') },
    { name: 'student: invoices', weight: 1, make: () => get('/invoices/api/invoices/?no_paginate=true&ordering=-expedition_date') },
    { name: 'student: polls', weight: 1, make: () => get('/polls/api/assignments/get_hub/') },
    { name: 'page: portal home (HTML)', weight: 1, make: () => page('/') },
    { name: 'page: portal kardex (HTML)', weight: 1, make: () => page('/portal/kardex') },
  ];
}

function aspirantKinds(aspirant: Setup['aspirants'][number]): Kind[] {
  return [
    { name: 'aspirant: their record', weight: 3, make: () => get(`/inscription/api/aspirants/${aspirant.id}/`) },
    { name: 'aspirant: documents checklist', weight: 2, make: () => get(`/students/api/student-documents/checklist/?aspirant_id=${aspirant.id}`) },
    { name: 'aspirant: payment references', weight: 2, make: () => get('/finance/api/references/?no_paginate=true&ordering=-created_at') },
    {
      name: 'aspirant: careers offered',
      weight: 1,
      make: () => get(`/academic/api/careers/?${aspirant.campus ? `campus_id=${aspirant.campus}&` : ''}status=true&no_paginate=true&ordering=name`),
    },
    { name: 'page: aspirant home (HTML)', weight: 1, make: () => page('/') },
  ];
}

/** Signs every user in (API token and browser cookie), a few at a time: password hashing is slow on purpose. */
async function signInAll(setup: Setup): Promise<VirtualUser[]> {
  const owingSlices = setup.cashiers.map((_, index) => setup.owing.filter((_, sale) => sale % setup.cashiers.length === index));
  const jobs: (() => Promise<VirtualUser>)[] = [
    ...setup.cashiers.map((username, index) => async () => ({
      group: 'staff',
      token: await signIn(PORT, username),
      cookie: '',
      kinds: staffKinds(setup, true, owingSlices[index]),
    })),
    ...setup.office.map((username) => async () => ({
      group: 'staff',
      token: await signIn(PORT, username),
      cookie: await browserCookie(PORT, 'credentials', { username, password: DEMO_PASSWORD() }),
      kinds: staffKinds(setup, false, []),
    })),
    ...setup.teachers.map(({ username, sheet }) => async () => ({
      group: 'teachers',
      token: await signIn(PORT, username),
      cookie: await browserCookie(PORT, 'credentials', { username, password: DEMO_PASSWORD() }),
      kinds: teacherKinds(sheet),
    })),
    ...setup.students.map((username) => async () => ({
      group: 'students',
      token: await signIn(PORT, username),
      cookie: await browserCookie(PORT, 'credentials', { username, password: DEMO_PASSWORD() }),
      kinds: studentKinds(),
    })),
    ...setup.aspirants.map((aspirant) => async () => ({
      group: 'aspirants',
      token: await aspirantToken(aspirant.webCode),
      cookie: await browserCookie(PORT, 'aspirant', { web_code: aspirant.webCode, web_pass: DEMO_PASSWORD() }),
      kinds: aspirantKinds(aspirant),
    })),
  ];
  const users: VirtualUser[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) {
        const index = next++;
        users[index] = await jobs[index]();
      }
    }),
  );
  return users;
}

// ---------------------------------------------------------------------------------------------
// The run.

type Tally = { latencies: number[]; bytes: number; errors: Map<string, number> };

async function run(users: VirtualUser[]) {
  const tallies = new Map<string, Tally>();
  for (const user of users) for (const kind of user.kinds) if (!tallies.has(kind.name)) tallies.set(kind.name, { latencies: [], bytes: 0, errors: new Map() });
  const startAt = Date.now() + WARMUP * 1000;
  const endAt = startAt + SECONDS * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const loop = async (user: VirtualUser, index: number) => {
    const rng = random(index + 1);
    const total = user.kinds.reduce((sum, kind) => sum + kind.weight, 0);
    const connection = new LeanConnection(PORT);
    const auth = `Authorization: Bearer ${user.token}\r\n`;
    const browser = `Cookie: ${user.cookie}\r\nAccept: text/html\r\n`;
    // Users do not all start in the same millisecond.
    await sleep(rng.next() * Math.max(THINK, 100));
    try {
      while (Date.now() < endAt) {
        let roll = rng.next() * total;
        const kind = user.kinds.find((candidate) => (roll -= candidate.weight) < 0) ?? user.kinds[0];
        const request = kind.make(rng);
        if (!request) continue;
        const headers = request.page ? browser : request.idempotent ? `${auth}Idempotency-Key: ${randomUUID()}\r\n` : auth;
        const started = Date.now();
        const t0 = performance.now();
        let answer: Answer | null = null;
        let failure = '';
        try {
          answer = await connection.send(request.method, request.path, headers, request.body);
        } catch (error) {
          failure = `network: ${(error as Error).message}`;
        }
        const ms = performance.now() - t0;
        if (started >= startAt && started < endAt) {
          const tally = tallies.get(kind.name)!;
          tally.latencies.push(ms);
          tally.bytes += answer?.bytes ?? 0;
          const problem = failure || (answer && (answer.status < 200 || answer.status > 299) ? `HTTP ${answer.status}` : '');
          if (problem) tally.errors.set(problem, (tally.errors.get(problem) ?? 0) + 1);
        }
        if (THINK > 0) await sleep(THINK_MIN + rng.next() * (THINK - THINK_MIN));
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(users.map(loop));
  return tallies;
}

function report(tallies: Map<string, Tally>, plan: ReturnType<typeof split>, measured: { seconds: number; serverCpu: number; databaseCpu: number | null; clientCpu: number; rss: { start: number; peak: number; end: number } }) {
  const rows = [...tallies.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const requests = rows.reduce((sum, [, tally]) => sum + tally.latencies.length, 0);
  const errors = rows.reduce((sum, [, tally]) => sum + [...tally.errors.values()].reduce((a, b) => a + b, 0), 0);
  const all = rows.flatMap(([, tally]) => tally.latencies).sort((a, b) => a - b);
  const width = Math.max(...rows.map(([name]) => name.length), 10);
  const pct = (value: number) => `${value.toFixed(0)} %`;

  console.log(`\nPlantel load: ${USERS} users for ${SECONDS} s after a ${WARMUP} s warm-up, think time ${THINK > 0 ? `${THINK_MIN}–${THINK} ms (uniform) after each answer` : 'none'}, one keep-alive connection per user`);
  console.log(`  ${plan.staff} staff (${plan.cashiers} cashiers, ${plan.office} school office), ${plan.teachers} teachers, ${plan.students} students, ${plan.aspirants} aspirants; API calls with Bearer tokens, pages (HTML) with the browser's session cookie`);
  console.log(`  server: production build on the large data set, rate limits (RATE_LIMIT_USER_PER_MINUTE=${SERVER_ENV.RATE_LIMIT_USER_PER_MINUTE}, RATE_LIMIT_ADDRESS_PER_MINUTE=${SERVER_ENV.RATE_LIMIT_ADDRESS_PER_MINUTE}), LOGIN_MAX_FAILURES=${SERVER_ENV.LOGIN_MAX_FAILURES}, DB_POOL_SIZE=${process.env.DB_POOL_SIZE ?? '5 (default)'}; ${os.cpus().length} cores\n`);
  console.log('kind of request'.padEnd(width), 'count'.padStart(7), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'max ms'.padStart(8), 'errors'.padStart(7), 'avg KB'.padStart(7));
  const line = (name: string, latencies: number[], errorCount: number, bytes: number) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      name.padEnd(width),
      String(sorted.length).padStart(7),
      (sorted.length / measured.seconds).toFixed(1).padStart(7),
      percentile(sorted, 50).toFixed(1).padStart(8),
      percentile(sorted, 95).toFixed(1).padStart(8),
      percentile(sorted, 99).toFixed(1).padStart(8),
      (sorted.at(-1) ?? 0).toFixed(1).padStart(8),
      String(errorCount).padStart(7),
      (sorted.length ? bytes / sorted.length / 1024 : 0).toFixed(1).padStart(7),
    );
  };
  for (const [name, tally] of rows) line(name, tally.latencies, [...tally.errors.values()].reduce((a, b) => a + b, 0), tally.bytes);
  line('all', all, errors, rows.reduce((sum, [, tally]) => sum + tally.bytes, 0));

  console.log(`\n${requests.toLocaleString('en')} requests in ${measured.seconds.toFixed(1)} s: ${(requests / measured.seconds).toFixed(1)} req/s; errors: ${errors}`);
  for (const [name, tally] of rows) for (const [problem, count] of tally.errors) console.log(`  ${name}: ${problem} × ${count}`);
  console.log(`server RSS: ${measured.rss.start.toFixed(0)} MB at the start, peak ${measured.rss.peak.toFixed(0)} MB, ${measured.rss.end.toFixed(0)} MB at the end`);
  console.log(
    `CPU (of one core): server ${pct(measured.serverCpu)}, database ${measured.databaseCpu === null ? 'n/a (not embedded)' : pct(measured.databaseCpu)}, this load client ${pct(measured.clientCpu)}`,
  );
}

async function main() {
  const plan = split(USERS);
  const db = await prepareLargeDatabase();
  let app: ChildProcess | null = null;
  const http = nodeClient(4);
  try {
    const setup = await prepare(db.url, plan);
    buildIfNeeded();
    app = startProductionServer(db.url, PORT, SERVER_ENV);
    await http.waitFor(PORT, '/login');
    console.log(`capture window of the 4th partial opened in ${setup.openedPartials} active period(s); signing in ${USERS} users…`);
    const t0 = Date.now();
    const users = await signInAll(setup);
    console.log(`signed in in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${WARMUP} s warm-up, then ${SECONDS} s measured…`);

    const pid = app.pid!;
    const postmaster = embeddedPostmasterPid();
    const rss = { start: 0, peak: 0, end: 0 };
    let before = { server: 0, database: 0, client: process.cpuUsage(), at: 0 };
    const mark = setTimeout(() => {
      before = { server: processTreeCpuSeconds(pid), database: postmaster ? processTreeCpuSeconds(postmaster) : 0, client: process.cpuUsage(), at: performance.now() };
      rss.start = rssMb(pid);
    }, WARMUP * 1000);
    const sampler = setInterval(() => {
      if (before.at) rss.peak = Math.max(rss.peak, rssMb(pid));
    }, 250);
    const tallies = await run(users);
    clearTimeout(mark);
    clearInterval(sampler);
    const seconds = (performance.now() - before.at) / 1000;
    rss.end = rssMb(pid);
    rss.peak = Math.max(rss.peak, rss.end);
    const client = process.cpuUsage(before.client);
    report(tallies, plan, {
      // The measured window (requests that started in it finished a little after it).
      seconds: Math.min(seconds, SECONDS) || SECONDS,
      serverCpu: ((processTreeCpuSeconds(pid) - before.server) / seconds) * 100,
      databaseCpu: postmaster ? ((processTreeCpuSeconds(postmaster) - before.database) / seconds) * 100 : null,
      clientCpu: ((client.user + client.system) / 1e6 / seconds) * 100,
      rss,
    });
  } finally {
    if (app) await stopServer(app);
    http.destroy();
    await db.embedded?.stop();
  }
}

main().catch(exitWithFailure);
