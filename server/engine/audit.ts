// The audit history: who changed which fields, old and new, written inside the change's transaction.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { toWire } from '@/server/http/respond';
import type { Row } from './types';

export type Change = { field: string; old: unknown; new: unknown };

export function diffRows(before: Row | null, after: Row | null, exclude: readonly string[] = []): Change[] {
  const oldRow = (before ? toWire(before) : {}) as Row;
  const newRow = (after ? toWire(after) : {}) as Row;
  const fields = new Set([...Object.keys(oldRow), ...Object.keys(newRow)]);
  const changes: Change[] = [];
  for (const field of fields) {
    if (exclude.includes(field) || field === 'updated_at' || field === 'created_at') continue;
    const a = oldRow[field] ?? null;
    const b = newRow[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field, old: a, new: b });
  }
  return changes;
}

export async function recordHistory(
  tx: Prisma.TransactionClient,
  entry: { table: string; recordId: string | number; type: '+' | '~' | '-'; actor: Actor | null; changes: Change[] },
): Promise<void> {
  if (entry.type === '~' && entry.changes.length === 0) return;
  await tx.auditLog.create({
    data: {
      resource: entry.table,
      record_id: String(entry.recordId),
      type: entry.type,
      user_id: entry.actor?.id ?? null,
      username: entry.actor?.username ?? '',
      changes: entry.changes as unknown as Prisma.InputJsonValue,
    },
  });
}

/** The history of a bulk action (one row per record it created or changed), in one statement. */
export async function recordHistoryMany(
  tx: Prisma.TransactionClient,
  entries: readonly { table: string; recordId: string | number; type: '+' | '~' | '-'; actor: Actor | null; changes: Change[] }[],
): Promise<void> {
  const rows = entries.filter((entry) => entry.type !== '~' || entry.changes.length > 0);
  if (!rows.length) return;
  await tx.auditLog.createMany({
    data: rows.map((entry) => ({
      resource: entry.table,
      record_id: String(entry.recordId),
      type: entry.type,
      user_id: entry.actor?.id ?? null,
      username: entry.actor?.username ?? '',
      changes: entry.changes as unknown as Prisma.InputJsonValue,
    })),
  });
}
