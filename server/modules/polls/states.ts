// The poll application aggregate's state tables (server/engine/states.ts): the application
// (polls/api/assignments/) and its answers (results/, teacher-evaluations/). The polls module is
// the only writer of answers, completions and counters: students answer through store_general/,
// store_teacher/ and finish_general_evaluation/, which check each answer against its question;
// staff close an application with close/.
//
// - An application without answers (EMPTY) is a draft with no consequences: anything may change
//   and it may be deleted.
// - Once it has answers (ANSWERED), who it asks is fixed (poll, period, careers): changing them
//   would leave answers to another poll or of students no longer asked. Its dates, step, notes and
//   active flag still change (extend the window, close it). It is closed, never deleted: deleting
//   it would take every answer with it, without history.
// - Closed (CLOSED), it is final: teachers read their results once it closes, so no answer may
//   arrive after them. Only its notes and active flag change.
// - An answer or an evaluation is never written through the generic API (it would skip the
//   question's own checks and the student's lock); its state tells the screens where it stands:
//   still being answered (ANSWERED), finished by the student (FINISHED: locked for them), or its
//   application closed (CLOSED).
import type { Prisma } from '@/server/db/client';
import { defineStates } from '@/server/engine/states';
import type { Row } from '@/server/engine/types';

type Tx = Prisma.TransactionClient;

const AGGREGATE = 'poll_application';

/** Whether an application has any answer: a result, an evaluation or a finished poll. */
async function hasAnswers(tx: Tx, assignmentId: number): Promise<boolean> {
  const [row] = await tx.$queryRawUnsafe<{ answered: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM poll_results WHERE assignment_id = $1)
         OR EXISTS (SELECT 1 FROM teacher_evaluations WHERE assignment_id = $1)
         OR EXISTS (SELECT 1 FROM poll_completions WHERE assignment_id = $1) AS answered`,
    assignmentId,
  );
  return row?.answered ?? false;
}

export const applicationStates = defineStates({
  aggregate: AGGREGATE,
  states: {
    EMPTY: { update: '*', delete: true, operations: ['close'] },
    ANSWERED: { update: ['start_at', 'end_at', 'status', 'notes', 'is_active'], delete: false, deleteMessage: 'polls.applications.close_instead', operations: ['close'] },
    CLOSED: { update: ['notes', 'is_active'], delete: false, deleteMessage: 'polls.applications.closed_kept' },
  },
  stateOf: async (tx, row) => {
    if (!(await hasAnswers(tx, row.id as number))) return 'EMPTY';
    return row.status === 'CLOSED' ? 'CLOSED' : 'ANSWERED';
  },
});

type AnswerState = 'ANSWERED' | 'FINISHED' | 'CLOSED';

const idOf = (value: unknown): number | null => {
  const id = value && typeof value === 'object' && 'id' in value ? (value as Row).id : value;
  return typeof id === 'number' ? id : null;
};

/** Where one student's answers of an application stand. */
async function answerState(tx: Tx, assignmentId: number, studentId: number | null, scheduleId: number | null): Promise<AnswerState | null> {
  const application = await tx.pollAssignment.findUnique({ where: { id: assignmentId }, select: { status: true } });
  if (!application) return null;
  if (application.status === 'CLOSED') return 'CLOSED';
  if (studentId === null) return 'ANSWERED';
  const finished = scheduleId
    ? await tx.teacherEvaluation.count({ where: { assignment_id: assignmentId, student_id: studentId, schedule_id: scheduleId, is_complete: true } })
    : await tx.pollCompletion.count({ where: { assignment_id: assignmentId, student_id: studentId } });
  return finished ? 'FINISHED' : 'ANSWERED';
}

const ANSWER_RULES = {
  ANSWERED: { update: [], delete: false, create: false, operations: ['answer'] },
  FINISHED: { update: [], delete: false, create: false },
  CLOSED: { update: [], delete: false, create: false },
} as const;

/** An answer (polls/api/results/) or a teacher evaluation (polls/api/teacher-evaluations/): written
 * only by store_general/ and store_teacher/; both follow the application and the student's lock. */
export const answerStates = defineStates<AnswerState>({
  aggregate: AGGREGATE,
  states: ANSWER_RULES,
  stateOf: async (tx, row) => (await answerState(tx, idOf(row.assignment_id ?? row.assignment)!, idOf(row.student_id ?? row.student), idOf(row.schedule_id ?? row.schedule))) ?? 'ANSWERED',
  parentState: async (tx, input) => {
    const assignmentId = idOf(input.assignment_id);
    return assignmentId ? answerState(tx, assignmentId, idOf(input.student_id), idOf(input.schedule_id)) : null;
  },
});
