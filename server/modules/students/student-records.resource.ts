// students/api/: what hangs from a person's record: the address and the medical sheet (owned 1:1 by
// the student, teacher, relative, aspirant or school that points to them), the relatives and their
// link to the student, and the staff's comments on a student or aspirant.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { email, familyTitle, genre, orDefault, orNull, positiveAmount, postalCode, recordedBy } from '@/server/modules/shared/fields';

export const addressResource = modelResource({
  base: 'students/api/address/',
  model: 'Address',
  // Each screen that edits a person edits their address; students, teachers and aspirants read their own.
  access: {
    routes: ['scholar-students', 'academic-teachers', 'permanence-aspirants', 'permanence-school_origins'],
    permission: 'students',
    ownReaders: ['student', 'teacher', 'aspirant'],
  },
  search: ['street', 'colony', 'cp'],
  ordering: ['-id'],
  fields: { cp: orNull(postalCode) },
  ownRows: {
    student: (studentId) => ({ student: { is: { id: studentId } } }),
    teacher: (teacherId) => ({ teacher: { is: { id: teacherId } } }),
    aspirant: (aspirantId) => ({ aspirant: { is: { id: aspirantId } } }),
  },
});

export const medicalSheetResource = modelResource({
  base: 'students/api/medical-sheet/',
  model: 'MedicalSheet',
  access: { routes: ['scholar-students', 'academic-teachers'], permission: 'students', ownReaders: ['student', 'teacher'] },
  search: ['contact_name', 'doctor_name', 'no_sse'],
  ordering: ['-id'],
  fields: {
    weight: orNull(positiveAmount(500)),
    height: orNull(positiveAmount(3)),
  },
  ownRows: {
    student: (studentId) => ({ student: { is: { id: studentId } } }),
    teacher: (teacherId) => ({ teacher: { is: { id: teacherId } } }),
  },
});

export const familiesResource = modelResource({
  base: 'students/api/families/',
  model: 'Family',
  access: { routes: ['scholar-students'], permission: 'students', ownReaders: ['student'] },
  search: ['names', 'first_name', 'second_name', 'email'],
  ordering: ['first_name', 'second_name', 'names'],
  fields: { email: orNull(email), genre: orNull(genre), title: orNull(familyTitle) },
  ownRows: { student: (studentId) => ({ students: { some: { student_id: studentId } } }) },
});

export const studentFamiliesResource = modelResource({
    base: 'students/api/student-families/',
    model: 'StudentFamily',
    access: { routes: ['scholar-students'], permission: 'students', ownReaders: ['student'] },
    search: ['notes', ...STUDENT_SEARCH, 'family.names', 'family.first_name', 'family.second_name'],
    ordering: ['id'],
    ownRows: { student: (studentId) => ({ student_id: studentId }) },
  });

const COMMENT_CATEGORIES = ['student', 'aspirant'] as const;

export const commentsResource = modelResource({
  base: 'students/api/comments/',
  model: 'StudentComment',
  access: { routes: ['scholar-students', 'permanence-aspirants'], permission: 'students' },
  search: ['comment'],
  ordering: ['-created_at'],
  readOnlyFields: ['user_id'],
  // `category` says which table `item_id` points to.
  fields: { category: orDefault(z.enum(COMMENT_CATEGORIES)) },
  filters: { item_id: 'int', category: { choices: COMMENT_CATEGORIES, enumType: 'CommentCategory' } },
  inputToData: recordedBy,
});
