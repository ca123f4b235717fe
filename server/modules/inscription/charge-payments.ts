// How admissions follow the sales that charge them (finance emits saleSettled): a reinscription's
// charge paid re-enrols the student (their group follows with generate_groups/) and a payment
// cancelled sends it back to waiting for payment; an applicant's admission charge paid moves them
// from PEND to PAY, and back, as the applicant's state machine allows. These are this module's
// records, so this module writes them.
import { type AspirantStatus, aspirantTransition } from '@/lib/admissions/aspirant-states';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import type { DomainEvents } from '@/server/modules/shared/events';

export async function reinscriptionsFollowSale(tx: Prisma.TransactionClient, actor: Actor, { saleId, paid }: DomainEvents['saleSettled']): Promise<HistoryEntry[]> {
  const history: HistoryEntry[] = [];
  const reinscriptions = await tx.reinscription.findMany({ where: { sale_id: saleId, status: true, reinscription_status: { in: ['Payment', 'Pending', 'Reinscription'] } }, select: { id: true, reinscription_status: true } });
  for (const row of reinscriptions) {
    const next = paid ? 'Reinscription' : 'Payment';
    if (row.reinscription_status === next) continue;
    await tx.reinscription.update({ where: { id: row.id }, data: { reinscription_status: next, pending: !paid, ...(paid ? {} : { reinscribed: false }) } });
    history.push({ table: 'reinscriptions', recordId: row.id, type: '~', actor, changes: [{ field: 'reinscription_status', old: row.reinscription_status, new: next }] });
  }
  return history;
}

export async function applicantFollowsSale(tx: Prisma.TransactionClient, actor: Actor, { aspirantId, paid }: DomainEvents['saleSettled']): Promise<HistoryEntry[]> {
  if (!aspirantId) return [];
  const [applicant] = await tx.$queryRaw<{ status: AspirantStatus; is_active: boolean }[]>`SELECT status::text AS status, is_active FROM aspirants WHERE id = ${aspirantId} FOR UPDATE`;
  const move = applicant ? aspirantTransition(applicant, paid ? 'paid' : 'unpaid') : null;
  if (!applicant || !move?.ok || move.to.status === applicant.status) return [];
  await tx.aspirant.update({ where: { id: aspirantId }, data: { status: move.to.status } });
  return [{ table: 'aspirants', recordId: aspirantId, type: '~', actor, changes: [{ field: 'status', old: applicant.status, new: move.to.status }] }];
}
