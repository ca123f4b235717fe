// Reinscriptions through the API: a period's active students who may go on get a reinscription
// with its charge (the next period's REINS concept less their discounts), those who may not are
// listed with their reasons, and a second run creates nothing; paying the charge re-enrols the
// student; the next grade's groups open and take them; a reinscription is cancelled only with a
// reason, and its charge with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ineligibility, nextGroupCode } from '@/server/modules/inscription/reinscription-actions';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';

let admin: string;
let runner: JobRunner;
let from: { id: number; campus_id: number };
let to: number;
let terminatedStudent: number;

beforeAll(async () => {
  admin = await tokenFor('admin');
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  const ana = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { current_group: { select: { cicle: { select: { id: true, campus_id: true } } } } } });
  from = { id: ana.current_group!.cicle.id, campus_id: ana.current_group!.cicle.campus_id };
  // The next period, and a price list in force in it with the reinscription fee.
  to = (await prisma.cicle.create({ data: { description: 'Enero-Junio 2027 (prueba)', start: new Date('2027-01-18'), end: new Date('2027-06-30'), year: 2027, campus_id: from.campus_id }, select: { id: true } })).id;
  const list = await prisma.priceList.create({ data: { code: 'LP-2027-T', description: 'Lista 2027 (prueba)', is_general: true, campus_id: from.campus_id, effect_date: new Date('2027-01-01'), end_date: new Date('2027-12-31') }, select: { id: true } });
  await prisma.concept.create({ data: { price_list_id: list.id, code: 'REINS', description: 'Reinscripción 2027', amount: '3000.00', iva: '0' } });
  // A student of the period with a termination on record may not go on.
  const member = await prisma.studentGroup.findFirstOrThrow({ where: { status: true, subject_id: null, group: { cicle_id: from.id }, student: { is_active: true, user: { username: { not: 'alumno' } } } }, select: { student_id: true } });
  terminatedStudent = member.student_id;
  const type = await prisma.terminationType.findFirstOrThrow({ select: { id: true } });
  await prisma.termination.create({ data: { student_id: terminatedStudent, type_id: type.id, reason: 'Baja temporal (prueba)' } });
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
});

const generate = async () => {
  const started = await call('POST', 'inscription/api/reinscriptions/generate_reinscriptions/', { token: admin, body: { cicle_from_id: from.id, cicle_to_id: to } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await finishedJob(admin, started.body.job_id);
  expect(job.status, JSON.stringify(job.error)).toBe('DONE');
  return job.result;
};

describe('who may go on', () => {
  it.each([
    [{ overdue_months: 0, old_debts: 0, failed: 0, terminated: false }, []],
    [{ overdue_months: 2, old_debts: 0, failed: 0, terminated: false }, ['overdue_debt']],
    [{ overdue_months: 0, old_debts: 1, failed: 0, terminated: false }, ['overdue_debt']],
    [{ overdue_months: 0, old_debts: 0, failed: 3, terminated: false }, []],
    [{ overdue_months: 0, old_debts: 0, failed: 4, terminated: false }, ['failed_subjects']],
    [{ overdue_months: 1, old_debts: 0, failed: 5, terminated: true }, ['overdue_debt', 'failed_subjects', 'terminated']],
  ])('%j -> %j (at most 3 failed)', (student, reasons) => {
    expect(ineligibility(student, 3)).toEqual(reasons);
  });

  it('names the next grade group', () => {
    expect(nextGroupCode('ISC-1A', 2)).toBe('ISC-2A');
    expect(nextGroupCode('ADM-3', 4)).toBe('ADM-4');
    expect(nextGroupCode('GRUPO', 2)).toBe('GRUPO-2');
  });
});

describe('generate_reinscriptions/', () => {
  it('charges every student who may go on, lists the others with their reasons, and creates nothing the second time', async () => {
    const first = await generate();
    expect(first.students).toBeGreaterThan(0);
    expect(first.created).toBe(first.students - first.ineligible.length);
    expect(first.created).toBeGreaterThan(0);
    const stopped = first.ineligible.find((row: { student_id: number }) => row.student_id === terminatedStudent);
    expect(stopped.reasons).toContain('terminated');
    expect(stopped.reason_texts).toContain('Tiene una baja registrada.');

    const made = await prisma.reinscription.findMany({ where: { cicle_to_id: to }, include: { sale: { include: { details: true } } } });
    expect(made.length).toBe(first.created);
    expect(new Set(made.map((row) => row.student_id)).size).toBe(made.length);
    const sample = made[0];
    expect(sample.reinscription_status).toBe('Payment');
    expect(sample.sale).toMatchObject({ category: 'I', is_locked: true, cicle_id: to, student_id: sample.student_id });
    expect(sample.sale!.details[0].amount.toFixed(2)).toBe('3000.00');
    expect(sample.sale!.total_pay.toFixed(2)).toBe(sample.sale!.details[0].total.toFixed(2));
    expect(sample.sale!.total_debt.toFixed(2)).toBe(sample.sale!.total_pay.toFixed(2));
    expect(await prisma.auditLog.count({ where: { resource: 'reinscriptions', record_id: String(sample.id), type: '+' } })).toBe(1);

    const second = await generate();
    expect(second.created).toBe(0);
    expect(await prisma.reinscription.count({ where: { cicle_to_id: to } })).toBe(made.length);
  });

  it('refuses periods that do not follow each other at once', async () => {
    const answer = await call('POST', 'inscription/api/reinscriptions/generate_reinscriptions/', { token: admin, body: { cicle_from_id: to, cicle_to_id: from.id } });
    expect(answer.status).toBe(400);
    expect(answer.body.cicle_to_id).toEqual(['El periodo destino debe empezar después del periodo de origen.']);
  });
});

describe('after generation', () => {
  it('re-enrols a student whose charge is paid and moves them into the next grade group', async () => {
    const row = await prisma.reinscription.findFirstOrThrow({ where: { cicle_to_id: to, reinscription_status: 'Payment' }, include: { sale: true, from_group: true } });
    const paid = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: row.sale_id, amount: row.sale!.total_debt.toFixed(2) } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await prisma.reinscription.findUniqueOrThrow({ where: { id: row.id } })).reinscription_status).toBe('Reinscription');

    const placed = await call('POST', 'inscription/api/reinscriptions/generate_groups/', { token: admin, body: { cicle_to_id: to } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.moved).toBe(1);
    const after = await prisma.reinscription.findUniqueOrThrow({ where: { id: row.id }, include: { to_group: true, student: true } });
    expect(after.to_group).toMatchObject({ cicle_id: to, grade: row.from_group!.grade + 1, group: row.from_group!.group, shift_id: row.from_group!.shift_id, code: nextGroupCode(row.from_group!.code, row.from_group!.grade + 1) });
    expect(after.student.current_group_id).toBe(after.to_group_id);
    expect(await prisma.studentGroup.count({ where: { student_id: row.student_id, is_current: true } })).toBe(1);
    // Run again: nobody is moved twice.
    expect((await call('POST', 'inscription/api/reinscriptions/generate_groups/', { token: admin, body: { cicle_to_id: to } })).body.moved).toBe(0);
  });

  it('cancels a reinscription and its charge only with a reason', async () => {
    const row = await prisma.reinscription.findFirstOrThrow({ where: { cicle_to_id: to, reinscription_status: 'Payment' } });
    const without = await call('POST', 'inscription/api/reinscriptions/cancel/', { token: admin, body: { id: row.id } });
    expect(without.status).toBe(400);
    expect(without.body.reason).toEqual(['Escriba el motivo de la cancelación.']);
    const cancelled = await call('POST', 'inscription/api/reinscriptions/cancel/', { token: admin, body: { id: row.id, reason: 'Cambio de escuela' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await prisma.reinscription.findUniqueOrThrow({ where: { id: row.id }, include: { sale: true } });
    expect([after.reinscription_status, after.cancel_note, after.sale!.status, after.sale!.cancel_notes]).toEqual(['Cancelled', 'Cambio de escuela', false, 'Cambio de escuela']);
    // Cancelled, the student may be generated again.
    const again = await generate();
    expect(again.created).toBe(1);
  });
});
