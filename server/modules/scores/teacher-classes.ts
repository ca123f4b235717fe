// GET scores/api/scores/my_classes/?cicle_id= – "Mis clases": a teacher's own classes of the period,
// each with what its row opens: the ordinary partial whose capture is open today (its window, or an
// exception opened for that class), else the next one and the day it opens (lib/grades/window.ts).
import { type ClassPartial, partialToCapture, schoolToday } from '@/lib/grades/window';
import * as contracts from '@/lib/contracts/scores';
import { fullName } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { forbidden } from '@/server/errors';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export const teacherClassesAction: ActionDefinition = defineAction(contracts.teacherClasses, {
  needs: 'signed-in',
  changesData: false,
  handler: async ({ actor, queryInput }) => {
    if (actor.kind !== 'teacher' || !actor.teacher_id) throw forbidden();
    const { cicle_id } = queryInput;
    const [cicle, schedules] = await Promise.all([
      prisma.cicle.findUnique({ where: { id: cicle_id }, select: { partials: true } }),
      prisma.schedule.findMany({
        where: { status: true, teacher_id: actor.teacher_id, group: { cicle_id } },
        select: {
          id: true,
          group_id: true,
          hours: true,
          is_modular: true,
          group: { select: { code: true } },
          subject: { select: { code: true, description: true } },
          teacher: { select: { names: true, first_name: true, second_name: true } },
        },
        orderBy: [{ group: { code: 'asc' } }, { subject: { order: 'asc' } }, { subject: { code: 'asc' } }],
      }),
    ]);
    const [partials, exceptions] = await Promise.all([
      prisma.partial.findMany({
        where: { cicle_id, status: true, partial_type: 'O', no: { lte: cicle?.partials ?? 4 } },
        orderBy: { no: 'asc' },
        select: { id: true, no: true, description: true, partial_type: true, start_eval: true, end_eval: true, allow_scores: true },
      }),
      prisma.periodException.findMany({ where: { schedule_id: { in: schedules.map((schedule) => schedule.id) } }, select: { schedule_id: true, partial_id: true, start: true, end: true } }),
    ]);
    const today = schoolToday();
    return {
      today,
      results: schedules.map((schedule) => {
        const own: (ClassPartial & { description: string })[] = partials.map((partial) => ({
          ...partial,
          start_eval: day(partial.start_eval),
          end_eval: day(partial.end_eval),
          exceptions: exceptions.filter((exception) => exception.schedule_id === schedule.id && exception.partial_id === partial.id).map((exception) => ({ start: day(exception.start)!, end: day(exception.end)! })),
        }));
        const chosen = partialToCapture(own, today);
        const capture =
          chosen.state === 'open'
            ? { state: chosen.state, partial_id: chosen.partial.id, partial: chosen.partial.description, by: chosen.by, date: chosen.until, pending: false }
            : chosen.state === 'next'
              ? { state: chosen.state, partial_id: chosen.partial.id, partial: chosen.partial.description, by: null, date: chosen.from, pending: chosen.pending }
              : { state: chosen.state, partial_id: null, partial: null, by: null, date: null, pending: false };
        return {
          schedule_id: schedule.id,
          group_id: schedule.group_id,
          group_code: schedule.group.code,
          subject_code: schedule.subject.code,
          subject_description: schedule.subject.description,
          teacher: schedule.teacher ? fullName(`${schedule.teacher.first_name} ${schedule.teacher.second_name ?? ''}`, schedule.teacher.names) : null,
          hours: schedule.hours,
          is_modular: schedule.is_modular,
          capture,
        };
      }),
    };
  },
});
