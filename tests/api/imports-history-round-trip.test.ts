// The round trip of the historical importers (issue 31): some demo students' kardex (grades) and
// every demo student's pending charges (opening balances) exported in the importers' template
// layout (export-layout.ts), removed from the database, imported back through the API, and read
// the same: the kardex lines, the kardex summary's averages and credits, each student's debt as
// Finanzas answers it and the debts per concept. A pending sale comes back as one locked
// `saldo_inicial` sale per student, concept, period and due date, so the debts are compared by
// student and concept, not by sale. This file removes records with plain SQL (its own copy of the
// database, tests/setup/api-env.ts), so it is a file of its own.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '@/lib/finance/balance';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { balancesLayout, gradesLayout, layoutWorkbook } from '@/server/modules/imports/export-layout';
import { importerNamed } from '@/server/modules/imports/registry';
import { JOBS } from '@/server/modules/registry';
import { call, tokenFor } from './client';
import { importFile } from './imports-client';

let admin: string;
let runner: JobRunner;

beforeAll(async () => {
  admin = await tokenFor('admin');
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
});

/** Plain SQL on this file's database; `replica` skips the foreign keys (payments of a removed sale stay behind: nothing here reads them). */
async function sql(text: string, values: unknown[] = [], options: { replica?: boolean } = {}) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    if (options.replica) await client.query('SET session_replication_role = replica');
    return (await client.query(text, values)).rowCount;
  } finally {
    await client.end();
  }
}

/** Uploads the xlsx and imports it as a job, as a person does in Herramientas › Importar. */
async function importXlsx(importer: string, file: Buffer) {
  return (await importFile(admin, importer, new Uint8Array(file), { name: `${importer}.xlsx`, allColumns: true })).result;
}

describe('round trip of the historical importers', () => {
  it('exports some students’ kardex in the grades template, imports it into a kardex without those lines, and reads the same lines, averages and credits', async () => {
    // A student of each career with a graded kardex, and the students with an extraordinary or a
    // T.S. exam, so every exam type makes the trip.
    const picked = await prisma.$queryRawUnsafe<{ id: number }[]>(`
      (SELECT DISTINCT ON (st.career_id) st.id FROM students st JOIN subject_cicles sc ON sc.student_id = st.id AND sc.status AND sc.final_score IS NOT NULL ORDER BY st.career_id, st.id)
      UNION (SELECT student_id FROM subject_cicles WHERE status AND extra_score IS NOT NULL ORDER BY student_id LIMIT 2)
      UNION (SELECT student_id FROM subject_cicles WHERE status AND ts_score IS NOT NULL ORDER BY student_id LIMIT 2)`);
    const studentIds = picked.map((row) => row.id).sort((a, b) => a - b);
    expect(studentIds.length).toBeGreaterThan(1);
    const source = await gradesLayout(prisma, { studentIds });
    const examAt = source.headers.indexOf('Tipo de examen');
    expect(new Set(source.rows.map((row) => row[examAt]))).toEqual(new Set(['O', 'X', 'T']));

    const lines = () =>
      prisma.subjectCicle
        .findMany({ where: { student_id: { in: studentIds }, status: true }, orderBy: [{ student_id: 'asc' }, { cicle_id: 'asc' }, { subject_id: 'asc' }], select: { student_id: true, cicle_id: true, subject_id: true, final_score: true, extra_score: true, ts_score: true } })
        .then((found) => found.map((line) => ({ ...line, final_score: line.final_score?.toString() ?? null, extra_score: line.extra_score?.toString() ?? null, ts_score: line.ts_score?.toString() ?? null })));
    /** The kardex as the API answers it: its lines by grade with their best attempt, the averages by grade and period, the overall average and the credits. */
    const kardexes = async () => {
      const answers: Record<number, unknown> = {};
      for (const id of studentIds) {
        const answer = await call('GET', `reports/api/student-kardex/summary/?student_id=${id}`, { token: admin });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        answers[id] = answer.body.summary;
      }
      return answers;
    };
    const linesBefore = await lines();
    const kardexBefore = await kardexes();
    expect(Object.values(kardexBefore).every((summary) => (summary as { average: string | null }).average !== null)).toBe(true);
    const file = await layoutWorkbook(importerNamed('grades'), source);

    // The exported lines removed (what the grades importer writes); lines without a score stay.
    const removed = await sql(`DELETE FROM subject_cicles WHERE student_id = ANY($1::int[]) AND status AND (final_score IS NOT NULL OR extra_score IS NOT NULL OR ts_score IS NOT NULL)`, [studentIds]);
    expect(removed).toBeGreaterThan(0);
    expect(await kardexes()).not.toEqual(kardexBefore);

    expect(await importXlsx('grades', file)).toMatchObject({ status: 'IMPORTED', created: source.rows.length, updated: 0, unchanged: 0, refused: 0 });
    expect(await lines()).toEqual(linesBefore);
    expect(await kardexes()).toEqual(kardexBefore);
    expect(await gradesLayout(prisma, { studentIds })).toEqual(source);
    // The same file again changes nothing.
    expect(await importXlsx('grades', file)).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: source.rows.length });
  }, 300_000);

  it('exports every pending charge in the opening balances template, imports it into a database without them, and each student owes the same, concept by concept', async () => {
    const pending = await prisma.sale.findMany({ where: { student_id: { not: null }, status: true, paid: false, total_debt: { gt: 0 } }, select: { id: true, student_id: true } });
    const studentIds = [...new Set(pending.map((sale) => sale.student_id!))].sort((a, b) => a - b);
    expect(studentIds.length).toBeGreaterThan(1);
    const source = await balancesLayout(prisma, { studentIds });
    expect(source.rows.length).toBeGreaterThan(studentIds.length);

    /** Each student's debt as Finanzas answers it: what her live sales owe. */
    const debts = async () => {
      const owed: Record<number, string> = {};
      for (const id of studentIds) {
        const answer = await call('GET', `finance/api/sales/?student=${id}&page_size=100`, { token: admin });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.pages).toBeLessThanOrEqual(1);
        const sales = answer.body.data as { student_id: number; status: boolean; total_debt: string }[];
        expect(sales.every((sale) => sale.student_id === id)).toBe(true);
        owed[id] = fromCents(sales.filter((sale) => sale.status).reduce((sum, sale) => sum + (toCents(sale.total_debt) ?? 0n), 0n));
      }
      return owed;
    };
    const before = await debts();
    expect(Object.values(before).every((debt) => debt !== '0.00')).toBe(true);
    const file = await layoutWorkbook(importerNamed('balances'), source);

    // The pending sales removed with their lines.
    const ids = pending.map((sale) => sale.id);
    await sql(`DELETE FROM sale_details WHERE sale_id = ANY($1::int[])`, [ids], { replica: true });
    await sql(`DELETE FROM sales WHERE id = ANY($1::int[])`, [ids], { replica: true });
    expect(Object.values(await debts()).every((debt) => debt === '0.00')).toBe(true);

    expect(await importXlsx('balances', file)).toMatchObject({ status: 'IMPORTED', created: source.rows.length, updated: 0, unchanged: 0, refused: 0 });
    expect(await debts()).toEqual(before);
    // Concept by concept, period and due date: the same rows read back from the opening balances.
    expect(await balancesLayout(prisma, { studentIds })).toEqual(source);
    const opening = await prisma.sale.findMany({ where: { student_id: { in: studentIds }, status: true, paid: false, total_debt: { gt: 0 } }, select: { sale_type: true, is_locked: true } });
    expect(opening).toHaveLength(source.rows.length);
    expect(opening.every((sale) => sale.sale_type === 'saldo_inicial' && sale.is_locked)).toBe(true);
    expect(await importXlsx('balances', file)).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: source.rows.length });
  }, 300_000);
});
