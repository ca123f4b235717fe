// The fee of an extraordinary or T.S. exam (design/domain.md, "Extraordinary flow"): a request is
// charged as a sale with the exam's concept from the price list of the schedule's campus. The
// sale's payments then move the request to PAID (server/modules/finance/settle.ts).
import { examConcept } from '@/lib/grades/extraordinary';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { fieldError } from '@/server/errors';
import { cancelSale, chargeStudent } from '@/server/modules/finance';

type Tx = Prisma.TransactionClient;

const EXAM_CATEGORY = 'EXA';

/** The active concepts that may charge an exam at a campus: exam-category concepts of its active price lists (and the general ones). */
export async function examConcepts(tx: Tx, campusId: number | null) {
  const rows = await tx.concept.findMany({
    where: {
      status: true,
      category: { code: EXAM_CATEGORY },
      price_list: { status: true, OR: campusId ? [{ campus_id: campusId }, { campus_id: null }] : undefined },
    },
    select: { id: true, code: true, description: true, amount: true, iva: true, price_list: { select: { campus_id: true } } },
  });
  // By code; a campus's own price before the general one of the same code.
  rows.sort((a, b) => a.code.localeCompare(b.code) || Number(b.price_list.campus_id !== null) - Number(a.price_list.campus_id !== null) || a.id - b.id);
  return rows.map(({ price_list: _list, amount, iva, ...concept }) => ({ ...concept, amount: amount.toFixed(2), iva: iva.toFixed(4) }));
}

/** Charges an exam request that has no sale yet; returns the sale and concept ids to keep on it. */
export async function chargeExam(tx: Tx, actor: Actor, request: { student_id: number; schedule_id: number; category: 'X' | 'T'; concept_id?: number | null }): Promise<{ sale_id: number; concept_id: number }> {
  const schedule = await tx.schedule.findUnique({
    where: { id: request.schedule_id },
    select: { subject: { select: { code: true, description: true } }, group: { select: { code: true, cicle_id: true, cicle: { select: { campus_id: true } } } } },
  });
  const student = await tx.student.findUnique({ where: { id: request.student_id }, select: { career_id: true } });
  if (!schedule) throw fieldError('schedule_id', 'errors.unknown_reference');
  if (!student) throw fieldError('student_id', 'errors.unknown_reference');
  const concepts = await examConcepts(tx, schedule.group.cicle.campus_id);
  const concept = request.concept_id ? concepts.find((candidate) => candidate.id === request.concept_id) : examConcept(request.category, concepts);
  if (!concept) throw fieldError('concept_id', 'errors.exam_concept');
  const subject = `${schedule.subject.code} ${schedule.subject.description}`;
  const sale_id = await chargeStudent(tx, actor, {
    student_id: request.student_id,
    cicle_id: schedule.group.cicle_id,
    career_id: student.career_id,
    notes: `${concept.description}: ${subject} (${schedule.group.code})`,
    line: { concept_id: concept.id, description: `${concept.description}: ${subject}`, amount: concept.amount, iva: concept.iva },
  });
  return { sale_id, concept_id: concept.id };
}

/** A request removed or cancelled before it was paid takes its charge with it (the sale is cancelled, never erased). */
export async function cancelExamCharge(tx: Tx, actor: Actor, saleId: number | null, reason: string): Promise<void> {
  if (!saleId) return;
  const sale = await tx.sale.findUnique({ where: { id: saleId }, select: { status: true, total_paid: true } });
  if (!sale || !sale.status || !sale.total_paid.isZero()) return;
  // Cancelled by the sale's owner: its references closed, and the request follows it (saleSettled).
  await cancelSale(tx, actor, saleId, reason);
}
