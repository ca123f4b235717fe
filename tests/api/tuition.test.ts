// Monthly tuition through the API: a period's charges are generated once (a second run creates
// nothing), a student who joined late gets theirs with force/, check_student/ prices each month on
// a fixed day (discount, surcharge once late), paying months makes one locked sale whose payment
// marks them paid and whose cancellation gives them back; a student sees and pays only their own;
// notify/ e-mails the students with months to pay through the school's SMTP server (a local sink).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitDate } from '@/lib/finance/tuition';
import { fixToday } from '@/server/clock';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';
import { withSmtpSink } from './smtp-sink';

let admin: string;
let studentToken: string;
let ana: { id: number; cicle_id: number };
let otherStudentId: number;
let runner: JobRunner;
const createdSales: number[] = [];

beforeAll(async () => {
  admin = await tokenFor('admin');
  studentToken = await tokenFor('alumno');
  const row = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, current_group: { select: { cicle_id: true } } } });
  ana = { id: row.id, cicle_id: row.current_group!.cicle_id };
  // Another student of Ana's period with a month still to bill (other test files add students of
  // their own to the period, without months).
  otherStudentId = (
    await prisma.student.findFirstOrThrow({
      where: { id: { not: ana.id }, current_group: { cicle_id: ana.cicle_id }, recurrents: { some: { paid: false, sale_id: null } } },
      orderBy: { id: 'asc' },
      select: { id: true },
    })
  ).id;
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  fixToday(null);
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
  await prisma.recurrent.updateMany({ where: { sale_id: { in: createdSales } }, data: { sale_id: null, paid: false } });
  await prisma.payment.deleteMany({ where: { sale_id: { in: createdSales } } });
  await prisma.reference.deleteMany({ where: { ref_sale_id: { in: createdSales } } });
  await prisma.sale.deleteMany({ where: { id: { in: createdSales } } });
});

/** Ana's charge rows that nothing has billed yet, oldest first. */
const openMonthsOfAna = () => prisma.recurrent.findMany({ where: { student_id: ana.id, status: true, paid: false, sale_id: null }, orderBy: [{ year: 'asc' }, { month: 'asc' }], include: { concept: true } });

describe('generate/', () => {
  it("creates the period's month for every priced student once: a second run creates nothing", async () => {
    const cicle = await prisma.cicle.findUniqueOrThrow({ where: { id: ana.cicle_id } });
    // The period's month with the most charges still to bill.
    const [{ month }] = await prisma.$queryRawUnsafe<{ month: number }[]>(
      'SELECT month FROM recurrents WHERE cicle_id = $1 AND NOT paid AND sale_id IS NULL GROUP BY month ORDER BY COUNT(*) DESC LIMIT 1',
      cicle.id,
    );
    // The month's unbilled charges of the period are taken away: the run must bring them back.
    const removed = await prisma.recurrent.deleteMany({ where: { cicle_id: cicle.id, month, paid: false, sale_id: null } });
    expect(removed.count).toBeGreaterThan(0);

    const started = await call('POST', 'finance/api/recurrents/generate/', { token: admin, body: { cicle_id: cicle.id, months: [month] } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const first = await finishedJob(admin, started.body.job_id);
    expect(first.status, JSON.stringify(first.error)).toBe('DONE');
    expect(first.result.created).toBeGreaterThanOrEqual(removed.count);
    expect(first.result.students).toBeGreaterThan(0);

    // One row per student of the period and month, with the concept's limit day and its history.
    const rows = await prisma.recurrent.findMany({ where: { cicle_id: cicle.id, month, status: true }, include: { concept: true } });
    expect(new Set(rows.map((row) => row.student_id)).size).toBe(rows.length);
    expect(rows.length).toBe(first.result.students - first.result.without_concept);
    const sample = rows.find((row) => row.sale_id === null)!;
    expect(sample.limit_date.toISOString().slice(0, 10)).toBe(limitDate({ year: sample.year, month }, sample.concept.surcharge_day));
    expect(sample.month_name).toMatch(/^[A-Z][a-z]+$/);
    const history = await prisma.auditLog.count({ where: { resource: 'recurrents', record_id: String(sample.id), type: '+' } });
    expect(history).toBe(1);

    const again = await call('POST', 'finance/api/recurrents/generate/', { token: admin, body: { cicle_id: cicle.id, months: [month] } });
    const second = await finishedJob(admin, again.body.job_id);
    expect(second.status).toBe('DONE');
    expect(second.result.created).toBe(0);
    expect(await prisma.recurrent.count({ where: { cicle_id: cicle.id, month, status: true } })).toBe(rows.length);
  });

  it('answers 400 for an unknown period, and 403 to a student', async () => {
    const unknown = await call('POST', 'finance/api/recurrents/generate/', { token: admin, body: { cicle_id: 99_999_999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.cicle_id).toBeDefined();
    const bad = await call('POST', 'finance/api/recurrents/generate/', { token: admin, body: { cicle_id: 'x' } });
    expect(bad.status).toBe(400);
    const student = await call('POST', 'finance/api/recurrents/generate/', { token: studentToken, body: { cicle_id: ana.cicle_id } });
    expect(student.status).toBe(403);
  });
});

describe('force/', () => {
  it("creates one student's missing months, and nothing the second time", async () => {
    const open = await openMonthsOfAna();
    expect(open.length).toBeGreaterThan(0);
    await prisma.recurrent.delete({ where: { id: open[open.length - 1].id } });
    const forced = await call('POST', 'finance/api/recurrents/force/', { token: admin, body: { student_id: ana.id } });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.created).toBe(1);
    const again = await call('POST', 'finance/api/recurrents/force/', { token: admin, body: { student_id: ana.id } });
    expect(again.body.created).toBe(0);
  });
});

describe('check_student/ and pay/', () => {
  it('prices the months on a fixed day: no surcharge up to the limit day, the concept surcharge after it', async () => {
    const [month] = await openMonthsOfAna();
    const limit = month.limit_date.toISOString().slice(0, 10);
    fixToday(limit);
    const onTime = await call('POST', 'finance/api/recurrents/check_student/', { token: admin, body: { student_id: ana.id } });
    expect(onTime.status, JSON.stringify(onTime.body)).toBe(200);
    const shown = onTime.body.months.find((row: { id: number }) => row.id === month.id);
    expect(shown).toMatchObject({ state: 'PENDING', surcharge: '0.00', amount: month.concept.amount.toFixed(2) });

    // Twelve days late: the concept's fixed surcharge, or its daily amount up to its maximum days.
    const late = new Date(month.limit_date.getTime() + 12 * 86_400_000).toISOString().slice(0, 10);
    fixToday(late);
    const lateAnswer = await call('POST', 'finance/api/recurrents/check_student/', { token: admin, body: { student_id: ana.id } });
    const lateMonth = lateAnswer.body.months.find((row: { id: number }) => row.id === month.id);
    const days = month.concept.surcharge_max_days > 0 ? Math.min(12, month.concept.surcharge_max_days) : 12;
    const expected = month.concept.surcharge_by_day ? month.concept.surcharge_amount_by_day.times(days) : month.concept.surcharge_amount;
    expect(lateMonth.state).toBe('LATE');
    expect(lateMonth.surcharge).toBe(expected.toFixed(2));
    expect(lateMonth.total).toBe(month.concept.amount.minus(lateMonth.discount).plus(expected).toFixed(2));
  });

  it('asks for at least one month, then bills the chosen months in one locked sale that pays them', async () => {
    const none = await call('POST', 'finance/api/recurrents/pay/', { token: admin, body: { student_id: ana.id, months: [] } });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Seleccione al menos un mes para pagar.');

    const [month] = await openMonthsOfAna();
    const checked = await call('POST', 'finance/api/recurrents/check_student/', { token: admin, body: { student_id: ana.id } });
    const priced = checked.body.months.find((row: { id: number }) => row.id === month.id);
    const paid = await call('POST', 'finance/api/recurrents/pay/', { token: admin, body: { student_id: ana.id, months: [month.id] } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    createdSales.push(paid.body.sale_id);
    expect(paid.body.total_pay).toBe(priced.total);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: paid.body.sale_id }, include: { details: true } });
    expect([sale.category, sale.is_locked, sale.student_id]).toEqual(['R', true, ana.id]);
    expect(sale.details.length).toBe(priced.surcharge === '0.00' ? 1 : 2);
    expect((await prisma.recurrent.findUniqueOrThrow({ where: { id: month.id } })).sale_id).toBe(sale.id);

    // Billed once: the same month cannot go into a second sale.
    const twice = await call('POST', 'finance/api/recurrents/pay/', { token: admin, body: { student_id: ana.id, months: [month.id] } });
    expect(twice.status).toBe(400);

    // Paid in full: the month is paid; the payment cancelled: it is owed again, still on its sale.
    const payment = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: sale.id, amount: priced.total } });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect((await prisma.recurrent.findUniqueOrThrow({ where: { id: month.id } })).paid).toBe(true);
    const cancelled = await call('PUT', `finance/api/payments/${payment.body.id}/`, { token: admin, body: { ...payment.body, status: false, cancel_note: 'Cheque devuelto' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await prisma.recurrent.findUniqueOrThrow({ where: { id: month.id } })).paid).toBe(false);

    // The sale cancelled: the month is free to be billed again.
    const shown = await call('GET', `finance/api/sales/${sale.id}/`, { token: admin });
    // Spec section 5: "Type a reason for cancel".
    // Its Estatus switch cancels nothing (409); cancel/ does, with its reason (issue 27).
    const switched = await call('PUT', `finance/api/sales/${sale.id}/`, { token: admin, body: { ...shown.body, status: false, cancel_notes: 'Se cobró por error' } });
    expect(switched.status).toBe(409);
    const noReason = await call('POST', `finance/api/sales/${sale.id}/cancel/`, { token: admin, body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.reason).toEqual(['Escriba el motivo de la cancelación.']);
    const cancelSale = await call('POST', `finance/api/sales/${sale.id}/cancel/`, { token: admin, body: { reason: 'Se cobró por error' } });
    expect(cancelSale.status, JSON.stringify(cancelSale.body)).toBe(200);
    expect(await prisma.recurrent.findUniqueOrThrow({ where: { id: month.id } })).toMatchObject({ sale_id: null, paid: false });
    const history = await prisma.auditLog.findMany({ where: { resource: 'recurrents', record_id: String(month.id), type: '~' } });
    expect(history.length).toBeGreaterThanOrEqual(4);
  });

  it('lets a student check and pay only their own months, with a bank reference to pay', async () => {
    const own = await call('POST', 'finance/api/recurrents/check_student/', { token: studentToken, body: {} });
    expect(own.status).toBe(200);
    expect(own.body.student_id).toBe(ana.id);
    const other = await call('POST', 'finance/api/recurrents/check_student/', { token: studentToken, body: { student_id: otherStudentId } });
    expect(other.status).toBe(403);
    const otherMonth = await prisma.recurrent.findFirstOrThrow({ where: { student_id: otherStudentId, paid: false, sale_id: null } });
    const payOther = await call('POST', 'finance/api/recurrents/pay/', { token: studentToken, body: { student_id: otherStudentId, months: [otherMonth.id] } });
    expect(payOther.status).toBe(403);
    const notMine = await call('POST', 'finance/api/recurrents/pay/', { token: studentToken, body: { months: [otherMonth.id] } });
    expect(notMine.status).toBe(400);

    const [month] = await openMonthsOfAna();
    const paid = await call('POST', 'finance/api/recurrents/pay/', { token: studentToken, body: { months: [month.id] } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    createdSales.push(paid.body.sale_id);
    expect(paid.body.reference.bank_ref).toMatch(/^\d+$/);
    expect(paid.body.reference.amount).toBe(paid.body.total_pay);
  });
});

describe('notify/', () => {
  it('answers 400 without a mail server, and e-mails each student with months to pay through it', async () => {
    const settings = await prisma.setting.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await prisma.setting.update({ where: { id: settings.id }, data: { email_host: '' } });
    const without = await call('POST', 'finance/api/recurrents/notify/', { token: admin });
    expect(without.status).toBe(400);

    await withSmtpSink(async (received) => {
      // A day after a student's open month is due: they are among those reminded.
      const month = await prisma.recurrent.findFirstOrThrow({
        where: { status: true, paid: false, sale_id: null, student: { is_active: true, email: { not: null } } },
        orderBy: { limit_date: 'asc' },
        include: { student: { select: { email: true } } },
      });
      fixToday(new Date(month.limit_date.getTime() + 86_400_000).toISOString().slice(0, 10));
      const started = await call('POST', 'finance/api/recurrents/notify/', { token: admin });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const job = await finishedJob(admin, started.body.job_id);
      expect(job.status, JSON.stringify(job.error)).toBe('DONE');
      expect(job.result.sent).toBe(received.length);
      expect(job.result.sent).toBeGreaterThan(0);
      const reminded = received.find((mail) => mail.to.includes(month.student.email!));
      expect(reminded, 'the student is reminded').toBeDefined();
      expect(reminded!.text).toContain(month.month_name);
      expect(reminded!.text).toContain('Aviso de colegiaturas pendientes');
    });
    await prisma.setting.update({ where: { id: settings.id }, data: { email_host: settings.email_host } });
  });
});
