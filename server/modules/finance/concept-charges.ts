// A student charged for a concept of their own price list named by its code, as many as they ask
// for (copies of a document requested from the portal, issue 30). The price is the one the shop
// would show them today — the concept of that code from their price lists in force (their
// career's list before the general one, the newest), less the concept's discounts and their
// scholarships — and the charge is a locked sale of theirs (its quantity is what was asked for)
// with the bank reference to pay it. The sale's payments then move what waits on it (saleSettled).
import { fromCents, toCents } from '@/lib/finance/balance';
import { ownPrices } from '@/lib/finance/shop-offer';
import { schoolToday } from '@/lib/grades/window';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { notFound } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import { issueSaleReference } from './bank-references';
import { conceptsInForce } from './price-lists';
import { settleSale, unitDiscountFor } from './settle';

type Db = Prisma.TransactionClient;

/** What one unit of a concept costs a student today: list price, their discount, what they pay. */
export type StudentPrice = { concept_id: number; code: string; description: string; amount: string; discount: string; unit_price: string; iva: string };

async function buyer(db: Db, studentId: number) {
  const student = await db.student.findUnique({ where: { id: studentId }, select: { id: true, career_id: true, career: { select: { campus_id: true } }, current_group: { select: { cicle_id: true, grade: true } } } });
  if (!student) throw notFound();
  return student;
}

/** The student's price of the concept of a code (null when none of their price lists in force has it). */
export async function studentConceptPrice(db: Db, studentId: number, code: string): Promise<StudentPrice | null> {
  const student = await buyer(db, studentId);
  const day = new Date(`${schoolToday()}T00:00:00Z`);
  const candidates = await db.concept.findMany({
    where: { code: { equals: code.trim(), mode: 'insensitive' }, ...conceptsInForce({ campusId: student.career?.campus_id ?? null, careerId: student.career_id, day }) },
    orderBy: { id: 'asc' },
    take: 50,
    select: { id: true, code: true, description: true, amount: true, iva: true, price_list: { select: { is_general: true } } },
  });
  const [concept] = ownPrices(candidates);
  if (!concept) return null;
  const amount = concept.amount.toFixed(2);
  const discount = await unitDiscountFor(db, { student_id: student.id, cicle_id: student.current_group?.cicle_id ?? null, career_id: student.career_id, grade: student.current_group?.grade ?? null, day }, concept.id, amount);
  const cents = (toCents(amount) ?? 0n) - (toCents(discount) ?? 0n);
  return { concept_id: concept.id, code: concept.code, description: concept.description, amount, discount, unit_price: fromCents(cents > 0n ? cents : 0n), iva: concept.iva.toFixed(4) };
}

/**
 * A locked sale of `qty` units of the concept at the student's price (read by studentConceptPrice
 * in the same transaction), settled, with its bank reference. Answers the sale, its total and the
 * reference (none when the student owes nothing for it).
 */
export async function chargeStudentConcept(
  tx: Db,
  actor: Actor,
  charge: { student_id: number; price: StudentPrice; qty: number; notes: string; t: Translate },
): Promise<{ sale_id: number; total: string; reference: { id: number; bank_ref: string; amount: string; vigency: string } | null }> {
  const { price, qty } = charge;
  const student = await buyer(tx, charge.student_id);
  const total = fromCents((toCents(price.unit_price) ?? 0n) * BigInt(qty));
  const sale = await tx.sale.create({
    data: {
      student_id: student.id,
      cicle_id: student.current_group?.cicle_id ?? null,
      career_id: student.career_id,
      user_id: actor.id,
      category: 'C',
      sale_type: 'web',
      // What was asked for is what is owed: the counter takes payments, never changes its lines.
      is_locked: true,
      notes: charge.notes.slice(0, 1000),
      details: { create: [{ concept_id: price.concept_id, description: price.description.slice(0, 300), qty, amount: price.amount, iva: price.iva, discount: price.discount, total }] },
    },
    select: { id: true, details: { select: { id: true } } },
  });
  await recordHistoryMany(tx, [
    { table: 'sales', recordId: sale.id, type: '+', actor, changes: [{ field: 'student_id', old: null, new: student.id }, { field: 'notes', old: null, new: charge.notes }] },
    { table: 'sale_details', recordId: sale.details[0].id, type: '+', actor, changes: [{ field: 'concept_id', old: null, new: price.concept_id }, { field: 'qty', old: null, new: qty }, { field: 'total', old: null, new: total }] },
  ]);
  await settleSale(tx, actor, sale.id);
  const owed = await tx.sale.findUniqueOrThrow({ where: { id: sale.id }, select: { total_pay: true, total_debt: true } });
  if (!owed.total_debt.greaterThan(0)) return { sale_id: sale.id, total: owed.total_pay.toFixed(2), reference: null };
  const issued = await issueSaleReference(tx, actor, sale.id, charge.t);
  const reference = await tx.reference.findUniqueOrThrow({ where: { id: issued.id }, select: { id: true, bank_ref: true, amount: true, vigency: true } });
  return { sale_id: sale.id, total: owed.total_pay.toFixed(2), reference: { id: reference.id, bank_ref: reference.bank_ref, amount: reference.amount.toFixed(2), vigency: reference.vigency.toISOString().slice(0, 10) } };
}
