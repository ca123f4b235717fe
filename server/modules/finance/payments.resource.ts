// finance/api/payments/: payments on a sale (pagos / abonos), taken in Finanzas > Pagos and on the
// sale's own screen. A payment is never edited nor erased: it is cancelled with a reason and made
// again. Students read their own in the portal.
import { modelResource } from '@/server/engine/model';
import { type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/finance';
import { paymentReceipt } from './receipt';
import { cashUp, paymentsSummary } from './cash-up';
import { badRequest, conflict, fieldError, msg } from '@/server/errors';
import type { Prisma } from '@/server/db/client';
import { methodKind, paymentProblems } from '@/lib/finance/payment-method';
import { STUDENT_SEARCH, under } from '@/server/engine/relation-paths';
import { cancellation, saleCampus, studentSales } from './fields';
import { dec, money, orDefault, positiveMoney, recordedBy } from '@/server/modules/shared/fields';
import { lockSaleDebt, settlement } from './settle';
import { paymentStates } from './sale-states';
import { cancelPaymentAction } from './sale-operations';

/** Catalogue 8: how a payment is received (Forma de pago). */
const PAYMENT_METHOD_CATALOG = 8;

/**
 * A payment's method is one of the catalogue's ways to pay; what the counter records with it
 * follows the method (lib/finance/payment-method.ts): cash may say what was handed over, a card or a
 * transfer needs its authorization number. Every problem is answered at once, on its field.
 */
async function checkMethodDetails(tx: Prisma.TransactionClient, input: Row): Promise<void> {
  const method = input.method_id ? await tx.catalog.findFirst({ where: { id: Number(input.method_id), clas_id: PAYMENT_METHOD_CATALOG }, select: { code: true } }) : null;
  if (input.method_id && !method) throw fieldError('method_id', 'errors.unknown_reference');
  const problems = paymentProblems({ kind: methodKind(method?.code), amount: dec(input.amount).toFixed(2), received: input.received as string | null | undefined, authorization_code: input.authorization_code as string | null | undefined });
  if (problems.length > 0) throw badRequest(Object.fromEntries(problems.map((problem) => [problem.field, [msg(problem.key, problem.values)]])));
}

/** What may still change on a recorded payment: its notes, and its cancellation. */
const MUTABLE = ['notes', 'cancel_note', 'status'];

const payments = modelResource({
  base: 'finance/api/payments/',
  model: 'Payment',
  access: { routes: ['finance-payments', 'finance-sales'], permission: 'payments', ownReaders: ['student'] },
  search: ['notes', 'cancel_note', ...under('sale', STUDENT_SEARCH)],
  ordering: ['-created_at', '-id'],
  readOnlyFields: ['user_id', 'cancel_at'],
  fields: { amount: positiveMoney, received: orDefault(money) },
  campusFilter: (campusId) => ({ sale: saleCampus(campusId) }),
  ownRows: { student: (studentId) => ({ sale: studentSales(studentId) }) },
  // Its amount, sale and method never change (409 naming the field); cancelled with a reason while
  // no stamped invoice covers its sale (sale-states.ts).
  states: paymentStates,
  inputToData: async (input, write) => {
    const { tx, existing } = write;
    if (!existing) {
      // One payment at a time per sale: the next one waits here until this one is settled, so
      // two payments can never both fit in the same debt.
      const sale = await lockSaleDebt(tx, Number(input.sale_id));
      if (!sale) throw fieldError('sale_id', 'errors.unknown_reference');
      // A cancelled sale takes no money.
      if (!sale.status) throw conflict('errors.sale_locked');
      const debt = dec(sale.total_debt);
      // An empty sale owes nothing because it charges nothing, not because it was paid.
      if (!debt.greaterThan(0) && !(await tx.saleDetail.count({ where: { sale_id: Number(input.sale_id), status: true } }))) throw conflict('finance.cart.empty');
      if (!debt.greaterThan(0)) throw conflict('errors.sale_paid');
      if (dec(input.amount).greaterThan(debt)) throw fieldError('amount', 'errors.payment_over_debt', { debt: sale.total_debt });
      await checkMethodDetails(tx, input);
      return { ...recordedBy(input, write), ...cancellation(input, existing, 'cancel_note', 'cancel_at') };
    }
    // The state table refused any change of its amount, sale or method; a PUT repeating them as
    // recorded writes only what may change.
    const kept: Row = Object.fromEntries(Object.entries(input).filter(([name]) => MUTABLE.includes(name)));
    return { ...kept, ...cancellation(kept, existing, 'cancel_note', 'cancel_at') };
  },
  // A payment taken or cancelled changes what the sale owes, and what waits on it being paid.
  // The sale's history rows are written with the payment's own.
  afterWrite: async (id, { tx, actor, data }) => {
    const saleId = typeof data?.sale_id === 'number' ? data.sale_id : (await tx.payment.findUnique({ where: { id }, select: { sale_id: true } }))?.sale_id;
    return saleId ? settlement(tx, actor, saleId) : [];
  },
  actions: [
    // GET finance/api/payments/{id}/receipt/: the receipt of the payment's sale, this payment marked.
    defineAction(contracts.paymentReceipt, { needs: 'read', handler: (ctx) => paymentReceipt(paymentsResource, ctx) }),
    // POST finance/api/payments/{id}/cancel/ {reason}: the sale owes it again (refused once invoiced).
    defineAction(contracts.cancelPayment, { needs: 'write', handler: (ctx) => cancelPaymentAction(paymentsResource, ctx) }),
    // GET finance/api/payments/summary/: the payments of a range, method and cashier, with their totals.
    defineAction(contracts.paymentsSummary, { needs: 'read', changesData: false, handler: (ctx) => paymentsSummary(ctx) }),
    // GET finance/api/payments/cash_up/: a cashier's day by method (JSON, PDF or xlsx).
    defineAction(contracts.cashUp, { needs: 'read', changesData: false, handler: (ctx) => cashUp(ctx) }),
  ],
});

export const paymentsResource: ResourceDefinition = payments;
