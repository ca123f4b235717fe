// How a payment came in (catalogue category 8, "Forma de pago", codes after SAT's c_FormaPago) and
// what the counter must record for each way: cash may say what the payer handed over (the change is
// what is left of it), a card or a transfer needs its authorization number (what the terminal or the
// bank answered), a cheque may carry its number. Pure: the server validates with it and the
// counter's "Cobrar" dialog asks with it.
import { fromCents, toCents } from './balance';

export type MethodKind = 'cash' | 'card' | 'transfer' | 'cheque' | 'deposit' | 'other';

/** The four ways the counter offers, in the order it offers them. */
export const COUNTER_METHOD_KINDS = ['cash', 'card', 'transfer', 'cheque'] as const satisfies readonly MethodKind[];

const KIND_BY_CODE: Record<string, MethodKind> = { '01': 'cash', '02': 'cheque', '03': 'transfer', '04': 'card', '28': 'card', '29': 'card', REF: 'deposit' };

export function methodKind(code: string | null | undefined): MethodKind {
  return (code && KIND_BY_CODE[code.trim().toUpperCase()]) || 'other';
}

/** Whether the method needs the authorization / reference number the terminal or the bank gave. */
export function needsAuthorization(kind: MethodKind): boolean {
  return kind === 'card' || kind === 'transfer';
}

export type PaymentDetails = { kind: MethodKind; amount: string; received?: string | null; authorization_code?: string | null };
/** A refusal of one field, as a message key of errors.json with its values. */
export type PaymentProblem = { field: 'received' | 'authorization_code'; key: string; values?: Record<string, string> };

/** What is wrong with a payment's method details; empty when it may be recorded. */
export function paymentProblems({ kind, amount, received, authorization_code: authorization }: PaymentDetails): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const hasReceived = received !== undefined && received !== null && String(received).trim() !== '';
  if (hasReceived) {
    const receivedCents = toCents(String(received));
    const amountCents = toCents(amount);
    if (kind !== 'cash') problems.push({ field: 'received', key: 'errors.received_cash_only' });
    else if (receivedCents === null || amountCents === null || receivedCents < amountCents) problems.push({ field: 'received', key: 'errors.received_below_amount', values: { amount } });
  }
  if (needsAuthorization(kind) && !authorization?.trim()) problems.push({ field: 'authorization_code', key: 'errors.authorization_required' });
  return problems;
}

/** The change given back for cash: what was handed over less the amount ("0.00" when nothing was said). */
export function changeDue(amount: string, received: string | null | undefined): string {
  const amountCents = toCents(amount);
  const receivedCents = received ? toCents(received) : null;
  if (amountCents === null || receivedCents === null || receivedCents < amountCents) return '0.00';
  return fromCents(receivedCents - amountCents);
}
