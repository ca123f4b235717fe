// Charges (sales) with their lines, payments, discounts and bank references. All money is integer
// cents; a sale's paid total never exceeds what is owed on it.
import { type Day, iso, parts, weekday } from '../calendar';
import type { Context } from '../context';
import { type Cents, divRound, money, withoutTax } from '../money';
import type { Rng } from '../prng';

export type SaleLine = { conceptId: number | null; description: string; qty: number; amount: Cents; ivaBasisPoints: number; discount: Cents; notes?: string | null };
export type PaymentPlan = { share: 'full' | 'partial' | 'none'; count: number; method: string; firstDay: Day; spreadDays: number };

export type SaleSpec = {
  studentId: number | null;
  aspirantId: number | null;
  client: string | null;
  cicleId: number | null;
  careerId: number | null;
  userId: number | null;
  date: Day;
  category: 'G' | 'I' | 'R' | 'C';
  saleType: 'ventanilla' | 'web' | 'proceso';
  lines: SaleLine[];
  plan: PaymentPlan;
  /** a discount granted on the whole sale (SaleDiscount) */
  extraDiscount?: { userId: number; cents: Cents; percentage: number; comment: string } | null;
  locked?: boolean;
  fromShop?: boolean;
  notes?: string | null;
  cancelled?: { day: Day; notes: string } | null;
  /** issue a bank reference due on this day */
  referenceDue?: Day | null;
  referenceKey?: string;
  foreignCurrency?: boolean;
};

export type SaleResult = { id: number; totalPay: Cents; paid: Cents; fullyPaid: boolean; paidDay: Day | null; reference: string | null; payments: { amount: Cents; day: Day; method: string }[] };

export class SalesBook {
  private readonly references = new Set<string>();
  private readonly rates = new Map<Day, number>();
  readonly methodIds = new Map<string, number>();

  constructor(
    private readonly ctx: Context,
    private readonly rng: Rng,
  ) {
    for (const code of ['01', '02', '03', '04', '28', 'REF']) this.methodIds.set(code, ctx.catalog(8, code));
  }

  /** Daily peso-dollar rates over the data window (business days), as the DOF publishes them. */
  buildExchangeRates(from: Day, to: Day): void {
    let rate = 18.45;
    for (let d = from; d <= to; d += 1) {
      if (weekday(d) > 5) continue;
      rate += (18.6 - rate) * 0.02 + this.rng.normal(0, 0.07);
      const value = Math.round(rate * 10_000) / 10_000;
      this.rates.set(d, value);
      this.ctx.tables.exchange_rates.add({ rate: value.toFixed(4), date: iso(d) }, this.ctx.stampAt(d, 12 * 60));
    }
  }

  rateOn(d: Day): number {
    for (let back = 0; back < 7; back += 1) {
      const rate = this.rates.get(d - back);
      if (rate) return rate;
    }
    return 18.5;
  }

  /**
   * A bank reference: base digits, the due date condensed to four digits
   * ((year − 2014)·372 + (month − 1)·31 + (day − 1)), the amount condensed to one digit (cents,
   * weights 7, 3, 1 from the right, sum mod 10) and two check digits (weights 11, 13, 17, 19, 23
   * from the right, sum mod 97 + 1).
   */
  bankReference(base: string, due: Day, cents: Cents): string {
    const { year, month, date } = parts(due);
    const condensedDate = String((year - 2014) * 372 + (month - 1) * 31 + (date - 1)).padStart(4, '0');
    const amountDigits = String(cents);
    const amountWeights = [7, 3, 1];
    let amountSum = 0;
    for (let i = 0; i < amountDigits.length; i += 1) amountSum += Number(amountDigits[amountDigits.length - 1 - i]) * amountWeights[i % 3];
    const body = `${base}${condensedDate}${amountSum % 10}`;
    const weights = [11, 13, 17, 19, 23];
    let sum = 0;
    for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * weights[i % 5];
    return body + String((sum % 97) + 1).padStart(2, '0');
  }

  private uniqueReference(key: string, due: Day, cents: Cents): string {
    for (let n = 0; n < 100; n += 1) {
      const ref = this.bankReference(`${key}${String(n).padStart(2, '0')}`, due, cents);
      if (!this.references.has(ref)) {
        this.references.add(ref);
        return ref;
      }
    }
    throw new Error('Could not make a unique bank reference');
  }

  /** Splits an amount into payments: the first ones rounded to whole hundreds of pesos. */
  private split(total: Cents, count: number): Cents[] {
    if (count <= 1 || total < 20_000) return [total];
    const parts: Cents[] = [];
    let left = total;
    for (let i = 0; i < count - 1; i += 1) {
      const share = Math.floor((left * (0.35 + this.rng.next() * 0.3)) / 10_000) * 10_000;
      if (share <= 0 || share >= left) break;
      parts.push(share);
      left -= share;
    }
    parts.push(left);
    return parts;
  }

  add(spec: SaleSpec): SaleResult {
    const t = this.ctx.tables;
    const rng = this.rng;
    const id = t.sales.reserve();
    let amount = 0;
    let discount = 0;
    let subtotal = 0;
    for (const line of spec.lines) {
      const lineTotal = line.qty * (line.amount - line.discount);
      amount += line.qty * line.amount;
      discount += line.qty * line.discount;
      subtotal += withoutTax(lineTotal, line.ivaBasisPoints);
      t.sale_details.add(
        {
          sale_id: id,
          concept_id: line.conceptId,
          description: line.description,
          qty: line.qty,
          amount: money(line.amount),
          iva: (line.ivaBasisPoints / 10_000).toFixed(4),
          discount: money(line.discount),
          total: money(lineTotal),
          notes: line.notes ?? null,
        },
        this.ctx.stampAt(spec.date, 9 * 60),
      );
    }
    const totalNeto = amount - discount;
    const extra = spec.extraDiscount ? Math.min(spec.extraDiscount.cents, totalNeto) : 0;
    const totalPay = totalNeto - extra;
    if (spec.extraDiscount) {
      t.sale_discounts.add(
        {
          sale_id: id,
          user_id: spec.extraDiscount.userId,
          discount: money(extra),
          percentage: spec.extraDiscount.percentage.toFixed(4),
          comment: spec.extraDiscount.comment,
          cancel_note: null,
          cancel_at: null,
          status: true,
        },
        this.ctx.stampAt(spec.date, 10 * 60),
      );
    }

    // Payments.
    const cancelled = spec.cancelled ?? null;
    const payments: SaleResult['payments'] = [];
    let owed = spec.plan.share === 'full' ? totalPay : spec.plan.share === 'partial' ? Math.floor((totalPay * (0.3 + rng.next() * 0.4)) / 10_000) * 10_000 : 0;
    if (owed > totalPay) owed = totalPay;
    const amounts = owed > 0 ? this.split(owed, spec.plan.count) : [];
    let day = spec.plan.firstDay;
    amounts.forEach((cents, index) => {
      if (index > 0) day = Math.min(this.ctx.today, day + rng.int(1, Math.max(1, spec.plan.spreadDays)));
      const minute = this.ctx.officeMinute(rng);
      const methodId = this.methodIds.get(spec.plan.method) ?? null;
      // Now and then a payment is registered twice: the duplicate is cancelled, never edited.
      if (!cancelled && rng.chance(0.015)) {
        t.payments.add(
          { sale_id: id, amount: money(cents), method_id: methodId, user_id: spec.userId, notes: null, cancel_note: 'Pago duplicado: se registró dos veces en caja.', cancel_at: this.ctx.stampAt(day, minute + 20), status: false },
          this.ctx.stampAt(day, minute),
        );
      }
      t.payments.add(
        {
          sale_id: id,
          amount: money(cents),
          method_id: methodId,
          user_id: spec.userId,
          notes: spec.plan.method === 'REF' ? 'Pago con referencia bancaria' : null,
          cancel_note: cancelled ? `Venta cancelada: ${cancelled.notes}` : null,
          cancel_at: cancelled ? this.ctx.stampAt(cancelled.day, 13 * 60) : null,
          status: !cancelled,
        },
        this.ctx.stampAt(day, minute + 1),
      );
      payments.push({ amount: cents, day, method: spec.plan.method });
    });
    const paid = cancelled ? 0 : payments.reduce((sum, payment) => sum + payment.amount, 0);
    if (paid > totalPay) throw new Error(`Sale ${id}: payments exceed the total`);
    const fullyPaid = !cancelled && totalPay > 0 && paid === totalPay;
    const paidDay = fullyPaid && payments.length > 0 ? payments[payments.length - 1].day : null;

    // Bank reference for deposits, and for charges still open.
    let reference: string | null = null;
    if (spec.referenceDue !== undefined && spec.referenceDue !== null && !cancelled) {
      reference = this.uniqueReference(spec.referenceKey ?? String(id).padStart(8, '0'), spec.referenceDue, totalPay);
      const paidByReference = fullyPaid && spec.plan.method === 'REF';
      t.references.add(
        {
          concept: spec.lines[0]?.description.slice(0, 200) ?? null,
          amount: money(totalPay),
          bank_ref: reference,
          paid: paidByReference,
          paid_date: paidByReference && paidDay !== null ? this.ctx.stampAt(paidDay, 11 * 60) : null,
          paid_ref: paidByReference ? `${rng.pick(['BBVA', 'BNT', 'SANT', 'OXXO'])}-${rng.digits(8)}` : null,
          vigency: iso(spec.referenceDue),
          client: spec.client,
          notes: null,
          ref_sale_id: id,
          is_deleted: false,
          cancel_note: null,
          cancel_at: null,
          status: true,
        },
        this.ctx.stampAt(spec.date, 9 * 60 + 30),
      );
    }

    const foreign = spec.foreignCurrency === true;
    const rate = foreign ? this.rateOn(spec.date) : 0;
    const dollars = foreign ? divRound(totalNeto * 10_000, Math.round(rate * 10_000)) : 0;
    t.sales.add(
      {
        client: spec.client,
        student_id: spec.studentId,
        aspirant_id: spec.aspirantId,
        cicle_id: spec.cicleId,
        reference,
        user_id: spec.userId,
        career_id: spec.careerId,
        amount: money(amount),
        discount: money(discount),
        iva: '0.0800',
        subtotal: money(subtotal),
        rate: rate.toFixed(4),
        dollars: money(dollars),
        total_paid: money(paid),
        extra_discount: money(extra),
        category: spec.category,
        paid: fullyPaid,
        notes: spec.notes ?? null,
        sale_date: iso(spec.date),
        paid_at: paidDay !== null ? this.ctx.stampAt(paidDay, 18 * 60) : null,
        is_locked: spec.locked ?? false,
        cancel_at: cancelled ? this.ctx.stampAt(cancelled.day, 13 * 60) : null,
        cancel_notes: cancelled?.notes ?? null,
        sale_type: spec.saleType,
        from_shop: spec.fromShop ?? false,
        payment_method_id: this.methodIds.get(spec.plan.method) ?? null,
        total_debt: money(cancelled ? 0 : totalPay - paid),
        total_pay: money(totalPay),
        total_neto: money(totalNeto),
        status: !cancelled,
      },
      this.ctx.stampAt(spec.date, 9 * 60),
      id,
    );
    return { id, totalPay, paid, fullyPaid, paidDay, reference, payments };
  }
}
