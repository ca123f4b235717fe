// The historical importers (issue 31) through the API: the kardex of the previous system (grades)
// and the opening balances, kept by their owners (scores, finance) so the kardex, its averages and
// the debts are the app's own; each kind of bad row reported by row and column with nothing
// written; the same file twice changes nothing; a corrected file updates only its rows; a paid
// charge is never changed; and the batch path (writeBatch) writes the same records with the same
// outcomes as the row path (write).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCurp } from '@/lib/mx';
import { actorForUser } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { operationContext } from '@/server/engine/context';
import { translator } from '@/server/i18n/messages';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { CatalogLookup } from '@/server/modules/imports/catalogs';
import type { ImporterDefinition, Outcome } from '@/server/modules/imports/definition';
import { importerNamed } from '@/server/modules/imports/registry';
import { checkRow } from '@/server/modules/imports/rows';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';
import { importFile } from './imports-client';

let admin: string;
let runner: JobRunner;
/** A demo student, a study plan with two subjects, a period of its campus, a concept and a period with a name of its own. */
let student: { id: number; no_control: string };
let plan: { code: string; subjects: { id: number; code: string }[] };
/** A study plan of another career than the student's, none of whose groups she was enrolled in. */
let otherPlan: { id: number; code: string; subject: { id: number; code: string } };
let cicle: { id: number; description: string };
let concept: { id: number; code: string };
let balanceCicle: { id: number; description: string };

beforeAll(async () => {
  admin = await tokenFor('admin');
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  student = await prisma.student.findFirstOrThrow({ where: { is_active: true }, orderBy: { id: 'asc' }, select: { id: true, no_control: true } });
  // Subjects she has no kardex line of yet, so the lines imported are the kardex's whole word on them.
  const taken = new Set([...(await prisma.subjectCicle.findMany({ where: { student_id: student.id }, select: { subject_id: true } })), ...(await prisma.studentSubject.findMany({ where: { student_id: student.id }, select: { subject_id: true } }))].map((line) => line.subject_id));
  const own = await prisma.student.findUniqueOrThrow({ where: { id: student.id }, select: { career_id: true, career: { select: { campus_id: true } } } });
  const plans = (await prisma.studyPlan.findMany({ where: { status: true, career_id: { not: null } }, orderBy: { id: 'asc' }, select: { id: true, code: true, career_id: true, career: { select: { campus_id: true } }, subjects: { orderBy: { id: 'asc' }, select: { id: true, code: true } } } })).map((p) => ({ ...p, subjects: p.subjects.filter((subject) => !taken.has(subject.id)).slice(0, 2) }));
  const codes = new Map<string, number>();
  for (const p of plans) codes.set(p.code, (codes.get(p.code) ?? 0) + 1);
  // A plan of her career (a grade's subject must be of a plan she follows), and one of another career.
  const chosen = plans.find((p) => p.career_id === own.career_id && p.subjects.length === 2 && codes.get(p.code) === 1)!;
  plan = { code: chosen.code, subjects: chosen.subjects };
  const foreign = plans.find((p) => p.career_id !== own.career_id && p.subjects.length > 0 && codes.get(p.code) === 1)!;
  otherPlan = { id: foreign.id, code: foreign.code, subject: foreign.subjects[0] };
  const campusCicles = await prisma.cicle.findMany({ where: { campus_id: chosen.career!.campus_id }, orderBy: { start: 'asc' }, select: { id: true, description: true } });
  cicle = campusCicles.find((c) => campusCicles.filter((other) => other.description === c.description).length === 1)!;
  // A code names the newest concept of that code (each price list has its own).
  concept = await prisma.concept.findFirstOrThrow({ where: { status: true }, orderBy: { id: 'desc' }, select: { id: true, code: true } });
  // A period of her campus (each campus has its own periods, often with the same names).
  const ownCicles = await prisma.cicle.findMany({ where: { campus_id: own.career!.campus_id }, orderBy: { start: 'asc' }, select: { id: true, description: true } });
  balanceCicle = ownCicles.find((c) => ownCicles.filter((other) => other.description === c.description).length === 1)!;
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
});

const csv = (rows: string[][]) => rows.map((row) => row.join(';')).join('\r\n');

async function runFile(importer: string, text: string) {
  return (await importFile(admin, importer, text, { name: `${importer}.csv` })).result;
}

const byRow = (errors: { row: number; column: string | null; message: string }[], row: number) => errors.filter((error) => error.row === row).map((error) => error.column);

const GRADE_HEADERS = ['Alumno', 'Plan de estudios', 'Clave de la materia', 'Periodo', 'Tipo de examen', 'Calificación'];
const BALANCE_HEADERS = ['Alumno', 'Concepto', 'Periodo', 'Importe pendiente', 'Fecha de vencimiento'];

const kardexLine = (subjectId: number) => prisma.subjectCicle.findUnique({ where: { student_id_cicle_id_subject_id: { student_id: student.id, cicle_id: cicle.id, subject_id: subjectId } }, select: { final_score: true, extra_score: true, ts_score: true } });

describe('grades importer', () => {
  it('keeps the kardex lines; the kardex and the period average are the app’s; twice changes nothing; a correction updates its row', async () => {
    const [a, b] = plan.subjects;
    const rows = [
      [student.no_control, plan.code, a.code, cicle.description, 'Ordinario', '5'],
      [student.no_control, plan.code, a.code, cicle.description, 'Extraordinario', '7,5'],
      [student.no_control, plan.code, b.code, cicle.description, 'O', '9.25'],
    ];
    expect(await runFile('grades', csv([GRADE_HEADERS, ...rows]))).toMatchObject({ status: 'IMPORTED', created: 3, updated: 0, unchanged: 0 });
    expect(await kardexLine(a.id)).toMatchObject({ final_score: expect.anything(), extra_score: expect.anything(), ts_score: null });
    expect(String((await kardexLine(a.id))!.extra_score)).toBe('7.5');
    // The kardex view takes the best attempt; the period's average is the consolidation's rule.
    const kardex = await prisma.$queryRawUnsafe<{ subject_id: number; final_score: string }[]>(`SELECT subject_id, trim_scale(final_score)::text AS final_score FROM student_kardex WHERE student_id = $1 AND subject_id = ANY($2::int[]) ORDER BY subject_id`, student.id, [a.id, b.id]);
    expect(kardex.map((line) => line.final_score)).toEqual(['7.5', '9.25']);
    const period = await prisma.studentPeriod.findUniqueOrThrow({ where: { student_id_cicle_id: { student_id: student.id, cicle_id: cicle.id } }, select: { score: true } });
    expect(period.score).not.toBeNull();

    const logged = await prisma.auditLog.count({ where: { resource: 'subject_cicles' } });
    expect(await runFile('grades', csv([GRADE_HEADERS, ...rows]))).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: 3 });
    expect(await prisma.auditLog.count({ where: { resource: 'subject_cicles' } })).toBe(logged);

    const corrected = [rows[0], rows[1], [...rows[2].slice(0, 5), '9,5']];
    expect(await runFile('grades', csv([GRADE_HEADERS, ...corrected]))).toMatchObject({ status: 'IMPORTED', created: 0, updated: 1, unchanged: 2 });
    expect(String((await kardexLine(b.id))!.final_score)).toBe('9.5');
    expect(String((await kardexLine(a.id))!.final_score)).toBe('5');
    expect(await prisma.auditLog.count({ where: { resource: 'subject_cicles' } })).toBe(logged + 1);
  });

  it('reports each kind of bad row with its row and column, and writes nothing', async () => {
    const [a, b] = plan.subjects;
    const before = await prisma.subjectCicle.count();
    const rows = [
      [student.no_control, plan.code, a.code, cicle.description, 'Ordinario', '8'],
      ['NO-EXISTE-99', plan.code, a.code, cicle.description, 'Ordinario', '8'],
      [student.no_control, plan.code, 'ZZZ-NADA', cicle.description, 'Ordinario', '8'],
      [student.no_control, plan.code, b.code, cicle.description, 'Ordinario', '11'],
      [student.no_control, plan.code, b.code, cicle.description, 'Recuperación', '8'],
      [student.no_control, plan.code, b.code, 'Periodo que no existe', 'Ordinario', '8'],
      [student.no_control, plan.code, b.code, cicle.description, 'Ordinario', 'ocho'],
      [student.no_control, plan.code, a.code, cicle.description, 'ORD', '8'],
    ];
    const result = await runFile('grades', csv([GRADE_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', created: 0, updated: 0, unchanged: 0, refused: 7 });
    expect(byRow(result.errors, 2)).toEqual([]);
    expect(byRow(result.errors, 3)).toEqual(['student']);
    expect(byRow(result.errors, 4)).toEqual(['subject']);
    expect(byRow(result.errors, 5)).toEqual(['score']);
    expect(byRow(result.errors, 6)).toEqual(['exam']);
    expect(byRow(result.errors, 7)).toEqual(['cicle']);
    expect(byRow(result.errors, 8)).toEqual(['score']);
    // The same student, subject, period and exam as row 2 ("ORD" is "Ordinario").
    expect(byRow(result.errors, 9)).toEqual(['student']);
    expect(await prisma.subjectCicle.count()).toBe(before);
  });

  it('refuses a subject of a plan the student does not follow on its row and subject column, in the preview, the dry run and the import', async () => {
    const [a] = plan.subjects;
    // The other career's plan is neither her career's nor the plan of a group she was in.
    const hers = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE sg.student_id = $1 AND g.study_plan_id = $2`, student.id, otherPlan.id);
    expect(hers[0].n).toBe(0);
    const before = await prisma.subjectCicle.count();
    const text = csv([
      GRADE_HEADERS,
      [student.no_control, plan.code, a.code, cicle.description, 'Ordinario', '8'],
      [student.no_control, otherPlan.code, otherPlan.subject.code, cicle.description, 'Ordinario', '8'],
    ]);
    const form = new FormData();
    form.append('importer', 'grades');
    form.append('file', new Blob([text]), 'otra-carrera.csv');
    const uploaded = await call('POST', 'manage/api/imports/upload/', { token: admin, form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const expected = { row: 3, column: 'subject', message: 'La materia no es del plan de estudios del alumno (uno de su carrera o de sus grupos).' };
    expect(uploaded.body.errors).toEqual([expect.objectContaining(expected)]);
    for (const path of ['dry_run', 'run']) {
      const started = await call('POST', `manage/api/imports/${uploaded.body.id}/${path}/`, { token: admin, body: { mapping: uploaded.body.mapping } });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const job = await finishedJob(admin, started.body.job_id);
      expect(job.result).toMatchObject({ status: 'REFUSED', created: 0, refused: 1, errors: [expect.objectContaining(expected)] });
    }
    expect(await prisma.subjectCicle.count()).toBe(before);
    // In English for a user who reads English.
    const lookup = new CatalogLookup(prisma);
    const importer = importerNamed('grades') as ImporterDefinition<unknown>;
    const checked = await checkRow(importer, { student: 0, plan: 1, subject: 2, cicle: 3, exam: 4, score: 5 }, { row: 3, cells: [student.no_control, otherPlan.code, otherPlan.subject.code, cicle.description, 'Ordinario', '8'] }, lookup, prisma);
    expect(checked.result.ok).toBe(false);
    const errors = checked.result.ok ? [] : checked.result.errors;
    expect(errors.map((error) => [error.column, translator('en')(error.message.key, error.message.values)])).toEqual([['subject', "The subject is not in the student's study plan (one of their career or of their groups)."]]);
  });
});

describe('balances importer', () => {
  const debtOf = (saleId: number) => prisma.sale.findUniqueOrThrow({ where: { id: saleId }, select: { total_debt: true, paid: true, is_locked: true, sale_type: true } });
  const openingSales = () => prisma.sale.findMany({ where: { student_id: student.id, sale_type: 'saldo_inicial' }, orderBy: { id: 'asc' }, select: { id: true, total_debt: true, sale_date: true } });

  it('charges the debts as sales; twice changes nothing; a correction updates its row; a paid charge is refused on its row', async () => {
    const rows = [
      [student.no_control, concept.code, balanceCicle.description, '4256,50', '10/02/2026'],
      [student.no_control, concept.code, balanceCicle.description, '1000', '10/03/2026'],
    ];
    expect(await runFile('balances', csv([BALANCE_HEADERS, ...rows]))).toMatchObject({ status: 'IMPORTED', created: 2, updated: 0, unchanged: 0 });
    const sales = await openingSales();
    expect(sales.map((sale) => [sale.total_debt.toFixed(2), sale.sale_date.toISOString().slice(0, 10)])).toEqual([
      ['4256.50', '2026-02-10'],
      ['1000.00', '2026-03-10'],
    ]);
    expect(await debtOf(sales[0].id)).toMatchObject({ paid: false, is_locked: true });
    // The debt is the student's in Finanzas: her sales through the API owe it.
    const listed = await call('GET', `finance/api/sales/?student=${student.id}&page_size=200`, { token: admin });
    expect(listed.status).toBe(200);

    expect(await runFile('balances', csv([BALANCE_HEADERS, ...rows]))).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: 2 });
    const corrected = [rows[0], [...rows[1].slice(0, 3), '1200', rows[1][4]]];
    expect(await runFile('balances', csv([BALANCE_HEADERS, ...corrected]))).toMatchObject({ status: 'IMPORTED', created: 0, updated: 1, unchanged: 1 });
    expect((await debtOf(sales[1].id)).total_debt.toFixed(2)).toBe('1200.00');
    expect((await debtOf(sales[0].id)).total_debt.toFixed(2)).toBe('4256.50');

    // Paid in full (as the counter would leave it): a different amount is refused on its row, nothing written.
    await prisma.sale.update({ where: { id: sales[0].id }, data: { total_paid: '4256.50', total_debt: 0, paid: true } });
    const refused = await runFile('balances', csv([BALANCE_HEADERS, [...rows[0].slice(0, 3), '5000', rows[0][4]], [...rows[1].slice(0, 3), '1300', rows[1][4]]]));
    expect(refused).toMatchObject({ status: 'REFUSED', refused: 1 });
    expect(refused.errors[0]).toMatchObject({ row: 2 });
    expect(refused.errors[0].message).toContain('pagos');
    expect((await debtOf(sales[1].id)).total_debt.toFixed(2)).toBe('1200.00');
    // The same amount again is simply unchanged, paid or not.
    expect(await runFile('balances', csv([BALANCE_HEADERS, ...corrected]))).toMatchObject({ status: 'IMPORTED', unchanged: 2 });
  });

  it('reports each kind of bad row with its row and column, and writes nothing', async () => {
    const before = await prisma.sale.count();
    const rows = [
      [student.no_control, concept.code, balanceCicle.description, '100', '01/01/2026'],
      [student.no_control, 'NO-EXISTE', balanceCicle.description, '100', '01/01/2026'],
      [student.no_control, concept.code, balanceCicle.description, '0', '02/01/2026'],
      [student.no_control, concept.code, balanceCicle.description, '12,345', '03/01/2026'],
      [student.no_control, concept.code, balanceCicle.description, '100', '31/02/2026'],
      ['NADIE-123', concept.code, balanceCicle.description, '100', '01/01/2026'],
      [student.no_control, concept.code, balanceCicle.description, '', '04/01/2026'],
    ];
    const result = await runFile('balances', csv([BALANCE_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', refused: 6 });
    expect(byRow(result.errors, 2)).toEqual([]);
    expect(byRow(result.errors, 3)).toEqual(['concept']);
    expect(byRow(result.errors, 4)).toEqual(['amount']);
    expect(byRow(result.errors, 5)).toEqual(['amount']);
    expect(byRow(result.errors, 6)).toEqual(['due_date']);
    expect(byRow(result.errors, 7)).toEqual(['student']);
    expect(byRow(result.errors, 8)).toEqual(['amount']);
    expect(await prisma.sale.count()).toBe(before);
  });
});

/** The importer's rows judged as a run judges them, then written by `write` one by one or by `writeBatch`, in a transaction rolled back; answers the outcomes and what `snapshot` reads before the rollback. */
async function writeBoth<T>(name: string, headers: string[], rows: string[][], snapshot: (tx: typeof prisma) => Promise<T>) {
  const importer = importerNamed(name) as ImporterDefinition<unknown>;
  const adminId = (await prisma.user.findUniqueOrThrow({ where: { username: 'admin' }, select: { id: true } })).id;
  const actor = (await actorForUser(adminId))!;
  const at = (names: readonly string[]) => headers.findIndex((header) => names.includes(header));
  const mapping = Object.fromEntries(importer.columns.map((column) => [column.key, at([column.es, ...(column.aliases ?? [])]) >= 0 ? at([column.es, ...(column.aliases ?? [])]) : null]));
  const inputs: unknown[] = [];
  const lookup = new CatalogLookup(prisma);
  for (const [index, cells] of rows.entries()) {
    const checked = await checkRow(importer, mapping, { row: index + 2, cells }, lookup, prisma);
    expect(checked.result.ok, JSON.stringify(checked.result)).toBe(true);
    if (checked.result.ok) inputs.push(checked.result.input);
  }
  const run = async (batch: boolean) => {
    let answer: { outcomes: Outcome[]; records: T } | null = null;
    await prisma
      .$transaction(async (tx) => {
        const ctx = { ...operationContext(actor, { locale: 'es', tx }), reason: 'prueba' };
        const outcomes = batch ? await importer.writeBatch!(inputs, ctx).then(async (answer) => (await importer.afterBatches?.(ctx), answer)) : await (async () => {
          const each: Outcome[] = [];
          for (const input of inputs) each.push(await importer.write(input, ctx));
          return each;
        })();
        answer = { outcomes, records: await snapshot(tx as unknown as typeof prisma) };
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    return answer!;
  };
  return { rows: await run(false), batch: await run(true) };
}

describe('the batch path and the row path', () => {
  it('write the same students, grades and balances with the same outcomes', async () => {
    const curp = (names: string, homonym: string) => buildCurp({ names, firstSurname: 'Lote', secondSurname: 'Prueba', birthday: '2004-05-06', sex: 'M', state: 'DF', homonym });
    const groups = await prisma.group.findMany({ where: { status: true, career_id: { not: null } }, orderBy: { id: 'asc' }, select: { code: true, capacity: true, cicle: { select: { description: true } }, career: { select: { code: true } }, _count: { select: { student_groups: { where: { is_current: true, status: true, subject_id: null } } } } } });
    const group = groups.find((g) => g.capacity === 0 || g.capacity - g._count.student_groups >= 3)!;
    const existing = await prisma.student.findFirstOrThrow({ where: { is_active: true, curp: { not: null } }, orderBy: { id: 'desc' }, select: { curp: true, names: true, first_name: true } });
    const headers = ['CURP', 'Nombre(s)', 'Primer apellido', 'Segundo apellido', 'Carrera', 'Periodo', 'Grupo', 'Calle', 'Nombre(s) del familiar', 'Primer apellido del familiar'];
    const students = await writeBoth(
      'students',
      headers,
      [
        [curp('Ana', 'A'), 'Ana', 'Lote', 'Prueba', group.career!.code, group.cicle.description, group.code, 'Hidalgo 1', 'Rosa', 'Lote'],
        [curp('Eva', 'B'), 'Eva', 'Lote', 'Prueba', group.career!.code, group.cicle.description, group.code, '', '', ''],
        [existing.curp!, existing.names, existing.first_name, '', '', '', '', '', '', ''],
      ],
      (tx) =>
        tx.student.findMany({
          where: { curp: { in: [curp('Ana', 'A'), curp('Eva', 'B'), existing.curp!] } },
          orderBy: { curp: 'asc' },
          select: { curp: true, names: true, current_group_id: true, cicle_id: true, is_active: true, user: { select: { username: true, is_active: true, roles: { select: { role_id: true } } } }, address: { select: { street: true } }, families: { select: { parent_type_id: true, family: { select: { names: true, first_name: true } } } }, student_groups: { select: { group_id: true, is_current: true, subject_id: true } } },
        }),
    );
    expect(students.batch.outcomes).toEqual(['created', 'created', 'unchanged']);
    expect(students.batch).toEqual(students.rows);

    const [a, b] = plan.subjects;
    const grades = await writeBoth(
      'grades',
      GRADE_HEADERS,
      [
        [student.no_control, plan.code, a.code, cicle.description, 'Ordinario', '6'],
        [student.no_control, plan.code, a.code, cicle.description, 'Título de suficiencia', '8'],
        [student.no_control, plan.code, b.code, cicle.description, 'Ordinario', '7'],
      ],
      async (tx) => ({
        lines: (await tx.subjectCicle.findMany({ where: { student_id: student.id, cicle_id: cicle.id }, orderBy: { subject_id: 'asc' }, select: { subject_id: true, final_score: true, extra_score: true, ts_score: true } })).map((line) => ({ ...line, final_score: String(line.final_score), extra_score: String(line.extra_score), ts_score: String(line.ts_score) })),
        // The period average: computed after each row on the row path, once after the batches on the batch path.
        period: String((await tx.studentPeriod.findUnique({ where: { student_id_cicle_id: { student_id: student.id, cicle_id: cicle.id } }, select: { score: true } }))?.score),
      }),
    );
    expect(grades.batch).toEqual(grades.rows);

    const balances = await writeBoth(
      'balances',
      BALANCE_HEADERS,
      [
        [student.no_control, concept.code, balanceCicle.description, '300,10', '05/05/2026'],
        [student.no_control, concept.code, balanceCicle.description, '300,10', '05/06/2026'],
      ],
      (tx) => tx.sale.findMany({ where: { student_id: student.id, sale_type: 'saldo_inicial', sale_date: { gte: new Date('2026-05-01') } }, orderBy: { sale_date: 'asc' }, select: { total_debt: true, total_pay: true, sale_date: true, details: { select: { concept_id: true, amount: true, total: true } } } }).then((sales) => JSON.parse(JSON.stringify(sales))),
    );
    expect(balances.batch.outcomes).toEqual(['created', 'created']);
    expect(balances.batch).toEqual(balances.rows);
  });
});
