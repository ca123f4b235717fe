// What a group change and a withdrawal do to a student, in the same transaction as their record:
//
// - A movement (cambio de grupo) moves the student's current whole-group enrolment to the target
//   group, checked against its capacity under a lock on the group, within the same period (a
//   change of period is a reinscription) and the same career unless staff say so
//   (`?allow_other_career=true`); the student's current group (and career) follow. An applied
//   movement is not edited: undoing it is another movement.
// - A withdrawal (baja) makes the student inactive with the status its type implies (BT temporary,
//   anything else definitive), closes their current enrolments and stops their unpaid tuition
//   months after the withdrawal date. Reinstating a temporary one reverses that.
// Every change leaves its history rows.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import type { Row, WriteContext } from '@/server/engine/types';
import { ApiError, fieldError, msg, notFound } from '@/server/errors';
import { checkCapacity, enrol, isFull, lockGroupWithCount } from './enrolment';
import { switchTuitionMonths } from '@/server/modules/finance';

type Tx = Prisma.TransactionClient;

/** Catalogue classification 3: the student's school status. */
const STUDENT_STATUS_CLASS = 3;

async function statusId(tx: Tx, code: string): Promise<number | null> {
  return (await tx.catalog.findFirst({ where: { clas_id: STUDENT_STATUS_CLASS, code }, select: { id: true } }))?.id ?? null;
}

/** A movement's create: checks and completes it (from group, period, date); the move itself is `applyMovement`. */
export async function prepareMovement(input: Row, write: WriteContext): Promise<Row> {
  const { tx, existing, actor, ctx } = write;
  if (existing) {
    // An applied movement stays as it happened.
    for (const field of ['student_id', 'from_group_id', 'to_group_id'] as const) {
      if (field in input && input[field] !== existing[field]) throw new ApiError(409, msg('scholar.movements.applied'));
    }
    return input;
  }
  const studentId = input.student_id as number;
  await tx.$queryRaw`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`;
  const student = await tx.student.findUnique({ where: { id: studentId }, select: { id: true, is_active: true, current_group_id: true } });
  if (!student) throw fieldError('student_id', 'errors.unknown_reference');
  if (!student.is_active) throw new ApiError(409, msg('scholar.movements.inactive'));
  const fromId = (input.from_group_id as number | null | undefined) ?? student.current_group_id;
  const current = fromId ? await tx.studentGroup.findFirst({ where: { student_id: studentId, group_id: fromId, subject_id: null, status: true, is_current: true }, select: { id: true } }) : null;
  if (!fromId || !current) throw fieldError('from_group_id', 'scholar.movements.not_in_group');
  const toId = input.to_group_id as number | null | undefined;
  if (!toId) throw fieldError('to_group_id', 'errors.required');
  if (toId === fromId) throw fieldError('to_group_id', 'scholar.movements.same_group');
  const [from, to] = await Promise.all([tx.group.findUniqueOrThrow({ where: { id: fromId }, select: { cicle_id: true, career_id: true } }), lockGroupWithCount(tx, toId)]);
  if (!to.status) throw fieldError('to_group_id', 'errors.unknown_reference');
  if (to.cicle_id !== from.cicle_id) throw fieldError('to_group_id', 'scholar.movements.other_period');
  if (to.career_id !== from.career_id && ctx.query.get('allow_other_career') !== 'true') throw fieldError('to_group_id', 'scholar.movements.other_career');
  checkCapacity(to);
  return { ...input, from_group_id: fromId, cicle_id: to.cicle_id, user_id: actor.id };
}

/** After a movement is created: the student is enrolled in the target group (`enrol` closes the
 * group she leaves, of the same period, and sets her current group); her career follows the group's. */
export async function applyMovement(movementId: number, { tx, actor, existing }: WriteContext): Promise<HistoryEntry[]> {
  if (existing) return [];
  const movement = await tx.studentMovement.findUniqueOrThrow({ where: { id: movementId }, select: { student_id: true, to_group_id: true } });
  const to = await tx.group.findUniqueOrThrow({ where: { id: movement.to_group_id! }, select: { id: true, career_id: true } });
  const done = await enrol(tx, actor, { student_id: movement.student_id, group_id: to.id }, { groupField: 'to_group_id' });
  const history: HistoryEntry[] = [...done.history];
  const student = await tx.student.findUniqueOrThrow({ where: { id: movement.student_id }, select: { career_id: true } });
  if (to.career_id && student.career_id !== to.career_id) history.push(await updateStudent(tx, actor, movement.student_id, student, { career_id: to.career_id }));
  return history;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals.

/** Writes a student's changes; answers the history entry of what really changed. */
async function updateStudent(tx: Tx, actor: Actor, studentId: number, before: Record<string, unknown>, data: Record<string, number | boolean | null>): Promise<HistoryEntry> {
  await tx.student.update({ where: { id: studentId }, data });
  const changes = Object.entries(data)
    .filter(([field, value]) => before[field] !== value)
    .map(([field, value]) => ({ field, old: before[field] ?? null, new: value }));
  return { table: 'students', recordId: studentId, type: '~', actor, changes };
}

/** The student's status after a withdrawal of this type: BT is temporary, anything else definitive. */
export function withdrawnStatus(typeCode: string): 'BT' | 'BD' {
  return typeCode === 'BT' ? 'BT' : 'BD';
}

/** A withdrawal's create: completes it (who, the student's career and period). */
export async function prepareWithdrawal(input: Row, write: WriteContext): Promise<Row> {
  if (write.existing) return input;
  const student = await write.tx.student.findUnique({ where: { id: input.student_id as number }, select: { is_active: true, career_id: true, cicle_id: true } });
  if (!student) throw fieldError('student_id', 'errors.unknown_reference');
  if (!student.is_active) throw new ApiError(409, msg('scholar.terminations.already_inactive'));
  return { ...input, user_id: write.actor.id, career_id: input.career_id ?? student.career_id, cicle_id: input.cicle_id ?? student.cicle_id };
}

/** After a withdrawal is created: the student leaves their groups and their tuition stops. */
export async function applyWithdrawal(terminationId: number, { tx, actor, existing }: WriteContext): Promise<HistoryEntry[]> {
  if (existing) return [];
  const termination = await tx.termination.findUniqueOrThrow({ where: { id: terminationId }, select: { student_id: true, term_date: true, type: { select: { code: true } } } });
  const studentId = termination.student_id;
  await tx.$queryRaw`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`;
  const student = await tx.student.findUniqueOrThrow({ where: { id: studentId }, select: { is_active: true, status_id: true, current_group_id: true } });
  const history: HistoryEntry[] = [];
  const status = await statusId(tx, withdrawnStatus(termination.type.code));
  history.push(await updateStudent(tx, actor, studentId, student, { is_active: false, status_id: status, current_group_id: null }));
  const enrolments = await tx.studentGroup.findMany({ where: { student_id: studentId, is_current: true, status: true }, select: { id: true } });
  if (enrolments.length) {
    await tx.studentGroup.updateMany({ where: { id: { in: enrolments.map((row) => row.id) } }, data: { is_current: false } });
    for (const row of enrolments) history.push({ table: 'student_groups', recordId: row.id, type: '~', actor, changes: [{ field: 'is_current', old: true, new: false }] });
  }
  history.push(...(await switchTuitionMonths(tx, actor, studentId, termination.term_date, false)));
  return history;
}

/**
 * Reinstating a temporary withdrawal: the student is active again (regular, or irregular when so
 * marked), enrolled again in the last group they left if it is of an active period (a group that
 * is full refuses the reinstatement with 409), and their stopped tuition months of that time run
 * again. The withdrawal stays on record, ended.
 */
export async function reinstate(tx: Tx, actor: Actor, terminationId: number): Promise<{ history: HistoryEntry[]; group: { id: number; code: string } | null }> {
  await tx.$queryRaw`SELECT id FROM terminations WHERE id = ${terminationId} FOR UPDATE`;
  const termination = await tx.termination.findUnique({ where: { id: terminationId }, select: { id: true, status: true, student_id: true, term_date: true, type: { select: { code: true } } } });
  if (!termination) throw notFound();
  if (!termination.status) throw new ApiError(409, msg('scholar.terminations.already_ended'));
  if (withdrawnStatus(termination.type.code) !== 'BT') throw new ApiError(409, msg('scholar.terminations.definitive'));
  const studentId = termination.student_id;
  await tx.$queryRaw`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`;
  const student = await tx.student.findUniqueOrThrow({ where: { id: studentId }, select: { is_active: true, status_id: true, is_regular: true, current_group_id: true } });
  const history: HistoryEntry[] = [];
  await tx.termination.update({ where: { id: terminationId }, data: { status: false } });
  history.push({ table: 'terminations', recordId: terminationId, type: '~', actor, changes: [{ field: 'status', old: true, new: false }] });

  // The last whole group they left, if its period is still running. A group that filled up in
  // the meantime refuses the reinstatement (409, nothing changes): staff free a place or move her
  // to another group first, rather than finding her back with no group and no word.
  const last = await tx.studentGroup.findFirst({
    where: { student_id: studentId, subject_id: null, status: true, is_current: false, group: { status: true, cicle: { is_active: true } } },
    orderBy: { updated_at: 'desc' },
    select: { group_id: true, group: { select: { code: true } } },
  });
  if (last) {
    const locked = await lockGroupWithCount(tx, last.group_id);
    if (isFull(locked)) throw new ApiError(409, msg('scholar.terminations.group_full', { group: locked.code, capacity: locked.capacity }), null, { reason: 'capacity_exceeded' });
  }
  const status = await statusId(tx, student.is_regular ? 'REG' : 'IRR');
  // Active first: `enrol` takes only active students.
  history.push(await updateStudent(tx, actor, studentId, student, { is_active: true, status_id: status }));
  let group: { id: number; code: string } | null = null;
  if (last) {
    history.push(...(await enrol(tx, actor, { student_id: studentId, group_id: last.group_id })).history);
    group = { id: last.group_id, code: last.group.code };
  }
  history.push(...(await switchTuitionMonths(tx, actor, studentId, termination.term_date, true)));
  return { history, group };
}
