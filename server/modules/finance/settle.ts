// Charges made by other processes (an exam fee) and the settling of a sale when its lines,
// discounts, scholarships or payments change: every total it stores is recomputed (lib/finance/
// sale-totals.ts) under a lock on its row, and what waits on the payment follows (an extraordinary exam request becomes PAID, or goes back to REQ
// when the payment is cancelled before the exam was approved). All inside the caller's transaction,
// with the history rows of what changed.
import { isoDay } from '@/lib/dates';
import { withoutTax } from '@/lib/finance/balance';
import { type ScholarshipRule, conceptUnitDiscount, lineUnitDiscount, saleTotals } from '@/lib/finance/sale-totals';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { translator } from '@/server/i18n/messages';
import { emitEvent } from '@/server/modules/shared/events';
import { type Change, type HistoryEntry, recordHistory, recordHistoryMany } from '@/server/engine/audit';

type Tx = Prisma.TransactionClient;

/** The sale's amounts the totals own (read-only to clients), besides its paid flag. */
const STORED_AMOUNTS = ['amount', 'discount', 'subtotal', 'total_neto', 'extra_discount', 'total_pay', 'total_paid', 'total_debt', 'dollars'] as const;
type StoredAmount = (typeof STORED_AMOUNTS)[number];

export type ChargeLine = { concept_id: number; description: string; amount: string; iva: string };

/**
 * A sale of one line for a student, made by a process: locked (its line is not edited at the
 * counter) and owed in full. Returns the sale id.
 */
export async function chargeStudent(tx: Tx, actor: Actor, charge: { student_id: number; cicle_id: number | null; career_id: number | null; notes: string; line: ChargeLine }): Promise<number> {
  const { line } = charge;
  const subtotal = withoutTax(line.amount, line.iva);
  const sale = await tx.sale.create({
    data: {
      student_id: charge.student_id,
      cicle_id: charge.cicle_id,
      career_id: charge.career_id,
      user_id: actor.id,
      amount: line.amount,
      discount: '0',
      iva: line.iva,
      subtotal,
      category: 'C',
      sale_type: 'proceso',
      is_locked: true,
      notes: charge.notes,
      total_neto: line.amount,
      total_pay: line.amount,
      total_debt: line.amount,
      details: { create: [{ concept_id: line.concept_id, description: line.description.slice(0, 300), qty: 1, amount: line.amount, iva: line.iva, discount: '0', total: line.amount }] },
    },
    select: { id: true },
  });
  await recordHistory(tx, {
    table: 'sales',
    recordId: sale.id,
    type: '+',
    actor,
    changes: [
      { field: 'student_id', old: null, new: charge.student_id },
      { field: 'amount', old: null, new: line.amount },
      { field: 'notes', old: null, new: charge.notes },
    ],
  });
  return sale.id;
}

/**
 * Holds the sale's row until the transaction ends: its payments, lines and discounts change one
 * request at a time, so two payments cannot both fit in the same debt.
 */
export async function lockSale(tx: Tx, saleId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM sales WHERE id = ${saleId} FOR UPDATE`;
}

/**
 * Locks the sale's row (see lockSale) and reads whether it takes money, whether it is closed and
 * what it owes; null when there is no such sale. A payment, line or discount locks it before it is
 * written: each insert holds a key-share lock on the sale, and two settlements asking for FOR
 * UPDATE afterwards would wait on each other (a deadlock the outage test's load found).
 */
export async function lockSaleDebt(tx: Tx, saleId: number): Promise<{ status: boolean; is_locked: boolean; total_debt: string } | null> {
  if (!Number.isSafeInteger(saleId)) return null;
  const [sale] = await tx.$queryRaw<{ status: boolean; is_locked: boolean; total_debt: string }[]>`SELECT status, is_locked, total_debt::numeric(14, 2)::text AS total_debt FROM sales WHERE id = ${saleId} FOR UPDATE`;
  return sale ?? null;
}

/** YYYY-MM-DD of a stored date. */
export { isoDay };

/** Whom a new line is for: the student, their period, career and grade, on the sale's day. */
export type Buyer = { student_id: number | null; cicle_id: number | null; career_id: number | null; grade: number | null; day: Date };

export async function unitDiscountFor(tx: Tx, buyer: Buyer, conceptId: number, unitAmount: string): Promise<string> {
  const [rules, concept] = await Promise.all([
    tx.conceptDiscount.findMany({ where: { concept_id: conceptId, status: true }, select: { career_id: true, grade: true, amount: true, percentage: true, effect_date: true, end_date: true } }),
    tx.concept.findUnique({ where: { id: conceptId }, select: { id: true, code: true, is_inscription: true, recurrency_id: true } }),
  ]);
  const conceptDiscount = conceptUnitDiscount(
    unitAmount,
    rules.map((rule) => ({
      career_id: rule.career_id,
      grade: rule.grade,
      amount: rule.amount.toFixed(2),
      percentage: rule.percentage.toFixed(4),
      effect_date: rule.effect_date ? isoDay(rule.effect_date) : null,
      end_date: rule.end_date ? isoDay(rule.end_date) : null,
    })),
    { career_id: buyer.career_id, grade: buyer.grade, on: isoDay(buyer.day) },
  );
  const scholarships = await scholarshipsOf(tx, { student_id: buyer.student_id, cicle_id: buyer.cicle_id, career_id: buyer.career_id, sale_date: buyer.day });
  return lineUnitDiscount({ amount: unitAmount, concept }, conceptDiscount, scholarships);
}

/**
 * The unit discount a new line of a concept starts with when the cashier types none: what the
 * concept gives the sale's student (their career and grade, on the sale's day), then what their
 * scholarships of the line's kind take (lineUnitDiscount).
 */
export async function unitDiscountForLine(tx: Tx, saleId: number, conceptId: number, unitAmount: string): Promise<string> {
  const sale = await tx.sale.findUnique({ where: { id: saleId }, select: { student_id: true, cicle_id: true, sale_date: true, career_id: true, student: { select: { career_id: true, current_group: { select: { grade: true } } } } } });
  if (!sale) return '0.00';
  return unitDiscountFor(tx, { student_id: sale.student_id, cicle_id: sale.cicle_id, career_id: sale.career_id ?? sale.student?.career_id ?? null, grade: sale.student?.current_group?.grade ?? null, day: sale.sale_date }, conceptId, unitAmount);
}

export async function scholarshipsOf(tx: Tx, sale: { student_id: number | null; cicle_id: number | null; career_id: number | null; sale_date: Date }): Promise<ScholarshipRule[]> {
  if (!sale.student_id) return [];
  return (await scholarshipsOfStudents(tx, [{ student_id: sale.student_id, career_id: sale.career_id }], sale.cicle_id, sale.sale_date)).get(sale.student_id) ?? [];
}

/**
 * The scholarships in force for each of many students on a day (one query): granted for the
 * period or for none in particular, not finished, within their limit date, approved when the
 * scholarship needs approval, and of the student's career when it names one.
 */
export async function scholarshipsOfStudents(tx: Tx, students: readonly { student_id: number; career_id: number | null }[], cicleId: number | null, day: Date): Promise<Map<number, ScholarshipRule[]>> {
  const careerOf = new Map(students.map((student) => [student.student_id, student.career_id]));
  const grants = await tx.studentShip.findMany({
    where: {
      student_id: { in: [...careerOf.keys()] },
      status: true,
      finish_at: null,
      OR: [{ cicle_id: cicleId }, { cicle_id: null }],
      AND: [{ OR: [{ limit_date: null }, { limit_date: { gte: day } }] }],
      scholar_ship: { status: true },
    },
    select: { student_id: true, approve: true, scholar_ship: { select: { ship_type: true, base_type: true, base_amount: true, concept_id: true, career_id: true, approve: true } } },
  });
  const rules = new Map<number, ScholarshipRule[]>();
  for (const { student_id, approve, scholar_ship: ship } of grants) {
    const career = careerOf.get(student_id) ?? null;
    if ((ship.approve && !approve) || (ship.career_id && career && ship.career_id !== career)) continue;
    const list = rules.get(student_id) ?? [];
    list.push({ ship_type: ship.ship_type, base_type: ship.base_type, base_amount: ship.base_amount.toFixed(2), concept_id: ship.concept_id });
    rules.set(student_id, list);
  }
  return rules;
}

/**
 * Recomputes everything a sale stores from its lines (their unit discounts carry the concept's
 * discount and the student's scholarships, set when each line was added), the discounts granted on
 * it and its active payments (lib/finance/sale-totals.ts), and what follows from it
 * being paid. Runs in the transaction of every write that changes any of those; what a client
 * sent as totals never counts.
 */
/** A sale as settling reads it: its stored amounts as exact text, and what they come from. */
type SettlingSale = Record<StoredAmount, string> & {
  id: number;
  aspirant_id: number | null;
  status: boolean;
  paid: boolean;
  rate: string;
  details: { id: number; qty: number; amount: string; discount: string; iva: string; concept: { id: number; code: string; is_inscription: boolean; recurrency_id: number | null } | null }[];
  discounts: { discount: string; percentage: string }[];
  payments: string[];
};

export async function settleSale(tx: Tx, actor: Actor, saleId: number): Promise<void> {
  await recordHistoryMany(tx, await settlement(tx, actor, saleId));
}

/**
 * Settles the sale (see settleSale) and answers the history rows of what changed, for a caller
 * that writes them with its own (a payment's afterWrite: one statement for both).
 */
export async function settlement(tx: Tx, actor: Actor, saleId: number): Promise<HistoryEntry[]> {
  // One statement locks the sale's row and reads it with its lines, discounts and payments: a
  // payment at a busy counter waits on nothing else.
  const [sale] = await tx.$queryRawUnsafe<SettlingSale[]>(
    `SELECT s.id, s.aspirant_id, s.status, s.paid, s.rate::text AS rate,
       ${STORED_AMOUNTS.map((field) => `s.${field}::numeric(14, 2)::text AS ${field}`).join(', ')},
       COALESCE((SELECT json_agg(json_build_object('id', d.id, 'qty', d.qty, 'amount', d.amount::numeric(14, 2)::text, 'discount', d.discount::numeric(14, 2)::text,
                   'iva', d.iva::text, 'concept', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'code', c.code, 'is_inscription', c.is_inscription, 'recurrency_id', c.recurrency_id) END) ORDER BY d.id)
                 FROM sale_details d LEFT JOIN concepts c ON c.id = d.concept_id WHERE d.sale_id = s.id AND d.status), '[]') AS details,
       COALESCE((SELECT json_agg(json_build_object('discount', x.discount::numeric(14, 2)::text, 'percentage', x.percentage::text) ORDER BY x.id)
                 FROM sale_discounts x WHERE x.sale_id = s.id AND x.status), '[]') AS discounts,
       COALESCE((SELECT json_agg(p.amount::numeric(14, 2)::text ORDER BY p.id) FROM payments p WHERE p.sale_id = s.id AND p.status), '[]') AS payments
     FROM sales s WHERE s.id = $1 FOR UPDATE OF s`,
    saleId,
  );
  if (!sale) return [];
  const totals = saleTotals({ lines: sale.details, discounts: sale.discounts, rate: sale.rate, payments: sale.payments });
  // A cancelled sale owes nothing and is not paid; what it charged stays on record.
  const amounts: Record<StoredAmount, string> = {
    amount: totals.amount,
    discount: totals.discount,
    subtotal: totals.subtotal,
    total_neto: totals.total_neto,
    extra_discount: totals.extra_discount,
    total_pay: totals.total_pay,
    total_paid: totals.total_paid,
    total_debt: sale.status ? totals.total_debt : '0.00',
    dollars: totals.dollars ?? '0.00',
  };
  const paid = sale.status && totals.paid;
  const history: HistoryEntry[] = [];
  const changes: Change[] = [];
  for (const field of STORED_AMOUNTS) {
    const old = sale[field];
    if (old !== amounts[field]) changes.push({ field, old, new: amounts[field] });
  }
  if (paid !== sale.paid) changes.push({ field: 'paid', old: sale.paid, new: paid });
  if (changes.length > 0) {
    // Plain SQL: the stored amounts as exact text, the paid moment kept once set.
    await tx.$executeRawUnsafe(
      `UPDATE sales SET ${STORED_AMOUNTS.map((field, index) => `${field} = $${index + 2}::numeric`).join(', ')}, paid = $${STORED_AMOUNTS.length + 2},
         paid_at = CASE WHEN $${STORED_AMOUNTS.length + 2} THEN COALESCE(paid_at, (now() AT TIME ZONE 'UTC')::timestamp(3)) ELSE NULL END, updated_at = (now() AT TIME ZONE 'UTC')::timestamp(3)
       WHERE id = $1`,
      sale.id,
      ...STORED_AMOUNTS.map((field) => amounts[field]),
      paid,
    );
    history.push({ table: 'sales', recordId: sale.id, type: '~', actor, changes });
  }
  // A reference belongs to the amount it was issued for: once the debt changed (a discount, a line,
  // a payment at the counter), the open ones of another amount stop being payable, and a deposit on
  // one is a difference for a person to look at (reconciliation), never a payment of another amount.
  if (sale.status && !paid && amounts.total_debt !== sale.total_debt) {
    const stale = await tx.reference.findMany({ where: { ref_sale_id: sale.id, status: true, paid: false, is_deleted: false, NOT: { amount: amounts.total_debt } }, select: { id: true } });
    if (stale.length > 0) {
      const reason = translator()('finance.reference.closed_stale');
      await tx.reference.updateMany({ where: { id: { in: stale.map((reference) => reference.id) } }, data: { status: false, cancel_note: reason, cancel_at: new Date() } });
      for (const reference of stale) history.push({ table: 'references', recordId: reference.id, type: '~', actor, changes: [{ field: 'status', old: true, new: false }, { field: 'cancel_note', old: null, new: reason }] });
    }
  }
  const balance = { paid };
  // What follows the sale's state (its references, exam requests, tuition months) moves only when
  // that state does: a partial payment touches nothing else.
  if (paid === sale.paid && sale.status) return history;

  // A sale paid at the counter, or cancelled, leaves no reference for the bank to take.
  if (paid || !sale.status) {
    const open = await tx.reference.findMany({ where: { ref_sale_id: sale.id, status: true, paid: false, is_deleted: false }, select: { id: true } });
    if (open.length > 0) {
      const reason = translator()(paid ? 'finance.reference.closed_paid' : 'finance.reference.closed_cancelled');
      await tx.reference.updateMany({ where: { id: { in: open.map((reference) => reference.id) } }, data: { status: false, cancel_note: reason, cancel_at: new Date() } });
      for (const reference of open) history.push({ table: 'references', recordId: reference.id, type: '~', actor, changes: [{ field: 'status', old: true, new: false }, { field: 'cancel_note', old: null, new: reason }] });
    }
  }

  // Months of tuition billed on this sale: paid when it is; a cancelled sale gives them back, to
  // be billed again.
  const months = await tx.recurrent.findMany({ where: { sale_id: sale.id }, select: { id: true, paid: true } });
  const released = months.filter(() => !sale.status);
  const moved = months.filter((month) => sale.status && month.paid !== paid);
  if (released.length > 0) {
    await tx.recurrent.updateMany({ where: { id: { in: released.map((month) => month.id) } }, data: { sale_id: null, paid: false } });
    for (const month of released) history.push({ table: 'recurrents', recordId: month.id, type: '~', actor, changes: [{ field: 'sale_id', old: sale.id, new: null }, ...(month.paid ? [{ field: 'paid', old: true, new: false }] : [])] });
  }
  if (moved.length > 0) {
    await tx.recurrent.updateMany({ where: { id: { in: moved.map((month) => month.id) } }, data: { paid } });
    for (const month of moved) history.push({ table: 'recurrents', recordId: month.id, type: '~', actor, changes: [{ field: 'paid', old: month.paid, new: paid }] });
  }
  // What other modules keep waiting on this sale (an exam request, a reinscription, an applicant's
  // admission step) follows it: they react to the event and write their own records.
  history.push(...(await emitEvent(tx, actor, 'saleSettled', { saleId: sale.id, paid: balance.paid, active: sale.status, aspirantId: sale.aspirant_id })));
  return history;
}
