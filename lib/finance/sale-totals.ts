// A sale's totals (spec section 3, "Derived values"; design/domain.md, "Money"): one set of pure
// functions for the cart on screen and for the server, which recomputes every stored total from
// the lines, discounts, scholarships and payments in the transaction that changes any of them.
// Money is whole cents (bigint) and rates are ten-thousandths (bigint), so no float touches it;
// amounts come in and go out as text with two decimals.
import { fromCents, toCents } from './balance';

/** Rates are stored with four decimals: "0.08" -> 800n, "12.5" (a percentage) -> 125000n. */
function toBasis(text: string | number | null | undefined): bigint {
  const match = /^(\d+)(?:\.(\d{1,4})\d*)?$/.exec(String(text ?? '0').trim());
  if (!match) return 0n;
  return BigInt(match[1]) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

function cents(text: string | number | null | undefined): bigint {
  return toCents(String(text ?? '0')) ?? 0n;
}

/** numerator / denominator rounded half up (both positive or zero). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) return 0n;
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** What kind of charge a line is, for scholarships (ship_type) and the locked-line rule. */
export type LineKind = 'I' | 'R' | 'RR' | 'C';

export type ConceptFacts = { id?: number | null; code?: string | null; is_inscription?: boolean | null; recurrency_id?: number | null };

/** An inscription, a re-enrolment (code REINS), a recurrent tuition, or any other concept. */
export function lineKind(concept: ConceptFacts | null | undefined): LineKind {
  if (!concept) return 'C';
  if (concept.is_inscription) return 'I';
  if ((concept.code ?? '').trim().toUpperCase() === 'REINS') return 'RR';
  if (concept.recurrency_id) return 'R';
  return 'C';
}

/**
 * Spec: a sale line is locked when it has an id and its concept is recurrent, an inscription, or
 * has code REINS: those lines are made by their processes and not edited at the counter.
 */
export function isLineLocked(line: { id?: number | null; concept?: ConceptFacts | null }): boolean {
  return Boolean(line.id) && lineKind(line.concept) !== 'C';
}

export type LineInput = { qty: number | string; amount: string; discount?: string | null; iva?: string | null };

/** Spec: qty * amount - qty * discount (the discount is per unit and never above the price). */
export function lineTotal(line: LineInput): string {
  return fromCents(lineTotalCents(line));
}

function lineTotalCents(line: LineInput): bigint {
  const qty = BigInt(Math.max(0, Math.trunc(Number(line.qty) || 0)));
  const amount = cents(line.amount);
  const discount = min(cents(line.discount), amount);
  return qty * amount - qty * discount;
}

/** Spec: (amount - amount / (1 + iva)) * qty: the IVA included in a line's price. */
export function lineTax(line: LineInput): string {
  const qty = BigInt(Math.max(0, Math.trunc(Number(line.qty) || 0)));
  // On the line's whole amount, rounded once: three units of 100.00 carry 22.22, not 3 x 7.41.
  return fromCents(taxIncluded(cents(line.amount) * qty, toBasis(line.iva ?? '0.08')));
}

/** The IVA inside an amount that includes it, at a rate in ten-thousandths. */
function taxIncluded(amount: bigint, rate: bigint): bigint {
  return amount - divideHalfUp(amount * 10_000n, 10_000n + rate);
}

export type ConceptDiscountRule = {
  career_id?: number | null;
  grade?: number | null;
  /** Per unit, in pesos. */
  amount?: string | null;
  /** A fraction of the unit price: 0.1 is 10 %. */
  percentage?: string | null;
  /** YYYY-MM-DD, both included; null means open. */
  effect_date?: string | null;
  end_date?: string | null;
  status?: boolean | null;
};

/**
 * The unit discount a concept gives a student: the rules of their career (or of every career) and
 * grade (or of every grade) in force on the sale's day; when several apply, the largest. Never
 * more than the price.
 */
export function conceptUnitDiscount(unitAmount: string, rules: readonly ConceptDiscountRule[], who: { career_id?: number | null; grade?: number | null; on: string }): string {
  const price = cents(unitAmount);
  let best = 0n;
  for (const rule of rules) {
    if (rule.status === false) continue;
    if (rule.career_id && rule.career_id !== who.career_id) continue;
    if (rule.grade && rule.grade !== who.grade) continue;
    if (rule.effect_date && who.on < rule.effect_date) continue;
    if (rule.end_date && who.on > rule.end_date) continue;
    const byAmount = cents(rule.amount);
    const byPercentage = divideHalfUp(price * toBasis(rule.percentage), 10_000n);
    best = max(best, max(byAmount, byPercentage));
  }
  return fromCents(min(best, price));
}

export type ScholarshipRule = {
  ship_type: LineKind;
  /** A: pesos per unit; P: a percentage, 0 to 100. */
  base_type: 'A' | 'P';
  base_amount: string;
  /** When set, only lines of this concept. */
  concept_id?: number | null;
};

export type SaleLine = LineInput & { id?: number | null; concept?: ConceptFacts | null };

/** Whether a scholarship reaches a line: its kind of charge, and its concept when it names one. */
export function scholarshipApplies(rule: ScholarshipRule, line: SaleLine): boolean {
  if (rule.concept_id && rule.concept_id !== line.concept?.id) return false;
  return rule.ship_type === lineKind(line.concept);
}

/**
 * The unit discount a new line starts with: its concept's discount for the student, then each of
 * the student's scholarships that reaches the line on what is left of the price (an amount per
 * unit, or a percentage). The server stores it in the line, so the line, its receipt and the
 * sale's totals all show what the scholarship took.
 */
export function lineUnitDiscount(line: { amount: string; concept?: ConceptFacts | null }, conceptDiscount: string, scholarships: readonly ScholarshipRule[]): string {
  const price = cents(line.amount);
  let left = price - min(cents(conceptDiscount), price);
  for (const rule of scholarships) if (scholarshipApplies(rule, { qty: 1, ...line })) left -= scholarshipOff(rule, 1n, left);
  return fromCents(price - left);
}

/** What a scholarship takes off a line's total (never more than what is left of it). */
function scholarshipOff(rule: ScholarshipRule, qty: bigint, left: bigint): bigint {
  const off = rule.base_type === 'A' ? cents(rule.base_amount) * qty : divideHalfUp(left * toBasis(rule.base_amount), 100n * 10_000n);
  return min(off, left);
}

/**
 * A discount granted on a sale by someone (SaleDiscount): an amount, or else a fraction of the
 * sale's total. When both are stored the amount is what was granted (the percentage then only
 * says what it was). The active ones make the sale's extra discount.
 */
export type SaleDiscountInput = { discount?: string | null; percentage?: string | null; status?: boolean | null };

export type SaleTotalsInput = {
  lines: readonly SaleLine[];
  /** The student's scholarships in force for the sale's period. */
  scholarships?: readonly ScholarshipRule[];
  discounts?: readonly SaleDiscountInput[];
  /** Pesos per dollar; 0 means no dollar amount. */
  rate?: string | null;
  /** Amounts of the active payments. */
  payments?: readonly string[];
};

export type LineTotals = { total: string; scholarship: string; net: string; tax: string; locked: boolean };

export type SaleTotals = {
  /** What the lines cost at their prices (qty * amount). */
  amount: string;
  /** What the lines' unit discounts and the scholarships take off the prices. */
  discount: string;
  scholarship: string;
  /** The total: the lines less their discounts and scholarships. */
  total_neto: string;
  /** The discounts granted on the sale (never more than the total). */
  extra_discount: string;
  /** What is to be paid: the total less the extra discount. */
  total_pay: string;
  /** total_pay without its IVA, and that IVA. */
  subtotal: string;
  tax: string;
  total_paid: string;
  /** Spec: total - extra discount - total paid (never below zero). */
  total_debt: string;
  /** Something was bought and all of it is paid. */
  paid: boolean;
  /** Spec: pesos / rate; null when the rate is 0 (shown empty). */
  dollars: string | null;
  lines: LineTotals[];
};

export function saleTotals(input: SaleTotalsInput): SaleTotals {
  const lines = input.lines.map((line) => {
    const qty = BigInt(Math.max(0, Math.trunc(Number(line.qty) || 0)));
    const gross = qty * cents(line.amount);
    const total = lineTotalCents(line);
    let left = total;
    for (const rule of input.scholarships ?? []) if (scholarshipApplies(rule, line)) left -= scholarshipOff(rule, qty, left);
    return { line, gross, total, scholarship: total - left, net: left, rate: toBasis(line.iva ?? '0.08') };
  });
  const gross = lines.reduce((sum, line) => sum + line.gross, 0n);
  const net = lines.reduce((sum, line) => sum + line.net, 0n);
  const scholarship = lines.reduce((sum, line) => sum + line.scholarship, 0n);

  const totalNeto = net;
  let granted = 0n;
  for (const discount of input.discounts ?? []) {
    if (discount.status === false) continue;
    const amount = cents(discount.discount);
    granted += amount > 0n ? amount : divideHalfUp(totalNeto * toBasis(discount.percentage), 10_000n);
  }
  const extra = min(granted, totalNeto);
  const totalPay = totalNeto - extra;

  // The IVA of what is paid: each line's share of it (its net, less its part of the extra
  // discount) at the line's own rate; the last line takes the rounding so the shares add up.
  let tax = 0n;
  let allotted = 0n;
  lines.forEach((line, index) => {
    const share = index === lines.length - 1 ? totalPay - allotted : net === 0n ? 0n : divideHalfUp(line.net * totalPay, net);
    allotted += share;
    tax += taxIncluded(share, line.rate);
  });

  const paidCents = (input.payments ?? []).reduce((sum, amount) => sum + cents(amount), 0n);
  const rate = toBasis(input.rate);
  return {
    amount: fromCents(gross),
    discount: fromCents(gross - totalNeto),
    scholarship: fromCents(scholarship),
    total_neto: fromCents(totalNeto),
    extra_discount: fromCents(extra),
    total_pay: fromCents(totalPay),
    subtotal: fromCents(totalPay - tax),
    tax: fromCents(tax),
    total_paid: fromCents(paidCents),
    total_debt: fromCents(max(0n, totalPay - paidCents)),
    paid: lines.length > 0 && paidCents >= totalPay,
    dollars: rate === 0n ? null : fromCents(divideHalfUp(totalPay * 10_000n, rate)),
    lines: lines.map((line) => ({
      total: fromCents(line.total),
      scholarship: fromCents(line.scholarship),
      net: fromCents(line.net),
      tax: fromCents(taxIncluded(line.net, line.rate)),
      locked: isLineLocked(line.line),
    })),
  };
}
