// GET scheduler/api/schedules/week/?cicle_id=&teacher_id= : a teacher's classes of a period with
// their weekly hours, for the timetable (Profesor › Horario). A teacher gets their own; staff who
// read schedules name the teacher.
import * as contracts from '@/lib/contracts/scheduler';
import type { TeacherWeekRow } from '@/lib/grades/wire';
import { getPool } from '@/server/db/client';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { badRequest, forbidden, msg } from '@/server/errors';
import { scheduleHoursJson } from './hours-sql';

const WEEK = `
  SELECT s.id AS schedule_id, sub.code AS subject_code, sub.description AS subject_description, g.code AS group_code,
         ${scheduleHoursJson('s')} AS hours,
         COALESCE((SELECT SUM(h.total_minutes) FROM schedule_hours h WHERE h.schedule_id = s.id AND h.status), 0)::int AS week_minutes
  FROM schedules s
  JOIN groups g ON g.id = s.group_id
  JOIN subjects sub ON sub.id = s.subject_id
  WHERE s.teacher_id = $1 AND g.cicle_id = $2 AND s.status
  ORDER BY g.code, sub."order", sub.code`;

export const teacherWeek: ActionDefinition = defineAction(contracts.teacherWeek, {
  needs: 'read',
  handler: async ({ actor, queryInput: query }) => {
    let teacherId: number;
    if (actor.kind === 'teacher') teacherId = actor.teacher_id ?? -1;
    else if (actor.kind !== 'staff') throw forbidden();
    else if (!query.teacher_id) throw badRequest({ teacher_id: [msg('errors.required')] });
    else teacherId = query.teacher_id;
    const { rows } = await getPool().query<TeacherWeekRow>(WEEK, [teacherId, query.cicle_id]);
    return rows;
  },
});
