// The applicant's state as the actions and the settling of their admission charge change it:
// the row locked for the transaction, the state machine's answer (a 409 naming the states when a
// move is refused), and the new state written with its history row.
import { type AspirantAction, type AspirantStatus, aspirantTransition } from '@/lib/admissions/aspirant-states';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import { ApiError, msg, notFound } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';

type Tx = Prisma.TransactionClient;

export const aspirantRow = {
  id: true,
  status: true,
  is_active: true,
  names: true,
  first_name: true,
  second_name: true,
  email: true,
  web_code: true,
  web_pass: true,
  cicle_id: true,
  campus_id: true,
  career_id: true,
  shift_id: true,
  sale_id: true,
  student_id: true,
  user_id: true,
} as const;

export type Aspirant = Prisma.AspirantGetPayload<{ select: typeof aspirantRow }>;

export const fullName = (person: { names: string; first_name: string; second_name: string | null }) => [person.names, person.first_name, person.second_name].filter(Boolean).join(' ');

/** Locks the applicant's row for the rest of the transaction and reads it. */
export async function lockAspirant(tx: Tx, id: number): Promise<Aspirant> {
  await tx.$queryRaw`SELECT id FROM aspirants WHERE id = ${id} FOR UPDATE`;
  const aspirant = await tx.aspirant.findUnique({ where: { id }, select: aspirantRow });
  if (!aspirant) throw notFound();
  return aspirant;
}

/** The state machine's answer, or the 409 that names the states. */
export function allowed(aspirant: Aspirant, action: AspirantAction, t: Translate): { status: AspirantStatus; is_active: boolean } {
  const move = aspirantTransition({ status: aspirant.status, is_active: aspirant.is_active }, action);
  if (move.ok) return move.to;
  const label = (status: AspirantStatus) => t(`enums.AspirantStatus.${status}`);
  const values: Record<string, string> = move.reason === 'status' ? { action: t(`admissions.actions.${action}`), from: label(move.from), allowed: move.allowed.map(label).join(', ') } : { action: t(`admissions.actions.${action}`) };
  throw new ApiError(409, msg(`admissions.refused_${move.reason}`, values));
}

/** Writes the applicant's new state with its history row (and what else the action changed). */
export async function moveTo(tx: Tx, actor: Actor, aspirant: Aspirant, to: { status: AspirantStatus; is_active: boolean }, extra: Prisma.AspirantUncheckedUpdateInput = {}, reason?: string): Promise<HistoryEntry> {
  await tx.aspirant.update({ where: { id: aspirant.id }, data: { status: to.status, is_active: to.is_active, ...extra } });
  const changes = [
    ...(to.status !== aspirant.status ? [{ field: 'status', old: aspirant.status, new: to.status }] : []),
    ...(to.is_active !== aspirant.is_active ? [{ field: 'is_active', old: aspirant.is_active, new: to.is_active }] : []),
    ...Object.entries(extra).map(([field, value]) => ({ field, old: (aspirant as Record<string, unknown>)[field] ?? null, new: value ?? null })),
  ];
  return { table: 'aspirants', recordId: aspirant.id, type: '~', actor, changes, reason };
}
