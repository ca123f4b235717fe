// GET scores/api/scores/my_classes/?cicle_id= – "Mis clases": a teacher's own classes of the period,
// each with what its row opens: the ordinary partial whose capture is open today (its window, or an
// exception opened for that class), else the next one and the day it opens (lib/grades/window.ts).
import { type ClassPartial, partialToCapture, schoolToday } from '@/lib/grades/window';
import * as contracts from '@/lib/contracts/scores';
import { prisma } from '@/server/db/client';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { forbidden } from '@/server/errors';
import { periodClasses } from './capture';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export const teacherClassesAction: ActionDefinition = defineAction(contracts.teacherClasses, {
  needs: 'signed-in',
  changesData: false,
  handler: async ({ actor, queryInput }) => {
    if (actor.kind !== 'teacher' || !actor.teacher_id) throw forbidden();
    const { cicle_id } = queryInput;
    const [cicle, classes] = await Promise.all([prisma.cicle.findUnique({ where: { id: cicle_id }, select: { partials: true } }), periodClasses(cicle_id, actor.teacher_id)]);
    const [partials, exceptions] = await Promise.all([
      prisma.partial.findMany({
        where: { cicle_id, status: true, partial_type: 'O', no: { lte: cicle?.partials ?? 4 } },
        orderBy: { no: 'asc' },
        select: { id: true, no: true, description: true, partial_type: true, start_eval: true, end_eval: true, allow_scores: true },
      }),
      prisma.periodException.findMany({ where: { schedule_id: { in: classes.map((row) => row.schedule_id) } }, select: { schedule_id: true, partial_id: true, start: true, end: true } }),
    ]);
    const today = schoolToday();
    return {
      today,
      results: classes.map((row) => {
        const own: (ClassPartial & { description: string })[] = partials.map((partial) => ({
          ...partial,
          start_eval: day(partial.start_eval),
          end_eval: day(partial.end_eval),
          exceptions: exceptions.filter((exception) => exception.schedule_id === row.schedule_id && exception.partial_id === partial.id).map((exception) => ({ start: day(exception.start)!, end: day(exception.end)! })),
        }));
        const chosen = partialToCapture(own, today);
        const capture =
          chosen.state === 'open'
            ? { state: chosen.state, partial_id: chosen.partial.id, partial: chosen.partial.description, by: chosen.by, date: chosen.until, pending: false }
            : chosen.state === 'next'
              ? { state: chosen.state, partial_id: chosen.partial.id, partial: chosen.partial.description, by: null, date: chosen.from, pending: chosen.pending }
              : { state: chosen.state, partial_id: null, partial: null, by: null, date: null, pending: false };
        return { ...row, capture };
      }),
    };
  },
});
