// An invoice's amounts (SAT's Anexo 20, CFDI 4.0), computed from its concepts and never typed:
// each concept's Importe (Cantidad × ValorUnitario), its taxes over Importe − Descuento, and the
// invoice's SubTotal, Descuento, transferred and withheld taxes grouped as the Comprobante's
// Impuestos lists them, and Total. Money is whole cents and quantities and rates millionths, all
// bigint, so no float touches them; values come in and go out as text.
import { fromCents, toCents } from '@/lib/finance/balance';

export type TaxFactor = 'Tasa' | 'Cuota' | 'Exento';
/** c_Impuesto: 001 ISR, 002 IVA, 003 IEPS. */
export type TaxCode = '001' | '002' | '003';

export type TaxInput = {
  tax: TaxCode;
  factor_type: TaxFactor;
  rate: string | null;
  is_retention: boolean;
  /** A Tasa's amount when it is not base × rate rounded: allowed within SAT's rounding limits. */
  amount?: string | null;
};
export type ConceptInput = { qty: string; unit_value: string; discount?: string | null; object_imp: string; taxes: readonly TaxInput[] };

export type ConceptTax = TaxInput & { base: string; amount: string | null };
export type ConceptAmounts = { amount: string; discount: string; taxes: ConceptTax[] };

export type TransferLine = { tax: TaxCode; factor_type: TaxFactor; rate: string | null; base: string; amount: string | null };
export type RetentionLine = { tax: TaxCode; amount: string };
export type InvoiceTotals = {
  subtotal: string;
  descuento: string;
  /** TotalImpuestosTrasladados / TotalImpuestosRetenidos. */
  isp_transfer: string;
  isp_retention: string;
  total: string;
  /** The Comprobante's Impuestos: transfers grouped by tax, factor and rate; retentions by tax. */
  transfers: TransferLine[];
  retentions: RetentionLine[];
  /** Whether the Comprobante carries an Impuestos node at all (some concept is object of tax). */
  has_taxes: boolean;
};

export class InvoiceAmountError extends Error {
  constructor(
    readonly field: string,
    readonly reason: 'invalid' | 'discount_above_amount' | 'rate_required' | 'taxes_not_allowed' | 'taxes_required' | 'tax_out_of_limits',
  ) {
    super(`${field}: ${reason}`);
  }
}

const MILLION = 1_000_000n;

/** "1.5" -> 1500000n (six decimals, the precision of SAT's rates and quantities). */
export function toMillionths(text: string | number): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(String(text).trim());
  if (!match) return null;
  return BigInt(match[1]) * MILLION + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** 160000n -> "0.160000": TasaOCuota is written with its six decimals. */
export function rateText(millionths: bigint): string {
  return `${millionths / MILLION}.${String(millionths % MILLION).padStart(6, '0')}`;
}

/**
 * SAT's limits for a tax's Importe (Anexo 20): (Base − half a cent) × rate rounded down to
 * (Base + half a cent) × rate rounded up, in cents.
 */
export function taxLimits(baseCents: bigint, rateMillionths: bigint): [bigint, bigint] {
  const lower = baseCents === 0n ? 0n : ((2n * baseCents - 1n) * rateMillionths) / (2n * MILLION);
  const upper = ((2n * baseCents + 1n) * rateMillionths + 2n * MILLION - 1n) / (2n * MILLION);
  return [lower, upper];
}

/** a × b / divisor, rounded half up (all non-negative). */
function mulDivHalfUp(a: bigint, b: bigint, divisor: bigint): bigint {
  return (a * b * 2n + divisor) / (divisor * 2n);
}

function cents(text: string | null | undefined, field: string): bigint {
  const value = toCents(text ?? '0');
  if (value === null || value < 0n) throw new InvoiceAmountError(field, 'invalid');
  return value;
}

/** Objects of tax (c_ObjetoImp): 02 and the ones after it itemise their taxes, 01 and 03 never do. */
export function itemisesTaxes(objectImp: string): boolean {
  return objectImp === '02' || objectImp === '06' || objectImp === '08';
}

/**
 * `draft`: an invoice being typed, whose concepts may still lack their taxes; the rules on which
 * concepts carry taxes are checked when it is sealed.
 */
export function conceptAmounts(concept: ConceptInput, index = 0, draft = false): ConceptAmounts {
  const qty = toMillionths(concept.qty);
  if (qty === null || qty === 0n) throw new InvoiceAmountError(`concepts.${index}.qty`, 'invalid');
  const amount = mulDivHalfUp(qty, cents(concept.unit_value, `concepts.${index}.unit_value`), MILLION);
  const discount = cents(concept.discount, `concepts.${index}.discount`);
  if (discount > amount) throw new InvoiceAmountError(`concepts.${index}.discount`, 'discount_above_amount');
  if (!draft && !itemisesTaxes(concept.object_imp) && concept.taxes.length > 0) throw new InvoiceAmountError(`concepts.${index}.object_imp`, 'taxes_not_allowed');
  if (!draft && concept.object_imp === '02' && concept.taxes.length === 0) throw new InvoiceAmountError(`concepts.${index}.object_imp`, 'taxes_required');
  const base = amount - discount;
  const taxes = concept.taxes.map((tax, taxIndex): ConceptTax => {
    if (tax.factor_type === 'Exento') return { ...tax, rate: null, base: fromCents(base), amount: null };
    const rate = tax.rate === null ? null : toMillionths(tax.rate);
    if (rate === null) throw new InvoiceAmountError(`concepts.${index}.taxes.${taxIndex}.rate`, 'rate_required');
    // A Cuota is an amount per unit; a Tasa a share of the base.
    let taxAmount = tax.factor_type === 'Cuota' ? mulDivHalfUp(qty, rate * 100n, MILLION * MILLION) : mulDivHalfUp(base, rate, MILLION);
    if (tax.amount !== undefined && tax.amount !== null && tax.factor_type === 'Tasa') {
      const given = cents(tax.amount, `concepts.${index}.taxes.${taxIndex}.amount`);
      const [lowest, highest] = taxLimits(base, rate);
      if (given < lowest || given > highest) throw new InvoiceAmountError(`concepts.${index}.taxes.${taxIndex}.amount`, 'tax_out_of_limits');
      taxAmount = given;
    }
    return { ...tax, rate: rateText(rate), base: fromCents(base), amount: fromCents(taxAmount) };
  });
  return { amount: fromCents(amount), discount: fromCents(discount), taxes };
}

export function invoiceTotals(concepts: readonly ConceptInput[], draft = false): InvoiceTotals & { concepts: ConceptAmounts[] } {
  const lines = concepts.map((concept, index) => conceptAmounts(concept, index, draft));
  let subtotal = 0n;
  let discount = 0n;
  const transfers = new Map<string, { line: TransferLine; base: bigint; amount: bigint | null }>();
  const retentions = new Map<TaxCode, bigint>();
  for (const line of lines) {
    subtotal += toCents(line.amount)!;
    discount += toCents(line.discount)!;
    for (const tax of line.taxes) {
      if (tax.is_retention) {
        retentions.set(tax.tax, (retentions.get(tax.tax) ?? 0n) + toCents(tax.amount ?? '0')!);
        continue;
      }
      const key = `${tax.tax}|${tax.factor_type}|${tax.rate ?? ''}`;
      const group = transfers.get(key) ?? { line: { tax: tax.tax, factor_type: tax.factor_type, rate: tax.rate, base: '0.00', amount: null }, base: 0n, amount: tax.amount === null ? null : 0n };
      group.base += toCents(tax.base)!;
      if (group.amount !== null && tax.amount !== null) group.amount += toCents(tax.amount)!;
      transfers.set(key, group);
    }
  }
  const transferLines = [...transfers.values()].map((group) => ({ ...group.line, base: fromCents(group.base), amount: group.amount === null ? null : fromCents(group.amount) }));
  const transferred = [...transfers.values()].reduce((sum, group) => sum + (group.amount ?? 0n), 0n);
  const withheld = [...retentions.values()].reduce((sum, amount) => sum + amount, 0n);
  return {
    concepts: lines,
    subtotal: fromCents(subtotal),
    descuento: fromCents(discount),
    isp_transfer: fromCents(transferred),
    isp_retention: fromCents(withheld),
    total: fromCents(subtotal - discount + transferred - withheld),
    transfers: transferLines,
    retentions: [...retentions.entries()].map(([tax, amount]) => ({ tax, amount: fromCents(amount) })),
    has_taxes: lines.some((line) => line.taxes.length > 0),
  };
}
