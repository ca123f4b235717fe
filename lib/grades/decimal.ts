// Exact decimal arithmetic for grades: values are fractions of BigInts, never binary floats, so a
// score computed here is the same digit for digit as PostgreSQL's NUMERIC in the views.

/** numerator / denominator, denominator > 0. */
export type Fraction = { num: bigint; den: bigint };

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** `"8.75"` -> 875/100; null when the text is not a plain decimal number. */
export function parseDecimal(text: string | number): Fraction | null {
  const match = DECIMAL_TEXT.exec(String(text).trim());
  if (!match) return null;
  const fraction = match[3] ?? '';
  const num = BigInt(match[2] + fraction) * (match[1] === '-' ? -1n : 1n);
  return { num, den: 10n ** BigInt(fraction.length) };
}

export const fraction = (num: bigint, den: bigint = 1n): Fraction => (den < 0n ? { num: -num, den: -den } : { num, den });

export const add = (a: Fraction, b: Fraction): Fraction => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
export const multiply = (a: Fraction, b: Fraction): Fraction => fraction(a.num * b.num, a.den * b.den);
export const divide = (a: Fraction, divisor: bigint): Fraction => fraction(a.num, a.den * divisor);

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: Fraction, b: Fraction): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

export const clamp = (value: Fraction, min: Fraction, max: Fraction): Fraction => (compare(value, min) < 0 ? min : compare(value, max) > 0 ? max : value);

/** Rounds half up (away from zero at .5, as PostgreSQL's ROUND on NUMERIC) to `places` decimals, as text. */
export function roundHalfUp(value: Fraction, places: number): string {
  const scale = 10n ** BigInt(places);
  const negative = value.num < 0n;
  const abs = negative ? -value.num : value.num;
  // floor((abs * scale) / den + 1/2)
  const units = (2n * abs * scale + value.den) / (2n * value.den);
  const digits = units.toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative && units !== 0n ? `-${text}` : text;
}
