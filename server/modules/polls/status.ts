// Applications and their status board (polls/api/assignments/):
// - get_assignments/?cicle_id=: staff: the period's applications with answered out of expected;
//   a student: their own open ones with their progress.
// - get_hub/: a student's pending work: each general poll (finished or not) and, for each teacher
//   evaluation, their classes of that period with their teacher and whether it is complete.
// - status_careers/, status_by_students/, status_by_teachers/ ?assignment_id=[&career_id=&group_id=]:
//   answered vs expected, computed live from the enrolments (one statement each), and their xlsx
//   (export_status_by_students/, export_status_by_teachers/). Per teacher only counts and the mean
//   score: never which student answered what.
// Expected for a teacher evaluation: each student's classes with a teacher in the period's groups
// (their own group's, or the subjects they take in another group); for a general poll: each student.
import { getPool, type Prisma, prisma } from '@/server/db/client';
import type { ActionContext } from '@/server/engine/context';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { XLSX } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/polls';
import { fieldError, forbidden } from '@/server/errors';
import { tableXlsx } from '@/server/files/table-xlsx';
import { idParam } from '@/server/validation';
import { enoughEvaluations, minEvaluations } from './anonymity';
import { answeringStudentId, isTeacherEvaluation } from './answering';
import { studentAssignments } from './scopes';

/**
 * The answers an application expects, one row per student (and class, for a teacher evaluation),
 * with `done` when it has its answer: the database's poll_expected (migration
 * poll_expected_follows_enrolments), which the stored counters are refreshed from too. A withdrawn
 * student is not expected; a moved one is, once, in the group they stand in.
 */
const EXPECTED = 'SELECT * FROM poll_expected($1)';

type Board = { id: number; teacher: boolean; cicle_id: number; answers: number; total: number; title: string };

/** The application as staff may see it (their campus), with its kind. */
async function board(ctx: ActionContext): Promise<Board> {
  if (ctx.actor.kind !== 'staff') throw forbidden();
  const id = idParam(ctx.query, 'assignment_id', true);
  const row = await prisma.pollAssignment.findUnique({ where: { id }, select: { id: true, cicle_id: true, answers: true, total: true, poll: { select: { title: true, poll_type: { select: { code: true } } } } } });
  if (!row) throw fieldError('assignment_id', 'errors.unknown_reference');
  return { id: row.id, cicle_id: row.cicle_id, answers: row.answers, total: row.total, title: row.poll.title, teacher: isTeacherEvaluation(row.poll.poll_type) };
}

/** Expected and answered of an application, per career. */
export async function careerStatus(assignmentId: number) {
  const { rows } = await getPool().query<{ career_id: number | null; career: string | null; expected: number; answered: number }>(
    `WITH e AS (${EXPECTED})
     SELECT e.career_id, c.name AS career, count(*)::int AS expected, count(*) FILTER (WHERE e.done)::int AS answered
       FROM e LEFT JOIN careers c ON c.id = e.career_id
      GROUP BY e.career_id, c.name ORDER BY c.name`,
    [assignmentId],
  );
  return rows;
}

/**
 * Rewrites an application's stored counters (`total`, `answers`) from what it expects now, inside
 * the caller's transaction so its own changes (its careers) count. The database refreshes them
 * itself while the application is live when enrolments, students or withdrawals change.
 */
export async function refreshCounters(tx: Prisma.TransactionClient, assignmentId: number): Promise<void> {
  await tx.$executeRawUnsafe('SELECT poll_refresh_counters(ARRAY[$1::int])', assignmentId);
}

/** Expected and answered of several applications, as they stand now (one statement). */
async function countsOf(ids: readonly number[]): Promise<Map<number, { expected: number; answered: number }>> {
  if (!ids.length) return new Map();
  const { rows } = await getPool().query<{ id: number; expected: number; answered: number }>(
    'SELECT a.id, c.expected, c.answered FROM unnest($1::int[]) a(id) CROSS JOIN LATERAL (SELECT count(*)::int AS expected, (count(*) FILTER (WHERE done))::int AS answered FROM poll_expected(a.id)) c',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { expected: row.expected, answered: row.answered }]));
}

/** A poll that staff deactivated (is_active off, or the record itself) is no longer offered to students. */
const OFFERED = { poll: { is_active: true, status: true } } satisfies Prisma.PollAssignmentWhereInput;

const percent = (answered: number, expected: number) => (expected ? Math.round((answered * 1000) / expected) / 10 : 0);

async function studentRows(ctx: ActionContext, status: Board) {
  const careerId = idParam(ctx.query, 'career_id', false);
  const groupId = idParam(ctx.query, 'group_id', false);
  const { rows } = await getPool().query<{ student_id: number; no_control: string; name: string; career: string | null; group: string | null; expected: number; answered: number }>(
    `WITH e AS (${EXPECTED})
     SELECT st.id AS student_id, st.no_control, concat_ws(' ', st.first_name, st.second_name, st.names) AS name, c.name AS career,
            (SELECT gg.code FROM groups gg WHERE gg.id = min(e.group_id)) AS "group",
            count(*)::int AS expected, count(*) FILTER (WHERE e.done)::int AS answered
       FROM e JOIN students st ON st.id = e.student_id LEFT JOIN careers c ON c.id = e.career_id
      WHERE ($2::int IS NULL OR e.career_id = $2) AND ($3::int IS NULL OR e.group_id = $3)
      GROUP BY st.id, c.name ORDER BY c.name, st.first_name, st.second_name, st.names`,
    [status.id, careerId, groupId],
  );
  return rows.map((row) => ({ ...row, percent: percent(row.answered, row.expected), done: row.answered >= row.expected }));
}

async function teacherRows(ctx: ActionContext, status: Board) {
  if (!status.teacher) throw fieldError('assignment_id', 'polls.status.not_teacher_evaluation');
  const careerId = idParam(ctx.query, 'career_id', false);
  const minimum = await minEvaluations();
  const { rows } = await getPool().query<{ teacher_id: number; code: string; name: string; classes: number; expected: number; answered: number; score: string | null }>(
    `WITH e AS (${EXPECTED})
     SELECT t.id AS teacher_id, t.code, concat_ws(' ', t.first_name, t.second_name, t.names) AS name, count(DISTINCT e.schedule_id)::int AS classes,
            count(*)::int AS expected, count(te.id)::int AS answered, round(avg(te.score), 2)::text AS score
       FROM e JOIN teachers t ON t.id = e.teacher_id
       LEFT JOIN teacher_evaluations te ON te.assignment_id = $1 AND te.student_id = e.student_id AND te.schedule_id = e.schedule_id AND te.is_complete
      WHERE ($2::int IS NULL OR e.career_id = $2)
      GROUP BY t.id ORDER BY t.first_name, t.second_name, t.names`,
    [status.id, careerId],
  );
  return rows.map((row) => {
    const below = !enoughEvaluations(row.answered, minimum);
    return { ...row, score: below ? null : row.score, below_minimum: below, percent: percent(row.answered, row.expected) };
  });
}

export function assignmentActions(): ActionDefinition[] {
  const getAssignments = defineAction(contracts.pollAssignments, {
    needs: 'signed-in',
    handler: async (ctx) => {
      const now = new Date();
      if (ctx.actor.kind === 'student') {
        const studentId = answeringStudentId(ctx.actor);
        const rows = await prisma.pollAssignment.findMany({
          where: { ...studentAssignments(studentId), ...OFFERED, status: 'OPEN', start_at: { lte: now }, end_at: { gte: now } },
          orderBy: { end_at: 'asc' },
          select: { id: true, start_at: true, end_at: true, poll: { select: { id: true, title: true, instructions: true, poll_type: { select: { code: true } } } }, completions: { where: { student_id: studentId }, select: { finished_at: true } } },
        });
        return rows.map((row) => ({ id: row.id, poll_id: row.poll.id, title: row.poll.title, instructions: row.poll.instructions, kind: isTeacherEvaluation(row.poll.poll_type) ? 'teacher' : 'general', start_at: row.start_at, end_at: row.end_at, finished: row.completions.length > 0 }));
      }
      if (ctx.actor.kind !== 'staff') throw forbidden();
      const cicleId = idParam(ctx.query, 'cicle_id', false);
      const rows = await prisma.pollAssignment.findMany({
        where: { is_active: true, ...(cicleId ? { cicle_id: cicleId } : {}) },
        orderBy: [{ start_at: 'desc' }, { id: 'desc' }],
        select: { id: true, status: true, start_at: true, end_at: true, answers: true, total: true, cicle: { select: { id: true, description: true } }, poll: { select: { id: true, title: true, poll_type: { select: { code: true } } } } },
      });
      // Counted as they stand now: the stored counters of a closed application stay as it ended.
      const counts = await countsOf(rows.filter((row) => row.status !== 'CLOSED').map((row) => row.id));
      return rows.map((row) => {
        const live = counts.get(row.id);
        const [answers, total] = live ? [live.answered, live.expected] : [row.answers, row.total];
        return { id: row.id, poll_id: row.poll.id, title: row.poll.title, kind: isTeacherEvaluation(row.poll.poll_type) ? 'teacher' : 'general', cicle: row.cicle, status: row.status, start_at: row.start_at, end_at: row.end_at, answers, total, percent: percent(answers, total), open: row.status === 'OPEN' && row.start_at <= now && row.end_at >= now };
      });
    },
  });

  const getHub = defineAction(contracts.pollHub, {
    needs: 'signed-in',
    handler: async (ctx) => {
      const studentId = answeringStudentId(ctx.actor);
      const now = new Date();
      const assignments = await prisma.pollAssignment.findMany({
        where: { ...studentAssignments(studentId), ...OFFERED, status: 'OPEN', start_at: { lte: now }, end_at: { gte: now } },
        orderBy: { end_at: 'asc' },
        select: { id: true, cicle_id: true, end_at: true, poll: { select: { id: true, title: true, poll_type: { select: { code: true } } } }, completions: { where: { student_id: studentId }, select: { student_id: true } } },
      });
      const hub = [];
      for (const assignment of assignments) {
        const teacher = isTeacherEvaluation(assignment.poll.poll_type);
        if (!teacher) {
          hub.push({ assignment_id: assignment.id, poll_id: assignment.poll.id, title: assignment.poll.title, kind: 'general', end_at: assignment.end_at, done: assignment.completions.length > 0 });
          continue;
        }
        const { rows } = await getPool().query<{ schedule_id: number; subject: string; teacher: string; is_complete: boolean | null; started: boolean }>(
          `WITH e AS (${EXPECTED})
           SELECT e.schedule_id, concat_ws(' ', sub.code, sub.description) AS subject, concat_ws(' ', t.first_name, t.second_name, t.names) AS teacher,
                  coalesce(te.is_complete, false) AS is_complete, te.id IS NOT NULL AS started
             FROM e JOIN schedules s ON s.id = e.schedule_id JOIN subjects sub ON sub.id = s.subject_id JOIN teachers t ON t.id = e.teacher_id
             LEFT JOIN teacher_evaluations te ON te.assignment_id = $1 AND te.student_id = e.student_id AND te.schedule_id = e.schedule_id
            WHERE e.student_id = $2 ORDER BY sub.code`,
          [assignment.id, studentId],
        );
        hub.push({ assignment_id: assignment.id, poll_id: assignment.poll.id, title: assignment.poll.title, kind: 'teacher', end_at: assignment.end_at, done: rows.length > 0 && rows.every((row) => row.is_complete), classes: rows });
      }
      return hub;
    },
  });

  const statusCareers = defineAction(contracts.pollStatusCareers, {
    needs: 'read',
    handler: async (ctx) => {
      const status = await board(ctx);
      const careers = (await careerStatus(status.id)).map((row) => ({ ...row, percent: percent(row.answered, row.expected) }));
      const expected = careers.reduce((sum, row) => sum + row.expected, 0);
      const answered = careers.reduce((sum, row) => sum + row.answered, 0);
      return { assignment_id: status.id, title: status.title, kind: status.teacher ? 'teacher' : 'general', careers, expected, answered, percent: percent(answered, expected), counters: { answers: status.answers, total: status.total } };
    },
  });

  const statusByStudents = defineAction(contracts.pollStatusByStudents, {
    needs: 'read',
    handler: async (ctx) => studentRows(ctx, await board(ctx)),
  });

  const statusByTeachers = defineAction(contracts.pollStatusByTeachers, {
    needs: 'read',
    handler: async (ctx) => teacherRows(ctx, await board(ctx)),
  });

  const exportByStudents = defineAction(contracts.exportPollStatusByStudents, {
    needs: 'read',
    handler: async (ctx) => {
      const status = await board(ctx);
      const rows = await studentRows(ctx, status);
      const t = ctx.t;
      const bytes = await tableXlsx(
        status.title,
        [
          { header: t('fields.no_control'), key: 'no_control', width: 14 },
          { header: t('polls.status.student'), key: 'name', width: 36 },
          { header: t('fields.career'), key: 'career', width: 30 },
          { header: t('fields.group'), key: 'group', width: 12 },
          { header: t('polls.status.expected'), key: 'expected', kind: 'number' },
          { header: t('polls.status.answered'), key: 'answered', kind: 'number' },
          { header: t('polls.status.percent'), key: 'percent', kind: 'number' },
        ],
        rows,
        { name: t('polls.status.total'), expected: rows.reduce((sum, row) => sum + row.expected, 0), answered: rows.reduce((sum, row) => sum + row.answered, 0) },
      );
      return new FileResult(new Uint8Array(bytes), XLSX, exportFileName(`${status.title} ${t('polls.status.by_students')}`, 'xlsx'), { size: bytes.length });
    },
  });

  const exportByTeachers = defineAction(contracts.exportPollStatusByTeachers, {
    needs: 'read',
    handler: async (ctx) => {
      const status = await board(ctx);
      const rows = await teacherRows(ctx, status);
      const t = ctx.t;
      const bytes = await tableXlsx(
        status.title,
        [
          { header: t('fields.code'), key: 'code', width: 12 },
          { header: t('fields.teacher'), key: 'name', width: 36 },
          { header: t('polls.status.classes'), key: 'classes', kind: 'number' },
          { header: t('polls.status.expected'), key: 'expected', kind: 'number' },
          { header: t('polls.status.answered'), key: 'answered', kind: 'number' },
          { header: t('polls.status.percent'), key: 'percent', kind: 'number' },
          { header: t('polls.status.score'), key: 'score', kind: 'number' },
        ],
        rows,
        { name: t('polls.status.total'), expected: rows.reduce((sum, row) => sum + row.expected, 0), answered: rows.reduce((sum, row) => sum + row.answered, 0) },
      );
      return new FileResult(new Uint8Array(bytes), XLSX, exportFileName(`${status.title} ${t('polls.status.by_teachers')}`, 'xlsx'), { size: bytes.length });
    },
  });

  /**
   * GET my_evaluations/: a teacher's own evaluations — each application of a teacher evaluation to
   * a period where they teach. Once its window has closed: how many of their students completed it
   * and the mean (none below the school's minimum); before, only the day its results appear.
   */
  const myEvaluations = defineAction(contracts.myTeacherEvaluations, {
    needs: 'signed-in',
    handler: async (ctx) => {
      if (ctx.actor.kind !== 'teacher' || !ctx.actor.teacher_id) throw forbidden();
      const [minimum, { rows }] = await Promise.all([
        minEvaluations(),
        getPool().query<{ assignment_id: number; title: string; cicle: string; end_at: Date; closed: boolean; evaluations: number; score: string | null }>(
          `SELECT a.id AS assignment_id, p.title, c.description AS cicle, a.end_at, (a.status = 'CLOSED' OR a.end_at < now()) AS closed,
                  count(te.id)::int AS evaluations, round(avg(te.score), 2)::text AS score
             FROM poll_assignments a
             JOIN polls p ON p.id = a.poll_id JOIN catalogs pt ON pt.id = p.poll_type_id AND upper(pt.code) = 'DOC'
             JOIN cicles c ON c.id = a.cicle_id
             LEFT JOIN teacher_evaluations te ON te.assignment_id = a.id AND te.teacher_id = $1 AND te.is_complete
            WHERE a.is_active AND a.status <> 'DRAFT'
              AND (EXISTS (SELECT 1 FROM schedules s JOIN groups g ON g.id = s.group_id WHERE s.teacher_id = $1 AND s.status AND g.cicle_id = a.cicle_id)
                   OR te.id IS NOT NULL)
            GROUP BY a.id, p.title, c.description ORDER BY a.end_at DESC`,
          [ctx.actor.teacher_id],
        ),
      ]);
      return rows.map((row) => {
        // While the window is open nothing is counted for the teacher: answers are still arriving.
        if (!row.closed) return { ...row, evaluations: null, score: null, min_evaluations: minimum, below_minimum: false };
        const below = !enoughEvaluations(row.evaluations, minimum);
        return { ...row, score: below ? null : row.score, min_evaluations: minimum, below_minimum: below };
      });
    },
  });

  return [getAssignments, getHub, statusCareers, statusByStudents, statusByTeachers, exportByStudents, exportByTeachers, myEvaluations];
}
