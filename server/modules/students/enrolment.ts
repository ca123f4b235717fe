// Enrolment (inscripción en un grupo): ONE operation, `enrol`, for every way a student enters a
// group: the enrolment API (scheduler/api/student-groups/), the student form's "Grupo actual", a
// movement (cambio de grupo), the conversion of an applicant and the reinstatement of a
// withdrawal. A whole-group enrolment locks the group and checks its capacity ("Cupo excedido",
// 409: capacity 0 = no limit), closes the student's previous current whole-group enrolment of the
// same period (one current group per period) and sets the student's current group, all in the
// caller's transaction, each change with its history row. The capture sheets and attendance lists
// read the enrolments (student_groups), so the student appears there as soon as she is enrolled.
// The enrolment's state table (which fields change, when it may be deleted) is data below.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import { defineStates } from '@/server/engine/states';
import type { Row } from '@/server/engine/types';
import { ApiError, fieldError, msg } from '@/server/errors';

type Tx = Prisma.TransactionClient;

/** Locks a group for the rest of the transaction; answers it with how many students it holds. */
export async function lockGroupWithCount(tx: Tx, groupId: number, field = 'to_group_id') {
  await tx.$queryRaw`SELECT id FROM groups WHERE id = ${groupId} FOR UPDATE`;
  const group = await tx.group.findUnique({
    where: { id: groupId },
    select: { id: true, code: true, capacity: true, cicle_id: true, career_id: true, status: true, _count: { select: { student_groups: { where: { status: true, is_current: true, subject_id: null } } } } },
  });
  if (!group) throw fieldError(field, 'errors.unknown_reference');
  return { ...group, enrolled: group._count.student_groups };
}

/** Whether a group has no room left (capacity 0 means no limit). */
export function isFull(group: { capacity: number; enrolled: number }): boolean {
  return group.capacity > 0 && group.enrolled >= group.capacity;
}

/** Refuses a group that is full: a state of the group that forbids the enrolment (409, api.md). */
export function checkCapacity(group: { code: string; capacity: number; enrolled: number }): void {
  if (isFull(group)) throw new ApiError(409, msg('scholar.groups.capacity_exceeded', { group: group.code, capacity: group.capacity }), null, { reason: 'capacity_exceeded' });
}

export type EnrolInput = {
  student_id: number;
  group_id: number;
  /** A subject taken alone in the group (an irregular student): no current group changes then. */
  subject_id?: number | null;
  is_boss?: boolean;
};

export type Enrolled = {
  /** The enrolment (student_groups row) that is current now. */
  id: number;
  /** Whether it already was current (nothing changed). */
  already: boolean;
  history: HistoryEntry[];
};

/** The request field a refusal names: the API's `group_id`, a movement's `to_group_id`. */
type EnrolOptions = { groupField?: string; studentField?: string };

/**
 * Enrols a student in a group, in the caller's transaction: see the head of this file. A student
 * who was in the group before takes her earlier enrolment up again (her scores and the sheets
 * keep one row per student). Answers the current enrolment and the history rows to record.
 */
export async function enrol(tx: Tx, actor: Actor, input: EnrolInput, options: EnrolOptions = {}): Promise<Enrolled> {
  const groupField = options.groupField ?? 'group_id';
  const studentField = options.studentField ?? 'student_id';
  const subjectId = input.subject_id ?? null;
  await tx.$queryRaw`SELECT id FROM students WHERE id = ${input.student_id} FOR UPDATE`;
  const student = await tx.student.findUnique({ where: { id: input.student_id }, select: { id: true, is_active: true, current_group_id: true, cicle_id: true } });
  if (!student) throw fieldError(studentField, 'errors.unknown_reference');
  // A withdrawn student comes back through a reinstatement, which makes her active first.
  if (!student.is_active) throw new ApiError(409, msg('scholar.enrolment.inactive'));
  const group = await lockGroupWithCount(tx, input.group_id, groupField);
  if (!group.status) throw fieldError(groupField, 'errors.unknown_reference');

  const history: HistoryEntry[] = [];
  const earlier = await tx.studentGroup.findFirst({ where: { student_id: input.student_id, group_id: input.group_id, subject_id: subjectId }, select: { id: true, is_current: true, status: true, is_boss: true } });
  const wholeGroup = subjectId === null;
  if (earlier?.is_current && earlier.status) {
    // Already enrolled: nothing changes, but the student's current group is made to agree.
    if (wholeGroup && student.current_group_id !== group.id) history.push(await setCurrentGroup(tx, actor, student, group));
    return { id: earlier.id, already: true, history };
  }
  if (wholeGroup) {
    checkCapacity(group);
    // One current group per period: the one she leaves becomes history.
    const previous = await tx.studentGroup.findMany({ where: { student_id: input.student_id, subject_id: null, is_current: true, group_id: { not: group.id }, group: { cicle_id: group.cicle_id } }, select: { id: true } });
    for (const row of previous) {
      await tx.studentGroup.update({ where: { id: row.id }, data: { is_current: false } });
      history.push({ table: 'student_groups', recordId: row.id, type: '~', actor, changes: [{ field: 'is_current', old: true, new: false }] });
    }
  }
  let id: number;
  if (earlier) {
    const data = { is_current: true, status: true, ...(input.is_boss !== undefined ? { is_boss: input.is_boss } : {}) };
    await tx.studentGroup.update({ where: { id: earlier.id }, data });
    id = earlier.id;
    const changes = Object.entries(data)
      .filter(([field, value]) => (earlier as Record<string, unknown>)[field] !== value)
      .map(([field, value]) => ({ field, old: (earlier as Record<string, unknown>)[field], new: value }));
    history.push({ table: 'student_groups', recordId: id, type: '~', actor, changes });
  } else {
    const row = await tx.studentGroup.create({ data: { student_id: input.student_id, group_id: input.group_id, subject_id: subjectId, is_current: true, is_boss: input.is_boss ?? false }, select: { id: true } });
    id = row.id;
    history.push({
      table: 'student_groups',
      recordId: id,
      type: '+',
      actor,
      changes: [
        { field: 'student_id', old: null, new: input.student_id },
        { field: 'group_id', old: null, new: input.group_id },
        ...(subjectId ? [{ field: 'subject_id', old: null, new: subjectId }] : []),
        { field: 'is_current', old: null, new: true },
      ],
    });
  }
  if (wholeGroup && (student.current_group_id !== group.id || student.cicle_id !== group.cicle_id)) history.push(await setCurrentGroup(tx, actor, student, group));
  return { id, already: false, history };
}

/** The student's current group (and period) follow her whole-group enrolment. */
async function setCurrentGroup(tx: Tx, actor: Actor, student: { id: number; current_group_id: number | null; cicle_id: number | null }, group: { id: number; cicle_id: number }): Promise<HistoryEntry> {
  await tx.student.update({ where: { id: student.id }, data: { current_group_id: group.id, cicle_id: group.cicle_id } });
  const changes = [
    ...(student.current_group_id !== group.id ? [{ field: 'current_group_id', old: student.current_group_id, new: group.id }] : []),
    ...(student.cicle_id !== group.cicle_id ? [{ field: 'cicle_id', old: student.cicle_id, new: group.cicle_id }] : []),
  ];
  return { table: 'students', recordId: student.id, type: '~', actor, changes };
}

/**
 * A student leaves her current whole-group enrolments (the student form's "Grupo actual" emptied):
 * they become history and she has no current group. Answers the history rows.
 */
export async function leaveCurrentGroups(tx: Tx, actor: Actor, studentId: number): Promise<HistoryEntry[]> {
  const rows = await tx.studentGroup.findMany({ where: { student_id: studentId, subject_id: null, is_current: true }, select: { id: true } });
  const history: HistoryEntry[] = [];
  for (const row of rows) {
    await tx.studentGroup.update({ where: { id: row.id }, data: { is_current: false } });
    history.push({ table: 'student_groups', recordId: row.id, type: '~', actor, changes: [{ field: 'is_current', old: true, new: false }] });
  }
  return history;
}

/**
 * A student's individual load of a period (an irregular student's subjects taken in other groups):
 * the chosen classes become her current subject enrolments, the ones left out are closed, and she
 * is irregular from then on. Answers the history rows; the caller checked the classes and clashes.
 */
export async function replaceSubjectLoad(tx: Tx, actor: Actor, input: { student_id: number; cicle_id: number; is_regular: boolean; chosen: readonly { group_id: number; subject_id: number }[] }): Promise<HistoryEntry[]> {
  const { student_id: studentId, chosen } = input;
  const history: HistoryEntry[] = [];
  const current = await tx.studentGroup.findMany({ where: { student_id: studentId, subject_id: { not: null }, group: { cicle_id: input.cicle_id } }, select: { id: true, group_id: true, subject_id: true, is_current: true, status: true } });
  const wanted = new Set(chosen.map((item) => `${item.group_id}:${item.subject_id}`));
  for (const row of current) {
    const keep = wanted.has(`${row.group_id}:${row.subject_id}`);
    if (keep && (!row.is_current || !row.status)) {
      await tx.studentGroup.update({ where: { id: row.id }, data: { is_current: true, status: true } });
      history.push({ table: 'student_groups', recordId: row.id, type: '~', actor, changes: [{ field: 'is_current', old: row.is_current, new: true }] });
    } else if (!keep && row.is_current) {
      await tx.studentGroup.update({ where: { id: row.id }, data: { is_current: false } });
      history.push({ table: 'student_groups', recordId: row.id, type: '~', actor, changes: [{ field: 'is_current', old: true, new: false }] });
    }
  }
  const existing = new Set(current.map((row) => `${row.group_id}:${row.subject_id}`));
  for (const item of chosen) {
    if (existing.has(`${item.group_id}:${item.subject_id}`)) continue;
    const row = await tx.studentGroup.create({ data: { student_id: studentId, group_id: item.group_id, subject_id: item.subject_id, is_current: true }, select: { id: true } });
    history.push({ table: 'student_groups', recordId: row.id, type: '+', actor, changes: [{ field: 'group_id', old: null, new: item.group_id }, { field: 'subject_id', old: null, new: item.subject_id }] });
  }
  // A student with an individual load is irregular.
  if (chosen.length && input.is_regular) {
    await tx.student.update({ where: { id: studentId }, data: { is_regular: false } });
    history.push({ table: 'students', recordId: studentId, type: '~', actor, changes: [{ field: 'is_regular', old: true, new: false }] });
  }
  return history;
}

/** The group's boss (jefe de grupo): one per group, marked on her whole-group enrolment. Answers the
 * history rows of the enrolments that lose the mark; the caller checked she is in the group. */
export async function setGroupBoss(tx: Tx, actor: Actor, groupId: number, studentId: number | null): Promise<HistoryEntry[]> {
  const previous = await tx.studentGroup.findMany({ where: { group_id: groupId, is_boss: true }, select: { id: true, student_id: true } });
  await tx.studentGroup.updateMany({ where: { group_id: groupId, is_boss: true }, data: { is_boss: false } });
  if (studentId) await tx.studentGroup.updateMany({ where: { group_id: groupId, student_id: studentId, subject_id: null }, data: { is_boss: true } });
  return previous.filter((row) => row.student_id !== studentId).map((row) => ({ table: 'student_groups', recordId: row.id, type: '~' as const, actor, changes: [{ field: 'is_boss', old: true, new: false }] }));
}

// ---------------------------------------------------------------------------------------------
// The enrolment's state table.

/** Scores captured for the student in the enrolment's classes (a number or NP). */
async function hasScores(tx: Tx, row: Row): Promise<boolean> {
  const scored = await tx.score.count({
    where: { student_id: row.student_id as number, OR: [{ score: { not: null } }, { is_np: true }], schedule: { group_id: row.group_id as number, ...(row.subject_id ? { subject_id: row.subject_id as number } : {}) } },
  });
  return scored > 0;
}

/**
 * CURRENT: the student is in the group now; GRADED: current, with scores captured there; CLOSED:
 * an earlier enrolment (moved, withdrawn, past period), which is history. An enrolment is changed
 * by `enrol`, a movement or a withdrawal, never by a plain save: only the group boss flag (jefe de
 * grupo) of a current enrolment is edited. A current enrolment made by mistake, with no scores yet,
 * may be deleted; one with scores or one that is history may not.
 */
export const enrolmentStates = defineStates({
  aggregate: 'enrolment',
  states: {
    CURRENT: { update: ['is_boss'], delete: true },
    GRADED: { update: ['is_boss'], delete: false },
    CLOSED: { update: [], delete: false },
  },
  stateOf: async (tx, row) => (!(row.is_current && row.status) ? 'CLOSED' : (await hasScores(tx, row)) ? 'GRADED' : 'CURRENT'),
});
