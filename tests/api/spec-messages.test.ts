// The spec's section 5 messages as the API answers them (issue 29, item 12), in Spanish and in
// English, where the rule is checked: a payment of zero, a payment on a sale without concepts, a
// modular class without its dates, an original lent without a return date. And an inverted window
// (a poll's application, a capture exception) says the end must come after the start. Each refusal
// changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

let admin: string;
const created = { sales: [] as number[], assignments: [] as number[] };

beforeAll(async () => {
  admin = await tokenFor('admin');
});

afterAll(async () => {
  await prisma.payment.deleteMany({ where: { sale_id: { in: created.sales } } });
  await prisma.sale.deleteMany({ where: { id: { in: created.sales } } });
  await prisma.pollAssignment.deleteMany({ where: { id: { in: created.assignments } } });
});

/** The same refused call in both languages: [status, Spanish answer, English answer]. */
async function inBothLanguages(method: string, path: string, body: unknown) {
  const es = await call(method, path, { token: admin, body, lang: 'es' });
  const en = await call(method, path, { token: admin, body, lang: 'en' });
  return { status: [es.status, en.status], es: es.body, en: en.body };
}

async function counterSale(lines: string[]): Promise<number> {
  const ana = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, current_group: { select: { cicle_id: true } } } });
  const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: ana.id, cicle_id: ana.current_group?.cicle_id, notes: 'mensajes' } });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  created.sales.push(sale.body.id);
  for (const amount of lines) {
    const line = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, description: 'Constancia', qty: 1, amount, iva: '0.08' } });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
  }
  return sale.body.id;
}

describe("section 5's messages", () => {
  it('a payment of zero: "Payment must be greater than zero"', async () => {
    const saleId = await counterSale(['150.00']);
    const method = await prisma.catalog.findFirstOrThrow({ where: { clas_id: 8 }, select: { id: true } });
    for (const amount of ['0', '0.00', '-5']) {
      const answer = await inBothLanguages('POST', 'finance/api/payments/', { sale_id: saleId, amount, method_id: method.id });
      expect(answer.status).toEqual([400, 400]);
      expect(answer.es.amount).toEqual(['El pago debe ser mayor que cero.']);
      expect(answer.en.amount).toEqual(['Payment must be greater than zero.']);
    }
    expect(await prisma.payment.count({ where: { sale_id: saleId } })).toBe(0);
  });

  it('a payment or a reference for a sale without concepts: "Add at least one sale concept"', async () => {
    const saleId = await counterSale([]);
    const method = await prisma.catalog.findFirstOrThrow({ where: { clas_id: 8 }, select: { id: true } });
    const payment = await inBothLanguages('POST', 'finance/api/payments/', { sale_id: saleId, amount: '10.00', method_id: method.id });
    expect(payment.status).toEqual([409, 409]);
    expect(payment.es.detail).toBe('Agregue al menos un concepto a la venta.');
    expect(payment.en.detail).toBe('Add at least one sale concept.');
    const reference = await inBothLanguages('POST', `finance/api/sales/${saleId}/reference/`, {});
    expect(reference.status).toEqual([409, 409]);
    expect(reference.en.detail).toBe('Add at least one sale concept.');
    expect(await prisma.payment.count({ where: { sale_id: saleId } })).toBe(0);
    expect(await prisma.reference.count({ where: { ref_sale_id: saleId } })).toBe(0);
  });

  it('a modular class without its dates: "Type modular dates"', async () => {
    const schedule = await prisma.schedule.findFirstOrThrow({ where: { status: true, is_modular: false, date_from: null, date_to: null }, select: { id: true } });
    const answer = await inBothLanguages('PUT', `scheduler/api/schedules/${schedule.id}/`, { id: schedule.id, is_modular: true });
    expect(answer.status).toEqual([400, 400]);
    expect(answer.es.date_from).toEqual(['Escriba las fechas modulares.']);
    expect(answer.en.date_from).toEqual(['Type modular dates.']);
    expect((await prisma.schedule.findUniqueOrThrow({ where: { id: schedule.id } })).is_modular).toBe(false);
  });

  it('an original lent without a return date: "Select the date limit"', async () => {
    const document = await prisma.studentDocument.findFirst({ where: { archived: true, lent_at: null, status: true }, select: { id: true } });
    const id =
      document?.id ??
      (await prisma.studentDocument.update({ where: { id: (await prisma.studentDocument.findFirstOrThrow({ where: { status: true, lent_at: null }, select: { id: true } })).id }, data: { archived: true }, select: { id: true } })).id;
    const answer = await inBothLanguages('POST', `students/api/student-documents/${id}/lend_original/`, { date_limit: null });
    expect(answer.status).toEqual([400, 400]);
    expect(answer.es.date_limit).toEqual(['Seleccione la fecha límite.']);
    expect(answer.en.date_limit).toEqual(['Select the date limit.']);
    expect((await prisma.studentDocument.findUniqueOrThrow({ where: { id } })).lent_at).toBeNull();
  });
});

describe('an inverted window', () => {
  it("a poll's application: the end must come after the start", async () => {
    const poll = await prisma.poll.findFirstOrThrow({ where: { is_active: true }, select: { id: true } });
    const cicle = await prisma.cicle.findFirstOrThrow({ select: { id: true } });
    const body = { poll_id: poll.id, cicle_id: cicle.id, start_at: '2026-12-10T15:00:00.000Z', end_at: '2026-12-01T15:00:00.000Z', status: 'OPEN', all_careers: true };
    const before = await prisma.pollAssignment.count();
    const answer = await inBothLanguages('POST', 'polls/api/assignments/', body);
    expect(answer.status).toEqual([400, 400]);
    expect(answer.es.end_at).toEqual(['El fin debe ser posterior al inicio.']);
    expect(answer.en.end_at).toEqual(['The end must come after the start.']);
    expect(await prisma.pollAssignment.count()).toBe(before);
    // Moving only the end of an existing one before its start is refused the same way.
    const made = await call('POST', 'polls/api/assignments/', { token: admin, body: { ...body, end_at: '2026-12-20T15:00:00.000Z', status: 'DRAFT' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    created.assignments.push(made.body.id);
    const moved = await call('PUT', `polls/api/assignments/${made.body.id}/`, { token: admin, body: { id: made.body.id, end_at: '2026-12-09T15:00:00.000Z' }, lang: 'en' });
    expect(moved.status).toBe(400);
    expect(moved.body.end_at).toEqual(['The end must come after the start.']);
    expect((await prisma.pollAssignment.findUniqueOrThrow({ where: { id: made.body.id } })).end_at.toISOString()).toBe('2026-12-20T15:00:00.000Z');
  });

  it('a capture exception: the end must come after the start', async () => {
    const schedule = await prisma.schedule.findFirstOrThrow({ where: { status: true, teacher_id: { not: null } }, select: { id: true, group: { select: { cicle_id: true } } } });
    const partial = await prisma.partial.findFirstOrThrow({ where: { cicle_id: schedule.group.cicle_id, partial_type: 'O' }, select: { id: true } });
    const before = await prisma.periodException.count();
    const answer = await inBothLanguages('POST', 'scores/api/periods-exception/', { schedule_id: schedule.id, partial_id: partial.id, start: '2026-12-10', end: '2026-12-01' });
    expect(answer.status).toEqual([400, 400]);
    expect(answer.es.end).toEqual(['El fin debe ser posterior al inicio.']);
    expect(answer.en.end).toEqual(['The end must come after the start.']);
    expect(await prisma.periodException.count()).toBe(before);
  });
});
