// students/api/students/: the student record (alumno). A student sees only themself (Mis Datos);
// a teacher sees the students of the groups where they teach. A student carries academic history:
// she is withdrawn (baja), never deleted, and her control number is issued once. "Grupo actual"
// on the form is an enrolment (`enrol`), so she appears on her group's capture sheets and lists;
// her portal account (user = control number) is opened with her record.
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/students';
import { uploadPhotoAction } from '@/server/engine/upload-action';
import { getForCaptureAction, scoresResource } from '@/server/modules/scores';
import { z } from 'zod';
import { count, curp, email, genre, orNull, rfc, score } from '@/server/modules/shared/fields';
import { enrol, leaveCurrentGroups } from './enrolment';
import { nextControlNumber } from './control-number';
import { STUDENT_ACCOUNT_SELECT, openPortalAccount } from './portal-account';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';
import { fieldError } from '@/server/errors';
import { studentActions } from './student-actions';
import { refuseStudentDelete, studentStates } from './student-states';

/**
 * The current group chosen on the form is an enrolment: `enrol` closes her previous group of the
 * period and checks the new one's capacity (409 when full, and the save is refused whole). The
 * group must be one of her career's (a change of career goes through a movement).
 */
async function enrolFromForm(tx: Prisma.TransactionClient, actor: Actor, id: number, existing: Row | null | undefined, data: Row | null | undefined): Promise<HistoryEntry[]> {
  if (!data || !('current_group_id' in data)) return [];
  const groupId = data.current_group_id as number | null | undefined;
  if (existing && groupId === existing.current_group_id) return [];
  if (!groupId) return existing ? leaveCurrentGroups(tx, actor, id) : [];
  const careerId = ('career_id' in data ? data.career_id : existing?.career_id) as number | null | undefined;
  const group = await tx.group.findUnique({ where: { id: groupId }, select: { career_id: true } });
  if (group && careerId && group.career_id && group.career_id !== careerId) throw fieldError('current_group_id', 'scholar.enrolment.other_career');
  return (await enrol(tx, actor, { student_id: id, group_id: groupId }, { groupField: 'current_group_id' })).history;
}

export const studentsResource: ResourceDefinition = modelResource({
  base: 'students/api/students/',
  model: 'Student',
  // Cashiers and scholarship staff pick the student of a sale, a tuition plan or a scholarship.
  access: { routes: ['scholar-students'], readRoutes: ['portal-data', 'teacher-groups', 'finance-sales', 'finance-payments', 'finance-references', 'scholarships', 'scholarships-student_periods', 'permanence-recurrent'], permission: 'students' },
  search: ['no_control', 'names', 'first_name', 'second_name', 'curp', 'email'],
  ordering: ['first_name', 'second_name', 'names'],
  // The list shows the career, group and period; the record (show) carries every relation.
  listRelations: ['career', 'current_group', 'cicle', 'status', 'academic_origin'],
  // The photo is uploaded (the form's file field or upload_photo); `photo` is a legacy name column.
  readOnlyFields: ['photo'],
  files: { photo_path: { kinds: ['image'], storage: 'disk', folder: 'student-photos' } },
  actions: [
    uploadPhotoAction(contracts.uploadStudentPhoto, (): ResourceDefinition => studentsResource),
    // The capture sheet is the scores module's (server/modules/scores/capture.ts), served here.
    getForCaptureAction((): ResourceDefinition => scoresResource),
    ...studentActions((): ResourceDefinition => studentsResource),
    refuseStudentDelete((): ResourceDefinition => studentsResource),
  ],
  // Which fields a plain save may change while she is active or withdrawn (student-states.ts).
  states: studentStates,
  fields: {
    curp: orNull(curp),
    rfc: orNull(rfc),
    email: orNull(email),
    genre: orNull(genre),
    age: orNull(count(120)),
    score_origin: orNull(score),
    // Left blank on a new student, the next control number of the sequence is given.
    no_control: z.string().trim().max(20, { message: 'errors.max_length' }).nullish(),
  },
  inputToData: async (input, { tx, existing }) => {
    if (existing) {
      if ('no_control' in input && !input.no_control) return { ...input, no_control: existing.no_control };
      return input;
    }
    if (input.no_control) return input;
    return { ...input, ...(await nextControlNumber(tx)) };
  },
  // A new student gets her portal account with her record (user = control number; her first
  // password is given by printing her welcome sheet, portal-account.ts).
  afterWrite: async (id, { tx, actor, existing, data }) => {
    const history = await enrolFromForm(tx, actor, id, existing, data);
    if (existing) return history;
    const student = await tx.student.findUnique({ where: { id }, select: STUDENT_ACCOUNT_SELECT });
    if (!student || student.user_id) return history;
    return [...history, ...(await openPortalAccount(tx, actor, student)).history];
  },
  campusFilter: (campusId) => ({ career: { campus_id: campusId } }),
  ownRows: {
    student: (studentId) => ({ id: studentId }),
    teacher: (teacherId) => ({ student_groups: { some: { group: { schedules: { some: { teacher_id: teacherId } } } } } }),
  },
});
