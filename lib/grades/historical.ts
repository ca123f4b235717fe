// Pure rules of the historical imports (issue 31): how an imported score or amount is compared with
// the stored one, and what may happen to an opening balance that is already stored.
import { toCents } from '@/lib/finance/balance';
import { compare, parseDecimal } from './decimal';

/** Two decimals as numbers: "8.50" is "8.5"; an unreadable one is never the same. */
export function sameDecimal(a: string, b: string): boolean {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  return left !== null && right !== null && compare(left, right) === 0;
}

/** The stored charge an opening balance names (by student, concept, period and due date). */
export type StoredCharge = { amount: string; total_paid: string; paid: boolean; cancelled: boolean };

/**
 * What an imported opening balance does to the stored charge of its key: nothing when it owes the
 * same amount, a new amount when nothing was paid on it yet; a charge with payments (paid in full
 * or in part) or cancelled is history and is never changed, so a different amount is refused.
 */
export function balanceDecision(stored: StoredCharge | null, amount: string): 'create' | 'unchanged' | 'update' | 'refuse_paid' | 'refuse_cancelled' {
  if (!stored) return 'create';
  if ((toCents(stored.amount) ?? -1n) === (toCents(amount) ?? -2n)) return 'unchanged';
  if (stored.cancelled) return 'refuse_cancelled';
  if (stored.paid || (toCents(stored.total_paid) ?? 0n) > 0n) return 'refuse_paid';
  return 'update';
}
