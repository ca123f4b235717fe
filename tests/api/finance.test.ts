// Money through the API: a sale's totals follow its lines, discounts and scholarships (never what a
// client sends); payments never overshoot the debt, not even two hundred at once; a retried payment
// with its Idempotency-Key counts once; a cancelled payment reopens the debt; a student reaches
// neither another student's sale nor the cashier's calls; every write leaves its history row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool, prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';
import { isValidReference } from '@/lib/finance/bank-reference';

let admin: string;
let student: { id: number; career_id: number | null; cicle_id: number | null };
let otherStudentId: number;
const created = { sales: [] as number[], ships: [] as number[], scholarships: [] as number[] };

beforeAll(async () => {
  admin = await tokenFor('admin');
  const ana = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, career_id: true, current_group: { select: { cicle_id: true } } } });
  student = { id: ana.id, career_id: ana.career_id, cicle_id: ana.current_group?.cicle_id ?? null };
  otherStudentId = (await prisma.student.findFirstOrThrow({ where: { id: { not: ana.id } }, select: { id: true } })).id;
});

afterAll(async () => {
  await prisma.payment.deleteMany({ where: { sale_id: { in: created.sales } } });
  await prisma.saleDiscount.deleteMany({ where: { sale_id: { in: created.sales } } });
  await prisma.reference.deleteMany({ where: { ref_sale_id: { in: created.sales } } });
  await prisma.sale.deleteMany({ where: { id: { in: created.sales } } });
  await prisma.studentShip.deleteMany({ where: { id: { in: created.ships } } });
  await prisma.scholarship.deleteMany({ where: { id: { in: created.scholarships } } });
});

/** A counter sale for a student with lines typed by the cashier (no concept). */
async function saleWith(lines: { amount: string; qty?: number; discount?: string; iva?: string }[], studentId = student.id): Promise<number> {
  const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: studentId, cicle_id: student.cicle_id, notes: 'prueba de caja', total_pay: '1.00', total_paid: '999.00', paid: true } });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  created.sales.push(sale.body.id);
  for (const line of lines) {
    const added = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, description: 'Constancia', qty: line.qty ?? 1, amount: line.amount, discount: line.discount ?? '0', iva: line.iva ?? '0.08', total: '0.01' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  return sale.body.id;
}

async function saleRow(id: number) {
  const sale = await prisma.sale.findUniqueOrThrow({ where: { id } });
  return {
    amount: sale.amount.toFixed(2),
    discount: sale.discount.toFixed(2),
    extra_discount: sale.extra_discount.toFixed(2),
    total_neto: sale.total_neto.toFixed(2),
    total_pay: sale.total_pay.toFixed(2),
    total_paid: sale.total_paid.toFixed(2),
    total_debt: sale.total_debt.toFixed(2),
    subtotal: sale.subtotal.toFixed(2),
    paid: sale.paid,
  };
}

function pay(saleId: number, amount: string, headers: Record<string, string> = {}, token = admin) {
  return call('POST', 'finance/api/payments/', { token, body: { sale_id: saleId, amount }, headers });
}

describe('the cashier', () => {
  it('finds the student of a new sale (the sale form searches the students list), and changes no student', async () => {
    const cashier = await tokenFor('finanzas');
    const found = await call('GET', `students/api/students/?search=${encodeURIComponent((await prisma.student.findUniqueOrThrow({ where: { id: student.id } })).no_control)}&is_active=true&page_size=5`, { token: cashier });
    expect(found.status).toBe(200);
    expect(found.body.data.map((row: { id: number }) => row.id)).toContain(student.id);
    expect((await call('PATCH', `students/api/students/${student.id}/`, { token: cashier, body: { notes: 'no' } })).status).toBe(403);
  });
});

describe("a sale's totals are the server's", () => {
  it('follow the lines and ignore totals sent by the client', async () => {
    const id = await saleWith([{ amount: '540.00', qty: 2, discount: '40.00' }, { amount: '108.00' }]);
    // 2 x (540 - 40) + 108 = 1108; IVA 8 % inside: 1108 / 1.08 = 1025.93.
    expect(await saleRow(id)).toEqual({ amount: '1188.00', discount: '80.00', extra_discount: '0.00', total_neto: '1108.00', total_pay: '1108.00', total_paid: '0.00', total_debt: '1108.00', subtotal: '1025.93', paid: false });
    const line = await prisma.saleDetail.findFirstOrThrow({ where: { sale_id: id, qty: 2 } });
    expect(line.total.toFixed(2)).toBe('1000.00');
  });

  it('take a granted discount off what is to be paid, and give it back when it is cancelled with a reason', async () => {
    const id = await saleWith([{ amount: '1000.00', iva: '0' }]);
    const granted = await call('POST', 'finance/api/discounts/', { token: admin, body: { sale_id: id, percentage: '0.1', comment: 'Convenio empresa' } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(await saleRow(id)).toMatchObject({ extra_discount: '100.00', total_neto: '1000.00', total_pay: '900.00', total_debt: '900.00' });
    const nothing = await call('POST', 'finance/api/discounts/', { token: admin, body: { sale_id: id, comment: 'sin monto' } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.discount).toEqual(['Escriba un monto o un porcentaje de descuento.']);
    const shown = await call('GET', `finance/api/discounts/${granted.body.id}/`, { token: admin });
    const withoutReason = await call('PUT', `finance/api/discounts/${granted.body.id}/`, { token: admin, body: { ...shown.body, status: false } });
    expect(withoutReason.status).toBe(400);
    const cancelled = await call('PUT', `finance/api/discounts/${granted.body.id}/`, { token: admin, body: { ...shown.body, status: false, cancel_note: 'Convenio vencido' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await saleRow(id)).toMatchObject({ extra_discount: '0.00', total_pay: '1000.00', total_debt: '1000.00' });
  });

  it("apply the student's scholarship of the line's kind", async () => {
    const scholarship = await prisma.scholarship.create({ data: { name: 'Beca prueba reinscripción', ship_type: 'RR', base_type: 'P', base_amount: '50', status: true } });
    created.scholarships.push(scholarship.id);
    const grant = await call('POST', 'finance/api/student-ships/', { token: admin, body: { student_id: student.id, scholar_ship_id: scholarship.id, cicle_id: student.cicle_id, notes: 'prueba', approve: true } });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    created.ships.push(grant.body.id);
    const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: student.id, cicle_id: student.cicle_id } });
    created.sales.push(sale.body.id);
    // The cart offers the student's price list: its re-enrolment concept with the scholarship's half off.
    const cart = await call('GET', `finance/api/sales/${sale.body.id}/cart/`, { token: admin });
    expect(cart.status).toBe(200);
    const offered = cart.body.concepts.find((concept: { kind: string }) => concept.kind === 'RR') as { id: number; amount: string; discount: string } | undefined;
    expect(offered, JSON.stringify(cart.body.concepts.map((concept: { code: string }) => concept.code))).toBeDefined();
    const half = (Math.round(Number(offered!.amount) * 50) / 100).toFixed(2);
    expect(Number(offered!.discount)).toBeGreaterThanOrEqual(Number(half));
    // No discount typed: the line takes the same one (its concept's, then the scholarship's).
    const line = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, concept_id: offered!.id, description: 'Reinscripción', qty: 1 } });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect(Number(line.body.amount).toFixed(2)).toBe(offered!.amount);
    expect(Number(line.body.discount).toFixed(2)).toBe(offered!.discount);
    const pay = (Number(offered!.amount) - Number(offered!.discount)).toFixed(2);
    expect(await saleRow(sale.body.id)).toMatchObject({ amount: offered!.amount, discount: offered!.discount, total_pay: pay });
    // A saved re-enrolment line is its process's: the counter does not change or remove it.
    const edited = await call('PUT', `finance/api/sale-details/${line.body.id}/`, { token: admin, body: { ...line.body, qty: 2 } });
    expect(edited.status).toBe(409);
    expect(edited.body.detail).toMatch(/no se modifica en caja/);
    expect((await call('DELETE', `finance/api/sale-details/${line.body.id}/`, { token: admin })).status).toBe(409);
  });
});

describe('payments', () => {
  it('are more than zero and never more than the debt, with the messages of the spec', async () => {
    const id = await saleWith([{ amount: '500.00' }]);
    const zero = await pay(id, '0');
    expect(zero.status).toBe(400);
    const over = await pay(id, '500.01');
    expect(over.status).toBe(400);
    expect(over.body.amount).toEqual(['El pago es mayor que el adeudo de la venta ($500.00).']);
    expect(await saleRow(id)).toMatchObject({ total_paid: '0.00', total_debt: '500.00' });
    expect((await pay(id, '500.00')).status).toBe(201);
    const more = await pay(id, '1.00');
    expect(more.status).toBe(409);
    expect(more.body.detail).toBe('La venta ya está pagada: no tiene adeudo.');
  });

  it('two hundred at once on one sale never overshoot its total', async () => {
    const id = await saleWith([{ amount: '1000.00' }]);
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(id, '7.00')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const accepted = answers.filter((answer) => answer.status === 201);
    // 142 payments of 7.00 fit in 1000.00 (994.00); the 143rd would overshoot.
    expect(accepted).toHaveLength(142);
    expect(statuses.every((status) => status === 201 || status === 400)).toBe(true);
    const sum = await prisma.payment.aggregate({ where: { sale_id: id, status: true }, _sum: { amount: true } });
    expect(sum._sum.amount?.toFixed(2)).toBe('994.00');
    expect(await saleRow(id)).toMatchObject({ total_paid: '994.00', total_debt: '6.00', paid: false });
  }, 120_000);

  it('retried with the same Idempotency-Key count once, even when the retries race', async () => {
    const id = await saleWith([{ amount: '300.00' }]);
    const key = `pago-${id}-${Date.now()}`;
    const first = await pay(id, '100.00', { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await Promise.all([pay(id, '100.00', { 'Idempotency-Key': key }), pay(id, '100.00', { 'Idempotency-Key': key })]);
    for (const answer of again) {
      expect(answer.status).toBe(201);
      expect(answer.body.id).toBe(first.body.id);
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
    }
    const racing = `pago-${id}-carrera`;
    const raced = await Promise.all(Array.from({ length: 5 }, () => pay(id, '50.00', { 'Idempotency-Key': racing })));
    expect(new Set(raced.map((answer) => answer.body.id)).size).toBe(1);
    expect(await prisma.payment.count({ where: { sale_id: id } })).toBe(2);
    expect(await saleRow(id)).toMatchObject({ total_paid: '150.00', total_debt: '150.00' });
    // The same key on another call is refused, never replayed.
    const elsewhere = await call('POST', 'finance/api/discounts/', { token: admin, body: { sale_id: id, discount: '1.00' }, headers: { 'Idempotency-Key': key } });
    expect(elsewhere.status).toBe(409);
    // A failed write keeps no key: the corrected retry runs.
    const failing = `pago-${id}-falla`;
    expect((await pay(id, '999.00', { 'Idempotency-Key': failing })).status).toBe(400);
    expect((await pay(id, '10.00', { 'Idempotency-Key': failing })).status).toBe(201);
    const bad = await pay(id, '1.00', { 'Idempotency-Key': 'con espacios y ñ' });
    expect(bad.status).toBe(400);
  });

  it('are cancelled with a reason, never edited or deleted, and the debt reopens', async () => {
    const id = await saleWith([{ amount: '200.00' }]);
    const paid = await pay(id, '200.00');
    expect(await saleRow(id)).toMatchObject({ total_debt: '0.00', paid: true });
    // Its amount is never edited: 409 naming the field, not a 200 that keeps it (issue 27).
    const edited = await call('PUT', `finance/api/payments/${paid.body.id}/`, { token: admin, body: { ...paid.body, amount: '1.00' } });
    expect(edited.status).toBe(409);
    expect(edited.body.field).toBe('amount');
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: paid.body.id } })).amount.toFixed(2)).toBe('200.00');
    expect((await call('DELETE', `finance/api/payments/${paid.body.id}/`, { token: admin })).status).toBe(409);
    const cancelled = await call('PUT', `finance/api/payments/${paid.body.id}/`, { token: admin, body: { ...paid.body, status: false, cancel_note: 'Cheque devuelto' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await saleRow(id)).toMatchObject({ total_paid: '0.00', total_debt: '200.00', paid: false });
    // Every write left its history: the payment's creation and cancellation, and the sale's totals.
    const paymentLog = await prisma.auditLog.findMany({ where: { resource: 'payments', record_id: String(paid.body.id) }, orderBy: { id: 'asc' } });
    expect(paymentLog[0].type).toBe('+');
    expect(paymentLog.some((entry) => entry.type === '~' && entry.reason === 'Cheque devuelto' || JSON.stringify(entry.changes).includes('Cheque devuelto'))).toBe(true);
    const saleLog = await prisma.auditLog.findMany({ where: { resource: 'sales', record_id: String(id) }, select: { type: true, changes: true } });
    expect(saleLog.some((entry) => JSON.stringify(entry.changes).includes('total_debt'))).toBe(true);
  });

  it("print a receipt with the school, the student, the concepts and the amounts; a student prints only their own", async () => {
    const id = await saleWith([{ amount: '750.00' }]);
    const payment = await pay(id, '300.00');
    const answer = await call<ArrayBuffer>('GET', `finance/api/payments/${payment.body.id}/receipt/`, { token: admin, raw: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(answer.body);
    for (const part of ['Recibo de pago', String(id).padStart(6, '0'), 'López Martínez Ana', 'Constancia', '$750.00', '$300.00', '$450.00']) expect(text).toContain(part);
    const ana = await tokenFor('alumno');
    expect((await call('GET', `finance/api/sales/${id}/receipt/`, { token: ana, raw: true })).status).toBe(200);
    const theirs = await saleWith([{ amount: '10.00' }], otherStudentId);
    expect([403, 404]).toContain((await call('GET', `finance/api/sales/${theirs}/receipt/`, { token: ana, raw: true })).status);
  });

  it('a paid sale may have its paid day corrected, never into the future; an unpaid one may not', async () => {
    const id = await saleWith([{ amount: '50.00' }]);
    const early = await call('POST', 'finance/api/sales/update_paid_date/', { token: admin, body: { sale_id: id, paid_at: '2026-11-02' } });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('La venta aún no está pagada.');
    await pay(id, '50.00');
    const future = await call('POST', 'finance/api/sales/update_paid_date/', { token: admin, body: { sale_id: id, paid_at: '2099-01-01' } });
    expect(future.status).toBe(400);
    const fixed = await call('POST', 'finance/api/sales/update_paid_date/', { token: admin, body: { sale_id: id, paid_at: '2026-11-02' } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const stored = await prisma.sale.findUniqueOrThrow({ where: { id } });
    expect(stored.paid_at?.toISOString().slice(0, 10)).toBe('2026-11-02');
    const log = await prisma.auditLog.findMany({ where: { resource: 'sales', record_id: String(id) }, select: { changes: true } });
    expect(log.some((entry) => JSON.stringify(entry.changes).includes('2026-11-02'))).toBe(true);
  });

  it("a student reads only their own sales and takes no payment", async () => {
    const mine = await saleWith([{ amount: '100.00' }]);
    const theirs = await saleWith([{ amount: '100.00' }], otherStudentId);
    const ana = await tokenFor('alumno');
    expect((await call('GET', `finance/api/sales/${mine}/`, { token: ana })).status).toBe(200);
    expect([403, 404]).toContain((await call('GET', `finance/api/sales/${theirs}/`, { token: ana })).status);
    expect([403, 404]).toContain((await pay(mine, '10.00', {}, ana)).status);
    expect([403, 404]).toContain((await pay(theirs, '10.00', {}, ana)).status);
    expect(await prisma.payment.count({ where: { sale_id: { in: [mine, theirs] } } })).toBe(0);
  });
});

describe('bank references', () => {
  afterAll(async () => {
    await prisma.setting.updateMany({ data: { reference_algorithm: 'base97', reference_base_year: 2014, reference_days: 10 } });
  });

  it('are issued for the debt with the check digits of the settings, once per amount; a new amount replaces them', async () => {
    const id = await saleWith([{ amount: '1200.00' }]);
    const first = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ amount: '1200.00', created: true, ref_sale_id: id });
    expect(first.body.bank_ref.startsWith(String(id).padStart(8, '0'))).toBe(true);
    expect(isValidReference(first.body.bank_ref, { algorithm: 'base97' })).toBe(true);
    // Asked again with the same debt: the same reference.
    const again = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(again.body).toMatchObject({ id: first.body.id, created: false });
    // A payment at the counter changes the debt: the old reference stops being payable at once
    // (issue 27: a reference belongs to its amount), and a new one is issued for the new debt.
    await pay(id, '200.00');
    const old = await prisma.reference.findUniqueOrThrow({ where: { id: first.body.id } });
    expect([old.status, old.cancel_note]).toEqual([false, 'Cambió el adeudo de la venta: la referencia ya no corresponde al importe.']);
    const renewed = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(renewed.body).toMatchObject({ amount: '1000.00', created: true });
    expect(renewed.body.bank_ref).not.toBe(first.body.bank_ref);
    // Paid at the counter: no reference is left for the bank to take.
    await pay(id, '1000.00');
    const closed = await prisma.reference.findUniqueOrThrow({ where: { id: renewed.body.id } });
    expect([closed.status, closed.cancel_note]).toEqual([false, 'La venta se pagó por otro medio.']);
  });

  it('with due date and amount in it, the settings\' base year and days', async () => {
    await prisma.setting.updateMany({ data: { reference_algorithm: 'base97_date_amount', reference_base_year: 2014, reference_days: 5 } });
    const id = await saleWith([{ amount: '4256.50' }]);
    const issued = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(issued.status).toBe(200);
    expect(isValidReference(issued.body.bank_ref, { algorithm: 'base97_date_amount', dueDate: issued.body.vigency, amount: '4256.50', baseYear: 2014 })).toBe(true);
    const days = (Date.parse(issued.body.vigency) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(4);
    expect(days).toBeLessThanOrEqual(6);
    await prisma.setting.updateMany({ data: { reference_algorithm: 'base10' } });
  });

  it('paid, pays its sale once; its slip prints again', async () => {
    const id = await saleWith([{ amount: '800.00' }]);
    const issued = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    const slip = await call<ArrayBuffer>('GET', `finance/api/references/${issued.body.id}/pdf/`, { token: admin, raw: true });
    expect(slip.status).toBe(200);
    const text = (await pdfText(slip.body)).replace(/\s/g, '');
    expect(text).toContain(issued.body.bank_ref);
    expect(text).toContain('$800.00');
    const shown = await call('GET', `finance/api/references/${issued.body.id}/`, { token: admin });
    const paid = await call('PUT', `finance/api/references/${issued.body.id}/`, { token: admin, body: { ...shown.body, paid: true, paid_ref: 'BBVA-12345678' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await saleRow(id)).toMatchObject({ total_paid: '800.00', total_debt: '0.00', paid: true });
    const payments = await prisma.payment.findMany({ where: { sale_id: id } });
    expect(payments).toHaveLength(1);
    expect(payments[0].notes).toContain(issued.body.bank_ref);
    // Saved again as paid: nothing more is paid.
    const twice = await call('PUT', `finance/api/references/${issued.body.id}/`, { token: admin, body: { ...paid.body, notes: 'revisado' } });
    expect(twice.status).toBe(200);
    expect(await prisma.payment.count({ where: { sale_id: id } })).toBe(1);
    // Nothing owed: no new reference.
    expect((await call('POST', `finance/api/sales/${id}/reference/`, { token: admin })).status).toBe(409);
  });
});

describe('scholarships: validate/ and massive/', () => {
  let scholarshipId: number;
  let cicleId: number;
  const ranked: { student_id: number; average: string }[] = [];

  beforeAll(async () => {
    // The period with the most students whose previous period has final scores.
    const { rows } = await getPool().query<{ cicle_id: number; student_id: number; average: string }>(
      `WITH last AS (
         SELECT sc.student_id, c.campus_id, c.start, round(avg(sc.final_score), 2) AS average
         FROM subject_cicles sc JOIN cicles c ON c.id = sc.cicle_id
         WHERE sc.status AND sc.final_score IS NOT NULL GROUP BY sc.student_id, sc.cicle_id, c.campus_id, c.start)
       SELECT DISTINCT ON (l.student_id) nxt.id AS cicle_id, l.student_id, l.average::text
       FROM last l JOIN cicles nxt ON nxt.campus_id = l.campus_id AND nxt.start > l.start
       JOIN students s ON s.id = l.student_id AND s.is_active
       WHERE NOT EXISTS (SELECT 1 FROM subject_cicles x JOIN cicles xc ON xc.id = x.cicle_id WHERE x.student_id = l.student_id AND x.final_score IS NOT NULL AND xc.start > l.start AND xc.start < nxt.start)
       ORDER BY l.student_id, nxt.start ASC, l.start DESC
       LIMIT 400`,
    );
    const byCicle = new Map<number, typeof rows>();
    for (const row of rows) byCicle.set(row.cicle_id, [...(byCicle.get(row.cicle_id) ?? []), row]);
    const [cicle, students] = [...byCicle.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    cicleId = cicle;
    ranked.push(...students.sort((a, b) => Number(a.average) - Number(b.average)));
    const middle = ranked[Math.floor(ranked.length / 2)].average;
    const scholarship = await prisma.scholarship.create({ data: { name: 'Beca prueba excelencia', ship_type: 'R', base_type: 'P', base_amount: '30', score_min: middle, status: true } });
    scholarshipId = scholarship.id;
    created.scholarships.push(scholarship.id);
  });

  afterAll(async () => {
    await prisma.studentShip.deleteMany({ where: { scholar_ship_id: scholarshipId } });
  });

  it('validate/ says whether a student may have it, with every reason', async () => {
    const low = ranked[0];
    const high = ranked[ranked.length - 1];
    const refused = await call('POST', 'finance/api/student-ships/validate/', { token: admin, body: { student_id: low.student_id, scholar_ship_id: scholarshipId, cicle_id: cicleId } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.valid).toBe(false);
    expect(refused.body.reasons[0]).toMatch(/^Su promedio del último periodo \(\d+(\.\d+)?\) es menor que el mínimo de la beca/);
    const allowed = await call('POST', 'finance/api/student-ships/validate/', { token: admin, body: { student_id: high.student_id, scholar_ship_id: scholarshipId, cicle_id: cicleId } });
    expect(allowed.body).toMatchObject({ valid: true, reasons: [] });
  });

  it('massive/ grants it to who may have it and says who may not and why; a second run grants nothing new', async () => {
    const picked = [ranked[0], ranked[1], ranked[ranked.length - 2], ranked[ranked.length - 1]].map((item) => item.student_id);
    const first = await call('POST', 'finance/api/student-ships/massive/', { token: admin, body: { scholar_ship_id: scholarshipId, cicle_id: cicleId, student_ids: picked, notes: 'Asignación por promedio' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.detail).toBe('Algunos alumnos no pueden recibir la beca.');
    expect(new Set(first.body.assigned)).toEqual(new Set(picked.slice(2)));
    expect(first.body.rejected.map((item: { student_id: number }) => item.student_id).sort()).toEqual(picked.slice(0, 2).sort());
    expect(first.body.rejected[0].reasons).toHaveLength(1);
    expect(await prisma.studentShip.count({ where: { scholar_ship_id: scholarshipId, cicle_id: cicleId, status: true } })).toBe(2);
    const second = await call('POST', 'finance/api/student-ships/massive/', { token: admin, body: { scholar_ship_id: scholarshipId, cicle_id: cicleId, student_ids: picked.slice(2) } });
    expect(second.body.assigned).toEqual([]);
    expect(second.body.rejected.every((item: { reasons: string[] }) => item.reasons.includes('Ya tiene esta beca en el periodo.'))).toBe(true);
    expect(await prisma.studentShip.count({ where: { scholar_ship_id: scholarshipId, cicle_id: cicleId } })).toBe(2);
    const history = await prisma.auditLog.count({ where: { resource: 'student_ships', record_id: { in: (await prisma.studentShip.findMany({ where: { scholar_ship_id: scholarshipId } })).map((row) => String(row.id)) } } });
    expect(history).toBe(2);
    // A list is checked like any write: at least one student.
    expect((await call('POST', 'finance/api/student-ships/massive/', { token: admin, body: { scholar_ship_id: scholarshipId, cicle_id: cicleId, student_ids: [] } })).status).toBe(400);
  });
});

describe('the student shop', () => {
  it('a student buys web concepts of their price list and gets the reference to pay them', async () => {
    const ana = await tokenFor('alumno');
    const none = await call('POST', 'finance/api/sales/student_shop/', { token: ana, body: { items: [] } });
    expect(none.status).toBe(400);
    expect(none.body.items).toEqual(['Seleccione al menos un producto.']);
    // What the shop offers Ana: web concepts of her price list, at her price; no monthly tuition.
    const offered = await call('GET', 'finance/api/sales/student_shop/', { token: ana });
    expect(offered.status).toBe(200);
    const codes = offered.body.results.map((concept: { code: string }) => concept.code);
    expect(codes).toContain('CONST');
    expect(codes).not.toContain('COL');
    const constancia = offered.body.results.find((concept: { code: string }) => concept.code === 'CONST') as { id: number; amount: string; discount: string };
    const bought = await call('POST', 'finance/api/sales/student_shop/', { token: ana, body: { items: [{ concept_id: constancia.id, qty: 2 }] } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    created.sales.push(bought.body.sale_id);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: bought.body.sale_id }, include: { details: true } });
    expect([sale.student_id, sale.from_shop, sale.sale_type]).toEqual([student.id, true, 'web']);
    expect(sale.details).toHaveLength(1);
    expect(bought.body.reference.amount).toBe(sale.total_debt.toFixed(2));
    expect(isValidReference(bought.body.reference.bank_ref, { algorithm: 'base10' }) || isValidReference(bought.body.reference.bank_ref, { algorithm: 'base97' })).toBe(true);
    // Their own sale and reference are theirs to read.
    expect((await call('GET', `finance/api/references/${bought.body.reference.id}/`, { token: ana })).status).toBe(200);
    // A concept not offered on the web is refused, and nothing is bought.
    const counterOnly = await prisma.concept.findFirstOrThrow({ where: { allow_web: false, status: true }, select: { id: true } });
    const before = await prisma.sale.count({ where: { student_id: student.id } });
    const refused = await call('POST', 'finance/api/sales/student_shop/', { token: ana, body: { items: [{ concept_id: counterOnly.id, qty: 1 }] } });
    expect(refused.status).toBe(400);
    expect(await prisma.sale.count({ where: { student_id: student.id } })).toBe(before);
    // A teacher buys nothing for anybody.
    expect((await call('POST', 'finance/api/sales/student_shop/', { token: await tokenFor('docente'), body: { student_id: student.id, items: [{ concept_id: constancia.id, qty: 1 }] } })).status).toBe(403);
  });
});
