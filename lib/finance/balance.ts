// A sale's balance (spec section 3, "Sale debt"): what is paid is the sum of its active payments;
// what is owed is what it charges (total_pay: lines less discounts) less what is paid, never below
// zero; it is paid once something was charged and all of it was paid. Money as whole cents
// (bigint) and written back as text with two decimals, so no float touches it.

export type SaleBalance = { total_paid: string; total_debt: string; paid: boolean };

/** "1234.5" -> 123450n; null when the text is not an amount with at most two decimals. */
export function toCents(text: string | number): bigint | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(String(text).trim());
  if (!match) return null;
  const [, minus, whole, part = ''] = match;
  // Stored amounts have two decimals; a longer text is cut, as the column would.
  const cents = BigInt(whole) * 100n + BigInt(part.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** 123450n -> "1234.50". */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

export function saleBalance(totalPay: string, activePayments: readonly string[]): SaleBalance {
  const charged = toCents(totalPay) ?? 0n;
  const paid = activePayments.reduce((sum, amount) => sum + (toCents(amount) ?? 0n), 0n);
  const debt = charged - paid;
  return { total_paid: fromCents(paid), total_debt: fromCents(debt > 0n ? debt : 0n), paid: charged > 0n && paid >= charged };
}

/**
 * Prices include IVA (design/domain.md): the amount before tax of a line total at rate `iva`
 * ("0.08"), rounded half up to the cent.
 */
export function withoutTax(total: string, iva: string): string {
  const cents = toCents(total) ?? 0n;
  const rate = /^(\d+)(?:\.(\d{1,4}))?$/.exec(iva.trim());
  if (!rate) return fromCents(cents);
  // The rate in ten-thousandths: 0.08 -> 800.
  const basis = BigInt(rate[1]) * 10_000n + BigInt((rate[2] ?? '').padEnd(4, '0'));
  const divisor = 10_000n + basis;
  const scaled = cents * 10_000n;
  // Half up on the positive amounts a price is.
  return fromCents((scaled * 2n + divisor) / (divisor * 2n));
}

/**
 * What of a sale's debt each of its lines still owes, in the lines' order: payments and the
 * discounts granted on the whole sale settle its first lines first, so the debt is owed on its
 * last lines (a line owes at most its own total). How a debt is told per concept when it leaves
 * Plantel as opening balances (one charge per concept).
 */
export function debtByLine(debtCents: bigint, lineTotalsCents: readonly bigint[]): bigint[] {
  let left = debtCents > 0n ? debtCents : 0n;
  const owed = lineTotalsCents.map(() => 0n);
  for (let index = lineTotalsCents.length - 1; index >= 0 && left > 0n; index -= 1) {
    const total = lineTotalsCents[index] > 0n ? lineTotalsCents[index] : 0n;
    owed[index] = total < left ? total : left;
    left -= owed[index];
  }
  return owed;
}
