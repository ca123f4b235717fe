// Extraordinary and T.S. exams through the API: a request is charged as a sale with the exam's
// concept, its payment makes it PAID (and a cancelled payment takes that back), the exam dates are
// kept per schedule, and the period's consolidation keeps each student's result per subject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

let admin: string;
let schedule: { id: number; group_id: number; cicle_id: number; campus_id: number };
let studentId: number;
const created: { requests: number[]; sales: number[] } = { requests: [], sales: [] };

beforeAll(async () => {
  admin = await tokenFor('admin');
  const teacher = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
  const found = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: teacher.id, group: { student_groups: { some: { status: true } } } }, select: { id: true, group_id: true, group: { select: { cicle_id: true, cicle: { select: { campus_id: true } } } } } });
  schedule = { id: found.id, group_id: found.group_id, cicle_id: found.group.cicle_id, campus_id: found.group.cicle.campus_id };
  studentId = (await prisma.studentGroup.findFirstOrThrow({ where: { group_id: found.group_id, status: true }, select: { student_id: true } })).student_id;
});

afterAll(async () => {
  await prisma.extraordinary.deleteMany({ where: { id: { in: created.requests } } });
  await prisma.payment.deleteMany({ where: { sale_id: { in: created.sales } } });
  await prisma.sale.deleteMany({ where: { id: { in: created.sales } } });
});

async function request(body: Record<string, unknown>) {
  const answer = await call('POST', 'scores/api/extraordinary/', { token: admin, body: { student_id: studentId, schedule_id: schedule.id, ...body } });
  if (answer.status === 201) {
    created.requests.push(answer.body.id);
    created.sales.push(answer.body.sale_id);
  }
  return answer;
}

describe('an exam request and its fee', () => {
  it('offers the price list concepts of the campus, the right one by default', async () => {
    const extra = await call('GET', `scores/api/extraordinary/get_concepts/?category=X&schedule_id=${schedule.id}`, { token: admin });
    expect(extra.status).toBe(200);
    const byId = new Map(extra.body.results.map((concept: { id: number; code: string }) => [concept.id, concept.code]));
    expect(byId.get(extra.body.default_id)).toBe('EXT');
    const ts = await call('GET', `scores/api/extraordinary/get_concepts/?category=T&schedule_id=${schedule.id}`, { token: admin });
    expect(new Map(ts.body.results.map((concept: { id: number; code: string }) => [concept.id, concept.code])).get(ts.body.default_id)).toBe('TS');
  });

  it('is charged as a sale, becomes PAID with its payment and goes back to REQ when the payment is cancelled', async () => {
    const asked = await request({ category: 'X', status: 'APPROVED', paid: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    // Whatever the form sends, a new request starts unpaid at REQ.
    expect(asked.body.status).toBe('REQ');
    expect(asked.body.paid).toBe(false);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: asked.body.sale_id }, include: { details: true } });
    const concept = await prisma.concept.findUniqueOrThrow({ where: { id: asked.body.concept_id } });
    expect(concept.code).toBe('EXT');
    expect(sale.student_id).toBe(studentId);
    expect(sale.total_pay.toFixed(2)).toBe(concept.amount.toFixed(2));
    expect(sale.total_debt.toFixed(2)).toBe(concept.amount.toFixed(2));
    expect(sale.details).toHaveLength(1);
    expect(sale.details[0].concept_id).toBe(concept.id);
    expect(sale.is_locked).toBe(true);

    // Not paid: it cannot be marked paid nor approved by hand.
    const byHand = await call('PUT', `scores/api/extraordinary/${asked.body.id}/`, { token: admin, body: { status: 'PAID' } });
    expect(byHand.status).toBe(409);
    expect(byHand.body.detail).toBe('La solicitud aún no está pagada.');
    // The charge is made: the exam and the student stay.
    const moved = await call('PUT', `scores/api/extraordinary/${asked.body.id}/`, { token: admin, body: { category: 'T' } });
    expect(moved.status).toBe(400);

    // Half is not enough; the rest pays it.
    const half = concept.amount.dividedBy(2).toFixed(2);
    const rest = concept.amount.minus(half).toFixed(2);
    const first = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: sale.id, amount: half } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await prisma.extraordinary.findUniqueOrThrow({ where: { id: asked.body.id } })).status).toBe('REQ');
    expect((await prisma.sale.findUniqueOrThrow({ where: { id: sale.id } })).total_debt.toFixed(2)).toBe(rest);
    const second = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: sale.id, amount: rest } });
    expect(second.status).toBe(201);
    let paid = await prisma.extraordinary.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect([paid.status, paid.paid]).toEqual(['PAID', true]);
    const settled = await prisma.sale.findUniqueOrThrow({ where: { id: sale.id } });
    expect([settled.paid, settled.total_paid.toFixed(2), settled.total_debt.toFixed(2)]).toEqual([true, concept.amount.toFixed(2), '0.00']);
    expect(settled.paid_at).not.toBeNull();

    // A payment cancelled (with its reason) leaves the exam unpaid again.
    const shown = await call('GET', `finance/api/payments/${second.body.id}/`, { token: admin });
    const cancelled = await call('PUT', `finance/api/payments/${second.body.id}/`, { token: admin, body: { ...shown.body, status: false, cancel_note: 'Pago duplicado' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    paid = await prisma.extraordinary.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect([paid.status, paid.paid]).toEqual(['REQ', false]);
    const history = await call('GET', `scores/api/extraordinary/${asked.body.id}/history/`, { token: admin });
    expect(history.body.length).toBeGreaterThanOrEqual(3);
  });

  it('cancelled before payment, cancels its sale too', async () => {
    const asked = await request({ category: 'X' });
    expect(asked.status).toBe(201);
    const cancelled = await call('PUT', `scores/api/extraordinary/${asked.body.id}/`, { token: admin, body: { status: 'CANCELLED', reason: 'El alumno no presentará' } });
    expect(cancelled.status).toBe(200);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: asked.body.sale_id } });
    expect([sale.status, sale.cancel_notes, sale.total_debt.toFixed(2)]).toEqual([false, 'El alumno no presentará', '0.00']);
  });

  it('takes the exam dates per schedule: both are needed, the deadline not before the exam', async () => {
    const asked = await request({ category: 'X' });
    expect(asked.status).toBe(201);
    const store = (entry: Record<string, unknown>, lang?: string) => call('POST', 'scores/api/extraordinary/store_schedules/', { token: admin, lang, body: { schedules: [{ schedule_id: schedule.id, category: 'X', ...entry }] } });
    const noExam = await store({ limit_capture: '2026-12-10' });
    expect(noExam.status).toBe(400);
    expect(noExam.body['schedules.0.exam_date']).toEqual(['Seleccione la fecha del examen.']);
    const noLimit = await store({ exam_date: '2026-12-07' }, 'en');
    expect(noLimit.body['schedules.0.limit_capture']).toEqual(['Select the date limit.']);
    const before = await store({ exam_date: '2026-12-07', limit_capture: '2026-12-06' });
    expect(before.body['schedules.0.limit_capture']).toEqual(['La fecha límite no puede ser anterior al examen.']);
    expect((await prisma.extraordinary.findUniqueOrThrow({ where: { id: asked.body.id } })).exam_date).toBeNull();

    const saved = await store({ exam_date: '2026-12-07', limit_capture: '2026-12-10' });
    expect(saved.status).toBe(200);
    expect(saved.body.updated).toBeGreaterThanOrEqual(1);
    const kept = await prisma.extraordinary.findUniqueOrThrow({ where: { id: asked.body.id } });
    expect(kept.exam_date?.toISOString().slice(0, 10)).toBe('2026-12-07');
    // The end of the school's day (Mexico City).
    expect(kept.limit_capture?.toISOString()).toBe('2026-12-11T05:59:59.000Z');
    const listed = await call('GET', `scores/api/extraordinary/get_schedules/?cicle_id=${schedule.cicle_id}&category=X`, { token: admin });
    const line = listed.body.results.find((row: { schedule_id: number }) => row.schedule_id === schedule.id);
    expect(line).toMatchObject({ exam_date: '2026-12-07', limit_capture: '2026-12-10', mixed_dates: false });
    expect(line.requests).toBeGreaterThanOrEqual(1);
  });

  it('removed by mistake before payment takes its charge with it', async () => {
    const asked = await request({ category: 'X' });
    expect((await call('DELETE', `scores/api/extraordinary/${asked.body.id}/`, { token: admin })).status).toBe(204);
    expect((await prisma.sale.findUniqueOrThrow({ where: { id: asked.body.sale_id } })).status).toBe(false);
  });
});

describe("the period's consolidation (subject-cicles)", () => {
  it('keeps what the captured scores give, once, with history; corrections are validated', async () => {
    // A group of the demo data whose finals are known.
    const [{ group_id: groupId }] = await prisma.$queryRawUnsafe<{ group_id: number }[]>('SELECT group_id FROM main_scores WHERE final IS NOT NULL ORDER BY group_id LIMIT 1');
    const detail = await call('GET', `scores/api/subject-cicles/detail_for_modify/?group_id=${groupId}`, { token: admin });
    expect(detail.status).toBe(200);
    const finals = detail.body.filter((row: { final: string | null }) => row.final !== null);
    const first = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { group_id: groupId } });
    expect(first.status).toBe(200);
    const again = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { group_id: groupId } });
    expect(again.body).toEqual({ created: 0, updated: 0 });
    const after = await call('GET', `scores/api/subject-cicles/detail_for_modify/?group_id=${groupId}`, { token: admin });
    for (const row of after.body.filter((line: { final: string | null }) => line.final !== null)) {
      expect(row.differs).toBe(false);
      expect(row.final_score).toBe(row.final);
    }
    expect(after.body.filter((row: { final: string | null }) => row.final !== null)).toHaveLength(finals.length);
    expect(finals.length).toBeGreaterThan(0);

    // The students' period averages and the group's average follow the consolidated lines.
    const group = await prisma.group.findUniqueOrThrow({ where: { id: groupId }, select: { cicle_id: true, average: true } });
    const lines = await prisma.subjectCicle.findMany({ where: { group_id: groupId, status: true }, select: { student_id: true, final_score: true, extra_score: true, ts_score: true } });
    const best = (line: (typeof lines)[number]) => Math.max(...[line.final_score, line.extra_score, line.ts_score].filter((value) => value !== null).map(Number));
    expect(Number(group.average)).toBeCloseTo(lines.reduce((sum, line) => sum + best(line), 0) / lines.length, 2);
    const someone = lines[0].student_id;
    const period = await prisma.studentPeriod.findUniqueOrThrow({ where: { student_id_cicle_id: { student_id: someone, cicle_id: group.cicle_id } } });
    const theirs = await prisma.subjectCicle.findMany({ where: { student_id: someone, cicle_id: group.cicle_id, status: true }, select: { final_score: true, extra_score: true, ts_score: true, student_id: true } });
    expect(Math.abs(Number(period.score) - theirs.reduce((sum, line) => sum + best(line), 0) / theirs.length)).toBeLessThanOrEqual(0.05);

    const target = after.body.find((row: { final: string | null }) => row.final !== null);
    const bad = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { items: [{ id: target.id, final_score: '11' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body['items.0.final_score']).toEqual(['Escriba una calificación válida.']);
    const corrected = target.final === '9.5' ? '9' : '9.5';
    const fixed = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { items: [{ id: target.id, final_score: corrected }] } });
    expect(fixed.body).toEqual({ created: 0, updated: 1 });
    const history = await call('GET', `scores/api/subject-cicles/${target.id}/history/`, { token: admin });
    expect(history.body[0].changes ?? history.body[0]).toBeTruthy();
    expect(JSON.stringify(history.body[0])).toContain(corrected);
    // The consolidation brings it back to what the captured scores give.
    const back = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { group_id: groupId } });
    expect(back.body).toEqual({ created: 0, updated: 1 });
  });

  it("gives a student their own current load, and nobody else's", async () => {
    const student = await tokenFor('alumno');
    const own = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true } });
    const mine = await call('GET', `scores/api/subject-cicles/get_current_load/?student_id=${studentId}`, { token: student });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    const staffView = await call('GET', `scores/api/subject-cicles/get_current_load/?student_id=${own.id}`, { token: admin });
    expect(mine.body).toEqual(staffView.body);
    expect(mine.body[0]).toHaveProperty('hours');
    expect((await call('GET', 'scores/api/subject-cicles/get_current_load/', { token: admin })).status).toBe(400);
    expect((await call('GET', `scores/api/subject-cicles/get_current_load/?student_id=${own.id}`, { token: await tokenFor('docente') })).status).toBe(403);
  });
});

describe("a teacher's week", () => {
  it('gives a teacher their own classes of the period with their hours; staff name the teacher', async () => {
    const docente = await tokenFor('docente');
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
    const own = await call('GET', `scheduler/api/schedules/week/?cicle_id=${schedule.cicle_id}&teacher_id=999999`, { token: docente });
    expect(own.status).toBe(200);
    const expected = await prisma.schedule.count({ where: { teacher_id: teacher.id, status: true, group: { cicle_id: schedule.cicle_id } } });
    expect(own.body).toHaveLength(expected);
    const minutes = await prisma.scheduleHour.aggregate({ where: { status: true, schedule: { teacher_id: teacher.id, status: true, group: { cicle_id: schedule.cicle_id } } }, _sum: { total_minutes: true } });
    expect(own.body.reduce((sum: number, row: { week_minutes: number }) => sum + row.week_minutes, 0)).toBe(minutes._sum.total_minutes ?? 0);
    expect(own.body.every((row: { hours: unknown[] }) => Array.isArray(row.hours))).toBe(true);
    const staff = await call('GET', `scheduler/api/schedules/week/?cicle_id=${schedule.cicle_id}&teacher_id=${teacher.id}`, { token: admin });
    expect(staff.body).toEqual(own.body);
    expect((await call('GET', `scheduler/api/schedules/week/?cicle_id=${schedule.cicle_id}`, { token: admin })).status).toBe(400);
    expect((await call('GET', `scheduler/api/schedules/week/?cicle_id=${schedule.cicle_id}&teacher_id=${teacher.id}`, { token: await tokenFor('alumno') })).status).toBe(403);
  });
});

describe('bad input to the exam and consolidation actions', () => {
  it('gets 400 with a message, never a 500', async () => {
    const cases: [string, string, unknown][] = [
      ['GET', 'scores/api/extraordinary/get_schedules/', undefined],
      ['GET', 'scores/api/extraordinary/get_schedules/?cicle_id=abc', undefined],
      ['GET', 'scores/api/extraordinary/get_concepts/?category=Z', undefined],
      ['POST', 'scores/api/extraordinary/store_schedules/', { schedules: [] }],
      ['POST', 'scores/api/extraordinary/store_schedules/', { schedules: [{ schedule_id: 'x', exam_date: 'mañana' }] }],
      ['POST', 'scores/api/extraordinary/store_schedules/', 'no es un objeto'],
      ['POST', 'scores/api/subject-cicles/update_all_scores/', {}],
      ['POST', 'scores/api/subject-cicles/update_all_scores/', { items: [{ id: 'uno' }] }],
      ['POST', 'scores/api/subject-cicles/update_all_scores/', { items: [{ id: 2_000_000_000, final_score: '8' }] }],
      ['GET', 'scores/api/subject-cicles/detail_for_modify/?group_id=-1', undefined],
      ['GET', 'scheduler/api/schedules/week/?cicle_id=0&teacher_id=1', undefined],
    ];
    for (const [method, path, body] of cases) {
      const answer = await call(method, path, { token: admin, body });
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(answer.body ?? {}).length, path).toBeGreaterThan(0);
    }
  });
});

describe('the list of exam requests', () => {
  it("filters by the schedule's period and by the request's step", async () => {
    const [period] = await prisma.$queryRawUnsafe<{ cicle_id: number; n: number }[]>(
      `SELECT g.cicle_id, count(*)::int AS n FROM extraordinaries e JOIN schedules s ON s.id = e.schedule_id JOIN groups g ON g.id = s.group_id
       WHERE e.status = 'PAID' GROUP BY g.cicle_id ORDER BY n DESC LIMIT 1`,
    );
    const listed = await call('GET', `scores/api/extraordinary/?cicle_id=${period.cicle_id}&status=PAID&no_paginate=true`, { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(period.n);
    expect(listed.body.every((row: { status: string }) => row.status === 'PAID')).toBe(true);
    const all = await call('GET', `scores/api/extraordinary/?cicle_id=${period.cicle_id}&page_size=1`, { token: admin });
    expect(all.body.elements).toBe(await prisma.extraordinary.count({ where: { schedule: { group: { cicle_id: period.cicle_id } } } }));
    expect((await call('GET', 'scores/api/extraordinary/?status=PAGADO', { token: admin })).status).toBe(400);
    expect((await call('GET', 'scores/api/extraordinary/?cicle_id=x', { token: admin })).status).toBe(400);
  });
});
