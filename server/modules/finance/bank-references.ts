// Bank deposit references of a sale (design/domain.md, "Money"): issued for what the sale owes,
// with the check digits of the algorithm set in the settings, valid for the settings' days; a
// reference whose amount no longer matches the debt (a surcharge, a payment at the counter) is
// replaced by a new one instead of being changed. Paying a reference pays its sale: a payment of
// its amount (never more than the debt) through the same lock as every payment.
import PDFDocument from 'pdfkit';
import { type ReferenceAlgorithm, REFERENCE_ALGORITHMS, bankReference } from '@/lib/finance/bank-reference';
import { formatDate, formatMoney } from '@/lib/format';
import { schoolToday } from '@/lib/grades/window';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import * as engine from '@/server/engine/engine';
import { FileResult } from '@/server/engine/results';
import type { ContractContext, ResourceDefinition } from '@/server/engine/types';
import type { referenceSlip, saleReference } from '@/lib/contracts/finance';
import { conflict, notFound } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import { lockSale, settleSale } from './settle';

type Tx = Prisma.TransactionClient;

/** The catalogue entry of payments by bank deposit (payment methods, classification 8). */
const DEPOSIT_METHOD = { clas_id: 8, code: 'REF' };

/** YYYY-MM-DD plus some days. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The reference settings: the algorithm, its base year and the days a reference is valid. */
async function referenceSettings(tx: Tx): Promise<{ algorithm: ReferenceAlgorithm; baseYear: number; days: number }> {
  const settings = await tx.setting.findFirst({ orderBy: { id: 'asc' }, select: { reference_algorithm: true, reference_base_year: true, reference_days: true } });
  const algorithm = REFERENCE_ALGORITHMS.find((known) => known === settings?.reference_algorithm) ?? 'base97';
  return { algorithm, baseYear: settings?.reference_base_year ?? 2014, days: settings?.reference_days ?? 10 };
}

/**
 * The sale's reference for what it owes today: the one in force when its amount still matches,
 * otherwise a new one (the old one is cancelled with the reason). The school's digits are the
 * sale's number (8 digits) and the reference's order for that sale (2 digits).
 */
export async function issueSaleReference(tx: Tx, actor: Actor, saleId: number, t: Translate): Promise<{ id: number; created: boolean }> {
  await lockSale(tx, saleId);
  const sale = await tx.sale.findUnique({ where: { id: saleId }, select: { id: true, status: true, total_debt: true, client: true, student: { select: { names: true, first_name: true, second_name: true } }, details: { where: { status: true }, select: { description: true }, take: 1, orderBy: { id: 'asc' } } } });
  if (!sale) throw notFound();
  if (!sale.status) throw conflict('errors.sale_locked');
  // An empty sale owes nothing because it charges nothing, not because it was paid.
  if (sale.details.length === 0) throw conflict('finance.cart.empty');
  if (!sale.total_debt.greaterThan(0)) throw conflict('errors.sale_paid');
  const today = schoolToday();
  const amount = sale.total_debt.toFixed(2);
  const existing = await tx.reference.findMany({ where: { ref_sale_id: saleId, status: true, is_deleted: false, paid: false }, orderBy: { id: 'asc' } });
  for (const reference of existing) {
    const inForce = reference.vigency.toISOString().slice(0, 10) >= today;
    if (inForce && reference.amount.toFixed(2) === amount) return { id: reference.id, created: false };
    // Another amount or past its day: no longer what the bank should take.
    const reason = t(inForce ? 'finance.reference.replaced_amount' : 'finance.reference.replaced_expired');
    await tx.reference.update({ where: { id: reference.id }, data: { status: false, cancel_note: reason, cancel_at: new Date() } });
    await recordHistory(tx, { table: 'references', recordId: reference.id, type: '~', actor, changes: [{ field: 'status', old: true, new: false }], reason });
  }
  const settings = await referenceSettings(tx);
  const issued = await tx.reference.count({ where: { ref_sale_id: saleId } });
  const vigency = addDays(today, settings.days);
  const bankRef = bankReference({
    base: String(saleId).padStart(8, '0') + String((issued + 1) % 100).padStart(2, '0'),
    algorithm: settings.algorithm,
    dueDate: vigency,
    amount,
    baseYear: settings.baseYear,
  });
  const person = sale.student ? [sale.student.first_name, sale.student.second_name, sale.student.names].filter(Boolean).join(' ') : sale.client;
  const created = await tx.reference.create({
    data: { ref_sale_id: saleId, amount, bank_ref: bankRef, vigency: new Date(`${vigency}T00:00:00Z`), client: person?.slice(0, 200) ?? null, concept: sale.details[0]?.description.slice(0, 200) ?? null },
    select: { id: true },
  });
  await recordHistory(tx, { table: 'references', recordId: created.id, type: '+', actor, changes: [{ field: 'bank_ref', old: null, new: bankRef }, { field: 'amount', old: null, new: amount }, { field: 'vigency', old: null, new: vigency }] });
  await tx.sale.update({ where: { id: saleId }, data: { reference: bankRef } });
  return { id: created.id, created: true };
}

/**
 * Pays a reference: a payment on its sale of exactly the reference's amount, by bank deposit, and
 * the reference marked paid with the bank's date and confirmation. A reference belongs to the
 * amount it was issued for: when its sale no longer owes exactly that (a discount, a payment at the
 * counter), or the sale or the reference was cancelled, nothing is booked (409) and the deposit is a
 * person's to look at. Paying a paid reference again changes nothing. Answers what was booked.
 */
export async function payReference(tx: Tx, actor: Actor, referenceId: number, bank: { paid_date?: Date | null; paid_ref?: string | null }): Promise<{ paymentId: number | null; amount: string | null }> {
  const reference = await tx.reference.findUnique({ where: { id: referenceId }, select: { id: true, amount: true, bank_ref: true, paid: true, ref_sale_id: true, status: true, is_deleted: true } });
  if (!reference) throw notFound();
  if (!reference.ref_sale_id) return { paymentId: null, amount: null };
  await lockSale(tx, reference.ref_sale_id);
  const sale = await tx.sale.findUniqueOrThrow({ where: { id: reference.ref_sale_id }, select: { status: true, total_debt: true } });
  const alreadyPaid = await tx.payment.findFirst({ where: { sale_id: reference.ref_sale_id, status: true, notes: { startsWith: `Referencia ${reference.bank_ref}` } }, select: { id: true, amount: true } });
  if (alreadyPaid) return { paymentId: alreadyPaid.id, amount: alreadyPaid.amount.toFixed(2) };
  if (!sale.status || !reference.status || reference.is_deleted) throw conflict('finance.errors.reference_cancelled');
  if (!reference.amount.equals(sale.total_debt)) throw conflict('finance.errors.reference_stale', { amount: reference.amount.toFixed(2), debt: sale.total_debt.toFixed(2) });
  const amount = reference.amount.toFixed(2);
  const method = await tx.catalog.findFirst({ where: DEPOSIT_METHOD, select: { id: true } });
  const payment = await tx.payment.create({ data: { sale_id: reference.ref_sale_id, amount, method_id: method?.id ?? null, user_id: actor.id, notes: `Referencia ${reference.bank_ref}${bank.paid_ref ? ` · ${bank.paid_ref}` : ''}` }, select: { id: true } });
  await recordHistory(tx, { table: 'payments', recordId: payment.id, type: '+', actor, changes: [{ field: 'sale_id', old: null, new: reference.ref_sale_id }, { field: 'amount', old: null, new: amount }] });
  if (!reference.paid) {
    await tx.reference.update({ where: { id: reference.id }, data: { paid: true, paid_date: bank.paid_date ?? new Date(), paid_ref: bank.paid_ref ?? null } });
    await recordHistory(tx, { table: 'references', recordId: reference.id, type: '~', actor, changes: [{ field: 'paid', old: false, new: true }] });
  }
  await settleSale(tx, actor, reference.ref_sale_id);
  return { paymentId: payment.id, amount };
}

/** POST finance/api/sales/{id}/reference/: the sale's reference for its debt (see issueSaleReference). */
export async function saleReferenceAction(definition: ResourceDefinition, { params, ...ctx }: ContractContext<typeof saleReference>) {
  await engine.show(definition, ctx, params.id);
  const issued = await prisma.$transaction((tx) => issueSaleReference(tx, ctx.actor, Number(params.id), ctx.t));
  const reference = await prisma.reference.findUniqueOrThrow({ where: { id: issued.id }, select: { id: true, bank_ref: true, amount: true, vigency: true, ref_sale_id: true } });
  return { id: reference.id, bank_ref: reference.bank_ref, amount: reference.amount.toFixed(2), vigency: reference.vigency.toISOString().slice(0, 10), ref_sale_id: reference.ref_sale_id, created: issued.created };
}

export function renderReferenceSlip(reference: { bank_ref: string; amount: string; vigency: string; client: string | null; concept: string | null }, institution: string, t: Translate): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: `${t('finance.reference.title')} ${reference.bank_ref}`, Author: institution } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(14).text(institution, { align: 'center' });
  doc.font('Helvetica').fontSize(11).text(t('finance.reference.title'), { align: 'center' });
  doc.moveDown(1.2);
  const line = (label: string, value: string, big = false) => {
    doc.font('Helvetica').fontSize(9).fillColor('#555').text(label);
    doc.font('Helvetica-Bold').fontSize(big ? 18 : 11).fillColor('black').text(value);
    doc.moveDown(0.5);
  };
  line(t('finance.reference.number'), reference.bank_ref.replace(/(\d{4})(?=\d)/g, '$1 '), true);
  line(t('finance.reference.amount'), formatMoney(reference.amount), true);
  line(t('finance.reference.vigency'), formatDate(reference.vigency));
  if (reference.client) line(t('finance.reference.client'), reference.client);
  if (reference.concept) line(t('finance.reference.concept'), reference.concept);
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(9).fillColor('#333').text(t('finance.reference.instructions'));
  doc.end();
  return done;
}

/** GET finance/api/references/{id}/pdf/: the deposit slip, to print again. */
export async function referencePdfAction(definition: ResourceDefinition, { params, ...ctx }: ContractContext<typeof referenceSlip>): Promise<FileResult> {
  await engine.show(definition, ctx, params.id);
  const [reference, settings] = await Promise.all([
    prisma.reference.findUniqueOrThrow({ where: { id: Number(params.id) }, select: { bank_ref: true, amount: true, vigency: true, client: true, concept: true } }),
    prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { institution_name: true } }),
  ]);
  const pdf = await renderReferenceSlip({ ...reference, amount: reference.amount.toFixed(2), vigency: reference.vigency.toISOString().slice(0, 10) }, settings?.institution_name || 'Plantel', ctx.t);
  return new FileResult(new Uint8Array(pdf), 'application/pdf', `${ctx.t('finance.reference.title')} ${reference.bank_ref}.pdf`, { inline: ctx.queryInput.inline === 'true', size: pdf.byteLength, cacheControl: 'private, no-store' });
}
