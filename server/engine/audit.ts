// The audit history: who changed which fields, old and new, written inside the change's transaction.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { toWire } from '@/server/engine/wire';
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

export type HistoryEntry = { table: string; recordId: string | number; type: '+' | '~' | '-'; actor: Actor | null; changes: Change[]; reason?: string };

/** The audit row of an entry, or null when an update changed nothing worth recording. */
function auditRow(entry: HistoryEntry) {
  if (entry.type === '~' && entry.changes.length === 0) return null;
  return {
    resource: entry.table,
    record_id: String(entry.recordId),
    type: entry.type,
    user_id: entry.actor?.id ?? null,
    username: entry.actor?.username ?? '',
    changes: entry.changes as unknown as Prisma.InputJsonValue,
    reason: entry.reason ?? '',
  };
}

export async function recordHistory(tx: Prisma.TransactionClient, entry: HistoryEntry): Promise<void> {
  await recordHistoryMany(tx, [entry]);
}

/**
 * The history of a write or a bulk action (one row per record it created or changed), in one
 * statement: the rows travel as one JSON parameter, so a busy counter pays one round trip and no
 * query building per payment. Dates are UTC, as the client writes the other timestamps.
 */
export async function recordHistoryMany(tx: Prisma.TransactionClient, entries: readonly HistoryEntry[]): Promise<void> {
  const rows = entries.map(auditRow).filter((row) => row !== null);
  if (rows.length === 0) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO audit_logs (resource, record_id, type, user_id, username, date, changes, reason)
     SELECT r->>'resource', r->>'record_id', r->>'type', (r->>'user_id')::int, r->>'username', (now() AT TIME ZONE 'UTC')::timestamp(3), r->'changes', r->>'reason'
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS given(r, position) ORDER BY position`,
    JSON.stringify(rows),
  );
}
