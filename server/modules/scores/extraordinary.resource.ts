// scores/api/extraordinary/: requests for extraordinary (X) and T.S. (T) exams of failed subjects,
// handled in Calificaciones > Extraordinarios. Teachers read the requests of their own schedules and
// grade them with save_score/. The flow (design/domain.md): a new request is charged as a sale
// with the exam's concept (exam-charges.ts); the sale's payments make it PAID (finance/settle.ts);
// check_extras_approved/ approves it within max_extra; save_score/ grades it before its deadline;
// it can be cancelled with a reason at any step before GRADED.
import { type ExtraStatus, approvalProblem, canMove, examConcept, examDatesProblem } from '@/lib/grades/extraordinary';
import { isApproved, validScore } from '@/lib/grades/score';
import type { ExamSchedule } from '@/lib/grades/wire';
import { getPool, prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistory, recordHistoryMany } from '@/server/engine/audit';
import { canUse } from '@/server/engine/engine';
import { modelResource } from '@/server/engine/model';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/scores';
import { ApiError, badRequest, conflict, fieldError, forbidden, msg, notFound } from '@/server/errors';
import { STUDENT_ORDERING, STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { idParam } from '@/server/validation';
import { gradeSettings } from './capture';
import { cancelExamCharge, chargeExam, examConcepts } from './exam-charges';
import { scoreValue } from './scores.resource';

/** A request moves only forward (REQ -> PAID -> APPROVED -> GRADED) or is cancelled, with a reason. */
function checkStep(input: Record<string, unknown>, existing: Record<string, unknown> | null) {
  const from = (existing?.status ?? 'REQ') as ExtraStatus;
  const to = (valueAfterWrite(input, existing, 'status') ?? 'REQ') as ExtraStatus;
  if (existing && !canMove(from, to)) throw new ApiError(409, msg('errors.extra_state'));
  if (to === 'CANCELLED' && !String(valueAfterWrite(input, existing, 'reason') ?? '').trim()) throw fieldError('reason', 'errors.reason_required');
  // Paid is what the sale's payments say (finance/settle.ts); approving takes a paid request.
  if (existing && from !== to && (to === 'PAID' || to === 'APPROVED') && existing.paid !== true) throw new ApiError(409, msg('errors.extra_not_paid'));
  return { from, to };
}

/** Exam dates come as calendar days; the capture deadline is the end of that day at the school (Mexico City, UTC-6 all year since 2022). */
function endOfSchoolDay(day: string): Date {
  return new Date(`${day}T23:59:59-06:00`);
}

/**
 * GET get_concepts/?category=X|T&schedule_id= (spec): the concepts that may charge the exam at the
 * schedule's campus, and the one a new request takes unless another is chosen.
 */
const getConcepts: ActionDefinition = defineAction(contracts.examConcepts, {
  needs: 'read',
  handler: async ({ queryInput: query }) => {
    const schedule = query.schedule_id ? await prisma.schedule.findUnique({ where: { id: query.schedule_id }, select: { group: { select: { cicle: { select: { campus_id: true } } } } } }) : null;
    const concepts = await examConcepts(prisma, schedule?.group.cicle.campus_id ?? null);
    return { results: concepts, default_id: examConcept(query.category, concepts)?.id ?? null };
  },
});


/**
 * GET get_schedules/?cicle_id=&category= (spec): the period's exams, one line per schedule and kind
 * (extraordinary or T.S.), with how many live requests it has and the dates they share. A teacher
 * sees the exams of their own schedules. Answers {results, settings}.
 */
const getSchedules: ActionDefinition = defineAction(contracts.examSchedules, {
  needs: 'read',
  handler: async ({ actor, queryInput: query }) => {
    const teacherId = actor.kind === 'teacher' ? (actor.teacher_id ?? -1) : null;
    const rows = await getPool().query<ExamSchedule>(
      `SELECT e.schedule_id, e.category::text AS category, sub.code AS subject_code, sub.description AS subject_description,
              g.code AS group_code, concat_ws(' ', t.first_name, t.second_name, t.names) AS teacher,
              COUNT(*)::int AS requests,
              COUNT(*) FILTER (WHERE e.status IN ('APPROVED', 'GRADED'))::int AS approved,
              COUNT(*) FILTER (WHERE e.status = 'GRADED')::int AS graded,
              to_char(MIN(e.exam_date), 'YYYY-MM-DD') AS exam_date,
              to_char(MIN((e.limit_capture AT TIME ZONE 'UTC') AT TIME ZONE 'America/Mexico_City'), 'YYYY-MM-DD') AS limit_capture,
              (COUNT(DISTINCT e.exam_date) > 1 OR COUNT(DISTINCT ((e.limit_capture AT TIME ZONE 'UTC') AT TIME ZONE 'America/Mexico_City')::date) > 1
                OR (COUNT(e.exam_date) > 0 AND COUNT(e.exam_date) < COUNT(*))) AS mixed_dates
       FROM extraordinaries e
       JOIN schedules s ON s.id = e.schedule_id
       JOIN subjects sub ON sub.id = s.subject_id
       JOIN groups g ON g.id = s.group_id
       LEFT JOIN teachers t ON t.id = s.teacher_id
       WHERE g.cicle_id = $1 AND NOT e.is_deleted AND e.status <> 'CANCELLED'
         AND ($2::text IS NULL OR e.category::text = $2) AND ($3::int IS NULL OR s.teacher_id = $3)
       GROUP BY e.schedule_id, e.category, sub.code, sub.description, g.code, t.first_name, t.second_name, t.names
       ORDER BY sub.code, g.code, e.category`,
      [query.cicle_id, query.category ?? null, teacherId],
    );
    // The school's scale comes along, so a capture screen checks a grade before sending it.
    return { results: rows.rows, settings: await gradeSettings() };
  },
});

/**
 * POST store_schedules/ {schedules: [{schedule_id, category, exam_date, limit_capture}]} (spec): the
 * date of each exam and the deadline to capture its grade, kept on every live request of that
 * schedule and kind that is not graded yet.
 */
const storeSchedules: ActionDefinition = defineAction(contracts.storeExamSchedules, {
  needs: 'write',
  handler: async ({ actor, input }) => {
    const problems: Record<string, ReturnType<typeof msg>[]> = {};
    input.schedules.forEach((entry, index) => {
      const problem = examDatesProblem(entry.exam_date, entry.limit_capture);
      if (problem) problems[`schedules.${index}.${problem.field}`] = [msg(problem.message)];
    });
    if (Object.keys(problems).length > 0) throw badRequest(problems);
    const updated = await prisma.$transaction(async (tx) => {
      const history: HistoryEntry[] = [];
      for (const entry of input.schedules) {
        const where = { schedule_id: entry.schedule_id, category: entry.category, is_deleted: false, status: { in: ['REQ', 'PAID', 'APPROVED'] as ExtraStatus[] } };
        const before = await tx.extraordinary.findMany({ where, select: { id: true, exam_date: true, limit_capture: true } });
        const exam_date = new Date(`${entry.exam_date}T00:00:00Z`);
        const limit_capture = endOfSchoolDay(entry.limit_capture!);
        await tx.extraordinary.updateMany({ where: { id: { in: before.map((row) => row.id) } }, data: { exam_date, limit_capture } });
        for (const row of before) {
          history.push({
            table: 'extraordinaries',
            recordId: row.id,
            type: '~',
            actor,
            changes: [
              { field: 'exam_date', old: row.exam_date?.toISOString().slice(0, 10) ?? null, new: entry.exam_date },
              { field: 'limit_capture', old: row.limit_capture?.toISOString() ?? null, new: limit_capture.toISOString() },
            ].filter((change) => change.old !== change.new),
          });
        }
      }
      await recordHistoryMany(tx, history);
      return history.length;
    });
    return { updated };
  },
});

/**
 * GET check_extras_approved/?cicle_id= (spec): approves the period's paid requests, oldest first,
 * as long as each student stays within the school's max_extra exams of the period. Answers how
 * many were approved and why the others were not.
 */
const checkExtrasApproved: ActionDefinition = defineAction(contracts.approveExams, {
  needs: 'write',
  // A GET by the spec, but it approves requests: a cookie call must come from our own pages.
  changesData: true,
  handler: async ({ actor, query, t }) => {
    // The contract lets any text through: the id's own messages are idParam's.
    const cicleId = idParam(query, 'cicle_id', true);
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
    return result;
  },
});

/**
 * POST save_score/ {id, score} (spec): the exam's grade, by the schedule's teacher or staff, for an
 * approved request and before its limit_capture. The request is then GRADED.
 */
const saveScore: ActionDefinition = defineAction(contracts.saveExamScore, {
  // Staff with the extras screen, or the teacher of the exam's schedule (checked below).
  needs: 'signed-in',
  handler: async ({ actor, input }) => {
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
    return saved;
  },
});

export const extraordinaryResource = modelResource({
    base: 'scores/api/extraordinary/',
    model: 'Extraordinary',
    access: {
      routes: ['scores-extras'],
      readRoutes: ['scores-pendings', 'scores-summary', 'scores-previous', 'scores-fail_list', 'finance-sales', 'teacher-classes'],
      permission: 'extraordinaries',
    },
    search: ['notes', 'reason', ...STUDENT_SEARCH, 'schedule.subject.code', 'schedule.subject.description'],
    ordering: ['-created_at'],
    fields: { score: scoreValue.nullish() },
    campusFilter: (campusId) => ({ schedule: { group: { cicle: { campus_id: campusId } } } }),
    // The period of a request is its schedule's (the period whose final was failed).
    periodFilter: (cicleId) => ({ schedule: { group: { cicle_id: cicleId } } }),
    ownRows: { teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }) },
    readOnlyFields: ['sale_id', 'paid', 'approve_by_id'],
    inputToData: async (input, { tx, actor, existing }) => {
      const { from, to } = checkStep(input, existing);
      const category = (valueAfterWrite(input, existing, 'category') ?? 'X') as 'X' | 'T';
      if (!existing) {
        // A T.S. (título de suficiencia) only follows a failed extra of the same subject.
        if (category === 'T') {
          const schedule = await tx.schedule.findUnique({ where: { id: input.schedule_id }, select: { subject_id: true } });
          const settings = await gradeSettings(tx);
          const extras = await tx.extraordinary.findMany({
            where: { student_id: input.student_id, category: 'X', status: 'GRADED', is_deleted: false, schedule: { subject_id: schedule?.subject_id ?? -1 } },
            select: { score: true },
          });
          if (!extras.some((extra) => extra.score !== null && !isApproved(extra.score.toFixed(), settings))) throw fieldError('category', 'errors.ts_needs_failed_extra');
        }
        // A new request starts at REQ and is charged at once: its sale is what the student pays.
        // (A create's schema requires the student and the schedule.)
        const charge = await chargeExam(tx, actor, { student_id: input.student_id!, schedule_id: input.schedule_id!, category, concept_id: input.concept_id });
        return { ...input, ...charge, status: 'REQ', score: null };
      }
      if (to === 'CANCELLED' && from !== 'CANCELLED') {
        await cancelExamCharge(tx, actor, (existing.sale_id as number | null) ?? null, String(valueAfterWrite(input, existing, 'reason')));
        return { ...input, allow_scores: false };
      }
      if (to === 'APPROVED' && from !== 'APPROVED') return { ...input, approve_by_id: actor.id, allow_scores: true };
      // A request generated at the period's close (no sale yet) is charged when it is confirmed.
      if (to === 'REQ' && existing.sale_id === null && existing.is_deleted !== true) {
        const charge = await chargeExam(tx, actor, { student_id: valueAfterWrite(input, existing, 'student_id')!, schedule_id: valueAfterWrite(input, existing, 'schedule_id')!, category, concept_id: valueAfterWrite(input, existing, 'concept_id') });
        return { ...input, ...charge };
      }
      // Its charge is made: the sale says what is owed, so student, exam and concept stay.
      if (existing.sale_id !== null) {
        for (const field of ['student_id', 'schedule_id', 'category', 'concept_id'] as const) {
          if (input[field] !== undefined && input[field] !== existing[field]) throw fieldError(field, 'errors.extra_charged');
        }
      }
      return input;
    },
    // The request's history must stay (is_deleted); a hard delete is for mistakes, and its unpaid charge goes with it.
    beforeDelete: async ({ tx, actor, existing }) => {
      if (!existing) throw notFound();
      if (existing.paid === true) throw conflict();
      await cancelExamCharge(tx, actor, (existing.sale_id as number | null) ?? null, 'Solicitud de examen eliminada');
    },
    actions: [checkExtrasApproved, saveScore, getConcepts, getSchedules, storeSchedules],
    sortableRelations: STUDENT_ORDERING,
  });
