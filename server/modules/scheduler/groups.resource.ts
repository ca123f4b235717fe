// scheduler/api/groups/: class groups of a career in a period. Managed in Grupos and in the
// scheduler; many staff screens look them up; teachers see the groups they teach or tutor and a
// student the groups they are enrolled in.
import { z } from 'zod';
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { SCORE_SCREENS } from '@/server/modules/shared/score-screens';
import type { ResourceDefinition } from '@/server/engine/types';
import { groupActions } from './group-actions';
import { teacherGroups } from './scopes';

export const groupsResource: ResourceDefinition = modelResource({
  base: 'scheduler/api/groups/',
  model: 'Group',
  access: {
    routes: ['academic-groups', 'scholar-scheduler'],
    readRoutes: [
      'scholar-scheduler-loads',
      'reports-attendance_list',
      'reports-students_by_group',
      'scholar-students',
      'scholar-movements',
      'permanence-inscriptions',
      'permanence-reinscriptions',
      ...SCORE_SCREENS,
      'polls-aplications',
      'teacher-classes',
      'teacher-timer',
      'teacher-groups',
      'portal-schedule',
      'portal-kardex',
    ],
    permission: 'groups',
  },
  search: ['code'],
  ordering: ['grade', 'group', 'code'],
  // The group average is computed from its students' scores.
  readOnlyFields: ['average'],
  fields: {
    grade: integer(1, 9),
    group: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,2}$/, { message: 'errors.invalid' }),
    capacity: integer(0, 10_000).optional(),
  },
  campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
  ownRows: {
    teacher: teacherGroups,
    student: (studentId) => ({ student_groups: { some: { student_id: studentId } } }),
  },
  actions: groupActions((): ResourceDefinition => groupsResource),
});
