// finance/api/sales/, sale-details/ and discounts/: charges (ventas / cargos) with their lines and
// the discounts granted on them (Finanzas > Ventas). Students read their own sales and lines in the
// portal; an aspirant reads their own sales (the inscription charge) in the aspirant portal.
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { type ResourceDefinition, type Row, type WriteContext, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/finance';
import { conflict, fieldError, notFound } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { aspirantSales, cancellation, saleCampus, studentSales } from './fields';
import { dec, exchangeRate, fraction, money, orDefault, recordedBy, valueAfterWrite } from '@/server/modules/shared/fields';
import { isLineLocked, lineTotal } from '@/lib/finance/sale-totals';
import { schoolToday } from '@/lib/grades/window';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import * as engine from '@/server/engine/engine';
import { saleReferenceAction } from './bank-references';
import { counterConcepts, saleCart } from './cart';
import { studentShop, studentShopConcepts } from './shop';
import { saleReceipt } from './receipt';
import { unitDiscountForLine, lockSale, lockSaleDebt, settleSale } from './settle';
import { saleDiscountStates, saleLineStates, saleStates } from './sale-states';
import { cancelSaleAction } from './sale-operations';
import { discountSale, openSale } from './counter';

/** The resources the counter's actions write through (defined below this one). */
const counterResources = () => ({ sales: salesResource, lines: saleDetailsResource, discounts: saleDiscountsResource });

const sales = modelResource({
  base: 'finance/api/sales/',
  model: 'Sale',
  access: {
    routes: ['finance-sales'],
    // Lookups of a sale from the payment, reference, tuition, reinscription, admission and invoice screens.
    readRoutes: ['finance-payments', 'finance-references', 'permanence-recurrent', 'permanence-reinscriptions', 'permanence-aspirants', 'invoices-catalogs'],
    permission: 'sales',
    ownReaders: ['student', 'aspirant'],
  },
  search: ['client', 'reference', 'notes', ...STUDENT_SEARCH, 'aspirant.web_code', 'aspirant.names', 'aspirant.first_name'],
  ordering: ['-sale_date', '-id'],
  // Totals are recomputed from the lines, scholarships, discounts and payments (settleSale); who
  // recorded it and when it was cancelled are set by the system.
  readOnlyFields: ['amount', 'discount', 'extra_discount', 'dollars', 'subtotal', 'total_paid', 'total_debt', 'total_pay', 'total_neto', 'paid', 'paid_at', 'user_id', 'cancel_at'],
  fields: {
    iva: orDefault(fraction),
    rate: orDefault(exchangeRate),
  },
  // Its live lines' descriptions, so the list tells two sales of one student apart (Ventas' Conceptos).
  include: { details: { where: { status: true }, select: { id: true, description: true, qty: true }, orderBy: { id: 'asc' } } },
  campusFilter: saleCampus,
  ownRows: { student: studentSales, aspirant: aspirantSales },
  // Which fields change in which state; Estatus and the cancel note in none (cancel/ does that).
  states: saleStates,
  inputToData: (input, write) => {
    const { existing } = write;
    // A sale is charged to someone: a student, an aspirant or a named walk-in client.
    if (!valueAfterWrite(input, existing, 'student_id') && !valueAfterWrite(input, existing, 'aspirant_id') && !valueAfterWrite(input, existing, 'client')) {
      throw fieldError('client', 'errors.required');
    }
    return { ...recordedBy(input, write), ...cancellation(input, existing, 'cancel_notes', 'cancel_at') };
  },
  // A new exchange rate, or a cancellation, changes what the sale stores.
  afterWrite: async (id, { tx, actor }) => settleSale(tx, actor, id),
  actions: [
    // GET finance/api/sales/{id}/cart/: the cart screen's lines, concepts, discounts and totals.
    defineAction(contracts.saleCart, { needs: 'read', handler: (ctx) => saleCart(salesResource, ctx) }),
    // The history keeps the corrected day.
    defineAction(contracts.updateSalePaidDate, {
      needs: 'write',
      handler: async (ctx) => {
        const { actor, input } = ctx;
        if (input.paid_at > schoolToday()) throw fieldError('paid_at', 'errors.date_in_future');
        // Only a sale the user may read (their campus).
        await engine.show(salesResource, ctx, input.sale_id).catch(() => {
          throw fieldError('sale_id', 'errors.unknown_reference');
        });
        return prisma.$transaction(async (tx) => {
          await lockSale(tx, input.sale_id);
          const sale = await tx.sale.findUniqueOrThrow({ where: { id: input.sale_id }, select: { paid: true, paid_at: true } });
          if (!sale.paid) throw conflict('errors.sale_not_paid');
          // Noon in Mexico City: the day stays the same in every time zone the screens use.
          const paidAt = new Date(`${input.paid_at}T18:00:00Z`);
          await tx.sale.update({ where: { id: input.sale_id }, data: { paid_at: paidAt } });
          await recordHistory(tx, { table: 'sales', recordId: input.sale_id, type: '~', actor, changes: [{ field: 'paid_at', old: sale.paid_at?.toISOString() ?? null, new: paidAt.toISOString() }], reason: ctx.reason });
          return { id: input.sale_id, paid_at: paidAt.toISOString() };
        });
      },
    }),
    // POST finance/api/sales/student_shop/: a student buys web concepts from the portal.
    defineAction(contracts.studentShopBuy, { needs: 'signed-in', handler: (ctx) => studentShop(salesResource, ctx) }),
    // GET finance/api/sales/student_shop/: what the student may buy there, at their price.
    defineAction(contracts.studentShopOffer, { needs: 'signed-in', handler: (ctx) => studentShopConcepts(salesResource, ctx) }),
    // POST finance/api/sales/{id}/reference/: the bank reference for what the sale owes.
    defineAction(contracts.saleReference, { needs: 'write', handler: (ctx) => saleReferenceAction(salesResource, ctx) }),
    // POST finance/api/sales/{id}/cancel/ {reason}: cancels the sale when no payment is active and
    // no stamped invoice covers it; its open references go with it.
    defineAction(contracts.cancelSale, { needs: 'write', handler: (ctx) => cancelSaleAction(salesResource, ctx) }),
    // GET finance/api/sales/{id}/receipt/: the sale's receipt as a PDF.
    defineAction(contracts.saleReceipt, { needs: 'read', handler: (ctx) => saleReceipt(salesResource, ctx) }),
    // POST finance/api/sales/open/: the counter's new sale, created with its first line.
    defineAction(contracts.openSale, { needs: 'write', handler: (ctx) => openSale(counterResources(), ctx) }),
    // GET finance/api/sales/counter_concepts/?student_id=: what the counter's first line may be.
    defineAction(contracts.counterConcepts, { needs: 'write', changesData: false, handler: (ctx) => counterConcepts(ctx.queryInput.student_id) }),
    // POST finance/api/sales/{id}/discount/ {percent}: a discount of the sale typed as a percentage.
    defineAction(contracts.discountSale, { needs: 'write', handler: (ctx) => discountSale(counterResources(), ctx) }),
  ],
});

export const salesResource: ResourceDefinition = sales;

/** Lines of a locked sale (invoiced, or generated by a process) or of a cancelled one do not change. */
async function assertSaleOpen({ tx }: WriteContext, saleId: unknown): Promise<void> {
  // Locked before the line is written: two lines added to one sale at once settle in turn.
  const sale = await lockSaleDebt(tx, Number(saleId));
  if (!sale) throw fieldError('sale_id', 'errors.unknown_reference');
  if (sale.is_locked || !sale.status) throw conflict('errors.sale_locked');
}

/** Spec: a saved line of a recurrent, inscription or REINS concept is its process's, not the counter's. */
async function assertLineEditable({ tx }: WriteContext, line: Row | null): Promise<void> {
  if (!line?.concept_id) return;
  const concept = await tx.concept.findUnique({ where: { id: Number(line.concept_id) }, select: { code: true, is_inscription: true, recurrency_id: true } });
  if (isLineLocked({ id: Number(line.id), concept })) throw conflict('errors.line_locked');
}

export const saleDetailsResource = modelResource({
  base: 'finance/api/sale-details/',
  model: 'SaleDetail',
  access: { routes: ['finance-sales'], readRoutes: ['invoices-catalogs'], permission: 'sale_details', ownReaders: ['student'] },
  search: ['description', 'notes'],
  ordering: ['id'],
  readOnlyFields: ['total'],
  fields: {
    qty: orDefault(integer(1, 100_000)),
    amount: orDefault(money),
    discount: orDefault(money),
    iva: orDefault(fraction),
  },
  ownRows: { student: (studentId) => ({ sale: studentSales(studentId) }) },
  // A line joins, changes or leaves only a sale nobody paid yet (sale-states.ts).
  states: saleLineStates,
  inputToData: async (input, write) => {
    const { existing, tx } = write;
    const saleId = Number(valueAfterWrite(input, existing, 'sale_id'));
    await assertSaleOpen(write, saleId);
    await assertLineEditable(write, existing);
    // A line moved to another sale must leave an open one.
    if (existing && input.sale_id !== undefined && input.sale_id !== existing.sale_id) await assertSaleOpen(write, existing.sale_id);
    const conceptId = valueAfterWrite(input, existing, 'concept_id');
    const concept = conceptId ? await tx.concept.findUnique({ where: { id: Number(conceptId) }, select: { amount: true, iva: true, description: true } }) : null;
    // A line of a concept starts from the concept's price, tax and name when the cashier types none.
    const typedAmount = valueAfterWrite(input, existing, 'amount');
    const amount = dec(typedAmount ?? concept?.amount.toFixed(2));
    const data: Row = { ...input, amount: amount.toFixed(2) };
    if (concept && valueAfterWrite(input, existing, 'iva') === undefined) data.iva = concept.iva.toFixed(4);
    if (concept && !valueAfterWrite(input, existing, 'description')) data.description = concept.description.slice(0, 300);
    if (!data.description && !existing) throw fieldError('description', 'errors.required');
    // ... and with the discount its concept and the student's scholarships give (career, grade, the sale's day).
    let discount = valueAfterWrite(input, existing, 'discount');
    if (!existing && discount === undefined && conceptId) discount = await unitDiscountForLine(tx, saleId, Number(conceptId), amount.toFixed(2));
    const unitDiscount = dec(discount);
    if (unitDiscount.greaterThan(amount)) throw fieldError('discount', 'errors.max_value', { max: amount.toFixed(2) });
    data.discount = unitDiscount.toFixed(2);
    // Spec: line total = qty * amount - qty * discount.
    data.total = lineTotal({ qty: String(valueAfterWrite(input, existing, 'qty') ?? 1), amount: amount.toFixed(2), discount: unitDiscount.toFixed(2) });
    return data;
  },
  afterWrite: async (id, { tx, actor, existing }) => {
    const line = await tx.saleDetail.findUnique({ where: { id }, select: { sale_id: true } });
    if (line) await settleSale(tx, actor, line.sale_id);
    if (existing && line && existing.sale_id !== line.sale_id) await settleSale(tx, actor, Number(existing.sale_id));
  },
  beforeDelete: async (write) => {
    if (!write.existing) throw notFound();
    await assertSaleOpen(write, write.existing.sale_id);
    await assertLineEditable(write, write.existing);
  },
  afterDelete: async ({ tx, actor, existing }) => {
    if (existing) await settleSale(tx, actor, Number(existing.sale_id));
  },
});

export const saleDiscountsResource = modelResource({
  base: 'finance/api/discounts/',
  model: 'SaleDiscount',
  access: { routes: ['finance-sales'], permission: 'sale_discounts' },
  search: ['comment', 'cancel_note'],
  ordering: ['-created_at', '-id'],
  readOnlyFields: ['user_id', 'cancel_at'],
  fields: { discount: orDefault(money), percentage: orDefault(fraction) },
  campusFilter: (campusId) => ({ sale: saleCampus(campusId) }),
  // Granted or cancelled only before any payment (sale-states.ts).
  states: saleDiscountStates,
  inputToData: async (input, write): Promise<Row> => {
    const { existing } = write;
    // A discount is an amount or a share of the sale's total; one of them, at least.
    if (!dec(valueAfterWrite(input, existing, 'discount')).greaterThan(0) && !dec(valueAfterWrite(input, existing, 'percentage')).greaterThan(0)) {
      throw fieldError('discount', 'errors.discount_required');
    }
    if (!existing) {
      // Locked before the discount is written, as a line's sale is.
      const sale = await lockSaleDebt(write.tx, Number(input.sale_id));
      if (!sale) throw fieldError('sale_id', 'errors.unknown_reference');
      if (!sale.status) throw conflict('errors.sale_locked');
    }
    return { ...recordedBy(input, write), ...cancellation(input, existing, 'cancel_note', 'cancel_at') };
  },
  // A discount granted or cancelled changes what the sale asks for.
  afterWrite: async (id, { tx, actor, existing }) => {
    const discount = await tx.saleDiscount.findUnique({ where: { id }, select: { sale_id: true } });
    if (discount) await settleSale(tx, actor, discount.sale_id);
    if (existing && discount && existing.sale_id !== discount.sale_id) await settleSale(tx, actor, Number(existing.sale_id));
  },
  afterDelete: async ({ tx, actor, existing }) => {
    if (existing) await settleSale(tx, actor, Number(existing.sale_id));
  },
});
