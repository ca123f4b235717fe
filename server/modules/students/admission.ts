// A new student from an admitted applicant (convert_to_student): the student's record is written
// here, by her own module, with a control number from the sequence (never issued twice) and her
// first group through the one enrolment operation.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import { nextControlNumber } from './control-number';
import { enrol } from './enrolment';

type Tx = Prisma.TransactionClient;

/** What a student is created with, besides her control number and serial (the sequence's). */
export type AdmittedStudent = Omit<Prisma.StudentUncheckedCreateInput, 'no_control' | 'serial_number'>;

/** Creates the student and enrols her in her first group, in the caller's transaction. */
export async function admitStudent(tx: Tx, actor: Actor, input: { data: AdmittedStudent; group_id: number; aspirant_id: number }): Promise<{ id: number; no_control: string; history: HistoryEntry[] }> {
  const { no_control, serial_number } = await nextControlNumber(tx);
  const student = await tx.student.create({ data: { ...input.data, no_control, serial_number }, select: { id: true } });
  const history: HistoryEntry[] = [{ table: 'students', recordId: student.id, type: '+', actor, changes: [{ field: 'no_control', old: null, new: no_control }, { field: 'aspirant_id', old: null, new: input.aspirant_id }] }];
  // The first group is an enrolment like any other (capacity under the group's lock, her current group set).
  history.push(...(await enrol(tx, actor, { student_id: student.id, group_id: input.group_id })).history);
  return { id: student.id, no_control, history };
}

/** The student's portal account. */
export async function linkStudentAccount(tx: Tx, studentId: number, userId: number): Promise<void> {
  await tx.student.update({ where: { id: studentId }, data: { user_id: userId } });
}
