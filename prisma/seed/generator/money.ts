// Money as integer cents: exact sums, and decimal strings with two places for PostgreSQL numeric.

export type Cents = number;

export function pesos(amount: number): Cents {
  return Math.round(amount * 100);
}

export function money(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer division rounded half up (non-negative operands). */
export function divRound(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** cents × percent / 100, rounded half up; percent may have two decimals (e.g. 12.5). */
export function percentOf(cents: Cents, percent: number): Cents {
  return divRound(cents * Math.round(percent * 100), 10_000);
}

/** Amount without the tax included in it: cents / (1 + rate), rate in basis points (800 = 8 %). */
export function withoutTax(cents: Cents, rateBasisPoints: number): Cents {
  return divRound(cents * 10_000, 10_000 + rateBasisPoints);
}

/** A score in tenths as a decimal string ("8.5", "10.0"). */
export function tenths(value: number): string {
  return `${Math.floor(value / 10)}.${value % 10}`;
}
