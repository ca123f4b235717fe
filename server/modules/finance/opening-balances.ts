// Opening balances (saldos iniciales): what each student owed in the school's previous system when
// it adopted Plantel, brought in by an import. Each is a charge like one made here: a locked sale
// of the student (sale_type "saldo_inicial", her career, the period it belongs to, dated on its due
// date) with one line of the concept at the imported amount (IVA included, as every price), settled
// by settleSale, so Finanzas, the portal and the counter show and collect the debt exactly as one
// charged in Plantel. Its natural key is student + concept + period + due date. Imported again with
// the same amount it changes nothing; with another amount it is corrected only while nothing has
// been paid on it: a charge with payments (or cancelled) is history and is refused on its row.
import { type StoredCharge, balanceDecision } from '@/lib/grades/historical';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { RowOfBatchRefused, conflict } from '@/server/errors';
import { settlement } from './settle';

type Tx = Prisma.TransactionClient;

/** What marks a sale as an opening balance (sales.sale_type is a free code of the sale's origin). */
export const OPENING_BALANCE = 'saldo_inicial';

export type OpeningBalance = { student_id: number; concept_id: number; cicle_id: number; amount: string; due_date: string | null };
export type BalanceOutcome = 'created' | 'updated' | 'unchanged';

type Stored = StoredCharge & { sale_id: number; detail_id: number; student_id: number; concept_id: number; cicle_id: number; due_date: string };

const balanceKey = (item: { student_id: number; concept_id: number; cicle_id: number }, dueDate: string | null) => `${item.student_id}:${item.concept_id}:${item.cicle_id}:${dueDate ?? ''}`;

// The opening balances of the batch's students: the key with and without its due date, so that a
// row without a due date finds the charge of its student, concept and period.
const STORED = `
  SELECT s.id AS sale_id, d.id AS detail_id, s.student_id, d.concept_id, s.cicle_id, to_char(s.sale_date, 'YYYY-MM-DD') AS due_date,
         d.amount::numeric(14, 2)::text AS amount, s.total_paid::numeric(14, 2)::text AS total_paid, s.paid, NOT s.status AS cancelled
  FROM sales s JOIN sale_details d ON d.sale_id = s.id AND d.status
  WHERE s.sale_type = '${OPENING_BALANCE}' AND s.student_id = ANY($1::int[])
  ORDER BY s.id`;

/**
 * Keeps the opening balances in the caller's transaction; answers each one's outcome in the order
 * given. A charge that may not change is refused as RowOfBatchRefused (409) with its place.
 */
export async function keepOpeningBalances(tx: Tx, actor: Actor, items: readonly OpeningBalance[], reason?: string): Promise<BalanceOutcome[]> {
  if (items.length === 0) return [];
  const stored = await tx.$queryRawUnsafe<Stored[]>(STORED, [...new Set(items.map((item) => item.student_id))]);
  const byKey = new Map<string, Stored>();
  for (const row of stored) {
    byKey.set(balanceKey(row, row.due_date), row);
    if (!byKey.has(balanceKey(row, null))) byKey.set(balanceKey(row, null), row);
  }
  const [students, concepts] = await Promise.all([
    tx.student.findMany({ where: { id: { in: items.map((item) => item.student_id) } }, select: { id: true, career_id: true } }),
    tx.concept.findMany({ where: { id: { in: items.map((item) => item.concept_id) } }, select: { id: true, description: true, iva: true } }),
  ]);
  const careerOf = new Map(students.map((student) => [student.id, student.career_id]));
  const conceptOf = new Map(concepts.map((concept) => [concept.id, concept]));

  const history: HistoryEntry[] = [];
  const outcomes: BalanceOutcome[] = [];
  for (const [index, item] of items.entries()) {
    const charge = byKey.get(balanceKey(item, item.due_date)) ?? null;
    const decision = balanceDecision(charge, item.amount);
    if (decision === 'refuse_paid') throw new RowOfBatchRefused(index, conflict('importsHistory.balances.paid', { amount: charge!.amount }));
    if (decision === 'refuse_cancelled') throw new RowOfBatchRefused(index, conflict('importsHistory.balances.cancelled'));
    if (decision === 'unchanged') {
      outcomes.push('unchanged');
      continue;
    }
    if (decision === 'update') {
      await tx.saleDetail.update({ where: { id: charge!.detail_id }, data: { amount: item.amount, total: item.amount } });
      history.push({ table: 'sale_details', recordId: charge!.detail_id, type: '~', actor, changes: [{ field: 'amount', old: charge!.amount, new: item.amount }], reason });
      history.push(...(await settlement(tx, actor, charge!.sale_id)));
      outcomes.push('updated');
      continue;
    }
    const concept = conceptOf.get(item.concept_id)!;
    const sale = await tx.sale.create({
      data: {
        student_id: item.student_id,
        cicle_id: item.cicle_id,
        career_id: careerOf.get(item.student_id) ?? null,
        user_id: actor.id,
        category: 'C',
        sale_type: OPENING_BALANCE,
        // What was owed is what is owed: the counter takes payments, never changes its lines.
        is_locked: true,
        ...(item.due_date ? { sale_date: new Date(`${item.due_date}T00:00:00Z`) } : {}),
        notes: reason ?? null,
        details: { create: [{ concept_id: concept.id, description: concept.description.slice(0, 300), qty: 1, amount: item.amount, iva: concept.iva, discount: 0, total: item.amount }] },
      },
      select: { id: true, details: { select: { id: true } } },
    });
    history.push(
      { table: 'sales', recordId: sale.id, type: '+', actor, changes: [{ field: 'student_id', old: null, new: item.student_id }, { field: 'sale_type', old: null, new: OPENING_BALANCE }], reason },
      { table: 'sale_details', recordId: sale.details[0].id, type: '+', actor, changes: [{ field: 'concept_id', old: null, new: concept.id }, { field: 'amount', old: null, new: item.amount }], reason },
    );
    history.push(...(await settlement(tx, actor, sale.id)));
    // A second row of the file with the same charge's key without its due date finds this one.
    const made: Stored = { sale_id: sale.id, detail_id: sale.details[0].id, student_id: item.student_id, concept_id: item.concept_id, cicle_id: item.cicle_id, due_date: item.due_date ?? '', amount: item.amount, total_paid: '0.00', paid: false, cancelled: false };
    byKey.set(balanceKey(item, item.due_date), made);
    outcomes.push('created');
  }
  await recordHistoryMany(tx, history);
  return outcomes;
}
