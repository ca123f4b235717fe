// POST finance/api/sales/student_shop/ {items: [{concept_id, qty}]}: a student buys from the
// portal the concepts of their price list that the school offers on the web (allow_web): one sale
// of theirs (from_shop, sale type "web") with those lines, priced and discounted as at the
// counter (their concept discounts and scholarships), and the bank reference to pay it. Staff may
// buy for a student by naming `student_id`.
import type { Actor } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import { canUse } from '@/server/engine/engine';
import type { ContractContext, ResourceDefinition } from '@/server/engine/types';
import type { studentShopBuy, studentShopOffer } from '@/lib/contracts/finance';
import { badRequest, forbidden, msg } from '@/server/errors';
import { idParam } from '@/server/validation';
import { schoolToday } from '@/lib/grades/window';
import { issueSaleReference } from './bank-references';
import { ownPrices } from '@/lib/finance/shop-offer';
import { conceptsInForce } from './price-lists';
import { type Buyer, settleSale, unitDiscountFor, unitDiscountForLine } from './settle';

function buyer(actor: Actor, definition: ResourceDefinition, requested: number | undefined): number {
  if (actor.kind === 'student' && actor.student_id) return actor.student_id;
  if (requested && canUse(actor, definition, 'write', 'add')) return requested;
  throw forbidden();
}

async function shopper(studentId: number) {
  const student = await prisma.student.findUnique({ where: { id: studentId }, select: { id: true, is_active: true, career_id: true, career: { select: { campus_id: true } }, current_group: { select: { cicle_id: true, grade: true } } } });
  if (!student || !student.is_active) throw forbidden();
  return student;
}

/** The student as a buyer today: their period, career and grade. */
function buyerOf(student: Awaited<ReturnType<typeof shopper>>): Buyer {
  return { student_id: student.id, cicle_id: student.current_group?.cicle_id ?? null, career_id: student.career_id, grade: student.current_group?.grade ?? null, day: new Date(`${schoolToday()}T00:00:00Z`) };
}

/**
 * What the shop offers the student: the web concepts of their price lists in force today, one per
 * code at the student's own price (a list naming their career before the general one, the newest),
 * never monthly tuition (paid from its own charges, recurrents/pay/). The listing and the purchase
 * read this one offer: the shop sells only what it lists, at the price it lists.
 */
async function offeredConcepts(student: Awaited<ReturnType<typeof shopper>>) {
  const concepts = await prisma.concept.findMany({
    where: {
      allow_web: true,
      recurrency_id: null,
      ...conceptsInForce({ campusId: student.career?.campus_id ?? null, careerId: student.career_id, day: new Date(`${schoolToday()}T00:00:00Z`) }),
    },
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
    take: 200,
    select: { id: true, code: true, amount: true, iva: true, description: true, recurrency_id: true, price_list: { select: { is_general: true } } },
  });
  return ownPrices(concepts);
}


/** GET finance/api/sales/student_shop/: what the student may buy in the portal, at their price. */
export async function studentShopConcepts(definition: ResourceDefinition, { actor, query }: ContractContext<typeof studentShopOffer>) {
  const student = await shopper(buyer(actor, definition, idParam(query, 'student_id', false) ?? undefined));
  const who = buyerOf(student);
  const concepts = await offeredConcepts(student);
  return {
    results: await Promise.all(
      concepts.map(async (concept) => ({
        id: concept.id,
        code: concept.code,
        description: concept.description,
        amount: concept.amount.toFixed(2),
        discount: await unitDiscountFor(prisma, who, concept.id, concept.amount.toFixed(2)),
      })),
    ),
  };
}

export async function studentShop(definition: ResourceDefinition, { actor, input, t }: ContractContext<typeof studentShopBuy>) {
  const studentId = buyer(actor, definition, input.student_id);
  // Spec section 5: "Select at least one product".
  const items = (input.items ?? []).filter((item) => item.qty > 0);
  if (items.length === 0) throw badRequest({ items: [msg('finance.cart.select_product')] });
  const student = await shopper(studentId);
  const offered = await offeredConcepts(student);
  const byId = new Map(offered.map((concept) => [concept.id, concept]));
  const unknown = items.filter((item) => !byId.has(item.concept_id));
  if (unknown.length > 0) throw badRequest({ items: [msg('errors.choice')] });

  return prisma.$transaction(async (tx) => {
    const sale = await tx.sale.create({
      data: { student_id: student.id, cicle_id: student.current_group?.cicle_id ?? null, career_id: student.career_id, user_id: actor.id, category: 'C', sale_type: 'web', from_shop: true, notes: t('finance.shop.note') },
      select: { id: true },
    });
    await recordHistory(tx, { table: 'sales', recordId: sale.id, type: '+', actor, changes: [{ field: 'student_id', old: null, new: student.id }, { field: 'from_shop', old: null, new: true }] });
    for (const item of items) {
      const concept = byId.get(item.concept_id)!;
      const amount = concept.amount.toFixed(2);
      const discount = await unitDiscountForLine(tx, sale.id, concept.id, amount);
      const total = concept.amount.minus(discount).times(item.qty).toFixed(2);
      const line = await tx.saleDetail.create({ data: { sale_id: sale.id, concept_id: concept.id, description: concept.description.slice(0, 300), qty: item.qty, amount, iva: concept.iva.toFixed(4), discount, total }, select: { id: true } });
      await recordHistory(tx, { table: 'sale_details', recordId: line.id, type: '+', actor, changes: [{ field: 'concept_id', old: null, new: concept.id }, { field: 'qty', old: null, new: item.qty }, { field: 'total', old: null, new: total }] });
    }
    await settleSale(tx, actor, sale.id);
    const saved = await tx.sale.findUniqueOrThrow({ where: { id: sale.id }, select: { total_pay: true, total_debt: true } });
    const reference = saved.total_debt.greaterThan(0) ? await issueSaleReference(tx, actor, sale.id, t) : null;
    const issued = reference ? await tx.reference.findUniqueOrThrow({ where: { id: reference.id }, select: { id: true, bank_ref: true, amount: true, vigency: true } }) : null;
    return {
      sale_id: sale.id,
      total_pay: saved.total_pay.toFixed(2),
      reference: issued ? { id: issued.id, bank_ref: issued.bank_ref, amount: issued.amount.toFixed(2), vigency: issued.vigency.toISOString().slice(0, 10) } : null,
    };
  });
}
