// Percentages as people type them (0 to 100, two places) and as the sale's discount columns store
// them (fractions with four places: 10 % is 0.1000). Exact: whole hundredths of a percent, no float.
import { fromCents, toCents } from './balance';

/** "12.5" -> "0.1250"; null when the text is not a percentage from 0 to 100 with at most two places. */
export function percentToFraction(percent: string): string | null {
  const hundredths = toCents(percent);
  if (hundredths === null || hundredths < 0n || hundredths > 10_000n) return null;
  return `${hundredths / 10_000n}.${String(hundredths % 10_000n).padStart(4, '0')}`;
}

/** "0.1250" -> "12.50"; null when the text is no fraction from 0 to 1 with at most four places. */
export function fractionToPercent(fraction: string): string | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(fraction.trim());
  if (!match) return null;
  const hundredths = BigInt(match[1]) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  if (hundredths > 10_000n) return null;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** The share of an amount a percentage is, in whole cents rounded half up: 10 % of "540.00" is "54.00". */
export function percentOf(amount: string, percent: string): string | null {
  const cents = toCents(amount);
  const hundredths = toCents(percent);
  if (cents === null || hundredths === null || hundredths < 0n || hundredths > 10_000n) return null;
  const share = (cents * hundredths + 5_000n) / 10_000n;
  return fromCents(share);
}
