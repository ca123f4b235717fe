// The screens of the spec (section 2) that show scheduler/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const schedulerScreens: Readonly<Record<string, ScreenRoute>> = {
  // Each group opens its week in the scheduler.
  '/academic/groups': {
    base: 'scheduler/api/groups/',
    filters: ['cicle_id', 'career_id', 'shift_id'],
    links: [{ key: 'week', labelKey: 'academic.week.open', icon: 'schedule', href: '/scholar/scheduler/groups/{id}' }],
  },
  '/reports/attendance_list': { base: 'scheduler/api/student-groups/', filters: ['group_id'] },
  '/reports/students_by_group': { base: 'scheduler/api/student-groups/', filters: ['group_id'] },
  '/scholar/scheduler': { base: 'scheduler/api/schedules/', filters: ['cicle_id', 'group_id', 'teacher_id'], columns: ['subject', 'group', 'teacher', 'hours', 'date_from', 'date_to', 'status'] },
  '/scores/groups': { base: 'scheduler/api/groups/', filters: ['cicle_id', 'career_id'] },
  '/teacher/groups': { base: 'scheduler/api/student-groups/', filters: ['group_id'] },
  '/tools/turns': { base: 'scheduler/api/shifts/' },
  '/portal/schedule': { base: 'scheduler/api/schedules/' },
};

export const schedulerDetails: Readonly<Record<string, ScreenRoute>> = {
  // The group's students are its current whole-group enrolments, both in the students' list (their
  // current group) and in the enrolments' list: the two tabs count the same students. Enrolments
  // left (a change of group, a withdrawal) and single subjects taken there stay in the history.
  '/academic/groups': { base: 'scheduler/api/groups/', childFilters: { 'scheduler/api/student-groups/': { is_current: 'true', status: 'true', subject_id: 'null' } } },
};
