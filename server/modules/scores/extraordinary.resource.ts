// scores/api/extraordinary/: requests for extraordinary (X) and T.S. (T) exams of failed subjects,
// handled in Calificaciones > Extras. Teachers read the requests of their own schedules (they
// capture the grade through the exam actions). The REQ → PAID → APPROVED → GRADED flow and its
// actions belong to the exam service.
import { z } from 'zod';
import { type ExtraStatus, approvalProblem, canMove } from '@/lib/grades/extraordinary';
import { isApproved, validScore } from '@/lib/grades/score';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import { canUse } from '@/server/engine/engine';
import { modelResource } from '@/server/engine/model';
import { ownRows } from '@/server/engine/scopes';
import type { ActionDefinition } from '@/server/engine/types';
import { ApiError, badRequest, fieldError, forbidden, msg, notFound } from '@/server/http/errors';
import { json } from '@/server/http/respond';
import { STUDENT_ORDERING, STUDENT_SEARCH, valueAfterWrite, withRelationPaths } from '@/server/modules/scheduler/helpers';
import { gradeSettings } from './capture';
import { scoreValue } from './scores.resource';

/** A request moves only forward (REQ -> PAID -> APPROVED -> GRADED) or is cancelled, with a reason. */
function checkStep(input: Record<string, unknown>, existing: Record<string, unknown> | null) {
  const from = (existing?.status ?? 'REQ') as ExtraStatus;
  const to = (valueAfterWrite(input, existing, 'status') ?? 'REQ') as ExtraStatus;
  if (existing && !canMove(from, to)) throw new ApiError(409, msg('errors.extra_state'));
  if (to === 'CANCELLED' && !String(valueAfterWrite(input, existing, 'reason') ?? '').trim()) throw fieldError('reason', 'errors.reason_required');
}

/**
 * GET check_extras_approved/?cicle_id= (spec): approves the period's paid requests, oldest first,
 * as long as each student stays within the school's max_extra exams of the period. Answers how
 * many were approved and why the others were not.
 */
const checkExtrasApproved: ActionDefinition = {
  method: 'GET',
  path: 'check_extras_approved/',
  needs: 'write',
  handler: async ({ actor, url, t }) => {
    const cicleId = z.coerce.number().int().positive().parse(url.searchParams.get('cicle_id'));
    const result = await prisma.$transaction(async (tx) => {
      const setting = await tx.setting.findFirst({ select: { max_extra: true } });
      const maxExtra = setting?.max_extra ?? 3;
      const inPeriod = { is_deleted: false, schedule: { group: { cicle_id: cicleId } } };
      const pending = await tx.extraordinary.findMany({ where: { ...inPeriod, status: { in: ['REQ', 'PAID'] } }, orderBy: [{ created_at: 'asc' }, { id: 'asc' }], select: { id: true, student_id: true, status: true, paid: true } });
      const counted = await tx.extraordinary.groupBy({ by: ['student_id'], where: { ...inPeriod, status: { in: ['APPROVED', 'GRADED'] } }, _count: { _all: true } });
      const approvedBy = new Map(counted.map((row) => [row.student_id, row._count._all]));
      const refused: { id: number; detail: string }[] = [];
      let approved = 0;
      for (const request of pending) {
        const problem = approvalProblem(request, approvedBy.get(request.student_id) ?? 0, maxExtra);
        if (problem) {
          refused.push({ id: request.id, detail: t(problem, { max: maxExtra }) });
          continue;
        }
        await tx.extraordinary.update({ where: { id: request.id }, data: { status: 'APPROVED', approve_by_id: actor.id, allow_scores: true } });
        await recordHistory(tx, { table: 'extraordinaries', recordId: request.id, type: '~', actor, changes: [{ field: 'status', old: request.status, new: 'APPROVED' }] });
        approvedBy.set(request.student_id, (approvedBy.get(request.student_id) ?? 0) + 1);
        approved += 1;
      }
      return { approved, refused };
    });
    return json(result);
  },
};

/**
 * POST save_score/ {id, score} (spec): the exam's grade, by the schedule's teacher or staff, for an
 * approved request and before its limit_capture. The request is then GRADED.
 */
const saveScore: ActionDefinition = {
  method: 'POST',
  path: 'save_score/',
  // Staff with the extras screen, or the teacher of the exam's schedule (checked below).
  needs: 'signed-in',
  handler: async ({ actor, body }) => {
    const input = z.object({ id: z.coerce.number().int().positive(), score: z.union([z.string(), z.number()]).transform(String) }).parse(body);
    const request = await prisma.extraordinary.findUnique({ where: { id: input.id }, select: { id: true, status: true, limit_capture: true, is_deleted: true, score: true, schedule: { select: { teacher_id: true } } } });
    if (!request || request.is_deleted) throw notFound();
    const ownTeacher = actor.kind === 'teacher' && actor.teacher_id !== null && actor.teacher_id === request.schedule.teacher_id;
    if (!ownTeacher && !canUse(actor, extraordinaryResource, 'write', 'change')) throw forbidden();
    if (request.status !== 'APPROVED') throw new ApiError(409, msg('errors.extra_state'));
    if (request.limit_capture && request.limit_capture.getTime() < Date.now()) throw new ApiError(409, msg('errors.extra_capture_closed'));
    const settings = await gradeSettings();
    if (!validScore(input.score, settings, 'partial') || input.score.trim().toUpperCase() === 'NP') throw badRequest({ score: [msg('errors.score')] });
    const saved = await prisma.$transaction(async (tx) => {
      const row = await tx.extraordinary.update({ where: { id: request.id }, data: { score: input.score, status: 'GRADED' }, select: { id: true, score: true, status: true } });
      await recordHistory(tx, { table: 'extraordinaries', recordId: request.id, type: '~', actor, changes: [{ field: 'score', old: request.score?.toFixed() ?? null, new: row.score?.toFixed() ?? null }, { field: 'status', old: 'APPROVED', new: 'GRADED' }] });
      return row;
    });
    return json(saved);
  },
};

const definition = withRelationPaths(
  modelResource({
    base: 'scores/api/extraordinary/',
    model: 'Extraordinary',
    access: {
      routes: ['scores-extras'],
      readRoutes: ['scores-pendings', 'scores-summary', 'scores-previous', 'scores-fail_list', 'finance-sales', 'teacher-classes'],
      permission: 'extraordinaries',
    },
    search: ['notes', 'reason'],
    ordering: '-created_at',
    fields: { score: scoreValue.nullish() },
    campusFilter: (campusId) => ({ schedule: { group: { cicle: { campus_id: campusId } } } }),
    scope: ownRows({ teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }) }),
    toData: async (input, { tx, existing }) => {
      checkStep(input, existing);
      // A T.S. (título de suficiencia) only follows a failed extra of the same subject.
      if (!existing && valueAfterWrite(input, existing, 'category') === 'T') {
        const schedule = await tx.schedule.findUnique({ where: { id: Number(input.schedule_id) }, select: { subject_id: true } });
        const settings = await gradeSettings(tx);
        const extras = await tx.extraordinary.findMany({
          where: { student_id: Number(input.student_id), category: 'X', status: 'GRADED', is_deleted: false, schedule: { subject_id: schedule?.subject_id ?? -1 } },
          select: { score: true },
        });
        if (!extras.some((extra) => extra.score !== null && !isApproved(extra.score.toFixed(), settings))) throw fieldError('category', 'errors.ts_needs_failed_extra');
      }
      return input;
    },
    actions: [checkExtrasApproved, saveScore],
  }),
  { search: [...STUDENT_SEARCH, 'schedule.subject.code', 'schedule.subject.description'], ordering: STUDENT_ORDERING },
);

// `status` is this record's exam step (an enum), while every list sends `status=true|false` for
// the active flag: the derived enum filter would hand "true" to Prisma. Until the engine checks
// enum values, the step is not a list filter here (see the report to the lead).
const { status: _step, ...filters } = definition.filters;

export const extraordinaryResource = { ...definition, filters };
