// The money a counter took: GET finance/api/payments/summary/ (Finanzas › Pagos: the payments of a
// date range, a method and a cashier, with the totals of all of them) and GET finance/api/payments/
// cash_up/ (Finanzas › Corte de caja: one cashier's school day per payment method, on screen, as a
// PDF to sign and as a workbook). Days are the school's (Mexico City), whatever the server's zone.
// Sums are the database's exact decimals, written back as text with two places.
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { hasPermission } from '@/lib/auth/access';
import type { cashUp as cashUpContract, paymentsSummary as paymentsSummaryContract } from '@/lib/contracts/finance';
import { PDF, XLSX } from '@/lib/contracts/contract';
import { changeDue } from '@/lib/finance/payment-method';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { schoolToday } from '@/lib/grades/window';
import type { Actor } from '@/server/auth/actor';
import { type Prisma, prisma } from '@/server/db/client';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import type { ContractContext } from '@/server/engine/types';
import { fieldError, forbidden } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import { dec } from '@/server/modules/shared/fields';

/** The most rows the payments' report lists; its totals count every payment of the filter. */
const MAX_ROWS = 500;
const SCHOOL_TIME_ZONE = 'America/Mexico_City';

/** The instants (UTC, as the timestamp columns store them) where school day `from` starts and the day after `to` starts. */
async function dayBounds(from: string, to: string): Promise<{ start: Date; end: Date }> {
  const [bounds] = await prisma.$queryRaw<{ start: Date; end: Date }[]>`
    SELECT ((${from}::date)::timestamp AT TIME ZONE ${SCHOOL_TIME_ZONE}) AT TIME ZONE 'UTC' AS start,
           ((${to}::date + 1)::timestamp AT TIME ZONE ${SCHOOL_TIME_ZONE}) AT TIME ZONE 'UTC' AS "end"`;
  return bounds;
}

const money = (value: Prisma.Decimal | null | undefined) => (value ? value.toFixed(2) : '0.00');

/** Whom a payment's sale charges: the student, the applicant or the walk-in client. */
type Payer = { client: string | null; student: { no_control: string; names: string; first_name: string; second_name: string | null } | null; aspirant: { names: string; first_name: string; second_name: string | null } | null };
function payerName({ client, student, aspirant }: Payer): string {
  const person = student ?? aspirant;
  if (!person) return client ?? '';
  const name = [person.names, person.first_name, person.second_name].filter(Boolean).join(' ');
  return student ? `${student.no_control} · ${name}` : name;
}

const userName = (user: { first_name: string; last_name: string; username: string } | null) => (user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : null);

/** GET finance/api/payments/summary/ */
export async function paymentsSummary({ actor, queryInput }: ContractContext<typeof paymentsSummaryContract>) {
  // A student reads their own payments (the resource's row scope), never the counter's totals.
  if (actor.kind !== 'staff') throw forbidden();
  const to = queryInput.to ?? queryInput.from ?? schoolToday();
  const from = queryInput.from ?? to;
  if (from > to) throw fieldError('to', 'errors.date_range');
  const { start, end } = await dayBounds(from, to);
  const where: Prisma.PaymentWhereInput = {
    created_at: { gte: start, lt: end },
    ...(queryInput.method_id ? { method_id: queryInput.method_id } : {}),
    ...(queryInput.user_id ? { user_id: queryInput.user_id } : {}),
  };
  const [rows, sums, cashiers] = await Promise.all([
    prisma.payment.findMany({
      where,
      orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
      take: MAX_ROWS + 1,
      select: {
        id: true,
        created_at: true,
        sale_id: true,
        amount: true,
        method_id: true,
        authorization_code: true,
        received: true,
        user_id: true,
        status: true,
        method: { select: { name: true } },
        user: { select: { first_name: true, last_name: true, username: true } },
        sale: { select: { client: true, student: { select: { no_control: true, names: true, first_name: true, second_name: true } }, aspirant: { select: { names: true, first_name: true, second_name: true } } } },
      },
    }),
    prisma.payment.groupBy({ by: ['status'], where, _count: { _all: true }, _sum: { amount: true } }),
    cashiersBetween(start, end),
  ]);
  const active = sums.find((sum) => sum.status);
  const cancelled = sums.find((sum) => !sum.status);
  return {
    from,
    to,
    rows: rows.slice(0, MAX_ROWS).map((row) => ({
      id: row.id,
      created_at: row.created_at.toISOString(),
      sale_id: row.sale_id,
      payer: payerName(row.sale),
      amount: row.amount.toFixed(2),
      method_id: row.method_id,
      method: row.method?.name ?? null,
      authorization_code: row.authorization_code,
      received: row.received ? row.received.toFixed(2) : null,
      change: row.received ? changeDue(row.amount.toFixed(2), row.received.toFixed(2)) : null,
      user_id: row.user_id,
      user: userName(row.user),
      status: row.status,
    })),
    truncated: rows.length > MAX_ROWS,
    count: active?._count._all ?? 0,
    total: money(active?._sum.amount),
    cancelled_count: cancelled?._count._all ?? 0,
    cancelled_total: money(cancelled?._sum.amount),
    cashiers,
  };
}

/** The users who took payments between two instants, by name. */
async function cashiersBetween(start: Date, end: Date): Promise<{ id: number; name: string }[]> {
  const users = await prisma.user.findMany({
    where: { payments: { some: { created_at: { gte: start, lt: end } } } },
    orderBy: [{ first_name: 'asc' }, { last_name: 'asc' }, { id: 'asc' }],
    take: 200,
    select: { id: true, first_name: true, last_name: true, username: true },
  });
  return users.map((user) => ({ id: user.id, name: userName(user) ?? '' }));
}

/** A finance head (who may change payments, or the superuser) reads any cashier's cash-up. */
export function isFinanceHead(actor: Actor): boolean {
  return actor.kind === 'staff' && hasPermission(actor, 'payments.change');
}

/** Whose cash-up a user may read: their own; a finance head's any cashier's. */
export function mayReadCashUpOf(actor: Actor, cashierId: number): boolean {
  return actor.kind === 'staff' && (cashierId === actor.id || isFinanceHead(actor));
}

type CashUp = Awaited<ReturnType<typeof cashUpFigures>>;

async function cashUpFigures(date: string, cashierId: number, t: Translate, head: boolean) {
  const cashier = await prisma.user.findUnique({ where: { id: cashierId }, select: { id: true, first_name: true, last_name: true, username: true } });
  if (!cashier) throw fieldError('user_id', 'errors.unknown_reference');
  const { start, end } = await dayBounds(date, date);
  const groups = await prisma.payment.groupBy({
    by: ['method_id', 'status'],
    where: { user_id: cashierId, created_at: { gte: start, lt: end } },
    _count: { _all: true },
    _sum: { amount: true },
  });
  const methodIds = [...new Set(groups.map((group) => group.method_id).filter((id): id is number => id !== null))];
  const names = new Map((await prisma.catalog.findMany({ where: { id: { in: methodIds } }, select: { id: true, name: true } })).map((method) => [method.id, method.name]));
  const byMethod = new Map<number | null, { method_id: number | null; method: string; count: number; total: Prisma.Decimal; cancelled_count: number; cancelled_total: Prisma.Decimal }>();
  for (const group of groups) {
    const entry = byMethod.get(group.method_id) ?? { method_id: group.method_id, method: group.method_id === null ? t('finance.cash_up.no_method') : (names.get(group.method_id) ?? ''), count: 0, total: dec(0), cancelled_count: 0, cancelled_total: dec(0) };
    const amount = group._sum.amount ?? dec(0);
    if (group.status) {
      entry.count += group._count._all;
      entry.total = entry.total.add(amount);
    } else {
      entry.cancelled_count += group._count._all;
      entry.cancelled_total = entry.cancelled_total.add(amount);
    }
    byMethod.set(group.method_id, entry);
  }
  const methods = [...byMethod.values()].sort((a, b) => a.method.localeCompare(b.method, 'es'));
  const sum = (pick: (entry: (typeof methods)[number]) => Prisma.Decimal) => methods.reduce((total, entry) => total.add(pick(entry)), dec(0)).toFixed(2);
  return {
    date,
    cashier: { id: cashier.id, name: userName(cashier) ?? '' },
    methods: methods.map((entry) => ({ ...entry, total: entry.total.toFixed(2), cancelled_total: entry.cancelled_total.toFixed(2) })),
    count: methods.reduce((total, entry) => total + entry.count, 0),
    total: sum((entry) => entry.total),
    cancelled_count: methods.reduce((total, entry) => total + entry.cancelled_count, 0),
    cancelled_total: sum((entry) => entry.cancelled_total),
    cashiers: head ? await cashiersBetween(start, end) : [],
  };
}

/** GET finance/api/payments/cash_up/ */
export async function cashUp({ actor, queryInput, t }: ContractContext<typeof cashUpContract>) {
  const date = queryInput.date ?? schoolToday();
  const cashierId = queryInput.user_id ?? actor.id;
  if (!mayReadCashUpOf(actor, cashierId)) throw forbidden('finance.cash_up.only_own');
  const figures = await cashUpFigures(date, cashierId, t, isFinanceHead(actor));
  if (queryInput.format === 'pdf') return cashUpPdf(figures, t);
  if (queryInput.format === 'xlsx') return cashUpWorkbook(figures, t);
  return figures;
}

function fileName(figures: CashUp, t: Translate, extension: string): string {
  return exportFileName(`${t('finance.cash_up.title')} ${figures.cashier.name} ${figures.date}`, extension);
}

async function cashUpWorkbook(figures: CashUp, t: Translate): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('finance.cash_up.title').slice(0, 31));
  sheet.addRow([t('finance.cash_up.title'), figures.cashier.name, figures.date]).font = { bold: true };
  sheet.addRow([]);
  const header = sheet.addRow([t('finance.cash_up.method'), t('finance.cash_up.count'), t('finance.cash_up.total'), t('finance.cash_up.cancelled_count'), t('finance.cash_up.cancelled_total')]);
  header.font = { bold: true };
  // Amounts are numbers with two places (the sheet sums them); the JSON keeps them as exact text.
  for (const entry of figures.methods) sheet.addRow([entry.method, entry.count, Number(entry.total), entry.cancelled_count, Number(entry.cancelled_total)]);
  sheet.addRow([t('finance.cash_up.grand_total'), figures.count, Number(figures.total), figures.cancelled_count, Number(figures.cancelled_total)]).font = { bold: true };
  sheet.getColumn(1).width = 34;
  for (const column of [2, 3, 4, 5]) sheet.getColumn(column).width = 16;
  for (const column of [3, 5]) sheet.getColumn(column).numFmt = '#,##0.00';
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return new FileResult(bytes, XLSX, fileName(figures, t, 'xlsx'), { size: bytes.length, cacheControl: 'private, no-store' });
}

function cashUpPdf(figures: CashUp, t: Translate): Promise<FileResult> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `${t('finance.cash_up.title')} ${figures.date}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(14).text(t('finance.cash_up.title'), { align: 'center' });
  doc.font('Helvetica').fontSize(10).text(`${t('finance.cash_up.cashier')}: ${figures.cashier.name}    ${t('finance.cash_up.date')}: ${formatDate(figures.date)}`, { align: 'center' });
  doc.moveDown(1);
  const widths = [width - 4 * 90, 90, 90, 90, 90];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const y = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      doc.text(cell, x, y, { width: widths[index] - 4, align: index === 0 ? 'left' : 'right' });
      x += widths[index];
    });
    doc.x = left;
    doc.y = y + 16;
  };
  row([t('finance.cash_up.method'), t('finance.cash_up.count'), t('finance.cash_up.total'), t('finance.cash_up.cancelled_count'), t('finance.cash_up.cancelled_total')], true);
  for (const entry of figures.methods) row([entry.method, String(entry.count), formatMoney(entry.total), String(entry.cancelled_count), formatMoney(entry.cancelled_total)]);
  if (figures.methods.length === 0) row([t('finance.cash_up.empty'), '', '', '', '']);
  row([t('finance.cash_up.grand_total'), String(figures.count), formatMoney(figures.total), String(figures.cancelled_count), formatMoney(figures.cancelled_total)], true);
  doc.moveDown(3);
  doc.font('Helvetica').fontSize(9).text('_______________________________', left);
  doc.text(figures.cashier.name, left);
  doc.moveDown(1);
  doc.fontSize(8).fillColor('#555').text(t('finance.cash_up.printed', { date: formatDateTime(new Date()) }), left);
  doc.end();
  return done.then((pdf) => new FileResult(new Uint8Array(pdf), PDF, fileName(figures, t, 'pdf'), { size: pdf.byteLength, cacheControl: 'private, no-store' }));
}
