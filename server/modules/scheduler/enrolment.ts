// Enrolment in a group as other modules change it: a group locked with how many students it holds,
// the capacity rule ("Cupo excedido", capacity 0 = no limit), and a student's whole-group
// enrolment made current. Used by the movements and withdrawals (students module), the enrolment
// API (scheduler/api/student-groups/) and the reinstatement of a withdrawal.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import type { Row, WriteContext } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { valueAfterWrite } from '@/server/modules/shared/fields';

type Tx = Prisma.TransactionClient;

/** Locks a group for the rest of the transaction; answers it with how many students it holds. */
export async function lockGroupWithCount(tx: Tx, groupId: number) {
  await tx.$queryRaw`SELECT id FROM groups WHERE id = ${groupId} FOR UPDATE`;
  const group = await tx.group.findUnique({
    where: { id: groupId },
    select: { id: true, code: true, capacity: true, cicle_id: true, career_id: true, status: true, _count: { select: { student_groups: { where: { status: true, is_current: true, subject_id: null } } } } },
  });
  if (!group) throw fieldError('to_group_id', 'errors.unknown_reference');
  return { ...group, enrolled: group._count.student_groups };
}

/** Refuses a group that is full (capacity 0 means no limit). */
export function checkCapacity(group: { code: string; capacity: number; enrolled: number }, field: string): void {
  if (group.capacity > 0 && group.enrolled >= group.capacity) throw fieldError(field, 'scholar.groups.capacity_exceeded', { group: group.code, capacity: group.capacity });
}

/** The student's whole-group enrolment in a group, made current (an earlier one is taken up again). */
export async function enrol(tx: Tx, actor: Actor, studentId: number, groupId: number): Promise<HistoryEntry[]> {
  const earlier = await tx.studentGroup.findFirst({ where: { student_id: studentId, group_id: groupId, subject_id: null }, select: { id: true, is_current: true, status: true } });
  if (earlier) {
    await tx.studentGroup.update({ where: { id: earlier.id }, data: { is_current: true, status: true } });
    return [{ table: 'student_groups', recordId: earlier.id, type: '~', actor, changes: [{ field: 'is_current', old: earlier.is_current, new: true }, ...(earlier.status ? [] : [{ field: 'status', old: false, new: true }])] }];
  }
  const row = await tx.studentGroup.create({ data: { student_id: studentId, group_id: groupId, is_current: true }, select: { id: true } });
  return [{ table: 'student_groups', recordId: row.id, type: '+', actor, changes: [{ field: 'student_id', old: null, new: studentId }, { field: 'group_id', old: null, new: groupId }] }];
}

/** A whole-group enrolment made through scheduler/api/student-groups/: the group must have room. */
export async function checkEnrolment(input: Row, { tx, existing }: WriteContext): Promise<Row> {
  const becomesCurrent = valueAfterWrite(input, existing, 'is_current') !== false && valueAfterWrite(input, existing, 'status') !== false && !valueAfterWrite(input, existing, 'subject_id');
  const groupId = valueAfterWrite(input, existing, 'group_id') as number;
  const wasCounted = existing && existing.is_current && existing.status && !existing.subject_id && existing.group_id === groupId;
  if (becomesCurrent && !wasCounted) checkCapacity(await lockGroupWithCount(tx, groupId), 'group_id');
  return input;
}

