// The named operations of the sale aggregate that the generic API does not offer: cancelling a sale
// and cancelling a payment, each with its reason, each asked of the state table first (a state that
// does not allow it answers 409 saying what to do), and the applicant's charge cancelled when the
// applicant is taken off the board. One transaction each, with the history rows inside it.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import * as engine from '@/server/engine/engine';
import type { ContractContext, ResourceDefinition } from '@/server/engine/types';
import type { cancelPayment as cancelPaymentContract, cancelSale as cancelSaleContract } from '@/lib/contracts/finance';
import { ApiError, badRequest, msg, notFound } from '@/server/errors';
import { stateLabel } from '@/server/engine/states';
import { translator } from '@/server/i18n/messages';
import { settlement } from './settle';
import { paymentStateOf, paymentStates, saleFacts, saleStates, stateOfFacts } from './sale-states';

type Tx = Prisma.TransactionClient;

/** The reason a cancellation needs (spec section 5: "Type a reason for cancel"); the contract
 * leaves it optional so that a missing one is answered with this message. */
function reasonOf(input: { reason?: string }): string {
  if (!input.reason) throw badRequest({ reason: [msg('errors.cancel_reason')] });
  return input.reason;
}

/**
 * Cancels a sale with its reason: refused (409) while a payment is active (cancel the payments
 * first, each with its reason) or while a stamped invoice covers it (cancel the invoice first).
 * Settling the cancelled sale closes its open bank references, gives back the tuition months it
 * billed and moves what waited on it (an applicant's charge, an exam request).
 */
export async function cancelSale(tx: Tx, actor: Actor | null, saleId: number, reason: string): Promise<void> {
  const facts = await saleFacts(tx, saleId);
  if (!facts) throw notFound();
  const state = stateOfFacts(facts);
  if (!saleStates.states[state].operations?.includes('cancel')) {
    const t = translator();
    if (state === 'INVOICED') throw new ApiError(409, msg('finance.errors.cancel_sale_invoiced', { invoice: facts.invoice ?? '' }), null, { state });
    if (state === 'PAYING' || state === 'PAID') throw new ApiError(409, msg('finance.errors.cancel_sale_payments', { count: facts.active_payments }), null, { state });
    throw new ApiError(409, msg('finance.errors.sale_not_cancellable', { state: stateLabel(saleStates, state, t) }), null, { state });
  }
  await tx.sale.update({ where: { id: saleId }, data: { status: false, cancel_notes: reason, cancel_at: new Date() }, select: { id: true } });
  const history = [{ table: 'sales', recordId: saleId, type: '~' as const, actor, changes: [{ field: 'status', old: true, new: false }, { field: 'cancel_notes', old: null, new: reason }], reason }];
  await recordHistoryMany(tx, [...history, ...(await settlement(tx, actor as Actor, saleId))]);
}

/**
 * Cancels a payment with its reason: the sale owes it again. Refused (409) while a stamped invoice
 * covers the sale: the fiscal record says paid until the invoice is cancelled.
 */
export async function cancelPayment(tx: Tx, actor: Actor, paymentId: number, reason: string): Promise<void> {
  const payment = await tx.payment.findUnique({ where: { id: paymentId }, select: { id: true, status: true, sale_id: true } });
  if (!payment) throw notFound();
  const state = await paymentStateOf(tx, payment);
  if (!paymentStates.states[state].operations?.includes('cancel')) {
    if (state === 'INVOICED') {
      const facts = await saleFacts(tx, payment.sale_id);
      throw new ApiError(409, msg('finance.errors.cancel_payment_invoiced', { invoice: facts?.invoice ?? '' }), null, { state });
    }
    throw new ApiError(409, msg('finance.errors.payment_already_cancelled'), null, { state });
  }
  await tx.payment.update({ where: { id: paymentId }, data: { status: false, cancel_note: reason, cancel_at: new Date() }, select: { id: true } });
  const history = [{ table: 'payments', recordId: paymentId, type: '~' as const, actor, changes: [{ field: 'status', old: true, new: false }, { field: 'cancel_note', old: null, new: reason }], reason }];
  await recordHistoryMany(tx, [...history, ...(await settlement(tx, actor, payment.sale_id))]);
}

/**
 * An applicant taken off the board owes nothing more: each open charge of theirs (active, no
 * payment yet) is cancelled with the reason, and with it its bank references, so the bank can no
 * longer take the deposit. A charge with payments is left as it is: the money that came in is a
 * person's decision (a refund), not a side effect. Answers the ids of the cancelled sales.
 */
export async function cancelApplicantCharges(tx: Tx, actor: Actor, aspirantId: number, reason: string): Promise<number[]> {
  const charges = await tx.sale.findMany({
    where: { status: true, OR: [{ aspirant_id: aspirantId }, { inscription_aspirants: { some: { id: aspirantId } } }] },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const cancelled: number[] = [];
  for (const charge of charges) {
    const facts = await saleFacts(tx, charge.id);
    if (!facts || !saleStates.states[stateOfFacts(facts)].operations?.includes('cancel')) continue;
    await cancelSale(tx, actor, charge.id, reason);
    cancelled.push(charge.id);
  }
  return cancelled;
}

/** POST finance/api/sales/{id}/cancel/ {reason}: cancels the sale (see cancelSale). */
export async function cancelSaleAction(definition: ResourceDefinition, { params, input, ...ctx }: ContractContext<typeof cancelSaleContract>): Promise<unknown> {
  const reason = reasonOf(input);
  // Only a sale the user may read (their campus), and only who may change sales.
  await engine.show(definition, ctx, params.id);
  const id = engine.parseId(params.id);
  await prisma.$transaction((tx) => cancelSale(tx, ctx.actor, id, reason));
  return engine.show(definition, ctx, id);
}

/** POST finance/api/payments/{id}/cancel/ {reason}: cancels the payment (see cancelPayment). */
export async function cancelPaymentAction(definition: ResourceDefinition, { params, input, ...ctx }: ContractContext<typeof cancelPaymentContract>): Promise<unknown> {
  const reason = reasonOf(input);
  await engine.show(definition, ctx, params.id);
  const id = engine.parseId(params.id);
  await prisma.$transaction((tx) => cancelPayment(tx, ctx.actor, id, reason));
  return engine.show(definition, ctx, id);
}
