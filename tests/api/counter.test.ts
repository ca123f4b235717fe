// Issue 29, items 3 and 4: the Finanzas role does a cashier's whole job (sales, payments, references,
// reconciliation, tuition months, scholarships, invoices) and every screen its menu shows reads
// without a 403; the counter opens a sale with its first line (never an empty one), takes discounts
// as percentages 0–100, records how each payment came in (cash received and change, the card's or
// transfer's authorization), keeps the balance of a partial payment and prints the method on the
// receipt; the payments' report filters by range, method and cashier with exact totals; the
// cash-up counts a cashier's day by method, cancelled payments apart, as JSON, PDF and workbook.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleMenu } from '@/lib/auth/access';
import { STAFF_MENU } from '@/lib/menu';
import { schoolToday } from '@/lib/grades/window';
import { getPool, prisma } from '@/server/db/client';
import { conceptsInForce } from '@/server/modules/finance/price-lists';
import { SCREEN_ROUTES } from '@/server/modules/registry';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';

let finanzas: string;
let cashier: string;
let cashierId: number;
let finanzasId: number;
let student: { id: number; names: string };
let concepts: { id: number; amount: string }[];
const methods: Record<'cash' | 'cheque' | 'transfer' | 'card', number> = { cash: 0, cheque: 0, transfer: 0, card: 0 };
const created: number[] = [];

beforeAll(async () => {
  finanzas = await tokenFor('finanzas');
  cashier = await tokenFor('caja.nte');
  finanzasId = (await prisma.user.findUniqueOrThrow({ where: { username: 'finanzas' } })).id;
  cashierId = (await prisma.user.findUniqueOrThrow({ where: { username: 'caja.nte' } })).id;
  const ana = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, names: true, career_id: true, career: { select: { campus_id: true } } } });
  student = { id: ana.id, names: ana.names };
  // Two plain concepts of her price lists (not tuition, not inscription): their lines stay editable.
  const offered = await prisma.concept.findMany({
    where: { ...conceptsInForce({ campusId: ana.career?.campus_id ?? null, careerId: ana.career_id, day: new Date() }), recurrency_id: null, is_inscription: false, amount: { gt: 100 } },
    orderBy: { id: 'asc' },
    take: 2,
    select: { id: true, amount: true },
  });
  concepts = offered.map((concept) => ({ id: concept.id, amount: concept.amount.toFixed(2) }));
  expect(concepts).toHaveLength(2);
  for (const [kind, code] of [['cash', '01'], ['cheque', '02'], ['transfer', '03'], ['card', '04']] as const) {
    methods[kind] = (await prisma.catalog.findFirstOrThrow({ where: { clas_id: 8, code } })).id;
  }
});

afterAll(async () => {
  await prisma.payment.deleteMany({ where: { sale_id: { in: created } } });
  await prisma.saleDiscount.deleteMany({ where: { sale_id: { in: created } } });
  await prisma.saleDetail.deleteMany({ where: { sale_id: { in: created } } });
  await prisma.recurrent.updateMany({ where: { sale_id: { in: created } }, data: { sale_id: null, paid: false } });
  await prisma.sale.deleteMany({ where: { id: { in: created } } });
});

async function openSale(token = finanzas, conceptId = concepts[0].id) {
  const opened = await call('POST', 'finance/api/sales/open/', { token, body: { student_id: student.id, concept_id: conceptId } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  created.push(opened.body.sale_id);
  return opened.body as { sale_id: number; line_id: number };
}

const cart = async (saleId: number) => (await call('GET', `finance/api/sales/${saleId}/cart/`, { token: finanzas })).body;

describe('the Finanzas role does a cashier’s whole job', () => {
  it('reads every job’s records: sales, payments, references, tuition months, scholarships, invoices', async () => {
    for (const base of ['finance/api/sales/', 'finance/api/payments/', 'finance/api/references/', 'finance/api/recurrents/', 'finance/api/student-ships/', 'finance/api/scholarships/', 'invoices/api/invoices/', 'invoices/api/invoice-data/']) {
      const answer = await call('GET', `${base}?page_size=1`, { token: finanzas });
      expect(answer.status, base).toBe(200);
    }
  });

  it('every screen of its menu reads its list without a 403', async () => {
    const actor = await call('GET', 'manage/check_session/', { token: finanzas });
    const routes = actor.body.user.routes as string[];
    const menu = visibleMenu({ is_superuser: false, routes, permissions: [], roles: [] }, STAFF_MENU);
    const keys = menu.map((submenu) => submenu.key);
    expect(keys).toEqual(expect.arrayContaining(['finance', 'scholarships', 'invoices', 'permanence']));
    for (const item of menu.flatMap((submenu) => submenu.items)) {
      const screen = SCREEN_ROUTES[item.path];
      if (!screen) continue;
      const answer = await call('GET', `${screen.base}?page_size=1`, { token: finanzas });
      expect(answer.status, `${item.path} -> ${screen.base}`).toBe(200);
    }
  });

  it('an existing database’s Finanzas role gets the same screens from the migration, once', async () => {
    const role = await prisma.role.findUniqueOrThrow({ where: { short: 'finanzas' } });
    const seeded = role.routes as string[];
    const before = ['finance-sales', 'finance-references', 'finance-payments', 'finance-concepts', 'finance-price_list', 'finance-iedu'];
    const migration = readFileSync(path.join(process.cwd(), 'prisma/migrations/20261128154200_finance_role_cashier_routes/migration.sql'), 'utf8');
    try {
      await prisma.role.update({ where: { id: role.id }, data: { routes: before } });
      await getPool().query(migration);
      await getPool().query(migration);
      const routes = (await prisma.role.findUniqueOrThrow({ where: { id: role.id } })).routes as string[];
      expect([...routes].sort()).toEqual([...seeded].sort());
    } finally {
      await prisma.role.update({ where: { id: role.id }, data: { routes: seeded } });
    }
  });

  it('bills a student’s tuition months (was 403)', async () => {
    const month = await prisma.recurrent.findFirst({ where: { sale_id: null, paid: false, status: true, student: { is_active: true } }, orderBy: { id: 'asc' }, select: { id: true, student_id: true } });
    expect(month).not.toBeNull();
    const checked = await call('POST', 'finance/api/recurrents/check_student/', { token: finanzas, body: { student_id: month!.student_id } });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const billable = checked.body.months.find((row: { id: number; state: string }) => row.state === 'PENDING' || row.state === 'LATE');
    const billed = await call('POST', 'finance/api/recurrents/pay/', { token: finanzas, body: { student_id: month!.student_id, months: [billable.id] } });
    expect(billed.status, JSON.stringify(billed.body)).toBe(200);
    created.push(billed.body.sale_id);
    expect(billed.body.months).toEqual([billable.id]);
  });

  it('checks a scholarship for a student', async () => {
    const ship = await prisma.scholarship.findFirstOrThrow({ where: { status: true }, select: { id: true } });
    const cicle = await prisma.cicle.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } });
    const validated = await call('POST', 'finance/api/student-ships/validate/', { token: finanzas, body: { student_id: student.id, scholar_ship_id: ship.id, cicle_id: cicle.id } });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  });

  it('invoices a paid sale: receiver data, stamp, download', async () => {
    const [regime, use] = await Promise.all([prisma.fiscalRegime.findUniqueOrThrow({ where: { code: '605' } }), prisma.cfdiType.findUniqueOrThrow({ where: { code: 'D10' } })]);
    const data = await call('POST', 'invoices/api/invoice-data/', { token: finanzas, body: { student_id: student.id, rfc: 'ROGA800101AB1', social_reason: 'ANGELICA RODRIGUEZ GARCIA', postal_code: '44600', fiscal_regime_id: regime.id, cfdi_type_id: use.id } });
    expect(data.status, JSON.stringify(data.body)).toBe(201);
    const { sale_id } = await openSale();
    const owed = (await cart(sale_id)).totals.total_debt as string;
    expect((await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: owed, method_id: methods.transfer, authorization_code: 'SPEI-1' } })).status).toBe(201);
    const invoice = await call('POST', 'invoices/api/invoices/from_sale/', { token: finanzas, body: { sale_id, invoice_data_id: data.body.id } });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    try {
      const stamped = await call('POST', `invoices/api/invoices/${invoice.body.id}/stamp/`, { token: finanzas });
      expect(stamped.status, JSON.stringify(stamped.body)).toBe(200);
      expect(stamped.body.status).toBe('STAMPED');
      const pdf = await call('GET', `invoices/api/invoices/${invoice.body.id}/pdf/`, { token: finanzas, raw: true });
      expect(pdf.status).toBe(200);
      expect(Buffer.from(pdf.body as ArrayBuffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await call('GET', `invoices/api/invoices/${invoice.body.id}/xml/`, { token: finanzas, raw: true })).status).toBe(200);
    } finally {
      await prisma.invoice.deleteMany({ where: { id: invoice.body.id } });
      await prisma.invoiceData.deleteMany({ where: { id: data.body.id } });
    }
  });
});

describe('the counter opens a sale with its first line', () => {
  it('creates the sale and its line in one call, priced by the concept', async () => {
    const { sale_id, line_id } = await openSale();
    const read = await cart(sale_id);
    expect(read.lines.map((line: { id: number }) => line.id)).toEqual([line_id]);
    expect(read.lines[0].amount).toBe(concepts[0].amount);
    expect(Number(read.totals.total_pay)).toBeGreaterThan(0);
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: sale_id } });
    expect(sale.student_id).toBe(student.id);
    expect(sale.user_id).toBe(finanzasId);
    expect(sale.total_pay.toFixed(2)).toBe(read.totals.total_pay);
  });

  it('leaves no sale behind when the line is refused', async () => {
    const before = await prisma.sale.count();
    const unknownConcept = await call('POST', 'finance/api/sales/open/', { token: finanzas, body: { student_id: student.id, concept_id: 999_999 } });
    expect(unknownConcept.status).toBe(400);
    expect(unknownConcept.body.concept_id).toBeDefined();
    const noStudent = await call('POST', 'finance/api/sales/open/', { token: finanzas, body: { concept_id: concepts[0].id } });
    expect(noStudent.status).toBe(400);
    expect(noStudent.body.student_id).toBeDefined();
    expect(await prisma.sale.count()).toBe(before);
  });

  it('offers the concepts of the student’s price lists before the sale exists', async () => {
    const offered = await call('GET', `finance/api/sales/counter_concepts/?student_id=${student.id}`, { token: finanzas });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.concepts.map((concept: { id: number }) => concept.id)).toEqual(expect.arrayContaining(concepts.map((concept) => concept.id)));
    expect((await call('GET', 'finance/api/sales/counter_concepts/?student_id=abc', { token: finanzas })).status).toBe(400);
  });

  it('is refused to a student', async () => {
    const alumno = await tokenFor('alumno');
    expect((await call('POST', 'finance/api/sales/open/', { token: alumno, body: { student_id: student.id, concept_id: concepts[0].id } })).status).toBe(403);
  });
});

describe('discounts typed as percentages', () => {
  it('refuses a percentage outside 0–100 in the user’s language and changes nothing', async () => {
    const { sale_id } = await openSale();
    for (const percent of ['150', '-5', 'diez', '10.555']) {
      const refused = await call('POST', `finance/api/sales/${sale_id}/discount/`, { token: finanzas, body: { percent } });
      expect(refused.status, percent).toBe(400);
      expect(refused.body.percent).toEqual(['El porcentaje debe estar entre 0 y 100.']);
    }
    const english = await call('POST', `finance/api/sales/${sale_id}/discount/`, { token: finanzas, lang: 'en', body: { percent: 101 } });
    expect(english.body.percent).toEqual(['The percentage must be between 0 and 100.']);
    expect(await prisma.saleDiscount.count({ where: { sale_id } })).toBe(0);
  });

  it('takes 10 % off a sale of two concepts, stored as a fraction, and the totals follow at once', async () => {
    const { sale_id } = await openSale();
    expect((await call('POST', 'finance/api/sale-details/', { token: finanzas, body: { sale_id, concept_id: concepts[1].id, description: 'Segundo concepto', qty: 1 } })).status).toBe(201);
    const before = await cart(sale_id);
    const granted = await call('POST', `finance/api/sales/${sale_id}/discount/`, { token: finanzas, body: { percent: '10', comment: 'pronto pago' } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.body.percent).toBe('10.00');
    expect((await prisma.saleDiscount.findUniqueOrThrow({ where: { id: granted.body.id } })).percentage.toFixed(4)).toBe('0.1000');
    const after = await cart(sale_id);
    // 10 % of what the lines charge, in whole cents.
    const expected = (Math.round(Number(before.totals.total_pay) * 100) - Math.round(Number(before.totals.total_pay) * 10)) / 100;
    expect(Number(after.totals.total_pay)).toBeCloseTo(expected, 2);
    expect(after.totals.extra_discount).not.toBe('0.00');
  });
});

describe('payments record how the money came in', () => {
  it('asks a card or a transfer for its authorization, and cash received to cover the amount', async () => {
    const { sale_id } = await openSale();
    const card = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '10.00', method_id: methods.card } });
    expect(card.status).toBe(400);
    expect(card.body.authorization_code).toEqual(['Escriba el número de autorización del pago con tarjeta o transferencia.']);
    const transfer = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '10.00', method_id: methods.transfer, authorization_code: '  ' } });
    expect(transfer.body.authorization_code).toBeDefined();
    const short = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '10.00', method_id: methods.cash, received: '5.00' } });
    expect(short.status).toBe(400);
    expect(short.body.received).toBeDefined();
    const cardReceived = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '10.00', method_id: methods.card, authorization_code: '123456', received: '20.00' } });
    expect(cardReceived.body.received).toBeDefined();
    const notAMethod = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '10.00', method_id: (await prisma.catalog.findFirstOrThrow({ where: { clas_id: { not: 8 } } })).id } });
    expect(notAMethod.status).toBe(400);
    expect(notAMethod.body.method_id).toBeDefined();
    expect(await prisma.payment.count({ where: { sale_id } })).toBe(0);
  });

  it('keeps the balance of a partial card payment and prints the method and authorization on the receipt', async () => {
    const { sale_id } = await openSale();
    const owed = (await cart(sale_id)).totals.total_debt as string;
    const paid = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '50.00', method_id: methods.card, authorization_code: 'AUT-778899' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const after = await cart(sale_id);
    expect(after.totals.total_paid).toBe('50.00');
    expect(after.totals.total_debt).toBe(((Math.round(Number(owed) * 100) - 5000) / 100).toFixed(2));
    expect(after.sale.paid).toBe(false);

    const cash = await call('POST', 'finance/api/payments/', { token: finanzas, body: { sale_id, amount: '20.00', method_id: methods.cash, received: '50.00' } });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const receipt = await call('GET', `finance/api/sales/${sale_id}/receipt/`, { token: finanzas, raw: true });
    expect(receipt.status).toBe(200);
    const text = (await pdfText(receipt.body as ArrayBuffer)).replace(/\s+/g, ' ');
    expect(text).toContain('Tarjeta de crédito');
    expect(text).toContain('Autorización AUT-778899');
    expect(text).toContain('Efectivo');
    expect(text).toMatch(/Recibido \$50\.00, cambio \$30\.00/);
  });
});

describe('the payments’ report and the cash-up', () => {
  it('filters payments by range, method and cashier, with exact totals of the filtered rows', async () => {
    const today = schoolToday();
    const { sale_id } = await openSale(cashier);
    const baseline = (await call('GET', `finance/api/payments/summary/?from=${today}&to=${today}&user_id=${cashierId}&method_id=${methods.cheque}`, { token: finanzas })).body;
    for (const amount of ['10.10', '20.20', '0.01']) {
      expect((await call('POST', 'finance/api/payments/', { token: cashier, body: { sale_id, amount, method_id: methods.cheque, authorization_code: 'CH-1' } })).status).toBe(201);
    }
    const answer = await call('GET', `finance/api/payments/summary/?from=${today}&to=${today}&user_id=${cashierId}&method_id=${methods.cheque}`, { token: finanzas });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.count - baseline.count).toBe(3);
    expect(((Math.round(Number(answer.body.total) * 100) - Math.round(Number(baseline.total) * 100)) / 100).toFixed(2)).toBe('30.31');
    expect(answer.body.cashiers.map((user: { id: number }) => user.id)).toContain(cashierId);
    expect(answer.body.rows.every((row: { method_id: number; user_id: number }) => row.method_id === methods.cheque && row.user_id === cashierId)).toBe(true);
    // The rows' sum is the total while they all fit.
    const active = answer.body.rows.filter((row: { status: boolean }) => row.status);
    expect(active.reduce((sum: number, row: { amount: string }) => sum + Math.round(Number(row.amount) * 100), 0)).toBe(Math.round(Number(answer.body.total) * 100));
    // A range in the past has none of today's.
    const past = await call('GET', `finance/api/payments/summary/?from=2001-01-01&to=2001-01-31&user_id=${cashierId}`, { token: finanzas });
    expect(past.body.count).toBe(0);
    const backwards = await call('GET', `finance/api/payments/summary/?from=${today}&to=2001-01-01`, { token: finanzas });
    expect(backwards.status).toBe(400);
    expect(backwards.body.to).toBeDefined();
  });

  it('counts a cashier’s day by method with the cancelled apart, as JSON, workbook and PDF', async () => {
    const before = (await call('GET', 'finance/api/payments/cash_up/', { token: cashier })).body;
    expect(before.cashier.id).toBe(cashierId);
    const { sale_id } = await openSale(cashier);
    const cash = await call('POST', 'finance/api/payments/', { token: cashier, body: { sale_id, amount: '15.25', method_id: methods.cash, received: '20.00' } });
    const card = await call('POST', 'finance/api/payments/', { token: cashier, body: { sale_id, amount: '7.50', method_id: methods.card, authorization_code: 'A1' } });
    expect([cash.status, card.status]).toEqual([201, 201]);
    expect((await call('POST', `finance/api/payments/${card.body.id}/cancel/`, { token: cashier, body: { reason: 'Terminal duplicó el cargo' } })).status).toBe(200);

    const after = await call('GET', `finance/api/payments/cash_up/?date=${schoolToday()}`, { token: cashier });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const row = (figures: typeof before, name: string) => figures.methods.find((method: { method: string }) => method.method === name) ?? { count: 0, total: '0.00', cancelled_count: 0, cancelled_total: '0.00' };
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(row(after.body, 'Efectivo').count - row(before, 'Efectivo').count).toBe(1);
    expect(cents(row(after.body, 'Efectivo').total) - cents(row(before, 'Efectivo').total)).toBe(1525);
    expect(row(after.body, 'Tarjeta de crédito').cancelled_count - row(before, 'Tarjeta de crédito').cancelled_count).toBe(1);
    expect(cents(row(after.body, 'Tarjeta de crédito').cancelled_total) - cents(row(before, 'Tarjeta de crédito').cancelled_total)).toBe(750);
    expect(cents(after.body.total) - cents(before.total)).toBe(1525);
    expect(after.body.cancelled_count - before.cancelled_count).toBe(1);
    expect(cents(after.body.total)).toBe(after.body.methods.reduce((sum: number, method: { total: string }) => sum + cents(method.total), 0));

    const xlsx = await call('GET', 'finance/api/payments/cash_up/?format=xlsx', { token: cashier, raw: true });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().filter(Boolean).map((values) => (values as unknown[]).slice(1));
    const cashRow = rows.find((values) => values[0] === 'Efectivo')!;
    expect(cashRow[1]).toBe(row(after.body, 'Efectivo').count);
    expect(cashRow[2]).toBeCloseTo(Number(row(after.body, 'Efectivo').total), 2);
    const totalRow = rows.find((values) => values[0] === 'Total del día')!;
    expect(totalRow[1]).toBe(after.body.count);
    expect(totalRow[3]).toBe(after.body.cancelled_count);

    const pdf = await call('GET', 'finance/api/payments/cash_up/?format=pdf', { token: cashier, raw: true });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = (await pdfText(pdf.body as ArrayBuffer)).replace(/\s+/g, ' ');
    expect(text).toContain('Corte de caja');
    expect(text).toContain('Efectivo');
    expect(text).toContain('Total del día');
  });

  it('lets a cashier read only their own cash-up; the head of Finanzas reads any cashier’s', async () => {
    expect((await call('GET', `finance/api/payments/cash_up/?user_id=${finanzasId}`, { token: cashier })).status).toBe(403);
    const head = await call('GET', `finance/api/payments/cash_up/?user_id=${cashierId}`, { token: finanzas });
    expect(head.status).toBe(200);
    expect(head.body.cashier.id).toBe(cashierId);
    expect(head.body.cashiers.map((user: { id: number }) => user.id)).toContain(cashierId);
    expect((await call('GET', 'finance/api/payments/cash_up/', { token: cashier })).body.cashiers).toEqual([]);
    expect((await call('GET', 'finance/api/payments/cash_up/?date=2026-02-30', { token: finanzas })).status).toBe(400);
    const alumno = await tokenFor('alumno');
    expect((await call('GET', 'finance/api/payments/cash_up/', { token: alumno })).status).toBe(403);
    expect((await call('GET', 'finance/api/payments/summary/', { token: alumno })).status).toBe(403);
  });
});
