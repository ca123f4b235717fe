// Charges made by other processes (an exam fee) and the settling of a sale when its payments
// change: its paid amount, debt and paid flag are recomputed from the active payments, and what
// waits on the payment follows (an extraordinary exam request becomes PAID, or goes back to REQ
// when the payment is cancelled before the exam was approved). All inside the caller's transaction,
// with the history rows of what changed.
import { saleBalance, withoutTax } from '@/lib/finance/balance';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { type Change, type HistoryEntry, recordHistory, recordHistoryMany } from '@/server/engine/audit';

type Tx = Prisma.TransactionClient;

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

/** Recomputes a sale's payment state from its active payments, and what depends on it. */
export async function settleSale(tx: Tx, actor: Actor, saleId: number): Promise<void> {
  const sale = await tx.sale.findUnique({ where: { id: saleId }, select: { id: true, total_pay: true, total_paid: true, total_debt: true, paid: true, paid_at: true, payments: { where: { status: true }, select: { amount: true } } } });
  if (!sale) return;
  const balance = saleBalance(sale.total_pay.toFixed(2), sale.payments.map((payment) => payment.amount.toFixed(2)));
  const history: HistoryEntry[] = [];
  const changes: Change[] = [];
  if (balance.total_paid !== sale.total_paid.toFixed(2)) changes.push({ field: 'total_paid', old: sale.total_paid.toFixed(2), new: balance.total_paid });
  if (balance.total_debt !== sale.total_debt.toFixed(2)) changes.push({ field: 'total_debt', old: sale.total_debt.toFixed(2), new: balance.total_debt });
  if (balance.paid !== sale.paid) changes.push({ field: 'paid', old: sale.paid, new: balance.paid });
  if (changes.length > 0) {
    await tx.sale.update({
      where: { id: sale.id },
      data: { total_paid: balance.total_paid, total_debt: balance.total_debt, paid: balance.paid, paid_at: balance.paid ? (sale.paid_at ?? new Date()) : null },
    });
    history.push({ table: 'sales', recordId: sale.id, type: '~', actor, changes });
  }

  // Exam requests charged on this sale: paid when it is, back to requested when it no longer is
  // and the exam was not approved yet.
  const requests = await tx.extraordinary.findMany({ where: { sale_id: sale.id, is_deleted: false }, select: { id: true, status: true, paid: true } });
  for (const request of requests) {
    const status = balance.paid && request.status === 'REQ' ? 'PAID' : !balance.paid && request.status === 'PAID' ? 'REQ' : request.status;
    if (request.paid === balance.paid && status === request.status) continue;
    await tx.extraordinary.update({ where: { id: request.id }, data: { paid: balance.paid, status } });
    const moved: Change[] = [{ field: 'paid', old: request.paid, new: balance.paid }];
    if (status !== request.status) moved.push({ field: 'status', old: request.status, new: status });
    history.push({ table: 'extraordinaries', recordId: request.id, type: '~', actor, changes: moved });
  }
  await recordHistoryMany(tx, history);
}
