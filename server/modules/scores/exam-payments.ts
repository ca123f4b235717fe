// How an exam request follows the sale that charges it (finance emits saleSettled): paid when the
// sale is, back to requested when it no longer is and the exam was not approved yet. The request is
// this module's record, so this module writes it.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { Change, HistoryEntry } from '@/server/engine/audit';
import type { DomainEvents } from '@/server/modules/shared/events';

export async function examRequestsFollowSale(tx: Prisma.TransactionClient, actor: Actor, { saleId, paid }: DomainEvents['saleSettled']): Promise<HistoryEntry[]> {
  const history: HistoryEntry[] = [];
  const requests = await tx.extraordinary.findMany({ where: { sale_id: saleId, is_deleted: false }, select: { id: true, status: true, paid: true } });
  for (const request of requests) {
    const status = paid && request.status === 'REQ' ? 'PAID' : !paid && request.status === 'PAID' ? 'REQ' : request.status;
    if (request.paid === paid && status === request.status) continue;
    await tx.extraordinary.update({ where: { id: request.id }, data: { paid, status } });
    const moved: Change[] = [{ field: 'paid', old: request.paid, new: paid }];
    if (status !== request.status) moved.push({ field: 'status', old: request.status, new: status });
    history.push({ table: 'extraordinaries', recordId: request.id, type: '~', actor, changes: moved });
  }
  return history;
}
