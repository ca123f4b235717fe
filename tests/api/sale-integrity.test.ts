// The sale aggregate through the API (issue 27): once money came in a sale's lines and discounts
// are locked; a sale is cancelled only through cancel/ (refused while payments are active or a
// stamped invoice covers it); a payment's amount is never edited and is not cancelled once
// invoiced; a reference stops being payable when the debt changes and reconciliation never books
// another amount; the shop sells only what it lists; tuition months are never deleted; an empty
// sale has nothing to pay; an applicant taken off leaves no open charge. Then the state matrix of
// every resource of the aggregate: every state x every field x PUT/PATCH, and DELETE.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';
import { historyOf, runStateMatrix } from './state-matrix';

let admin: string;
let student: { id: number; cicle_id: number | null };
let otherStudentId: number;
let methodIds: number[];
let plainConceptId: number;
let tuitionConceptId: number;
const created = { sales: [] as number[], recurrents: [] as number[], aspirants: [] as number[] };
let serial = 0;

beforeAll(async () => {
  admin = await tokenFor('admin');
  const ana = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, current_group: { select: { cicle_id: true } } } });
  student = { id: ana.id, cicle_id: ana.current_group?.cicle_id ?? null };
  otherStudentId = (await prisma.student.findFirstOrThrow({ where: { id: { not: ana.id } }, select: { id: true } })).id;
  methodIds = (await prisma.catalog.findMany({ where: { clas_id: 8 }, select: { id: true }, orderBy: { id: 'asc' }, take: 2 })).map((row) => row.id);
  plainConceptId = (await prisma.concept.findFirstOrThrow({ where: { code: 'CONST', status: true }, select: { id: true } })).id;
  tuitionConceptId = (await prisma.concept.findFirstOrThrow({ where: { code: 'COL', status: true }, select: { id: true } })).id;
});

afterAll(async () => {
  const sales = created.sales;
  await prisma.recurrent.deleteMany({ where: { OR: [{ id: { in: created.recurrents } }, { sale_id: { in: sales } }] } });
  await prisma.invoice.deleteMany({ where: { sale_id: { in: sales } } });
  await prisma.payment.deleteMany({ where: { sale_id: { in: sales } } });
  await prisma.saleDiscount.deleteMany({ where: { sale_id: { in: sales } } });
  await prisma.reference.deleteMany({ where: { ref_sale_id: { in: sales } } });
  await prisma.aspirant.updateMany({ where: { id: { in: created.aspirants } }, data: { sale_id: null } });
  await prisma.sale.deleteMany({ where: { OR: [{ id: { in: sales } }, { aspirant_id: { in: created.aspirants } }] } });
  await prisma.aspirant.deleteMany({ where: { id: { in: created.aspirants } } });
});

/** A counter sale for Ana with lines typed by the cashier. */
async function saleWith(amounts: string[]): Promise<number> {
  const sale = await call('POST', 'finance/api/sales/', { token: admin, body: { student_id: student.id, cicle_id: student.cicle_id, notes: 'integridad' } });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  created.sales.push(sale.body.id);
  for (const amount of amounts) {
    const line = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: sale.body.id, description: 'Constancia', qty: 1, amount, iva: '0.08' } });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
  }
  return sale.body.id;
}

async function pay(saleId: number, amount: string): Promise<number> {
  const payment = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: saleId, amount, method_id: methodIds[0] } });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  return payment.body.id;
}

/** A CFDI stamped for the sale, as the invoicing module leaves it. */
async function stampInvoice(saleId: number): Promise<string> {
  serial += 1;
  const folio = `${Date.now() % 1_000_000}${serial}`;
  await prisma.invoice.create({ data: { fiscal_rfc: 'EKU9003173C9', fiscal_social_reason: 'Escuela de prueba', rfc: 'XAXX010101000', social_reason: 'PUBLICO EN GENERAL', postal_code: '44100', status: 'STAMPED', sale_id: saleId, serie: 'T', folio, uuid: randomUUID(), stamped_at: new Date() } });
  return `T${folio}`;
}

async function money(saleId: number) {
  const sale = await prisma.sale.findUniqueOrThrow({ where: { id: saleId }, include: { details: { orderBy: { id: 'asc' } }, discounts: true, payments: true } });
  return {
    status: sale.status,
    total_pay: sale.total_pay.toFixed(2),
    total_paid: sale.total_paid.toFixed(2),
    total_debt: sale.total_debt.toFixed(2),
    lines: sale.details.map((line) => [line.qty, line.amount.toFixed(2), line.status]),
    discounts: sale.discounts.length,
    payments: sale.payments.map((payment) => [payment.amount.toFixed(2), payment.status]),
  };
}

describe('a sale with money in it', () => {
  it('keeps its lines and discounts: a paid sale loses no line, no quantity and gains no discount', async () => {
    const id = await saleWith(['3000.00', '369.00']);
    const line = await prisma.saleDetail.findFirstOrThrow({ where: { sale_id: id }, orderBy: { id: 'asc' } });
    const paymentId = await pay(id, '3369.00');
    const before = await money(id);
    expect(before).toMatchObject({ total_pay: '3369.00', total_paid: '3369.00', total_debt: '0.00' });

    const removed = await call('DELETE', `finance/api/sale-details/${line.id}/`, { token: admin });
    expect(removed.status).toBe(409);
    const shownLine = await call('GET', `finance/api/sale-details/${line.id}/`, { token: admin });
    const lowered = await call('PUT', `finance/api/sale-details/${line.id}/`, { token: admin, body: { ...shownLine.body, qty: 0 } });
    expect([400, 409]).toContain(lowered.status);
    const cheaper = await call('PATCH', `finance/api/sale-details/${line.id}/`, { token: admin, body: { amount: '331.00' } });
    expect(cheaper.status).toBe(409);
    expect(cheaper.body).toMatchObject({ field: 'amount', state: 'PAID' });
    expect(cheaper.body.detail).toMatch(/^«.+» no puede cambiar en el estado «pagada»\.$/);
    const added = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: id, description: 'Otra', qty: 1, amount: '10.00' } });
    expect(added.status).toBe(409);
    const discount = await call('POST', 'finance/api/discounts/', { token: admin, body: { sale_id: id, discount: '2669.00', comment: 'descuento tardío' } });
    expect(discount.status).toBe(409);
    expect(await money(id)).toEqual(before);

    // Changing what it charges goes through cancelling the payment, with its reason, first.
    const state = await call('GET', `finance/api/sales/${id}/state/`, { token: admin });
    expect(state.body).toMatchObject({ state: 'PAID', operations: expect.arrayContaining(['cancel_payment']) });
    const cancelled = await call('POST', `finance/api/payments/${paymentId}/cancel/`, { token: admin, body: { reason: 'Se cobró de más' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await call('DELETE', `finance/api/sale-details/${line.id}/`, { token: admin })).status).toBe(204);
    expect(await money(id)).toMatchObject({ total_pay: '369.00', total_paid: '0.00', total_debt: '369.00' });
  });

  it('is not cancelled by its Estatus switch; cancel/ refuses while payments are active or an invoice is stamped, and says what to do', async () => {
    const id = await saleWith(['500.00']);
    const paymentId = await pay(id, '200.00');
    const shown = await call('GET', `finance/api/sales/${id}/`, { token: admin });
    for (const method of ['PUT', 'PATCH']) {
      const body = method === 'PUT' ? { ...shown.body, status: false, cancel_notes: 'ya no' } : { status: false, cancel_notes: 'ya no' };
      const switched = await call(method, `finance/api/sales/${id}/`, { token: admin, body });
      expect(switched.status, JSON.stringify(switched.body)).toBe(409);
      expect(['status', 'cancel_notes']).toContain(switched.body.field);
    }
    expect((await money(id)).status).toBe(true);

    expect((await call('POST', `finance/api/sales/${id}/cancel/`, { token: admin, body: {} })).status).toBe(400);
    const withPayments = await call('POST', `finance/api/sales/${id}/cancel/`, { token: admin, body: { reason: 'Error de captura' } });
    expect(withPayments.status).toBe(409);
    expect(withPayments.body.detail).toBe('La venta tiene pagos activos (1): cancele primero sus pagos, cada uno con su motivo, y después cancele la venta.');
    expect(await money(id)).toMatchObject({ status: true, payments: [['200.00', true]] });

    // Its payment cancelled, the sale is cancelled, and its open reference with it.
    await call('POST', `finance/api/payments/${paymentId}/cancel/`, { token: admin, body: { reason: 'Cheque devuelto' } });
    const reference = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(reference.status).toBe(200);
    const done = await call('POST', `finance/api/sales/${id}/cancel/`, { token: admin, body: { reason: 'Error de captura' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id } });
    expect([sale.status, sale.cancel_notes, sale.total_debt.toFixed(2)]).toEqual([false, 'Error de captura', '0.00']);
    const closed = await prisma.reference.findUniqueOrThrow({ where: { id: reference.body.id } });
    expect(closed.status).toBe(false);
    const log = await prisma.auditLog.findMany({ where: { resource: 'sales', record_id: String(id), reason: 'Error de captura' } });
    expect(log).toHaveLength(1);

    // A sale covered by a stamped invoice waits for the invoice's cancellation.
    const invoiced = await saleWith(['150.00']);
    await pay(invoiced, '150.00');
    const folio = await stampInvoice(invoiced);
    const refused = await call('POST', `finance/api/sales/${invoiced}/cancel/`, { token: admin, body: { reason: 'Error' } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`La venta está amparada por la factura timbrada ${folio}: cancele primero la factura ante el SAT.`);
    expect((await money(invoiced)).status).toBe(true);
  });
});

describe('a payment', () => {
  it('answers 409 naming the amount when it is edited, and keeps it', async () => {
    const id = await saleWith(['400.00']);
    const paymentId = await pay(id, '400.00');
    const shown = await call('GET', `finance/api/payments/${paymentId}/`, { token: admin });
    const patched = await call('PATCH', `finance/api/payments/${paymentId}/`, { token: admin, body: { amount: '1.00' } });
    expect(patched.status).toBe(409);
    expect(patched.body.field).toBe('amount');
    const put = await call('PUT', `finance/api/payments/${paymentId}/`, { token: admin, body: { ...shown.body, amount: '1.00', notes: 'corregido' } });
    expect(put.status).toBe(409);
    const stored = await prisma.payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect([stored.amount.toFixed(2), stored.notes]).toEqual(['400.00', null]);
    // Its notes still change, with the whole record sent back as it is.
    const noted = await call('PUT', `finance/api/payments/${paymentId}/`, { token: admin, body: { ...shown.body, notes: 'revisado' } });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.notes).toBe('revisado');
  });

  it('is not cancelled once the sale\'s invoice is stamped, in either way', async () => {
    const id = await saleWith(['250.00']);
    const paymentId = await pay(id, '250.00');
    const folio = await stampInvoice(id);
    const shown = await call('GET', `finance/api/payments/${paymentId}/`, { token: admin });
    const generic = await call('PUT', `finance/api/payments/${paymentId}/`, { token: admin, body: { ...shown.body, status: false, cancel_note: 'Cheque devuelto' } });
    expect(generic.status).toBe(409);
    expect(generic.body.state).toBe('INVOICED');
    const named = await call('POST', `finance/api/payments/${paymentId}/cancel/`, { token: admin, body: { reason: 'Cheque devuelto' } });
    expect(named.status).toBe(409);
    expect(named.body.detail).toBe(`El pago está amparado por la factura timbrada ${folio} de su venta: cancele primero la factura ante el SAT.`);
    expect(await money(id)).toMatchObject({ total_debt: '0.00', payments: [['250.00', true]] });
    // Without an invoice the generic cancellation (the screens' Cancel, with its reason) still works.
    const other = await saleWith(['90.00']);
    const otherPayment = await pay(other, '90.00');
    const otherShown = await call('GET', `finance/api/payments/${otherPayment}/`, { token: admin });
    const ok = await call('PUT', `finance/api/payments/${otherPayment}/`, { token: admin, body: { ...otherShown.body, status: false, cancel_note: 'Cheque devuelto' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await money(other)).toMatchObject({ total_debt: '90.00', payments: [['90.00', false]] });
  });
});

describe('a bank reference', () => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await runner.stop({ timeoutMs: 1000 });
    await stopJobSender();
  });

  function reconcile(lines: string[]) {
    const form = new FormData();
    form.append('file', new Blob([['Fecha,Referencia,Importe,Autorización', ...lines].join('\n')], { type: 'text/csv' }), 'estado.csv');
    return call('POST', 'finance/api/references/reconcile/', { token: admin, form });
  }

  it('of 300.00 stops being payable after a 20.00 discount; its 300.00 deposit is a difference, never a 280.00 payment', async () => {
    const id = await saleWith(['300.00']);
    const issued = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(issued.body.amount).toBe('300.00');
    const discount = await call('POST', 'finance/api/discounts/', { token: admin, body: { sale_id: id, discount: '20.00', comment: 'pronto pago' } });
    expect(discount.status, JSON.stringify(discount.body)).toBe(201);
    const old = await prisma.reference.findUniqueOrThrow({ where: { id: issued.body.id } });
    expect([old.status, old.cancel_note]).toEqual([false, 'Cambió el adeudo de la venta: la referencia ya no corresponde al importe.']);
    // Marked paid by hand: refused, nothing booked.
    const shown = await call('GET', `finance/api/references/${issued.body.id}/`, { token: admin });
    expect((await call('PUT', `finance/api/references/${issued.body.id}/`, { token: admin, body: { ...shown.body, paid: true } })).status).toBe(409);

    // A reference left active for an amount no longer owed (issued before this rule): stale.
    const stale = await prisma.reference.create({ data: { ref_sale_id: id, amount: '300.00', bank_ref: `77${Date.now()}`, vigency: new Date('2099-01-01T00:00:00Z') } });
    expect((await call('GET', `finance/api/references/${stale.id}/state/`, { token: admin })).body.state).toBe('STALE');

    const job = await finishedJob(admin, (await reconcile([`25/11/2026,${issued.body.bank_ref},300.00,AUT-1`, `25/11/2026,${stale.bank_ref},300.00,AUT-2`])).body.job_id);
    expect(job.status, JSON.stringify(job.error)).toBe('DONE');
    expect(job.result.paid).toEqual([]);
    expect(job.result.mismatched).toEqual([
      { line: 2, reference: issued.body.bank_ref, amount: '300.00', expected: '300.00', reason: 'cancelled' },
      { line: 3, reference: stale.bank_ref, amount: '300.00', expected: '300.00', reason: 'stale' },
    ]);
    expect(await money(id)).toMatchObject({ total_pay: '280.00', total_paid: '0.00', total_debt: '280.00', payments: [] });

    // The reference for what it owes now is paid by its deposit, and the summary says what was booked.
    const renewed = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(renewed.body.amount).toBe('280.00');
    const paid = await finishedJob(admin, (await reconcile([`26/11/2026,${renewed.body.bank_ref},280.00,AUT-3`])).body.job_id);
    expect(paid.result.paid).toEqual([{ line: 2, reference: renewed.body.bank_ref, amount: '280.00', sale_id: id }]);
    expect(await money(id)).toMatchObject({ total_paid: '280.00', total_debt: '0.00', payments: [['280.00', true]] });
  });

  it('is not asked for a sale with no lines: 409 saying there is nothing to pay', async () => {
    const id = await saleWith([]);
    const answer = await call('POST', `finance/api/sales/${id}/reference/`, { token: admin });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe('Agregue al menos un concepto a la venta.');
    expect(await prisma.reference.count({ where: { ref_sale_id: id } })).toBe(0);
  });
});

describe('the student shop', () => {
  it('sells only what it lists: not the monthly tuition, at any price list', async () => {
    const ana = await tokenFor('alumno');
    const listed = await call('GET', 'finance/api/sales/student_shop/', { token: ana });
    const ids = new Set(listed.body.results.map((concept: { id: number }) => concept.id));
    const tuition = await prisma.concept.findMany({ where: { code: 'COL', allow_web: true, status: true }, select: { id: true } });
    expect(tuition.length).toBeGreaterThan(0);
    const before = await prisma.sale.count({ where: { student_id: student.id } });
    for (const concept of tuition) {
      expect(ids.has(concept.id)).toBe(false);
      const bought = await call('POST', 'finance/api/sales/student_shop/', { token: ana, body: { items: [{ concept_id: concept.id, qty: 1 }] } });
      if (bought.body?.sale_id) created.sales.push(bought.body.sale_id);
      expect(bought.status).toBe(400);
    }
    expect(await prisma.sale.count({ where: { student_id: student.id } })).toBe(before);
    // What it lists it sells, at the listed price.
    const first = listed.body.results[0] as { id: number; amount: string; discount: string };
    const bought = await call('POST', 'finance/api/sales/student_shop/', { token: ana, body: { items: [{ concept_id: first.id, qty: 1 }] } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    created.sales.push(bought.body.sale_id);
    const line = await prisma.saleDetail.findFirstOrThrow({ where: { sale_id: bought.body.sale_id } });
    expect([line.concept_id, line.amount.toFixed(2), line.discount.toFixed(2)]).toEqual([first.id, first.amount, first.discount]);
  });
});

let months = 0;
let yearEdits = 0;

/** A month of tuition for Ana in a year of its own (one per student, concept, year and month). */
async function tuitionMonth(data: { sale_id?: number; paid?: boolean } = {}): Promise<number> {
  months += 1;
  const row = await prisma.recurrent.create({ data: { student_id: student.id, concept_id: tuitionConceptId, month: 1, month_name: 'Enero', year: 2040 + months, limit_date: new Date('2040-01-10T00:00:00Z'), ...data }, select: { id: true } });
  created.recurrents.push(row.id);
  return row.id;
}

describe('a tuition month', () => {
  it('is never hard-deleted: pending, billed or paid', async () => {
    const pending = await tuitionMonth();
    const billed = await tuitionMonth({ sale_id: await saleWith(['4850.00']) });
    for (const id of [pending, billed]) {
      const answer = await call('DELETE', `finance/api/recurrents/${id}/`, { token: admin });
      expect(answer.status).toBe(409);
      expect(await prisma.recurrent.count({ where: { id } })).toBe(1);
    }
    // A pending month is deactivated instead, with its history.
    const off = await call('PATCH', `finance/api/recurrents/${pending}/`, { token: admin, body: { status: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await historyOf('recurrents', pending)).length).toBe(1);
  });
});

describe('an applicant taken off the board', () => {
  it('leaves no open admission charge nor a reference the bank could take', async () => {
    const group = await prisma.group.findFirstOrThrow({ where: { grade: 1, status: true, shift_id: { not: null }, career_id: { not: null }, cicle: { is_active: true } }, select: { cicle_id: true, career_id: true, shift_id: true, cicle: { select: { campus_id: true } } } });
    const aspirant = await prisma.aspirant.create({
      data: { web_code: `SI${Date.now() % 1_000_000}`, names: 'Cargo', first_name: 'Abierto', second_name: 'Prueba', email: 'cargo.abierto@example.com', status: 'REV', cicle_id: group.cicle_id, campus_id: group.cicle.campus_id, career_id: group.career_id, shift_id: group.shift_id, contact_name: 'María Ríos', contact_telephone: '3312345678' },
      select: { id: true },
    });
    created.aspirants.push(aspirant.id);
    const charge = await call('POST', `inscription/api/aspirants/${aspirant.id}/generate_payment/`, { token: admin, body: {} });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    const saleId = charge.body.sale_id as number;
    created.sales.push(saleId);
    const off = await call('POST', `inscription/api/aspirants/${aspirant.id}/delete_aspirant/`, { token: admin, body: { reason: 'Ya no se inscribirá' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: saleId } });
    expect([sale.status, sale.cancel_notes]).toEqual([false, 'Ya no se inscribirá']);
    expect(await prisma.reference.count({ where: { ref_sale_id: saleId, status: true } })).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The state matrix of every resource of the sale aggregate.

/** A sale of Ana in each state, with one line (and a discount granted before any payment). */
const saleIn: Record<string, () => Promise<number>> = {
  OPEN: () => saleWith(['100.00']),
  LOCKED: async () => {
    const id = await saleWith(['100.00']);
    await prisma.sale.update({ where: { id }, data: { is_locked: true } });
    return id;
  },
  PAYING: async () => {
    const id = await saleWith(['100.00']);
    await pay(id, '40.00');
    return id;
  },
  PAID: async () => {
    const id = await saleWith(['100.00']);
    await pay(id, '100.00');
    return id;
  },
  INVOICED: async () => {
    const id = await saleWith(['100.00']);
    await pay(id, '100.00');
    await stampInvoice(id);
    return id;
  },
  CANCELLED: async () => {
    const id = await saleWith(['100.00']);
    expect((await call('POST', `finance/api/sales/${id}/cancel/`, { token: admin, body: { reason: 'matriz' } })).status).toBe(200);
    return id;
  },
};

async function saleSnapshot(saleId: number) {
  const sale = await prisma.sale.findUniqueOrThrow({ where: { id: saleId }, include: { details: { orderBy: { id: 'asc' } }, discounts: { orderBy: { id: 'asc' } }, payments: { orderBy: { id: 'asc' } }, references: { orderBy: { id: 'asc' } } } });
  const lines = await Promise.all(sale.details.map((line) => historyOf('sale_details', line.id)));
  const discounts = await Promise.all(sale.discounts.map((discount) => historyOf('sale_discounts', discount.id)));
  return { sale, history: await historyOf('sales', saleId), lines, discounts };
}

describe('the state matrix of the sale aggregate', () => {
  it('sales/', async () => {
    const other = await prisma.cicle.findFirstOrThrow({ where: { id: { not: student.cicle_id ?? -1 } }, select: { id: true } });
    const career = await prisma.career.findFirstOrThrow({ select: { id: true } });
    const aspirant = await prisma.aspirant.findFirstOrThrow({ select: { id: true } });
    await runStateMatrix({
      base: 'finance/api/sales/',
      token: () => admin,
      states: saleIn,
      edits: {
        client: () => 'Mostrador',
        student_id: () => otherStudentId,
        aspirant_id: () => aspirant.id,
        cicle_id: () => other.id,
        reference: () => '12345678901',
        career_id: () => career.id,
        iva: () => '0.16',
        rate: () => '18.5000',
        category: () => 'R',
        notes: () => 'nota de la matriz',
        sale_date: () => '2026-01-15',
        // Each edit changes the stored value: an unchanged field is no change, in any state.
        is_locked: async (id) => !(await prisma.sale.findUniqueOrThrow({ where: { id } })).is_locked,
        cancel_notes: () => 'sin pagos',
        sale_type: () => 'web',
        from_shop: () => true,
        payment_method_id: () => methodIds[1] ?? methodIds[0],
        status: async (id) => !(await prisma.sale.findUniqueOrThrow({ where: { id } })).status,
      },
      snapshot: saleSnapshot,
    });
  }, 600_000);

  const lineOf = async (saleId: number) => (await prisma.saleDetail.findFirstOrThrow({ where: { sale_id: saleId }, orderBy: { id: 'asc' } })).id;
  const saleOfLine = async (lineId: number) => (await prisma.saleDetail.findUniqueOrThrow({ where: { id: lineId } })).sale_id;

  it('sale-details/', async () => {
    await runStateMatrix({
      base: 'finance/api/sale-details/',
      token: () => admin,
      states: Object.fromEntries(Object.entries(saleIn).map(([state, make]) => [state, async () => lineOf(await make())])),
      edits: {
        sale_id: async () => saleWith([]),
        concept_id: () => plainConceptId,
        description: () => 'Kárdex',
        qty: () => 3,
        amount: () => '50.00',
        iva: () => '0.16',
        discount: () => '1.00',
        notes: () => 'nota',
        status: () => false,
      },
      snapshot: async (id) => saleSnapshot(await saleOfLine(id)),
    });
    // A line never joins a sale somebody paid.
    for (const state of ['LOCKED', 'PAYING', 'PAID', 'INVOICED', 'CANCELLED']) {
      const saleId = await saleIn[state]();
      const added = await call('POST', 'finance/api/sale-details/', { token: admin, body: { sale_id: saleId, description: 'Otra', qty: 1, amount: '10.00' } });
      expect(added.status, state).toBe(409);
    }
  }, 600_000);

  it('discounts/', async () => {
    const discounted = (make: () => Promise<number>, before: boolean) => async () => {
      // Granted while nothing was paid; the sale then moves to its state.
      const id = await saleWith(['100.00']);
      const granted = await call('POST', 'finance/api/discounts/', { token: admin, body: { sale_id: id, discount: '10.00', comment: 'matriz' } });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      if (!before) await make();
      return granted.body.id as number;
    };
    const states: Record<string, () => Promise<number>> = {
      OPEN: discounted(saleIn.OPEN, true),
      LOCKED: async () => {
        const id = await discounted(saleIn.OPEN, true)();
        const { sale_id } = await prisma.saleDiscount.findUniqueOrThrow({ where: { id } });
        await prisma.sale.update({ where: { id: sale_id }, data: { is_locked: true } });
        return id;
      },
    };
    for (const state of ['PAYING', 'PAID', 'INVOICED', 'CANCELLED'] as const) {
      states[state] = async () => {
        const id = await discounted(saleIn.OPEN, true)();
        const { sale_id } = await prisma.saleDiscount.findUniqueOrThrow({ where: { id } });
        if (state === 'PAYING') await pay(sale_id, '40.00');
        if (state === 'PAID' || state === 'INVOICED') await pay(sale_id, '90.00');
        if (state === 'INVOICED') await stampInvoice(sale_id);
        if (state === 'CANCELLED') await call('POST', `finance/api/sales/${sale_id}/cancel/`, { token: admin, body: { reason: 'matriz' } });
        return id;
      };
    }
    await runStateMatrix({
      base: 'finance/api/discounts/',
      token: () => admin,
      states,
      edits: {
        sale_id: async () => saleWith(['10.00']),
        discount: () => '5.00',
        percentage: () => '0.05',
        comment: () => 'otro comentario',
        cancel_note: () => 'nota',
        status: { skip: 'a cancellation needs its reason with it: tried with cancel_note in the tests above' },
      },
      snapshot: async (id) => saleSnapshot((await prisma.saleDiscount.findUniqueOrThrow({ where: { id } })).sale_id),
    });
  }, 600_000);

  it('payments/', async () => {
    const paymentOf = async (saleId: number) => (await prisma.payment.findFirstOrThrow({ where: { sale_id: saleId }, orderBy: { id: 'asc' } })).id;
    await runStateMatrix({
      base: 'finance/api/payments/',
      token: () => admin,
      states: {
        ACTIVE: async () => paymentOf(await saleIn.PAYING()),
        INVOICED: async () => paymentOf(await saleIn.INVOICED()),
        CANCELLED: async () => {
          const id = await paymentOf(await saleIn.PAID());
          expect((await call('POST', `finance/api/payments/${id}/cancel/`, { token: admin, body: { reason: 'matriz' } })).status).toBe(200);
          return id;
        },
      },
      edits: {
        sale_id: async () => saleWith(['10.00']),
        amount: () => '1.00',
        method_id: () => methodIds[1] ?? methodIds[0],
        // How the money came in is part of the payment, as its amount and method are.
        received: () => '5000.00',
        authorization_code: () => 'AUT-OTRA',
        notes: () => 'nota',
        cancel_note: () => 'nota de cancelación',
        status: { skip: 'a cancellation needs its reason with it: tried with cancel_note in the tests above' },
      },
      snapshot: async (id) => ({ ...(await saleSnapshot((await prisma.payment.findUniqueOrThrow({ where: { id } })).sale_id)), payment: await historyOf('payments', id) }),
    });
  }, 600_000);

  it('references/', async () => {
    const issue = async (saleId: number) => {
      const issued = await call('POST', `finance/api/sales/${saleId}/reference/`, { token: admin });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      return issued.body.id as number;
    };
    await runStateMatrix({
      base: 'finance/api/references/',
      token: () => admin,
      states: {
        OPEN: async () => issue(await saleWith(['100.00'])),
        STALE: async () => {
          const saleId = await saleWith(['100.00']);
          serial += 1;
          return (await prisma.reference.create({ data: { ref_sale_id: saleId, amount: '120.00', bank_ref: `88${Date.now()}${serial}`, vigency: new Date('2099-01-01T00:00:00Z') } })).id;
        },
        PAID: async () => {
          const id = await issue(await saleWith(['100.00']));
          expect((await call('PATCH', `finance/api/references/${id}/`, { token: admin, body: { paid: true } })).status).toBe(200);
          return id;
        },
        CANCELLED: async () => {
          const saleId = await saleWith(['100.00']);
          const id = await issue(saleId);
          await call('POST', `finance/api/sales/${saleId}/cancel/`, { token: admin, body: { reason: 'matriz' } });
          return id;
        },
      },
      edits: {
        concept: () => 'Otro concepto',
        amount: () => '1.00',
        bank_ref: () => '99999999999',
        paid: async (id) => !(await prisma.reference.findUniqueOrThrow({ where: { id } })).paid,
        paid_date: () => '2026-01-10',
        paid_ref: () => 'AUT-9',
        vigency: () => '2099-12-31',
        client: () => 'Otra persona',
        notes: () => 'nota',
        ref_sale_id: async () => saleWith(['10.00']),
        is_deleted: () => true,
        cancel_note: () => 'nota',
        status: { skip: 'a cancellation needs its reason with it: tried with cancel_note in the tests above' },
      },
      snapshot: async (id) => {
        const reference = await prisma.reference.findUniqueOrThrow({ where: { id } });
        return { reference, history: await historyOf('references', id), sale: reference.ref_sale_id ? await saleSnapshot(reference.ref_sale_id) : null };
      },
    });
  }, 600_000);

  it('recurrents/', async () => {
    await runStateMatrix({
      base: 'finance/api/recurrents/',
      token: () => admin,
      states: {
        PENDING: () => tuitionMonth(),
        BILLED: async () => tuitionMonth({ sale_id: await saleWith(['10.00']) }),
        PAID: async () => tuitionMonth({ sale_id: await saleIn.PAID(), paid: true }),
      },
      edits: {
        student_id: () => otherStudentId,
        cicle_id: () => student.cicle_id,
        concept_id: () => plainConceptId,
        limit_date: () => '2040-02-10',
        month: () => 2,
        // A year no other month of the file has (one per student, concept, year and month).
        year: () => 2000 + (yearEdits += 1),
        status: () => false,
      },
      snapshot: async (id) => ({ month: await prisma.recurrent.findUniqueOrThrow({ where: { id } }), history: await historyOf('recurrents', id) }),
    });
  }, 600_000);
});
