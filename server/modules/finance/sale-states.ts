// The state tables of the sale aggregate (sales, their lines, discounts, payments, bank references
// and the tuition months they bill): which fields the generic API may change in which state, and
// which of finance's named operations a state allows. The engine consults them before every generic
// write (server/engine/states.ts) and the sale screen reads them through `{id}/state/`.
//
// Decisions (issue 27): once money came in (a payment that is not cancelled), the sale's lines and
// discounts are locked; changing what it charges goes through cancelling that payment, with its
// reason, first. A stamped invoice locks the sale and its payments until the invoice is cancelled
// before SAT. A sale is cancelled only through `cancel/` (never its Estatus switch), and only while
// no payment is active. Nothing with money is deleted: only a line of a sale nobody paid yet.
import type { Prisma } from '@/server/db/client';
import { defineStates } from '@/server/engine/states';
import type { Row } from '@/server/engine/types';
import { type PaymentState, type ReferenceState, type SaleState, type TuitionMonthState, paymentState, referenceState, saleState, tuitionMonthState } from '@/lib/finance/sale-states';

type Tx = Prisma.TransactionClient;

export type SaleFactsRow = { status: boolean; is_locked: boolean; paid: boolean; total_debt: string; active_payments: number; invoice: string | null };

/**
 * What a sale's state follows from, read under the lock every write of the sale takes (lockSale):
 * a payment, a line or a stamp waits for this request's transaction. `invoice` names the stamped
 * CFDI that covers it (serie and folio, else its UUID), null when none.
 */
export async function saleFacts(tx: Tx, saleId: number): Promise<SaleFactsRow | null> {
  if (!Number.isSafeInteger(saleId)) return null;
  const [row] = await tx.$queryRaw<SaleFactsRow[]>`
    SELECT s.status, s.is_locked, s.paid, s.total_debt::numeric(14, 2)::text AS total_debt,
      (SELECT count(*)::int FROM payments p WHERE p.sale_id = s.id AND p.status) AS active_payments,
      (SELECT COALESCE(NULLIF(concat(i.serie, i.folio), ''), i.uuid, i.id::text) FROM invoices i
        WHERE i.sale_id = s.id AND NOT i.is_deleted AND i.status IN ('STAMPED', 'CANCEL_REQUESTED') ORDER BY i.id LIMIT 1) AS invoice
    FROM sales s WHERE s.id = ${saleId} FOR UPDATE OF s`;
  return row ?? null;
}

export function stateOfFacts(facts: SaleFactsRow): SaleState {
  return saleState({ ...facts, stamped_invoice: facts.invoice !== null });
}

/** The state of a sale by its id (OPEN when there is none: the schema's own messages answer then). */
export async function saleStateOf(tx: Tx, saleId: unknown): Promise<SaleState | null> {
  const facts = await saleFacts(tx, Number(saleId));
  return facts ? stateOfFacts(facts) : null;
}

// What a sale's own fields may do. Its Estatus and cancel note are never written generically: the
// named operation `cancel/` checks the payments and the invoice first; its bank reference number is
// the system's. Before any money, everything else is the cashier's; after it, only notes and how
// it is expected to be paid.
const SALE_OPEN_FIELDS = ['client', 'student_id', 'aspirant_id', 'cicle_id', 'career_id', 'iva', 'rate', 'category', 'notes', 'sale_date', 'is_locked', 'sale_type', 'from_shop', 'payment_method_id'];

export const saleStates = defineStates<SaleState>({
  aggregate: 'sale',
  states: {
    OPEN: { update: SALE_OPEN_FIELDS, delete: false, operations: ['cancel', 'pay', 'reference', 'lines', 'discounts'] },
    // Made by a process: its lines are the process's; a discount may still be granted at the counter.
    LOCKED: { update: ['notes', 'payment_method_id'], delete: false, operations: ['cancel', 'pay', 'reference', 'discounts'] },
    PAYING: { update: ['notes', 'payment_method_id'], delete: false, operations: ['pay', 'reference', 'cancel_payment'] },
    PAID: { update: ['notes', 'payment_method_id'], delete: false, operations: ['invoice', 'cancel_payment'] },
    INVOICED: { update: ['notes'], delete: false, operations: [] },
    CANCELLED: { update: ['notes'], delete: false, operations: [] },
  },
  stateOf: async (tx, row) => (await saleStateOf(tx, row.id)) ?? 'OPEN',
});

const parentSale = async (tx: Tx, input: Row): Promise<SaleState | null> => (input.sale_id === undefined ? null : saleStateOf(tx, input.sale_id));

/** A line of a sale: the cashier's while nobody paid, frozen after; never moved to another sale. */
const LINE_FIELDS = ['concept_id', 'description', 'qty', 'amount', 'iva', 'discount', 'notes', 'status'];
const lineLocked = { update: [], delete: false, create: false } as const;

export const saleLineStates = defineStates<SaleState>({
  aggregate: 'sale',
  states: {
    OPEN: { update: LINE_FIELDS, delete: true, create: true },
    LOCKED: lineLocked,
    PAYING: lineLocked,
    PAID: lineLocked,
    INVOICED: lineLocked,
    CANCELLED: lineLocked,
  },
  stateOf: async (tx, row) => (await saleStateOf(tx, row.sale_id)) ?? 'OPEN',
  parentState: parentSale,
});

/** A discount granted on a sale: granted, changed or cancelled (with its reason) while nobody paid. */
const DISCOUNT_FIELDS = ['discount', 'percentage', 'comment', 'status', 'cancel_note'];
const discountLocked = { update: ['comment'], delete: false, create: false } as const;

export const saleDiscountStates = defineStates<SaleState>({
  aggregate: 'sale',
  states: {
    OPEN: { update: DISCOUNT_FIELDS, delete: false, create: true },
    LOCKED: { update: DISCOUNT_FIELDS, delete: false, create: true },
    PAYING: discountLocked,
    PAID: discountLocked,
    INVOICED: discountLocked,
    CANCELLED: discountLocked,
  },
  stateOf: async (tx, row) => (await saleStateOf(tx, row.sale_id)) ?? 'OPEN',
  parentState: parentSale,
});

/**
 * A payment is never edited: its notes change, and it is cancelled with its reason (status false
 * with cancel_note, or `cancel/`) while no stamped invoice covers its sale.
 */
export async function paymentStateOf(tx: Tx, payment: { status: unknown; sale_id: unknown }): Promise<PaymentState> {
  const facts = await saleFacts(tx, Number(payment.sale_id));
  return paymentState({ status: payment.status !== false, stamped_invoice: Boolean(facts?.invoice) });
}

export const paymentStates = defineStates<PaymentState>({
  aggregate: 'payment',
  states: {
    ACTIVE: { update: ['notes', 'status', 'cancel_note'], delete: false, operations: ['cancel', 'receipt'] },
    INVOICED: { update: ['notes'], delete: false, operations: ['receipt'] },
    CANCELLED: { update: ['notes'], delete: false, operations: ['receipt'] },
  },
  stateOf: (tx, row) => paymentStateOf(tx, { status: row.status, sale_id: row.sale_id }),
});

/**
 * A bank reference belongs to the amount it was issued for: its number, amount, sale and due day
 * never change; while its sale owes exactly that amount it may be marked paid (which pays the
 * sale) or cancelled; once the debt changed (STALE) it may only be cancelled.
 */
export async function referenceStateOf(tx: Tx, reference: Row): Promise<ReferenceState> {
  const facts = reference.ref_sale_id ? await saleFacts(tx, Number(reference.ref_sale_id)) : null;
  return referenceState({
    paid: reference.paid === true,
    status: reference.status !== false,
    is_deleted: reference.is_deleted === true,
    amount: String(reference.amount),
    sale: facts ? { status: facts.status, total_debt: facts.total_debt } : null,
  });
}

export const referenceStates = defineStates<ReferenceState>({
  aggregate: 'reference',
  states: {
    OPEN: { update: ['notes', 'client', 'concept', 'paid', 'paid_date', 'paid_ref', 'status', 'cancel_note'], delete: false, operations: ['pay', 'cancel', 'pdf'] },
    STALE: { update: ['notes', 'client', 'concept', 'status', 'cancel_note'], delete: false, operations: ['cancel'] },
    PAID: { update: ['notes'], delete: false, operations: ['pdf'] },
    // Hidden from the student's portal once cancelled, if the office wishes.
    CANCELLED: { update: ['notes', 'is_deleted'], delete: false, operations: [] },
  },
  stateOf: (tx, row) => referenceStateOf(tx, row),
});

/**
 * A month of tuition: never deleted (it is what the student owes). Until a sale bills it, Control
 * Escolar may correct it or deactivate it (status false, kept with its history); billed or paid it
 * follows its sale.
 */
export const tuitionMonthStates = defineStates<TuitionMonthState>({
  aggregate: 'tuition_month',
  states: {
    PENDING: { update: ['student_id', 'cicle_id', 'concept_id', 'limit_date', 'month', 'year', 'status'], delete: false, operations: ['pay'] },
    BILLED: { update: [], delete: false, operations: ['pay'] },
    PAID: { update: [], delete: false, operations: [] },
  },
  stateOf: async (tx, row) => {
    // Billed on a cancelled sale is billed no more (settling gives the month back).
    const sale = row.sale_id ? await tx.sale.findUnique({ where: { id: Number(row.sale_id) }, select: { status: true } }) : null;
    return tuitionMonthState({ paid: row.paid === true, sale_id: sale?.status ? Number(row.sale_id) : null });
  },
});
