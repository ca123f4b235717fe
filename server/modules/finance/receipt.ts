// A sale's receipt as a PDF (pdfkit): GET finance/api/sales/{id}/receipt/, and a payment's,
// GET finance/api/payments/{id}/receipt/ (the same receipt with that payment marked). The school's
// name, the folio, the day, whom it charges, every concept with its amounts, the totals, and the
// payments with their method. Whoever may read the sale (a student: their own) may print it.
import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { changeDue } from '@/lib/finance/payment-method';
import { schoolToday } from '@/lib/grades/window';
import { prisma } from '@/server/db/client';
import * as engine from '@/server/engine/engine';
import { FileResult } from '@/server/engine/results';
import type { ContractContext, ResourceDefinition } from '@/server/engine/types';
import type { paymentReceipt as paymentReceiptContract, saleReceipt as saleReceiptContract } from '@/lib/contracts/finance';
import { notFound } from '@/server/errors';
import { folioOf } from '@/lib/finance/folio';
import type { Translate } from '@/server/i18n/messages';

async function receiptData(saleId: number) {
  const [sale, settings] = await Promise.all([
    prisma.sale.findUnique({
      where: { id: saleId },
      select: {
        id: true,
        client: true,
        sale_date: true,
        status: true,
        amount: true,
        discount: true,
        extra_discount: true,
        total_neto: true,
        total_pay: true,
        total_paid: true,
        total_debt: true,
        subtotal: true,
        student: { select: { no_control: true, names: true, first_name: true, second_name: true, career: { select: { name: true } } } },
        aspirant: { select: { web_code: true, names: true, first_name: true, second_name: true } },
        details: { where: { status: true }, orderBy: { id: 'asc' }, select: { description: true, qty: true, amount: true, discount: true, total: true } },
        payments: { orderBy: { id: 'asc' }, select: { id: true, amount: true, received: true, authorization_code: true, created_at: true, status: true, method: { select: { name: true } } } },
      },
    }),
    prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { institution_name: true } }),
  ]);
  if (!sale) throw notFound();
  const person = sale.student ?? sale.aspirant;
  const name = person ? [person.first_name, person.second_name, person.names].filter(Boolean).join(' ') : (sale.client ?? '');
  const code = sale.student?.no_control ?? sale.aspirant?.web_code ?? '';
  return { sale, name, code, career: sale.student?.career?.name ?? null, institution: settings?.institution_name || 'Plantel' };
}

type Data = Awaited<ReturnType<typeof receiptData>>;

/** How a payment came in, as the receipt prints it: the method, its authorization, and for cash what was handed over and the change. */
function paymentMethodText(payment: Data['sale']['payments'][number], t: Translate): string {
  const parts = [payment.method?.name ?? t('finance.receipt.no_method')];
  if (payment.authorization_code) parts.push(t('finance.receipt.authorization', { authorization: payment.authorization_code }));
  if (payment.received) {
    const amount = payment.amount.toFixed(2);
    parts.push(t('finance.receipt.received', { received: formatMoney(payment.received.toFixed(2)), change: formatMoney(changeDue(amount, payment.received.toFixed(2))) }));
  }
  return parts.join(' · ');
}

export function renderReceipt(data: Data, t: Translate, markedPaymentId?: number): Promise<Buffer> {
  const { sale } = data;
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `${t('finance.receipt.title')} ${folioOf(sale.id)}`, Author: data.institution } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(14).text(data.institution, { align: 'center' });
  doc.font('Helvetica').fontSize(11).text(t('finance.receipt.title'), { align: 'center' });
  doc.fontSize(9).text(`${t('finance.receipt.folio')}: ${folioOf(sale.id)}    ${t('finance.receipt.date')}: ${formatDate(sale.sale_date.toISOString().slice(0, 10))}`, { align: 'right' });
  if (!sale.status) doc.font('Helvetica-Bold').fillColor('#b00020').text(t('finance.receipt.cancelled'), { align: 'right' }).fillColor('black');
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10).text(data.name, left);
  if (data.code || data.career) doc.font('Helvetica').text([data.code, data.career].filter(Boolean).join(' · '));
  doc.moveDown(0.6);

  const columns = [
    { key: 'concept', width: width - 40 - 80 - 80 - 90, align: 'left' },
    { key: 'qty', width: 40, align: 'right' },
    { key: 'price', width: 80, align: 'right' },
    { key: 'discount', width: 80, align: 'right' },
    { key: 'total', width: 90, align: 'right' },
  ] as const;
  const row = (cells: Record<(typeof columns)[number]['key'], string>, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(...columns.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 4 })));
    const y = doc.y;
    let x = left;
    for (const column of columns) {
      doc.text(cells[column.key], x, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    doc.x = left;
    doc.y = y + height + 3;
  };
  row({ concept: t('finance.cart.concept'), qty: t('finance.cart.qty'), price: t('finance.cart.price'), discount: t('finance.cart.unit_discount'), total: t('finance.cart.line_total') }, true);
  for (const line of sale.details) {
    row({ concept: line.description, qty: String(line.qty), price: formatMoney(line.amount.toFixed(2)), discount: formatMoney(line.discount.toFixed(2)), total: formatMoney(line.total.toFixed(2)) });
  }
  doc.moveDown(0.6);
  const total = (key: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const y = doc.y;
    doc.text(t(`finance.totals.${key}`), left + width - 260, y, { width: 160, align: 'right' });
    doc.text(formatMoney(value), left + width - 100, y, { width: 100, align: 'right' });
    doc.x = left;
  };
  total('amount', sale.amount.toFixed(2));
  total('discount', sale.discount.toFixed(2));
  total('extra_discount', sale.extra_discount.toFixed(2));
  total('total_pay', sale.total_pay.toFixed(2), true);
  total('total_paid', sale.total_paid.toFixed(2));
  total('total_debt', sale.total_debt.toFixed(2), true);
  doc.moveDown(0.8);

  doc.font('Helvetica-Bold').fontSize(10).text(t('finance.receipt.payments'), left);
  if (sale.payments.length === 0) doc.font('Helvetica').fontSize(9).text(t('finance.receipt.no_payments'));
  for (const payment of sale.payments) {
    const marked = payment.id === markedPaymentId ? '► ' : '';
    const state = payment.status ? '' : ` (${t('finance.receipt.payment_cancelled')})`;
    doc
      .font(payment.id === markedPaymentId ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .text(`${marked}${formatDateTime(payment.created_at)} · ${paymentMethodText(payment, t)} · ${formatMoney(payment.amount.toFixed(2))}${state}`);
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(t('finance.receipt.printed', { date: formatDate(schoolToday()) }), left);
  doc.end();
  return done;
}

async function receiptFile(saleId: number, t: Translate, inline: boolean, markedPaymentId?: number): Promise<FileResult> {
  const data = await receiptData(saleId);
  const pdf = await renderReceipt(data, t, markedPaymentId);
  return new FileResult(new Uint8Array(pdf), 'application/pdf', `${t('finance.receipt.title')} ${folioOf(saleId)}.pdf`, { inline, size: pdf.byteLength, cacheControl: 'private, no-store' });
}

/** GET finance/api/sales/{id}/receipt/ */
export async function saleReceipt(definition: ResourceDefinition, { params, ...ctx }: ContractContext<typeof saleReceiptContract>): Promise<FileResult> {
  await engine.show(definition, ctx, params.id);
  return receiptFile(Number(params.id), ctx.t, ctx.queryInput.inline === 'true');
}

/** GET finance/api/payments/{id}/receipt/ */
export async function paymentReceipt(definition: ResourceDefinition, { params, ...ctx }: ContractContext<typeof paymentReceiptContract>): Promise<FileResult> {
  const payment = (await engine.show(definition, ctx, params.id)) as { sale_id: number };
  return receiptFile(Number(payment.sale_id), ctx.t, ctx.queryInput.inline === 'true', Number(params.id));
}
