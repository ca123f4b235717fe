// GET finance/api/sales/{id}/cart/: everything the sale's cart screen needs in one answer: the
// sale, its lines (with the locked-line rule), the concepts the student may be charged (the price
// lists of the sale's campus and career in force on its day, each with the unit discount a new line
// of it gets: its concept's discount for this student and their scholarships), the discounts
// granted on the sale, the active payments, and the totals as the server stores them. The screen recomputes the totals with the same
// functions (lib/finance/sale-totals.ts) while the cashier types.
import { conceptUnitDiscount, isLineLocked, lineKind, lineUnitDiscount, saleTotals } from '@/lib/finance/sale-totals';
import type { ActionContext } from '@/server/engine/context';
import * as engine from '@/server/engine/engine';
import type { ResourceDefinition } from '@/server/engine/types';
import { prisma } from '@/server/db/client';
import { fieldError, notFound } from '@/server/errors';
import { schoolToday } from '@/lib/grades/window';
import { conceptsInForce } from './price-lists';
import { isoDay, scholarshipsOf } from './settle';

export async function saleCart(definition: ResourceDefinition, { params, ...ctx }: ActionContext) {
  // The sale as the caller may read it (a student: only their own), or 404.
  await engine.show(definition, ctx, params.id);
  const sale = await prisma.sale.findUnique({
    where: { id: Number(params.id) },
    select: {
      id: true,
      status: true,
      paid: true,
      is_locked: true,
      student_id: true,
      cicle_id: true,
      career_id: true,
      sale_date: true,
      rate: true,
      cicle: { select: { campus_id: true } },
      career: { select: { campus_id: true } },
      student: { select: { career_id: true, career: { select: { campus_id: true } }, current_group: { select: { grade: true } } } },
      details: { where: { status: true }, orderBy: { id: 'asc' }, select: { id: true, concept_id: true, description: true, qty: true, amount: true, discount: true, iva: true, total: true, concept: { select: { id: true, code: true, is_inscription: true, recurrency_id: true } } } },
      discounts: { where: { status: true }, select: { id: true, discount: true, percentage: true, comment: true } },
      payments: { where: { status: true }, select: { amount: true } },
    },
  });
  if (!sale) throw notFound();
  const careerId = sale.career_id ?? sale.student?.career_id ?? null;
  const campusId = sale.cicle?.campus_id ?? sale.career?.campus_id ?? sale.student?.career?.campus_id ?? null;
  const concepts = await offeredConcepts({ student_id: sale.student_id, cicle_id: sale.cicle_id, career_id: careerId, campus_id: campusId, grade: sale.student?.current_group?.grade ?? null, day: sale.sale_date });
  const lines = sale.details.map((line) => ({
    id: line.id,
    concept_id: line.concept_id,
    description: line.description,
    qty: line.qty,
    amount: line.amount.toFixed(2),
    discount: line.discount.toFixed(2),
    iva: line.iva.toFixed(4),
    total: line.total.toFixed(2),
    concept: line.concept,
    locked: isLineLocked({ id: line.id, concept: line.concept }),
  }));
  const discounts = sale.discounts.map((discount) => ({ id: discount.id, discount: discount.discount.toFixed(2), percentage: discount.percentage.toFixed(4), comment: discount.comment }));
  const payments = sale.payments.map((payment) => payment.amount.toFixed(2));
  return {
    sale: { id: sale.id, status: sale.status, paid: sale.paid, is_locked: sale.is_locked, student_id: sale.student_id, rate: sale.rate.toFixed(4) },
    lines,
    concepts,
    discounts,
    payments,
    totals: saleTotals({ lines, discounts, rate: sale.rate.toFixed(4), payments }),
  };
}

/** Whom the concepts are offered to: the student, their period, career, campus and grade, on a day. */
export type ConceptBuyer = { student_id: number | null; cicle_id: number | null; career_id: number | null; campus_id: number | null; grade: number | null; day: Date };

/**
 * The concepts a sale of this buyer may be charged (the price lists of their campus and career in
 * force on the day), each with the unit discount a new line of it gets: its concept's discount for
 * them and their scholarships.
 */
export async function offeredConcepts(buyer: ConceptBuyer) {
  const concepts = await prisma.concept.findMany({
    where: conceptsInForce({ campusId: buyer.campus_id, careerId: buyer.career_id, day: buyer.day }),
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
    take: 500,
    select: { id: true, code: true, description: true, amount: true, iva: true, is_inscription: true, recurrency_id: true, discounts: { where: { status: true }, select: { career_id: true, grade: true, amount: true, percentage: true, effect_date: true, end_date: true } } },
  });
  const who = { career_id: buyer.career_id, grade: buyer.grade, on: isoDay(buyer.day) };
  const scholarships = await scholarshipsOf(prisma, { student_id: buyer.student_id, cicle_id: buyer.cicle_id, career_id: buyer.career_id, sale_date: buyer.day });
  return concepts.map((concept) => ({
    id: concept.id,
    code: concept.code,
    description: concept.description,
    amount: concept.amount.toFixed(2),
    iva: concept.iva.toFixed(4),
    kind: lineKind(concept),
    discount: lineUnitDiscount(
      { amount: concept.amount.toFixed(2), concept },
      conceptUnitDiscount(
        concept.amount.toFixed(2),
        concept.discounts.map((rule) => ({ ...rule, amount: rule.amount.toFixed(2), percentage: rule.percentage.toFixed(4), effect_date: rule.effect_date ? isoDay(rule.effect_date) : null, end_date: rule.end_date ? isoDay(rule.end_date) : null })),
        who,
      ),
      scholarships,
    ),
  }));
}

/** GET finance/api/sales/counter_concepts/?student_id=: what a new counter sale of the student may charge, today. */
export async function counterConcepts(studentId: number) {
  const student = await prisma.student.findUnique({
    where: { id: studentId },
    select: { id: true, is_active: true, career_id: true, career: { select: { campus_id: true } }, current_group: { select: { cicle_id: true, grade: true } } },
  });
  if (!student || !student.is_active) throw fieldError('student_id', 'errors.unknown_reference');
  const day = new Date(`${schoolToday()}T00:00:00Z`);
  return { concepts: await offeredConcepts({ student_id: student.id, cicle_id: student.current_group?.cicle_id ?? null, career_id: student.career_id, campus_id: student.career?.campus_id ?? null, grade: student.current_group?.grade ?? null, day }) };
}
