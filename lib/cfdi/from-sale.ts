// The concepts of an invoice made from a paid sale. Each line is invoiced for exactly what was paid
// for it (its share of the sale's total after scholarships and discounts, the sale's own rule in
// lib/finance/sale-totals.ts), so the invoice's Total equals the sale's total to the cent:
// - tuition of a school with RVOE (inscription, re-enrolment, recurrent tuition) and lines without
//   IVA are IVA-exempt: Importe is the price, Descuento what the student did not pay;
// - a line with IVA included in its price is split into a base and its IVA whose sum is what was
//   paid, the unit value without IVA rounded up so that Descuento is never negative.
import { fromCents, toCents } from '@/lib/finance/balance';
import { type TaxInput, taxLimits } from './totals';

export type PaidSaleLine = {
  qty: number;
  /** Unit price as charged, IVA included. */
  amount: string;
  /** The sale line's IVA rate ("0.08", "0.16", "0"). */
  iva: string;
  /** What the buyer paid for this line (its share of the sale's total). */
  paid: string;
  /** Tuition an RVOE school charges: exempt whatever rate the sale line carries. */
  exempt_tuition: boolean;
};

export type SaleConceptAmounts = { qty: string; unit_value: string; discount: string; object_imp: '02'; taxes: TaxInput[] };

const MILLION = 1_000_000n;

function rateMillionths(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?/.exec(text.trim());
  return match ? BigInt(match[1]) * MILLION + BigInt((match[2] ?? '').padEnd(6, '0')) : 0n;
}

const halfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);
const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

export function saleConcept(line: PaidSaleLine): SaleConceptAmounts {
  const qty = BigInt(Math.max(1, Math.trunc(line.qty)));
  const price = toCents(line.amount) ?? 0n;
  const paid = toCents(line.paid) ?? 0n;
  const rate = rateMillionths(line.iva);
  if (line.exempt_tuition || rate === 0n) {
    const amount = qty * price;
    return { qty: String(qty), unit_value: fromCents(price), discount: fromCents(amount > paid ? amount - paid : 0n), object_imp: '02', taxes: [{ tax: '002', factor_type: 'Exento', rate: null, is_retention: false }] };
  }
  // base + IVA = paid. The IVA is base × rate rounded, or, when no base gives that sum, the cent
  // that makes it within SAT's rounding limits for the tax (taxLimits).
  let base = halfUp(paid * MILLION, MILLION + rate);
  let tax: bigint | null = null;
  for (const step of [0n, -1n, 1n, -2n, 2n]) {
    if (base + step + halfUp((base + step) * rate, MILLION) === paid) {
      base += step;
      tax = null;
      break;
    }
    const [lowest, highest] = taxLimits(base + step, rate);
    if (tax === null && paid - (base + step) >= lowest && paid - (base + step) <= highest) tax = paid - (base + step);
  }
  if (tax !== null) base = paid - tax;
  const unit = ceilDiv(price * MILLION, MILLION + rate);
  const amount = qty * unit;
  return {
    qty: String(qty),
    unit_value: fromCents(unit),
    discount: fromCents(amount > base ? amount - base : 0n),
    object_imp: '02',
    taxes: [{ tax: '002', factor_type: 'Tasa', rate: fromMillionths(rate), is_retention: false, ...(tax !== null ? { amount: fromCents(tax) } : {}) }],
  };
}

function fromMillionths(value: bigint): string {
  return `${value / MILLION}.${String(value % MILLION).padStart(6, '0')}`;
}

/** Each line's share of what is paid for the sale (its net over the sale's net), the last line taking the rounding. */
export function paidShares(nets: readonly string[], totalPay: string): string[] {
  const values = nets.map((net) => toCents(net) ?? 0n);
  const sum = values.reduce((total, value) => total + value, 0n);
  const pay = toCents(totalPay) ?? 0n;
  let allotted = 0n;
  return values.map((value, index) => {
    const share = index === values.length - 1 ? pay - allotted : sum === 0n ? 0n : halfUp(value * pay, sum);
    allotted += share;
    return fromCents(share);
  });
}
