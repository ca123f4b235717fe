// A database outage under load (issue 19): PostgreSQL stops in the middle of a stream of payments,
// charges and score captures, and starts again a few seconds later. The app instance (a process of
// its own) must answer every request during the outage at once with 503 and Retry-After (never a
// 500, a hang or a crash), serve again within 15 s of the database being back without a restart,
// and leave no half-written payment, charge or capture: each is one transaction, so every sale's
// totals still add up and every capture left the whole group at one value.
//
// The database is a PostgreSQL cluster of its own (stopping the suite's would stop the other
// files), loaded from a backup of the test database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '@/server/db/backup';
import { applyMigrations } from '@/server/db/migrate';
import { type EmbeddedDatabase, ensureDatabase, startEmbedded } from '../../scripts/db/embedded';
import { type Instance, http, startInstance } from './instances';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plantel-outage-'));
const RECOVERY_LIMIT_MS = 15_000;
let database: EmbeddedDatabase;
let url = '';
let app: Instance;
let client: pg.Client;

type Outcome = { kind: 'payment' | 'charge' | 'capture'; status: number; started: number; ms: number; detail?: string; retryAfter?: string | null };

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(text, values)).rows;
}

beforeAll(async () => {
  const file = path.join(folder, 'seed.plantel-backup.gz');
  await backupDatabase(process.env.DATABASE_URL!, file);
  database = await startEmbedded({ dataDir: path.join(folder, 'pg') });
  await ensureDatabase(database.adminUrl, 'plantel_outage', true);
  url = database.urlFor('plantel_outage');
  await applyMigrations(url, path.join(process.cwd(), 'prisma', 'migrations'), () => undefined);
  await restoreDatabase(url, file);
  app = await startInstance({ DATABASE_URL: url, UPLOAD_DIR: path.join(folder, 'uploads'), DB_POOL_SIZE: '5' });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await client?.end().catch(() => undefined);
  await database?.stop().catch(() => undefined);
  fs.rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe('PostgreSQL stops and starts again under load', () => {
  it('answers 503 during the outage, recovers by itself within 15 s, and leaves no partial write', async () => {
    const testStarted = new Date();
    const token = (await http<{ token: string }>(app.base, 'POST', 'manage/login/', { body: { username: 'admin', password: 'plantel2026' } })).body.token;
    expect(token).toBeTruthy();
    client = new pg.Client({ connectionString: url });
    await client.connect();

    // Four sales with a large balance that take the payments (payments never run out of it), four
    // more that take the new lines (a sale with payments has its lines locked), and a group to capture.
    const [student] = await sql<{ id: number; cicle_id: number }>('SELECT id, cicle_id FROM students WHERE is_active AND cicle_id IS NOT NULL ORDER BY id LIMIT 1');
    const sales: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      const sale = await http<{ id: number }>(app.base, 'POST', 'finance/api/sales/', { token, body: { student_id: student.id, cicle_id: student.cicle_id, notes: 'prueba de caída' } });
      expect(sale.status).toBe(201);
      sales.push(sale.body.id);
      const line = await http(app.base, 'POST', 'finance/api/sale-details/', { token, body: { sale_id: sale.body.id, description: 'Colegiatura', qty: 1, amount: '100000.00', discount: '0', iva: '0' } });
      expect(line.status).toBe(201);
    }
    const [target] = await sql<{ schedule_id: number; partial_id: number; group_id: number; subject_id: number }>(`
      SELECT s.id AS schedule_id, p.id AS partial_id, s.group_id, s.subject_id
      FROM schedules s JOIN groups g ON g.id = s.group_id JOIN partials p ON p.cicle_id = g.cicle_id AND p.partial_type = 'O'
      WHERE s.status AND s.teacher_id IS NOT NULL AND EXISTS (SELECT 1 FROM student_groups sg WHERE sg.group_id = s.group_id AND sg.status AND sg.subject_id IS NULL)
      ORDER BY s.id, p.no LIMIT 1`);
    await sql(`UPDATE partials SET allow_scores = true, start_eval = now() - interval '10 days', end_eval = now() + interval '10 days' WHERE id = $1`, [target.partial_id]);
    const students = (await sql<{ student_id: number }>('SELECT student_id FROM student_groups WHERE group_id = $1 AND status AND subject_id IS NULL ORDER BY student_id LIMIT 8', [target.group_id])).map((row) => row.student_id);
    expect(students.length).toBeGreaterThan(1);

    const outcomes: Outcome[] = [];
    let running = true;
    let sequence = 0;
    const send = async (kind: Outcome['kind']) => {
      sequence += 1;
      const n = sequence;
      const started = Date.now();
      const request =
        kind === 'payment'
          ? { path: 'finance/api/payments/', body: { sale_id: sales[n % 4], amount: `${1 + (n % 9)}.${String(n % 100).padStart(2, '0')}` } }
          : kind === 'charge'
            ? { path: 'finance/api/sale-details/', body: { sale_id: sales[4 + (n % 4)], description: `Cargo ${n}`, qty: 1, amount: `${10 + (n % 50)}.50`, discount: '0', iva: '0' } }
            : // Every capture sets the whole group to one value: a half-written one would mix two.
              { path: 'scores/api/scores/capture/', body: { schedule_id: target.schedule_id, partial_id: target.partial_id, notes: `Corrección ${n}`, scores: students.map((student_id) => ({ student_id, score: String(5 + (n % 6)) })) } };
      try {
        const answer = await http<{ detail?: string }>(app.base, 'POST', request.path, { token, body: request.body, timeoutMs: 20_000 });
        outcomes.push({ kind, status: answer.status, started, ms: Date.now() - started, detail: answer.body?.detail ?? (answer.status === 400 ? JSON.stringify(answer.body) : undefined), retryAfter: answer.headers.get('retry-after') });
      } catch (error) {
        // A timeout or a dropped connection: the instance hung or died.
        outcomes.push({ kind, status: 0, started, ms: Date.now() - started, detail: String(error) });
      }
    };
    const kinds: Outcome['kind'][] = ['payment', 'charge', 'capture'];
    const workers = Array.from({ length: 6 }, async (_, worker) => {
      for (let turn = worker; running; turn += 1) {
        await send(kinds[turn % kinds.length]);
        // During the outage answers come back at once; a short pause keeps the loop from spinning.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const beforeStop = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300).length;
    await client.end();
    await database.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const restartingAt = Date.now();
    database = await startEmbedded({ dataDir: path.join(folder, 'pg'), port: database.port });
    const backAt = Date.now();
    // Until the first write goes through again, and then a little longer.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - backAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recoveredAt = outcomes.find((outcome) => outcome.started >= backAt && outcome.status >= 200 && outcome.status < 300)?.started ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await Promise.all(workers);

    const during = outcomes.filter((outcome) => outcome.started >= stoppedAt && outcome.started + outcome.ms <= restartingAt);
    const statuses = (list: Outcome[]) => [...new Set(list.map((outcome) => outcome.status))].sort();
    console.log(
      `outage: ${outcomes.length} requests, ${beforeStop} written before the stop, ${during.length} during the outage (statuses ${statuses(during).join(', ')}, slowest ${Math.max(...during.map((o) => o.ms))} ms), recovered ${recoveredAt - backAt} ms after the database was back`,
    );

    // The instance never crashed, hung or failed with a 500.
    expect(app.process.exitCode, app.output().slice(-3000)).toBeNull();
    expect(outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500 && outcome.status !== 503)).toEqual([]);
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(12_000);
    // During the outage: 503 with a clear message and a time to wait.
    expect(during.length).toBeGreaterThan(10);
    expect(statuses(during)).toEqual([503]);
    expect(during[0]).toMatchObject({ detail: expect.stringContaining('base de datos no está disponible'), retryAfter: '5' });
    // Back by itself, well within the limit.
    expect(recoveredAt).toBeGreaterThan(0);
    expect(recoveredAt - backAt).toBeLessThan(RECOVERY_LIMIT_MS);
    const after = outcomes.filter((outcome) => outcome.started >= recoveredAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((outcome) => outcome.status >= 200 && outcome.status < 300)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.status >= 400 && outcome.status !== 503)).toEqual([]);

    // No partial writes. Each sale's totals are its lines' and its payments' sums...
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const totals = await sql<{ id: number; amount: string; lines: string; total_paid: string; paid: string; total_pay: string; total_debt: string }>(
      `SELECT s.id, s.amount::text, (SELECT COALESCE(SUM(d.qty * d.amount), 0)::numeric(14,2)::text FROM sale_details d WHERE d.sale_id = s.id) AS lines,
              s.total_paid::text, (SELECT COALESCE(SUM(p.amount), 0)::numeric(14,2)::text FROM payments p WHERE p.sale_id = s.id) AS paid,
              s.total_pay::text, s.total_debt::text
       FROM sales s WHERE s.id = ANY($1::int[]) ORDER BY s.id`,
      [sales],
    );
    for (const sale of totals) {
      expect([sale.id, sale.amount]).toEqual([sale.id, sale.lines]);
      expect([sale.id, sale.total_paid]).toEqual([sale.id, sale.paid]);
      expect([sale.id, Number(sale.total_debt)]).toEqual([sale.id, Math.round((Number(sale.total_pay) - Number(sale.total_paid)) * 100) / 100]);
    }
    // ...every payment has its history row, written in its transaction...
    const [history] = await sql<{ payments: number; logged: number }>(
      `SELECT (SELECT COUNT(*) FROM payments WHERE sale_id = ANY($1::int[]))::int AS payments,
              (SELECT COUNT(*) FROM audit_logs a WHERE a.resource = 'payments' AND a.type = '+' AND a.date >= $2 AND a.record_id IN (SELECT id::text FROM payments WHERE sale_id = ANY($1::int[])))::int AS logged`,
      [sales, testStarted],
    );
    expect(history.payments).toBeGreaterThan(0);
    expect(history.logged).toBe(history.payments);
    // ...and the group holds one capture's value, whole.
    const values = await sql<{ score: string }>('SELECT DISTINCT score::text FROM scores WHERE schedule_id = $1 AND partial_id = $2 AND student_id = ANY($3::int[])', [target.schedule_id, target.partial_id, students]);
    expect(values).toHaveLength(1);
    expect(await sql('SELECT 1 FROM scores WHERE schedule_id = $1 AND partial_id = $2 AND student_id = ANY($3::int[])', [target.schedule_id, target.partial_id, students])).toHaveLength(students.length);
  }, 120_000);
});
