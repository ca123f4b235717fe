// students/api/students/: the student record (alumno). Issue-3 work completes the fields and rules;
// the row scope is final: a student sees only themself, a teacher the students of their groups.
import { z } from 'zod';
import { flag, id, nullableText, text } from '@/lib/validation';
import { ownRows } from '@/server/engine/scopes';
import { defineResource, delegate } from '@/server/engine/types';

const fields = {
  no_control: text(20),
  names: text(100),
  first_name: text(100),
  second_name: nullableText(100),
  curp: nullableText(18),
  email: nullableText(254),
  career_id: id.nullish(),
  cicle_id: id.nullish(),
  current_group_id: id.nullish(),
  is_active: flag.optional().default(true),
};

export const studentsResource = defineResource({
  base: 'students/api/students/',
  table: 'students',
  delegate: delegate((db) => db.student),
  // Students read their own record from the portal; teachers read the students of their groups.
  access: { routes: ['scholar-students'], readRoutes: ['portal-data', 'teacher-groups'], permission: 'students' },
  activeField: 'is_active',
  campusFilter: (campusId) => ({ career: { campus_id: campusId } }),
  select: {
    id: true,
    no_control: true,
    names: true,
    first_name: true,
    second_name: true,
    curp: true,
    email: true,
    is_active: true,
    career: { select: { id: true, code: true, name: true } },
    cicle: { select: { id: true, description: true } },
    current_group: { select: { id: true, code: true } },
    created_at: true,
    updated_at: true,
  },
  searchFields: ['no_control', 'names', 'first_name', 'second_name', 'curp', 'email'],
  filters: { career_id: 'int', cicle_id: 'int', current_group_id: 'int', is_active: 'bool', id: 'int' },
  orderingFields: ['no_control', 'names', 'first_name', 'second_name'],
  defaultOrdering: 'first_name,second_name,names',
  createSchema: z.object(fields),
  updateSchema: z.object(fields),
  scope: ownRows({
    student: (studentId) => ({ id: studentId }),
    teacher: (teacherId) => ({ student_groups: { some: { group: { schedules: { some: { teacher_id: teacherId } } } } } }),
  }),
});
