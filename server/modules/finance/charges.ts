// Charges other modules ask finance for, and what they ask to happen to them: an applicant's
// admission charge, a period's reinscription charges in bulk, an applicant's charges passed on to
// the student they become, charges moved to another period, a withdrawn student's tuition months
// stopped. The sale aggregate's tables are written here, by their owner, never by the callers.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { settleSale } from './settle';

type Tx = Prisma.TransactionClient;

export type ApplicantChargeLine = { concept_id: number; description: string; amount: string; iva: string; discount: string; total: string };

/** The admission charge of an applicant (a locked process sale, owed in full); answers its id. */
export async function chargeApplicant(tx: Tx, actor: Actor, charge: { aspirant_id: number; client: string; cicle_id: number | null; career_id: number | null; notes: string; lines: readonly ApplicantChargeLine[] }): Promise<number> {
  const sale = await tx.sale.create({
    data: { aspirant_id: charge.aspirant_id, client: charge.client, cicle_id: charge.cicle_id, career_id: charge.career_id, user_id: actor.id, category: 'I', sale_type: 'proceso', is_locked: true, notes: charge.notes },
    select: { id: true },
  });
  for (const line of charge.lines) {
    await tx.saleDetail.create({ data: { sale_id: sale.id, concept_id: line.concept_id, description: line.description.slice(0, 300), qty: 1, amount: line.amount, iva: line.iva, discount: line.discount, total: line.total } });
  }
  await recordHistoryMany(tx, [{ table: 'sales', recordId: sale.id, type: '+', actor, changes: [{ field: 'aspirant_id', old: null, new: charge.aspirant_id }, { field: 'category', old: null, new: 'I' }] }]);
  await settleSale(tx, actor, sale.id);
  return sale.id;
}

/** The applicant's charges are the student's once they are one (the student pays or owes them). */
export async function transferApplicantCharges(tx: Tx, actor: Actor, aspirantId: number, studentId: number): Promise<number> {
  const sales = await tx.sale.findMany({ where: { aspirant_id: aspirantId, student_id: null }, select: { id: true } });
  if (!sales.length) return 0;
  await tx.sale.updateMany({ where: { id: { in: sales.map((sale) => sale.id) } }, data: { student_id: studentId } });
  await recordHistoryMany(tx, sales.map((sale) => ({ table: 'sales', recordId: sale.id, type: '~' as const, actor, changes: [{ field: 'student_id', old: null, new: studentId }] })));
  return sales.length;
}

export type BulkStudentCharge = { student_id: number; career_id: number | null; client: string; concept_id: number; description: string; amount: string; unit_discount: string; iva: string; subtotal: string; total: string };

/**
 * One locked process sale of one line per student, for thousands at once (a period's
 * reinscriptions): one statement writes the sales, their lines and their history rows. Answers the
 * sale of each student.
 */
export async function chargeStudentsInBulk(tx: Tx, actor: Actor, batch: { cicle_id: number; day: string; notes: string; category: 'I' | 'C'; charges: readonly BulkStudentCharge[] }): Promise<Map<number, number>> {
  if (!batch.charges.length) return new Map();
  const made = await tx.$queryRawUnsafe<{ id: number; student_id: number }[]>(
    `WITH given AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(student_id int, career_id int, client text, concept_id int, description text,
         amount numeric, unit_discount numeric, iva numeric, subtotal numeric, total numeric)
     ), charges AS (
       INSERT INTO sales (student_id, client, cicle_id, career_id, user_id, amount, discount, iva, subtotal, total_neto, total_pay, total_debt, category, sale_type, is_locked, notes, sale_date, created_at, updated_at)
       SELECT g.student_id, g.client, $2, g.career_id, $3, g.amount, g.amount - g.total, g.iva, g.subtotal, g.total, g.total, g.total, $7, 'proceso', true, $5, $4::date, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM given g
       RETURNING id, student_id
     ), lines AS (
       INSERT INTO sale_details (sale_id, concept_id, description, qty, amount, iva, discount, total, created_at, updated_at)
       SELECT c.id, g.concept_id, g.description, 1, g.amount, g.iva, g.unit_discount, g.total, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM charges c JOIN given g ON g.student_id = c.student_id
       RETURNING 1
     ), logged AS (
       INSERT INTO audit_logs (resource, record_id, type, user_id, username, date, changes, reason)
       SELECT 'sales', c.id::text, '+', $3, $6, now() AT TIME ZONE 'UTC', jsonb_build_array(jsonb_build_object('field', 'student_id', 'old', NULL, 'new', c.student_id)), '' FROM charges c
       RETURNING 1
     )
     SELECT c.id, c.student_id FROM charges c WHERE (SELECT COUNT(*) FROM lines) >= 0 AND (SELECT COUNT(*) FROM logged) >= 0`,
    JSON.stringify(batch.charges),
    batch.cicle_id,
    actor.id,
    batch.day,
    batch.notes,
    actor.username,
    batch.category,
  );
  return new Map(made.map((row) => [row.student_id, row.id]));
}

/** Pending charges follow their reinscriptions to another target period. */
export async function moveChargesToPeriod(tx: Tx, actor: Actor, saleIds: readonly number[], cicleId: number): Promise<void> {
  if (!saleIds.length) return;
  const sales = await tx.sale.findMany({ where: { id: { in: [...saleIds] } }, select: { id: true, cicle_id: true } });
  await tx.sale.updateMany({ where: { id: { in: [...saleIds] } }, data: { cicle_id: cicleId } });
  await recordHistoryMany(tx, sales.filter((sale) => sale.cicle_id !== cicleId).map((sale) => ({ table: 'sales', recordId: sale.id, type: '~' as const, actor, changes: [{ field: 'cicle_id', old: sale.cicle_id, new: cicleId }] })));
}

/** Stops (or runs again) a student's unpaid tuition months due after a day (a withdrawal, a
 * reinstatement); answers each month's history row. */
export async function switchTuitionMonths(tx: Tx, actor: Actor, studentId: number, after: Date, running: boolean): Promise<HistoryEntry[]> {
  const months = await tx.recurrent.findMany({ where: { student_id: studentId, paid: false, status: !running, limit_date: { gt: after } }, select: { id: true } });
  if (!months.length) return [];
  await tx.recurrent.updateMany({ where: { id: { in: months.map((row) => row.id) } }, data: { status: running } });
  return months.map((row) => ({ table: 'recurrents', recordId: row.id, type: '~' as const, actor, changes: [{ field: 'status', old: !running, new: running }] }));
}
