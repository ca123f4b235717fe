// polls/api/results/ and teacher-evaluations/: students' answers and their evaluations of the
// teachers of their schedules. Staff follow them in Aplicaciones; a student answers their own
// through the portal, only while the application is open, and never removes an answer.
import type { Actor } from '@/server/auth/actor';
import { type WriteInput, modelResource } from '@/server/engine/model';
import type { Row, WriteContext } from '@/server/engine/types';
import { conflict, fieldError, forbidden } from '@/server/errors';
import { STUDENT_SEARCH, TEACHER_SEARCH } from '@/server/engine/relation-paths';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { studentSchedules } from '@/server/modules/scheduler';
import { finishGeneral, responsesGeneral, responsesTeacher, storeGeneral, storeTeacher } from './answering';
import { studentAssignments } from './scopes';
import { answerStates } from './states';
import { exportSummary, resultsSummary } from './summary';

const routes = ['polls-aplications', 'portal-polls'];

/**
 * Teacher evaluations are anonymous: a student reads their own; staff read the answers of general
 * polls, and of teacher evaluations only the counts (summary/, the status board); teachers nothing.
 * Superusers (who administer the database itself) are not restricted.
 */
function anonymousAnswers(actor: Actor) {
  if (actor.kind === 'student') return actor.student_id ? { student_id: actor.student_id } : 'none';
  if (actor.kind === 'staff') return actor.is_superuser ? undefined : { teacher_id: null, schedule_id: null };
  return 'none';
}
function ownEvaluations(actor: Actor) {
  if (actor.kind === 'student') return actor.student_id ? { student_id: actor.student_id } : 'none';
  return actor.kind === 'staff' && actor.is_superuser ? undefined : 'none';
}

function answeringStudent(actor: Actor): number | null {
  if (actor.kind !== 'student') return null;
  if (!actor.student_id) throw forbidden();
  return actor.student_id;
}

/** A student writes only as themself, and only in an application open to them right now. */
async function checkStudentAnswer(studentId: number, input: WriteInput<'PollResult'>, { tx, existing }: WriteContext): Promise<Row> {
  const now = new Date();
  const open = await tx.pollAssignment.count({
    where: { ...studentAssignments(studentId), id: valueAfterWrite(input, existing, 'assignment_id'), status: 'OPEN', start_at: { lte: now }, end_at: { gte: now } },
  });
  if (!open) throw conflict();
  return { ...input, student_id: studentId };
}

async function noStudentDeletes({ actor }: WriteContext): Promise<void> {
  if (actor.kind === 'student') throw forbidden();
}

export const resultsResource = modelResource({
    base: 'polls/api/results/',
    model: 'PollResult',
    access: { routes, permission: 'poll_results' },
    search: ['answer', ...STUDENT_SEARCH],
    campusFilter: (campusId) => ({ assignment: { cicle: { campus_id: campusId } } }),
    scope: anonymousAnswers,
    // Answers are written by store_general/ and store_teacher/ only (server/modules/polls/states.ts).
    states: answerStates,
    actions: [storeGeneral, finishGeneral, storeTeacher, responsesGeneral, responsesTeacher, resultsSummary, exportSummary],
    inputToData: async (input, write) => {
      const { tx, actor, existing } = write;
      const assignmentId = valueAfterWrite(input, existing, 'assignment_id');
      // The question must belong to the poll being applied.
      const asked = await tx.pollQuestion.count({ where: { id: valueAfterWrite(input, existing, 'question_id'), section: { poll: { assignments: { some: { id: assignmentId } } } } } });
      if (!asked) throw fieldError('question_id', 'errors.invalid');
      const studentId = answeringStudent(actor);
      return studentId ? checkStudentAnswer(studentId, input, write) : input;
    },
    beforeDelete: noStudentDeletes,
  });

export const teacherEvaluationsResource = modelResource({
    base: 'polls/api/teacher-evaluations/',
    model: 'TeacherEvaluation',
    access: { routes, permission: 'teacher_evaluations' },
    // The teacher is the schedule's; the score is the average of the answers.
    readOnlyFields: ['teacher_id', 'score'],
    campusFilter: (campusId) => ({ assignment: { cicle: { campus_id: campusId } } }),
    scope: ownEvaluations,
    // Evaluations are written by store_teacher/ only (server/modules/polls/states.ts).
    states: answerStates,
    inputToData: async (input, write) => {
      const { tx, actor, existing } = write;
      const studentId = answeringStudent(actor);
      let data = input;
      if (input.schedule_id !== undefined || !existing) {
        // A student evaluates only the teachers of their own classes.
        const schedule = await tx.schedule.findFirst({
          where: { ...(studentId ? studentSchedules(studentId) : {}), id: valueAfterWrite(input, existing, 'schedule_id') },
          select: { teacher_id: true },
        });
        if (!schedule?.teacher_id) throw fieldError('schedule_id', 'errors.invalid');
        data = { ...data, teacher_id: schedule.teacher_id };
      }
      return studentId ? checkStudentAnswer(studentId, data, write) : data;
    },
    beforeDelete: noStudentDeletes,
    search: [...STUDENT_SEARCH, ...TEACHER_SEARCH],
    sortableRelations: ['teacher.first_name', 'student.first_name'],
  });
