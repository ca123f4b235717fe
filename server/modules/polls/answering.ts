// Students answer in the portal (polls/api/results/):
// - store_general/ {assignment_id, answers, section_id?}: a general poll's answers, saved as they
//   go; with section_id the section must then have every mandatory question answered.
// - finish_general_evaluation/ {assignment_id}: closes it when nothing mandatory is missing; the
//   application's answers counter counts the student once. A finished poll is locked for that
//   student: changing it is refused (409), so what was counted is what stays; the same answers
//   sent again (a double submission) are answered as the first time, and finishing twice finishes once.
// - store_teacher/ {assignment_id, schedule_id, answers}: an evaluation of the teacher of one of
//   the student's own classes in that period; complete (and counted) once every mandatory question
//   is answered, its score the mean of the scale answers; an incomplete one has no score (an average
//   of some questions would mislead), and a complete one is never made incomplete again.
// - get_responses_general/, get_responses_teacher/: what the student answered, to carry on.
// Every step only inside an application open to the student now, of a poll still active. Counters move with one atomic
// UPDATE guarded by the row that records the completion, so answers at once never miscount.
import * as contracts from '@/lib/contracts/polls';
import { AnswerError, type GivenAnswer, meanScore, type PollQuestionFacts, questionKind, scaleValue, type StoredAnswer, storedAnswer, unansweredMandatory } from '@/lib/polls/answers';
import { Prisma, prisma } from '@/server/db/client';
import type { Actor } from '@/server/auth/actor';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { badRequest, conflict, fieldError, forbidden, msg } from '@/server/errors';
import { studentSchedules } from '@/server/modules/scheduler';
import { studentAssignments } from './scopes';

type Tx = Prisma.TransactionClient;

export function answeringStudentId(actor: Actor): number {
  if (actor.kind !== 'student' || !actor.student_id) throw forbidden();
  return actor.student_id;
}

/** The poll's kind: a teacher evaluation (catalogue category 12 code DOC) or a general poll. */
export const isTeacherEvaluation = (pollType: { code: string | null } | null) => (pollType?.code ?? '').toUpperCase() === 'DOC';

type OpenAssignment = { id: number; cicle_id: number; poll_id: number; teacher: boolean };

/** An application of the student's, open now; 409 with what is wrong otherwise. */
export async function openAssignment(tx: Tx | typeof prisma, studentId: number, assignmentId: number, now = new Date()): Promise<OpenAssignment> {
  const row = await tx.pollAssignment.findFirst({ where: { ...studentAssignments(studentId), id: assignmentId }, select: { id: true, cicle_id: true, poll_id: true, status: true, start_at: true, end_at: true, poll: { select: { is_active: true, status: true, poll_type: { select: { code: true } } } } } });
  if (!row) throw fieldError('assignment_id', 'polls.answering.not_yours');
  // A poll staff deactivated takes no more answers, whatever its applications' dates say.
  if (!row.poll.is_active || !row.poll.status) throw conflict('polls.answering.deactivated');
  if (row.status !== 'OPEN' || row.start_at > now || row.end_at < now) throw conflict('polls.answering.closed');
  return { id: row.id, cicle_id: row.cicle_id, poll_id: row.poll_id, teacher: isTeacherEvaluation(row.poll.poll_type) };
}

/** The poll's active questions in order, as the answering rules read them. */
export async function pollQuestions(tx: Tx | typeof prisma, pollId: number): Promise<(PollQuestionFacts & { section_id: number })[]> {
  const rows = await tx.pollQuestion.findMany({
    where: { section: { poll_id: pollId, status: true }, status: true },
    orderBy: [{ section: { section_order: 'asc' } }, { question_order: 'asc' }, { id: 'asc' }],
    select: { id: true, section_id: true, title: true, options: true, is_mandatory: true, is_active: true, question_type: { select: { code: true } } },
  });
  return rows.map((row) => ({ id: row.id, section_id: row.section_id, kind: questionKind(row.question_type?.code), title: row.title, options: Array.isArray(row.options) ? (row.options as unknown as PollQuestionFacts['options']) : [], is_mandatory: row.is_mandatory, is_active: row.is_active }));
}

/** The stored answers of the given ones, each checked against its question; 400 naming each question refused. */
function checkedAnswers(questions: readonly (PollQuestionFacts & { section_id: number })[], given: readonly GivenAnswer[]) {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const stored: { question: PollQuestionFacts & { section_id: number }; value: StoredAnswer | null }[] = [];
  const problems: Record<string, ReturnType<typeof msg>[]> = {};
  for (const item of given) {
    const question = byId.get(item.question_id);
    if (!question) {
      problems[`answers.${item.question_id}`] = [msg('polls.answering.not_in_poll')];
      continue;
    }
    try {
      stored.push({ question, value: storedAnswer(question, item) });
    } catch (error) {
      if (!(error instanceof AnswerError)) throw error;
      problems[`answers.${item.question_id}`] = [msg(`polls.answering.${error.reason}`, { question: question.title })];
    }
  }
  if (Object.keys(problems).length) throw badRequest(problems);
  return stored;
}

/** 400 naming each mandatory question left without an answer. */
function refuseMissing(missing: readonly PollQuestionFacts[]): void {
  if (missing.length) throw badRequest(Object.fromEntries(missing.map((question) => [`answers.${question.id}`, [msg('polls.answering.required', { question: question.title })]])));
}

/** Writes the answers of one student (and schedule) — an empty answer removes a previous one. */
async function saveAnswers(tx: Tx, keys: { assignment_id: number; student_id: number; schedule_id: number | null; teacher_id: number | null }, answers: ReturnType<typeof checkedAnswers>) {
  for (const { question, value } of answers) {
    const where = { assignment_id: keys.assignment_id, question_id: question.id, student_id: keys.student_id, schedule_id: keys.schedule_id };
    if (!value) {
      await tx.pollResult.deleteMany({ where });
      continue;
    }
    const data = { answer: value.answer, answer_json: (value.answer_json ?? undefined) as Prisma.InputJsonValue | undefined };
    // One row per question, student and class: a second save replaces the first.
    const existing = await tx.pollResult.findFirst({ where, select: { id: true } });
    if (existing) await tx.pollResult.update({ where: { id: existing.id }, data: { ...data, answer_json: value.answer_json ?? Prisma.DbNull } });
    else await tx.pollResult.create({ data: { ...where, teacher_id: keys.teacher_id, ...data } });
  }
}

async function answeredIds(tx: Tx | typeof prisma, where: Prisma.PollResultWhereInput): Promise<Set<number>> {
  return new Set((await tx.pollResult.findMany({ where, select: { question_id: true } })).map((row) => row.question_id));
}

/**
 * Whether the student has finished the poll (their answers are then final). A student's saves and
 * finish of one application take turns (a lock held to the end of the transaction), so a save
 * racing the finish either lands before it or sees it finished.
 */
async function lockedFinished(tx: Tx, assignmentId: number, studentId: number): Promise<boolean> {
  await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext('poll_answer:' || $1::text), $2::int)", assignmentId, studentId);
  return (await tx.pollCompletion.count({ where: { assignment_id: assignmentId, student_id: studentId } })) > 0;
}

/** Whether saving these answers would change nothing of what is stored (a submission sent twice). */
async function sameAsStored(tx: Tx, where: { assignment_id: number; student_id: number; schedule_id: number | null }, answers: ReturnType<typeof checkedAnswers>): Promise<boolean> {
  const stored = new Map((await tx.pollResult.findMany({ where, select: { question_id: true, answer: true, answer_json: true } })).map((row) => [row.question_id, row]));
  return answers.every(({ question, value }) => {
    const row = stored.get(question.id);
    if (!value) return !row;
    return !!row && row.answer === value.answer && JSON.stringify(row.answer_json ?? null) === JSON.stringify(value.answer_json ?? null);
  });
}

/** Whether the application expects this answer (poll_expected): only those move its counter. */
const EXPECTED_ANSWER = 'EXISTS (SELECT 1 FROM poll_expected($1) e WHERE e.student_id = $2 AND e.schedule_id IS NOT DISTINCT FROM $3::int)';

export const storeGeneral: ActionDefinition = defineAction(contracts.storeGeneralAnswers, {
  needs: 'signed-in',
  handler: async (ctx) => {
    const studentId = answeringStudentId(ctx.actor);
    const { input } = ctx;
    return prisma.$transaction(async (tx) => {
      const assignment = await openAssignment(tx, studentId, input.assignment_id);
      if (assignment.teacher) throw fieldError('assignment_id', 'polls.answering.is_teacher_evaluation');
      const questions = await pollQuestions(tx, assignment.poll_id);
      const given = checkedAnswers(questions, input.answers);
      const keys = { assignment_id: assignment.id, student_id: studentId, schedule_id: null };
      const finished = await lockedFinished(tx, assignment.id, studentId);
      const unchanged = await sameAsStored(tx, keys, given);
      // The last save sent again after the finish (a double click, a retried request) is answered as
      // the first was; only a change to a finished poll is refused.
      if (finished && !unchanged) throw conflict('polls.answering.finished');
      if (!unchanged) await saveAnswers(tx, { ...keys, teacher_id: null }, given);
      const answered = await answeredIds(tx, { assignment_id: assignment.id, student_id: studentId, schedule_id: null });
      if (input.section_id) refuseMissing(unansweredMandatory(questions.filter((question) => question.section_id === input.section_id), answered));
      return { assignment_id: assignment.id, answered: answered.size, missing: unansweredMandatory(questions, answered).map((question) => question.id) };
    });
  },
});

export const finishGeneral: ActionDefinition = defineAction(contracts.finishGeneralPoll, {
  needs: 'signed-in',
  handler: async (ctx) => {
    const studentId = answeringStudentId(ctx.actor);
    const { input } = ctx;
    return prisma.$transaction(async (tx) => {
      const assignment = await openAssignment(tx, studentId, input.assignment_id);
      if (assignment.teacher) throw fieldError('assignment_id', 'polls.answering.is_teacher_evaluation');
      await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext('poll_answer:' || $1::text), $2::int)", assignment.id, studentId);
      const questions = await pollQuestions(tx, assignment.poll_id);
      refuseMissing(unansweredMandatory(questions, await answeredIds(tx, { assignment_id: assignment.id, student_id: studentId, schedule_id: null })));
      // The completion row decides who counts: only the insert that creates it moves the counter.
      const inserted = await tx.$executeRawUnsafe('INSERT INTO poll_completions (assignment_id, student_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', assignment.id, studentId);
      if (inserted) await tx.$executeRawUnsafe(`UPDATE poll_assignments SET answers = answers + 1 WHERE id = $1 AND ${EXPECTED_ANSWER}`, assignment.id, studentId, null);
      return { assignment_id: assignment.id, finished: true };
    });
  },
});

/** The student's class of that period with its teacher, or 400. */
async function ownClass(tx: Tx | typeof prisma, studentId: number, cicleId: number, scheduleId: number) {
  const schedule = await tx.schedule.findFirst({ where: { ...studentSchedules(studentId), id: scheduleId, status: true, teacher_id: { not: null }, group: { cicle_id: cicleId } }, select: { id: true, teacher_id: true } });
  if (!schedule?.teacher_id) throw fieldError('schedule_id', 'polls.answering.not_your_teacher');
  return { id: schedule.id, teacher_id: schedule.teacher_id };
}

export const storeTeacher: ActionDefinition = defineAction(contracts.storeTeacherEvaluation, {
  needs: 'signed-in',
  handler: async (ctx) => {
    const studentId = answeringStudentId(ctx.actor);
    const { input } = ctx;
    return prisma.$transaction(async (tx) => {
      const assignment = await openAssignment(tx, studentId, input.assignment_id);
      if (!assignment.teacher) throw fieldError('assignment_id', 'polls.answering.not_teacher_evaluation');
      const schedule = await ownClass(tx, studentId, assignment.cicle_id, input.schedule_id);
      // The evaluation's row, locked: saves of one evaluation at once take turns, so it is counted once.
      await tx.$executeRawUnsafe(
        'INSERT INTO teacher_evaluations (assignment_id, student_id, schedule_id, teacher_id, is_complete, score, updated_at) VALUES ($1, $2, $3, $4, false, NULL, now()) ON CONFLICT (assignment_id, student_id, schedule_id) DO NOTHING',
        assignment.id,
        studentId,
        schedule.id,
        schedule.teacher_id,
      );
      const [stored] = await tx.$queryRawUnsafe<{ is_complete: boolean }[]>('SELECT is_complete FROM teacher_evaluations WHERE assignment_id = $1 AND student_id = $2 AND schedule_id = $3 FOR UPDATE', assignment.id, studentId, schedule.id);
      const questions = await pollQuestions(tx, assignment.poll_id);
      await saveAnswers(tx, { assignment_id: assignment.id, student_id: studentId, schedule_id: schedule.id, teacher_id: schedule.teacher_id }, checkedAnswers(questions, input.answers));
      const results = await tx.pollResult.findMany({ where: { assignment_id: assignment.id, student_id: studentId, schedule_id: schedule.id }, select: { question_id: true, answer_json: true } });
      const answered = new Set(results.map((row) => row.question_id));
      const scale = new Set(questions.filter((question) => question.kind === 'SCALE').map((question) => question.id));
      const missing = unansweredMandatory(questions, answered);
      // A complete evaluation stays complete: removing a mandatory answer from it is refused.
      if (stored.is_complete) refuseMissing(missing);
      // Only a complete evaluation has a score.
      const score = missing.length ? null : meanScore(results.filter((row) => scale.has(row.question_id)).map((row) => scaleValue(row.answer_json as StoredAnswer['answer_json'])).filter((value): value is number => value !== null));
      await tx.$executeRawUnsafe(
        'UPDATE teacher_evaluations SET is_complete = $4, score = $5::numeric, updated_at = now() WHERE assignment_id = $1 AND student_id = $2 AND schedule_id = $3',
        assignment.id,
        studentId,
        schedule.id,
        !missing.length,
        score,
      );
      // Counted when it becomes complete, once.
      if (!missing.length && !stored.is_complete) await tx.$executeRawUnsafe(`UPDATE poll_assignments SET answers = answers + 1 WHERE id = $1 AND ${EXPECTED_ANSWER}`, assignment.id, studentId, schedule.id);
      return { assignment_id: assignment.id, schedule_id: schedule.id, is_complete: missing.length === 0, score, missing: missing.map((question) => question.id) };
    });
  },
});

const responseRows = (rows: { question_id: number; answer: string | null; answer_json: Prisma.JsonValue }[]) => rows.map((row) => ({ question_id: row.question_id, answer: row.answer, answer_json: row.answer_json }));

export const responsesGeneral: ActionDefinition = defineAction(contracts.generalResponses, {
  needs: 'signed-in',
  changesData: false,
  handler: async (ctx) => {
    const studentId = answeringStudentId(ctx.actor);
    const { input } = ctx;
    const assignment = await prisma.pollAssignment.findFirst({ where: { ...studentAssignments(studentId), id: input.assignment_id }, select: { id: true } });
    if (!assignment) throw fieldError('assignment_id', 'polls.answering.not_yours');
    const [rows, finished] = await Promise.all([
      prisma.pollResult.findMany({ where: { assignment_id: assignment.id, student_id: studentId, schedule_id: null }, orderBy: { question_id: 'asc' }, select: { question_id: true, answer: true, answer_json: true } }),
      prisma.pollCompletion.count({ where: { assignment_id: assignment.id, student_id: studentId } }),
    ]);
    return { assignment_id: assignment.id, finished: finished > 0, answers: responseRows(rows) };
  },
});

export const responsesTeacher: ActionDefinition = defineAction(contracts.teacherResponses, {
  needs: 'signed-in',
  changesData: false,
  handler: async (ctx) => {
    const studentId = answeringStudentId(ctx.actor);
    const { input } = ctx;
    const assignment = await prisma.pollAssignment.findFirst({ where: { ...studentAssignments(studentId), id: input.assignment_id }, select: { id: true, cicle_id: true } });
    if (!assignment) throw fieldError('assignment_id', 'polls.answering.not_yours');
    const schedule = await ownClass(prisma, studentId, assignment.cicle_id, input.schedule_id);
    const [rows, evaluation] = await Promise.all([
      prisma.pollResult.findMany({ where: { assignment_id: assignment.id, student_id: studentId, schedule_id: schedule.id }, orderBy: { question_id: 'asc' }, select: { question_id: true, answer: true, answer_json: true } }),
      prisma.teacherEvaluation.findFirst({ where: { assignment_id: assignment.id, student_id: studentId, schedule_id: schedule.id }, select: { is_complete: true, score: true } }),
    ]);
    return { assignment_id: assignment.id, schedule_id: schedule.id, is_complete: evaluation?.is_complete ?? false, score: evaluation?.score?.toFixed(2) ?? null, answers: responseRows(rows) };
  },
});
