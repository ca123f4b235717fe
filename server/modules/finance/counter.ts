// The counter (Finanzas › Nueva venta): POST finance/api/sales/open/ opens a student's sale together
// with its first line, so a sale never exists without one (no empty $0 sales left behind when the
// cashier walks away), and POST finance/api/sales/{id}/discount/ grants a discount typed as a
// percentage. Both go through the generic operations of the sale, line and discount resources (their
// rules, state tables, settlement and history) inside one transaction.
import type { discountSale as discountSaleContract, openSale as openSaleContract } from '@/lib/contracts/finance';
import { fractionToPercent, percentToFraction } from '@/lib/finance/percent';
import { prisma } from '@/server/db/client';
import * as engine from '@/server/engine/engine';
import { created } from '@/server/engine/results';
import type { ContractContext, ResourceDefinition } from '@/server/engine/types';
import { fieldError } from '@/server/errors';

type CounterResources = { sales: ResourceDefinition; lines: ResourceDefinition; discounts: ResourceDefinition };

/** POST finance/api/sales/open/ */
export async function openSale(resources: CounterResources, { input, ...ctx }: ContractContext<typeof openSaleContract>) {
  const [student, concept] = await Promise.all([
    prisma.student.findUnique({ where: { id: input.student_id }, select: { id: true, is_active: true, career_id: true, current_group: { select: { cicle_id: true } } } }),
    prisma.concept.findUnique({ where: { id: input.concept_id }, select: { id: true, status: true, description: true } }),
  ]);
  if (!student || !student.is_active) throw fieldError('student_id', 'errors.unknown_reference');
  if (!concept || !concept.status) throw fieldError('concept_id', 'errors.unknown_reference');
  const opened = await prisma.$transaction(async (tx) => {
    const within = { ...ctx, tx };
    const sale = await engine.create(resources.sales, within, {
      student_id: student.id,
      cicle_id: student.current_group?.cicle_id ?? null,
      career_id: student.career_id,
      category: 'C',
      sale_type: 'ventanilla',
    });
    // The line takes its concept's price, tax and the student's discounts (sale-details' rules).
    const line = await engine.create(resources.lines, within, { sale_id: sale.id, concept_id: concept.id, description: concept.description.slice(0, 300), qty: input.qty ?? 1 });
    return { sale_id: Number(sale.id), line_id: Number(line.id) };
  });
  return created(opened);
}

/** POST finance/api/sales/{id}/discount/ */
export async function discountSale(resources: CounterResources, { input, params, ...ctx }: ContractContext<typeof discountSaleContract>) {
  // The sale as the caller may read it, or 404.
  await engine.show(resources.sales, ctx, params.id);
  const percentage = percentToFraction(input.percent);
  if (percentage === null) throw fieldError('percent', 'errors.percent_range');
  const discount = await engine.create(resources.discounts, ctx, { sale_id: Number(params.id), percentage, comment: input.comment || null });
  return created({ id: Number(discount.id), sale_id: Number(params.id), percent: fractionToPercent(percentage) ?? input.percent });
}
