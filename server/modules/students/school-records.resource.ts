// students/api/: the school history of a student: group changes, withdrawals, subjects credited
// outside the group flow (revalidation, equivalence, previous scores) and period averages.
import { modelResource } from '@/server/engine/model';
import { conflict, fieldError } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { orNull, recordedBy, score, valueAfterWrite } from '@/server/modules/shared/fields';

const ownStudentRows = { student: (studentId: number) => ({ student_id: studentId }) };
const byStudentCampus = (campusId: number) => ({ student: { career: { campus_id: campusId } } });

export const studentMovementsResource = modelResource({
    base: 'students/api/student-movements/',
    model: 'StudentMovement',
    access: { routes: ['scholar-movements'], readRoutes: ['scholar-students'], permission: 'student_movements' },
    search: ['comments', ...STUDENT_SEARCH, 'from_group.code', 'to_group.code'],
    ordering: ['-apply_date'],
    readOnlyFields: ['user_id'],
    campusFilter: byStudentCampus,
    inputToData: (input, write) => {
      const from = valueAfterWrite(input, write.existing, 'from_group_id');
      if (from && from === valueAfterWrite(input, write.existing, 'to_group_id')) throw fieldError('to_group_id', 'errors.invalid');
      return recordedBy(input, write);
    },
  });

export const terminationsResource = modelResource({
    base: 'students/api/terminations/',
    model: 'Termination',
    access: { routes: ['scholar-termination'], readRoutes: ['scholar-students'], permission: 'terminations' },
    search: ['reason', 'comments', ...STUDENT_SEARCH, 'type.name'],
    ordering: ['-term_date'],
    readOnlyFields: ['user_id'],
    campusFilter: byStudentCampus,
    inputToData: recordedBy,
  });

export const studentSubjectsResource = modelResource({
    base: 'students/api/student-subjects/',
    model: 'StudentSubject',
    // Credited subjects are part of the student's kardex, which they read.
    access: { routes: ['scholar-students'], permission: 'student_subjects', ownReaders: ['student'] },
    search: ['revalid_type', ...STUDENT_SEARCH, 'subject.code', 'subject.description'],
    ordering: ['-id'],
    fields: { score: orNull(score) },
    campusFilter: byStudentCampus,
    ownRows: ownStudentRows,
    inputToData: (input, { existing }) => {
      // A certified (locked) row only changes by being unlocked first.
      if (existing?.is_locked) {
        if (input.is_locked !== false) throw conflict();
        return { is_locked: false };
      }
      return input;
    },
    beforeDelete: async ({ existing }) => {
      if (existing?.is_locked) throw conflict();
    },
  });

export const studentPeriodsResource = modelResource({
    base: 'students/api/student-periods/',
    model: 'StudentPeriod',
    // A student reads their own period averages.
    access: { routes: ['scholarships-student_periods'], readRoutes: ['scholar-students'], permission: 'student_periods', ownReaders: ['student'] },
    ordering: ['-id'],
    fields: { score: orNull(score) },
    campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
    ownRows: ownStudentRows,
    search: [...STUDENT_SEARCH],
  });
