// POST scheduler/api/schedules/save_irregular/ {student_id, cicle_id, schedule_ids}: an irregular
// student's individual load for a period — the classes they take in groups other than (or besides)
// their own, one subject each. The load replaces the one they had in that period; it is refused
// with 409 when two of its classes, or one of them and a class of the student's own group, meet at
// the same time (the message names both). Enrolments left out are closed, not erased.
import * as contracts from '@/lib/contracts/scheduler';
import { clock, clashesWithin } from '@/lib/scholar/clash';
import { prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { ApiError, fieldError, forbidden, msg } from '@/server/errors';
import { idParam } from '@/server/validation';
import { getPool } from '@/server/db/client';
import { scheduleHoursJson } from './hours-sql';
import { weekClasses } from './files';

export const saveIrregular: ActionDefinition = defineAction(contracts.saveIrregularLoad, {
  needs: 'write',
  handler: async (ctx) => {
    const { student_id: studentId, cicle_id: cicleId, schedule_ids: scheduleIds } = ctx.input;
    const result = await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM students WHERE id = ${studentId} FOR UPDATE`;
      const student = await tx.student.findUnique({ where: { id: studentId }, select: { id: true, is_active: true, is_regular: true, names: true, first_name: true, second_name: true } });
      if (!student) throw fieldError('student_id', 'errors.unknown_reference');
      if (!student.is_active) throw new ApiError(409, msg('scholar.movements.inactive'));
      const chosen = await tx.schedule.findMany({ where: { id: { in: scheduleIds }, status: true, group: { cicle_id: cicleId, status: true } }, select: { id: true, group_id: true, subject_id: true } });
      if (chosen.length !== new Set(scheduleIds).size) throw fieldError('schedule_ids', 'scholar.irregular.unknown_class');
      if (new Set(chosen.map((item) => item.subject_id)).size !== chosen.length) throw fieldError('schedule_ids', 'scholar.irregular.subject_twice');

      // The whole-group classes they keep, and the chosen ones: no two at once.
      const own = await tx.studentGroup.findMany({ where: { student_id: studentId, subject_id: null, status: true, is_current: true, group: { cicle_id: cicleId } }, select: { group_id: true } });
      const ownClasses = (await Promise.all(own.map((row) => weekClasses({ kind: 'group', id: row.group_id })))).flat();
      const chosenClasses = (await Promise.all([...new Set(chosen.map((item) => item.group_id))].map((groupId) => weekClasses({ kind: 'group', id: groupId })))).flat().filter((item) => scheduleIds.includes(item.schedule_id));
      const byId = new Map([...ownClasses, ...chosenClasses].map((item) => [item.schedule_id, item]));
      const slots = [...byId.values()].flatMap((item) => item.hours.map((hour) => ({ ...hour, schedule_id: item.schedule_id })));
      const [clash] = clashesWithin(slots);
      if (clash) {
        const [a, b] = clash.map((slot) => byId.get(slot.schedule_id)!);
        const label = (item: typeof a) => (item.teacher ? `${item.subject} (${item.group}, ${item.teacher})` : `${item.subject} (${item.group})`);
        throw new ApiError(
          409,
          msg('scholar.clash.student', {
            student: [student.first_name, student.second_name, student.names].filter(Boolean).join(' '),
            other: label(a),
            this: label(b),
            day: String(clash[0].week_day),
            from: clock(Math.max(clash[0].start, clash[1].start)),
            to: clock(Math.min(clash[0].end, clash[1].end)),
          }),
        );
      }

      // The load replaces the period's: the student's own module writes her enrolments. (Loaded
      // when used: the students module reaches the scheduler's index in turn.)
      const { replaceSubjectLoad } = await import('@/server/modules/students');
      const history: HistoryEntry[] = await replaceSubjectLoad(tx, ctx.actor, { student_id: studentId, cicle_id: cicleId, is_regular: student.is_regular, chosen });
      await recordHistoryMany(tx, history);
      return { student_id: studentId, cicle_id: cicleId, schedule_ids: chosen.map((item) => item.id) };
    });
    return result;
  },
});

/**
 * GET offer/?cicle_id=[&career_id=][&student_id=]: the classes of a period (of a career) a load is
 * chosen from — subject, group, teacher and hours — and, with a student, the ones in their
 * individual load now.
 */
export const classOffer: ActionDefinition = defineAction(contracts.classOffer, {
  needs: 'read',
  handler: async (ctx) => {
    // Staff build loads; teachers and students read their own weeks elsewhere.
    if (ctx.actor.kind !== 'staff') throw forbidden();
    // The contract lets any text through: the ids' own messages are idParam's.
    const cicleId = idParam(ctx.query, 'cicle_id', true);
    const careerId = idParam(ctx.query, 'career_id', false);
    const studentId = idParam(ctx.query, 'student_id', false);
    const pool = getPool();
    const [{ rows: classes }, { rows: taken }] = await Promise.all([
      pool.query<{ id: number; subject: string; group: string; teacher: string | null; hours: { week_day: number; start_hour: string; end_hour: string }[] }>(
        `SELECT s.id, concat_ws(' ', sub.code, sub.description) AS subject, g.code AS "group",
                CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.first_name, t.second_name, t.names) END AS teacher,
                ${scheduleHoursJson('s')} AS hours
           FROM schedules s JOIN groups g ON g.id = s.group_id JOIN subjects sub ON sub.id = s.subject_id LEFT JOIN teachers t ON t.id = s.teacher_id
          WHERE s.status AND g.status AND g.cicle_id = $1 AND ($2::int IS NULL OR g.career_id = $2)
          ORDER BY sub.code, g.code`,
        [cicleId, careerId],
      ),
      studentId
        ? pool.query<{ id: number }>(
            `SELECT s.id FROM student_groups sg JOIN schedules s ON s.group_id = sg.group_id AND s.subject_id = sg.subject_id AND s.status
               JOIN groups g ON g.id = sg.group_id
              WHERE sg.student_id = $1 AND sg.subject_id IS NOT NULL AND sg.status AND sg.is_current AND g.cicle_id = $2`,
            [studentId, cicleId],
          )
        : Promise.resolve({ rows: [] as { id: number }[] }),
    ]);
    return { classes, load: taken.map((row) => row.id) };
  },
});
