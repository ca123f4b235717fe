// `Idempotency-Key` on a create (design/api.md): a client that lost the answer to a payment sends
// it again with the same key and the payment counts once. The key is claimed in the write's own
// transaction, before the write: a concurrent retry waits on the claim (PostgreSQL's unique
// index) and then reads the answer the first request stored; a write that fails rolls its claim
// back with it, so the retry runs it again.
import { prisma } from '@/server/db/client';
import type { Prisma } from '@/server/db/client';
import { badRequest, conflict, msg } from '@/server/errors';
import { plainJson } from './respond';

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The header's key, or null without one; a key that is not 1-200 visible ASCII characters is refused. */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get('idempotency-key');
  if (raw === null) return null;
  const key = raw.trim();
  if (!KEY.test(key)) throw badRequest({ 'Idempotency-Key': [msg('errors.idempotency_key')] });
  return key;
}

export async function idempotent(userId: number, key: string, request: string, write: (tx: Prisma.TransactionClient) => Promise<{ data: unknown; status: number }>): Promise<Response> {
  return prisma.$transaction(
    async (tx) => {
      const claimed = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO idempotency_keys (user_id, key, request, status, body)
        VALUES (${userId}, ${key}, ${request}, 0, '')
        ON CONFLICT (user_id, key) DO NOTHING
        RETURNING id`;
      if (claimed.length === 0) {
        const stored = await tx.idempotencyKey.findUnique({ where: { user_id_key: { user_id: userId, key } } });
        // The same key for another call is a client's mistake, never a replay.
        if (!stored || stored.request !== request) throw conflict('errors.idempotency_reused');
        return new Response(stored.body, { status: stored.status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'idempotent-replayed': 'true' } });
      }
      // Keys are kept a day: long enough for any retry. Now and then a claim clears the old ones.
      if (Math.random() < 0.01) await tx.$executeRaw`DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'`;
      const { data, status } = await write(tx);
      const body = JSON.stringify(data);
      await tx.idempotencyKey.update({ where: { id: claimed[0].id }, data: { status, body } });
      return plainJson(data, status);
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
