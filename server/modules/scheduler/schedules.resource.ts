// scheduler/api/schedules/ and schedules-hours/: the subjects a group takes with their teachers
// (carga académica) and the weekly class slots of each. Built in the scheduler; teachers read their
// own classes and a student the classes of their groups.
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { fieldError } from '@/server/errors';
import { SCORE_SCREENS } from '@/server/modules/shared/score-screens';
import { TEACHER_SEARCH } from '@/server/engine/relation-paths';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { studentSchedules } from './scopes';
import { teacherWeek } from './week';

type Day = Date | null | undefined;

export const schedulesResource = modelResource({
    base: 'scheduler/api/schedules/',
    model: 'Schedule',
    access: {
      routes: ['scholar-scheduler'],
      readRoutes: [
        'scholar-scheduler-loads',
        'academic-groups',
        'academic-teachers',
        'scholar-students',
        'reports-attendance_list',
        ...SCORE_SCREENS,
        'polls-aplications',
        'teacher-classes',
        'teacher-timer',
        'teacher-groups',
        'portal-schedule',
        'portal-kardex',
        'portal-polls',
      ],
      permission: 'schedules',
    },
    fields: { hours: integer(0, 10_000).optional() },
    campusFilter: (campusId) => ({ group: { cicle: { campus_id: campusId } } }),
    ownRows: {
      teacher: (teacherId) => ({ teacher_id: teacherId }),
      student: studentSchedules,
    },
    inputToData: (input, { existing }) => {
      const from = valueAfterWrite(input, existing, 'date_from') as Day;
      const to = valueAfterWrite(input, existing, 'date_to') as Day;
      // A modular subject is taught between two dates instead of the whole period.
      if (valueAfterWrite(input, existing, 'is_modular') === true) {
        if (!from) throw fieldError('date_from', 'errors.required');
        if (!to) throw fieldError('date_to', 'errors.required');
      }
      if (from && to && from > to) throw fieldError('date_to', 'errors.invalid');
      return input;
    },
    actions: [teacherWeek],
    search: ['group.code', 'subject.code', 'subject.description', ...TEACHER_SEARCH],
    sortableRelations: ['group.code', 'subject.code', 'subject.order', 'teacher.first_name'],
    ordering: ['group.code', 'subject.order', 'subject.code'],
  });

export const scheduleHoursResource = modelResource({
  base: 'scheduler/api/schedules-hours/',
  model: 'ScheduleHour',
  access: {
    routes: ['scholar-scheduler'],
    readRoutes: ['scholar-scheduler-loads', 'academic-groups', 'academic-teachers', 'reports-attendance_list', 'teacher-classes', 'teacher-timer', 'teacher-groups', 'portal-schedule'],
    permission: 'schedule_hours',
  },
  ordering: ['week_day', 'start_hour'],
  // Stored so teacher loads add up minutes without time arithmetic; always derived from the hours.
  readOnlyFields: ['total_minutes'],
  fields: { week_day: integer(1, 7) },
  campusFilter: (campusId) => ({ schedule: { group: { cicle: { campus_id: campusId } } } }),
  ownRows: {
    teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }),
    student: (studentId) => ({ schedule: studentSchedules(studentId) }),
  },
  inputToData: (input, { existing }) => {
    const start = valueAfterWrite(input, existing, 'start_hour') as Day;
    const end = valueAfterWrite(input, existing, 'end_hour') as Day;
    if (!start || !end) return input;
    const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    if (minutes <= 0) throw fieldError('end_hour', 'errors.invalid');
    return { ...input, total_minutes: minutes };
  },
});
