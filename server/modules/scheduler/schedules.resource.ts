// scheduler/api/schedules/ and schedules-hours/: the subjects a group takes with their teachers
// (carga académica) and the weekly class slots of each. Built in the scheduler; teachers read their
// own classes and a student the classes of their groups.
import { integer } from '@/lib/validation';
import type { Prisma } from '@/server/db/client';
import { modelResource } from '@/server/engine/model';
import { fieldError } from '@/server/errors';
import { SCORE_SCREENS } from '@/server/modules/shared/score-screens';
import { TEACHER_SEARCH } from '@/server/engine/relation-paths';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { isoDay } from '@/lib/dates';
import { minutesOf } from '@/lib/scholar/clash';
import { assertNoClash, classOf, slotsOf } from './clashes';
import { studentSchedules } from './scopes';
import { classOffer, saveIrregular } from './irregular';
import { teacherLoads } from './loads';
import { teacherWeek } from './week';

type Day = Date | null | undefined;

/** Refuses (400 on subject_id) a subject of another study plan than the group's. A group without a
 * plan (a course) takes any subject. */
async function checkPlanSubject(tx: Prisma.TransactionClient, groupId: number, subjectId: number): Promise<void> {
  if (!groupId || !subjectId) return;
  const [group, subject] = await Promise.all([
    tx.group.findUnique({ where: { id: groupId }, select: { code: true, study_plan_id: true, study_plan: { select: { description: true } } } }),
    tx.subject.findUnique({ where: { id: subjectId }, select: { study_plan_id: true } }),
  ]);
  if (!group?.study_plan_id || !subject || subject.study_plan_id === group.study_plan_id) return;
  throw fieldError('subject_id', 'scholar.schedules.other_plan', { group: group.code, plan: group.study_plan?.description ?? String(group.study_plan_id) });
}

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
    // Horarios opens on the top bar's period: a school keeps every period's classes.
    periodFilter: (cicleId) => ({ group: { cicle_id: cicleId } }),
    ownRows: {
      teacher: (teacherId) => ({ teacher_id: teacherId }),
      student: studentSchedules,
    },
    inputToData: async (input, { tx, existing }) => {
      const from = valueAfterWrite(input, existing, 'date_from') as Day;
      const to = valueAfterWrite(input, existing, 'date_to') as Day;
      // A modular subject is taught between two dates instead of the whole period.
      if (valueAfterWrite(input, existing, 'is_modular') === true) {
        if (!from) throw fieldError('date_from', 'errors.modular_dates');
        if (!to) throw fieldError('date_to', 'errors.modular_dates');
      }
      if (from && to && from > to) throw fieldError('date_to', 'errors.invalid');
      // The subject belongs to the group's study plan: a class of another plan's subject would put
      // grades on a kardex where that subject does not exist.
      if (!existing || 'subject_id' in input || 'group_id' in input) await checkPlanSubject(tx, valueAfterWrite(input, existing, 'group_id') as number, valueAfterWrite(input, existing, 'subject_id') as number);
      // A class that changes teacher or dates keeps its hours: the new teacher must be free then.
      const moves = ['teacher_id', 'date_from', 'date_to', 'status'].some((field) => field in input);
      if (existing && moves && valueAfterWrite(input, existing, 'status') !== false) {
        const mine = await classOf(tx, existing.id as number);
        if (mine) {
          const teacher = valueAfterWrite(input, existing, 'teacher_id') as number | null;
          const changed = { ...mine, teacher_id: teacher, date_from: from ? isoDay(from) : null, date_to: to ? isoDay(to) : null };
          if (teacher !== mine.teacher_id) {
            const row = teacher ? await tx.teacher.findUnique({ where: { id: teacher }, select: { names: true, first_name: true, second_name: true } }) : null;
            changed.teacher = row ? [row.first_name, row.second_name, row.names].filter(Boolean).join(' ') : null;
          }
          await assertNoClash(tx, changed, await slotsOf(tx, mine.schedule_id));
        }
      }
      return input;
    },
    actions: [teacherWeek, saveIrregular, teacherLoads, classOffer],
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
  inputToData: async (input, { tx, existing }) => {
    const start = valueAfterWrite(input, existing, 'start_hour') as Day;
    const end = valueAfterWrite(input, existing, 'end_hour') as Day;
    if (!start || !end) return input;
    const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    if (minutes <= 0) throw fieldError('end_hour', 'scholar.clash.end_before_start');
    // The class's group, teacher and students must be free at that time (409 naming both classes).
    if (valueAfterWrite(input, existing, 'status') !== false) {
      const mine = await classOf(tx, valueAfterWrite(input, existing, 'schedule_id') as number);
      const weekDay = valueAfterWrite(input, existing, 'week_day') as number;
      if (mine) await assertNoClash(tx, mine, [{ week_day: weekDay, start: minutesOf(start), end: minutesOf(end) }], existing ? [existing.id as number] : []);
    }
    return { ...input, total_minutes: minutes };
  },
});
