// The states of the sale aggregate (design/architecture.md, "Aggregates and their owners"): a sale,
// its payments, its bank references and the tuition months it bills. Each state follows from facts
// the database stores, by one pure rule per record kind, so the server's state tables and the sale
// screen agree on what is locked. Names are those of messages/<locale>/states.json.

export const SALE_STATES = ['OPEN', 'PAYING', 'PAID', 'INVOICED', 'LOCKED', 'CANCELLED'] as const;
export type SaleState = (typeof SALE_STATES)[number];

export const PAYMENT_STATES = ['ACTIVE', 'INVOICED', 'CANCELLED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const REFERENCE_STATES = ['OPEN', 'STALE', 'PAID', 'CANCELLED'] as const;
export type ReferenceState = (typeof REFERENCE_STATES)[number];

export const TUITION_MONTH_STATES = ['PENDING', 'BILLED', 'PAID'] as const;
export type TuitionMonthState = (typeof TUITION_MONTH_STATES)[number];

export type SaleFacts = {
  /** false once cancelled */
  status: boolean;
  /** made by a process (tuition, admission, an exam fee): its lines are the process's */
  is_locked: boolean;
  paid: boolean;
  /** how many of its payments are not cancelled */
  active_payments: number;
  /** a CFDI stamped for it and not cancelled before SAT */
  stamped_invoice: boolean;
};

/**
 * Cancelled wins over everything (nothing changes any more); a stamped invoice over the payments
 * (the fiscal record must keep matching); a payment over the process lock (money came in: the
 * amounts are what was paid for).
 */
export function saleState(sale: SaleFacts): SaleState {
  if (!sale.status) return 'CANCELLED';
  if (sale.stamped_invoice) return 'INVOICED';
  if (sale.active_payments > 0) return sale.paid ? 'PAID' : 'PAYING';
  if (sale.is_locked) return 'LOCKED';
  return 'OPEN';
}

export function paymentState(payment: { status: boolean; stamped_invoice: boolean }): PaymentState {
  if (!payment.status) return 'CANCELLED';
  return payment.stamped_invoice ? 'INVOICED' : 'ACTIVE';
}

/** Whole cents of a decimal text ("300", "300.0", "300.00" are one amount). */
function cents(amount: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const value = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

export function sameAmount(a: string, b: string): boolean {
  const x = cents(a);
  return x !== null && x === cents(b);
}

/**
 * A reference belongs to the amount it was issued for: while its sale owes exactly that it is
 * OPEN (the bank may take it); once the debt changed it is STALE and no deposit on it is booked.
 */
export function referenceState(reference: { paid: boolean; status: boolean; is_deleted: boolean; amount: string; sale: { status: boolean; total_debt: string } | null }): ReferenceState {
  if (reference.paid) return 'PAID';
  if (!reference.status || reference.is_deleted || (reference.sale && !reference.sale.status)) return 'CANCELLED';
  if (reference.sale && !sameAmount(reference.amount, reference.sale.total_debt)) return 'STALE';
  return 'OPEN';
}

export function tuitionMonthState(month: { paid: boolean; sale_id: number | null }): TuitionMonthState {
  if (month.paid) return 'PAID';
  return month.sale_id ? 'BILLED' : 'PENDING';
}
