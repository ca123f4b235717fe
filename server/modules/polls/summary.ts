// A poll's results (polls/api/results/summary/ and export_summary/): per question, how many chose
// each option and, for scales, the mean — for an application, optionally one teacher, one career
// or one group (of a teacher evaluation, the complete ones only). Only counts leave the server: never who answered what. A teacher reads their own
// evaluation's results once its window has closed.
import { getPool, prisma } from '@/server/db/client';
import type { ActionContext } from '@/server/engine/context';
import { exportFileName } from '@/server/engine/export';
import { FileResult } from '@/server/engine/results';
import { XLSX } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/polls';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { conflict, fieldError, forbidden } from '@/server/errors';
import { tableXlsx } from '@/server/files/table-xlsx';
import { idParam } from '@/server/validation';
import { enoughEvaluations, minEvaluations } from './anonymity';
import { isTeacherEvaluation, pollQuestions } from './answering';

type Counted = { question_id: number; value: string | null; count: number };

export type QuestionSummary = {
  question_id: number;
  section_id: number;
  title: string;
  kind: string;
  answers: number;
  /** The mean of a scale's values, two decimals; null for other kinds. */
  mean: string | null;
  options: { value: string | number; label: string; count: number }[];
  /** Open answers' texts (no names), newest first, at most 50. */
  texts: string[];
};

async function summary(ctx: ActionContext) {
  const assignmentId = idParam(ctx.query, 'assignment_id', true);
  let teacherId = idParam(ctx.query, 'teacher_id', false);
  const careerId = idParam(ctx.query, 'career_id', false);
  const groupId = idParam(ctx.query, 'group_id', false);
  const assignment = await prisma.pollAssignment.findUnique({ where: { id: assignmentId }, select: { id: true, poll_id: true, end_at: true, status: true, poll: { select: { title: true, poll_type: { select: { code: true } } } } } });
  if (!assignment) throw fieldError('assignment_id', 'errors.unknown_reference');
  if (ctx.actor.kind === 'teacher') {
    // A teacher sees only their own evaluation, and only after the window closes.
    if (!isTeacherEvaluation(assignment.poll.poll_type) || !ctx.actor.teacher_id) throw forbidden();
    if (assignment.status !== 'CLOSED' && assignment.end_at > new Date()) throw conflict('polls.results.not_closed');
    teacherId = ctx.actor.teacher_id;
  } else if (ctx.actor.kind !== 'staff') throw forbidden();
  const filters = [teacherId, careerId, groupId];
  const teacherEvaluation = isTeacherEvaluation(assignment.poll.poll_type);
  // A teacher evaluation's answers count once it is complete: an incomplete one has no score, and
  // its answers would tilt the means.
  const where = `r.assignment_id = $1 AND r.status AND ($2::int IS NULL OR r.teacher_id = $2)
    AND (r.schedule_id IS NULL OR EXISTS (SELECT 1 FROM teacher_evaluations te WHERE te.assignment_id = r.assignment_id AND te.student_id = r.student_id AND te.schedule_id = r.schedule_id AND te.is_complete))
    AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM students st WHERE st.id = r.student_id AND st.career_id = $3))
    AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM student_groups sg WHERE sg.student_id = r.student_id AND sg.group_id = $4 AND sg.status))`;
  const [questions, counted, texts, evaluations, minimum] = await Promise.all([
    pollQuestions(prisma, assignment.poll_id),
    getPool().query<Counted>(
      `SELECT r.question_id, v.value, count(*)::int AS count
         FROM poll_results r
         CROSS JOIN LATERAL (
           SELECT r.answer_json->>'value' AS value WHERE r.answer_json ? 'value'
           UNION ALL SELECT jsonb_array_elements_text(r.answer_json->'values') WHERE r.answer_json ? 'values'
         ) v
        WHERE ${where}
        GROUP BY r.question_id, v.value`,
      [assignment.id, ...filters],
    ),
    getPool().query<{ question_id: number; answer: string }>(
      `SELECT question_id, answer FROM (
         SELECT r.question_id, r.answer, row_number() OVER (PARTITION BY r.question_id ORDER BY r.updated_at DESC) AS n
           FROM poll_results r WHERE ${where} AND r.answer_json IS NULL AND r.answer IS NOT NULL) x
        WHERE n <= 50`,
      [assignment.id, ...filters],
    ),
    // The complete evaluations these results are counted over (a teacher evaluation only).
    teacherEvaluation
      ? getPool()
          .query<{ n: number }>(
            `SELECT count(*)::int AS n FROM teacher_evaluations te
              WHERE te.assignment_id = $1 AND te.is_complete AND ($2::int IS NULL OR te.teacher_id = $2)
                AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM students st WHERE st.id = te.student_id AND st.career_id = $3))
                AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM student_groups sg WHERE sg.student_id = te.student_id AND sg.group_id = $4 AND sg.status))`,
            [assignment.id, ...filters],
          )
          .then((answer) => answer.rows[0]?.n ?? 0)
      : Promise.resolve(null),
    minEvaluations(),
  ]);
  // Too few evaluations to keep them anonymous: the questions without a count, a mean or a text.
  const hidden = evaluations !== null && !enoughEvaluations(evaluations, minimum);
  const counts = new Map<number, Map<string, number>>();
  for (const row of counted.rows) {
    const byValue = counts.get(row.question_id) ?? new Map<string, number>();
    byValue.set(String(row.value), row.count);
    counts.set(row.question_id, byValue);
  }
  const rows: QuestionSummary[] = questions.map((question) => {
    const byValue = counts.get(question.id) ?? new Map<string, number>();
    const options = question.options.map((option) => ({ value: option.value, label: option.label, count: byValue.get(String(option.value)) ?? 0 }));
    const questionTexts = texts.rows.filter((row) => row.question_id === question.id).map((row) => row.answer);
    const answers = question.kind === 'OPEN' ? questionTexts.length : question.kind === 'MULTI' ? Math.max(0, ...options.map((option) => option.count)) : options.reduce((sum, option) => sum + option.count, 0);
    let mean: string | null = null;
    if (question.kind === 'SCALE' && answers) {
      // Hundredths of the weighted sum, halved up: exact for integer scales.
      const weighted = options.reduce((sum, option) => sum + Math.round(Number(option.value) * 100) * option.count, 0);
      const hundredths = Math.floor((2 * weighted + answers) / (2 * answers));
      mean = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
    }
    if (hidden) return { question_id: question.id, section_id: question.section_id, title: question.title, kind: question.kind, answers: 0, mean: null, options: options.map((option) => ({ ...option, count: 0 })), texts: [] };
    return { question_id: question.id, section_id: question.section_id, title: question.title, kind: question.kind, answers, mean, options, texts: questionTexts };
  });
  return { assignment_id: assignment.id, title: assignment.poll.title, teacher_id: teacherId, evaluations, min_evaluations: minimum, hidden, questions: rows };
}

export const resultsSummary: ActionDefinition = defineAction(contracts.pollResultsSummary, {
  needs: 'signed-in',
  handler: summary,
});

export const exportSummary: ActionDefinition = defineAction(contracts.exportPollResultsSummary, {
  needs: 'signed-in',
  handler: async (ctx) => {
    const answer = await summary(ctx);
    const t = ctx.t;
    const rows = answer.questions.flatMap((question) =>
      question.options.length
        ? question.options.map((option) => ({ question: question.title, option: option.label, count: option.count, mean: question.mean }))
        : [{ question: question.title, option: t('polls.results.open_answers'), count: question.answers, mean: null }],
    );
    const bytes = await tableXlsx(answer.title, [
      { header: t('polls.results.question'), key: 'question', width: 60 },
      { header: t('polls.results.option'), key: 'option', width: 28 },
      { header: t('polls.results.count'), key: 'count', kind: 'number' },
      { header: t('polls.results.mean'), key: 'mean', kind: 'number' },
    ], rows);
    return new FileResult(new Uint8Array(bytes), XLSX, exportFileName(`${answer.title} ${t('polls.results.title')}`, 'xlsx'), { size: bytes.length });
  },
});
