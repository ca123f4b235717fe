// Polls' actions (Encuestas): the builder's orderings and a poll's structure, the applications'
// status board and its workbooks, a teacher's own evaluations, and the students' answering in the
// portal with the results' summary.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { XLSX, defineContract, fileAnswer } from './contract';
import { wireDecimal, wireId, wireInstant, wireRecord } from './wire';

const POLLS = 'polls/api/polls/';
const ASSIGNMENTS = 'polls/api/assignments/';
const RESULTS = 'polls/api/results/';

/** A record id in the query (`?assignment_id=12`): the handler checks it (idParam), with its own messages. */
const idQuery = z.string().optional();

const count = z.number().int();
/** A share of what was expected, in percent with one decimal (72.5). */
const percent = z.number();
/** lib/polls/answers.ts QuestionKind: catalogue category 13 by code; unknown codes read as open questions. */
const questionKind = z.enum(['SCALE', 'SINGLE', 'MULTI', 'OPEN']);
/** A general poll, or a teacher evaluation (its poll type's code is DOC). */
const pollKind = z.enum(['general', 'teacher']);
/** An answer choice as the builder stores it: `{ "value": 5, "label": "Siempre" }`. */
const pollOption = z.object({ value: z.union([z.number(), z.string()]), label: z.string() });

// ---------------------------------------------------------------------------------------------
// The builder (polls/api/polls/).

const orderAnswer = z.array(wireId);

/** POST polls/api/polls/sort_sections/ */
export const sortPollSections = defineContract({
  method: 'POST',
  base: POLLS,
  path: 'sort_sections/',
  summary: 'Saves the new order of every section of a poll; a list that drops or repeats one is refused.',
  input: z.object({ poll_id: positiveId, ids: z.array(positiveId).min(1).max(500) }),
  output: z.object({ poll_id: wireId, ids: orderAnswer }),
});

/** POST polls/api/polls/sort_questions/ */
export const sortPollQuestions = defineContract({
  method: 'POST',
  base: POLLS,
  path: 'sort_questions/',
  summary: 'Saves the new order of every question of a section; a list that drops or repeats one is refused.',
  input: z.object({ section_id: positiveId, ids: z.array(positiveId).min(1).max(500) }),
  output: z.object({ section_id: wireId, ids: orderAnswer }),
});

const structureQuestion = z.object({
  id: wireId,
  title: z.string(),
  subtitle: z.string().nullable(),
  options: z.array(pollOption),
  is_mandatory: z.boolean(),
  is_active: z.boolean(),
  question_order: count,
  kind: questionKind,
  question_type_id: wireId.nullable(),
  /** Staff only: whether anyone answered it (it is then deactivated, never deleted); null for a student. */
  answered: z.boolean().nullable(),
});

/** GET polls/api/polls/{id}/structure/ */
export const pollStructure = defineContract({
  method: 'GET',
  base: POLLS,
  path: '{id}/structure/',
  summary: 'The poll’s sections with their questions in order, each with its kind and options: what the builder edits and the portal shows (a student sees active questions only).',
  output: z.object({
    id: wireId,
    title: z.string(),
    instructions: z.string().nullable(),
    start_message: z.string().nullable(),
    end_message: z.string().nullable(),
    sections: z.array(z.object({ id: wireId, title: z.string(), questions: z.array(structureQuestion) })),
  }),
});

// ---------------------------------------------------------------------------------------------
// Applications and their status board (polls/api/assignments/).

const staffApplication = z.object({
  id: wireId,
  poll_id: wireId,
  title: z.string(),
  kind: pollKind,
  cicle: z.object({ id: wireId, description: z.string() }),
  status: z.enum(['DRAFT', 'OPEN', 'CLOSED']),
  start_at: wireInstant,
  end_at: wireInstant,
  answers: count,
  total: count,
  percent,
  /** Open now: its status is OPEN and today is inside its window. */
  open: z.boolean(),
});
const studentApplication = z.object({
  id: wireId,
  poll_id: wireId,
  title: z.string(),
  instructions: z.string().nullable(),
  kind: pollKind,
  start_at: wireInstant,
  end_at: wireInstant,
  finished: z.boolean(),
});

/** GET polls/api/assignments/get_assignments/ */
export const pollAssignments = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'get_assignments/',
  summary: 'Staff: the period’s applications with answered out of expected (`cicle_id`); a student: their own open ones and whether they finished each.',
  query: z.object({ cicle_id: idQuery }),
  output: z.array(z.union([staffApplication, studentApplication])),
});

const hubClass = z.object({ schedule_id: wireId, subject: z.string(), teacher: z.string(), is_complete: z.boolean(), started: z.boolean() });

/** GET polls/api/assignments/get_hub/ */
export const pollHub = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'get_hub/',
  summary: 'A student’s pending polls: each general poll (finished or not) and each teacher evaluation with their classes of the period and whether each is complete.',
  output: z.array(
    z.object({
      assignment_id: wireId,
      poll_id: wireId,
      title: z.string(),
      kind: pollKind,
      end_at: wireInstant,
      done: z.boolean(),
      /** A teacher evaluation's classes; a general poll has none. */
      classes: z.array(hubClass).optional(),
    }),
  ),
});

/** The application whose board is asked; a career (and a group) narrows it. */
const boardQuery = z.object({ assignment_id: idQuery, career_id: idQuery, group_id: idQuery });
const careerStatusRow = z.object({ career_id: wireId.nullable(), career: z.string().nullable(), expected: count, answered: count, percent });

/** GET polls/api/assignments/status_careers/ */
export const pollStatusCareers = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'status_careers/',
  summary: 'An application’s answered out of expected per career, counted live from the enrolments, with its stored counters.',
  query: z.object({ assignment_id: idQuery }),
  output: z.object({
    assignment_id: wireId,
    title: z.string(),
    kind: pollKind,
    careers: z.array(careerStatusRow),
    expected: count,
    answered: count,
    percent,
    counters: z.object({ answers: count, total: count }),
  }),
});

const studentStatusRow = z.object({
  student_id: wireId,
  no_control: z.string(),
  name: z.string(),
  career: z.string().nullable(),
  group: z.string().nullable(),
  expected: count,
  answered: count,
  percent,
  done: z.boolean(),
});

/** GET polls/api/assignments/status_by_students/ */
export const pollStatusByStudents = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'status_by_students/',
  summary: 'An application’s answered out of expected per student (of a career, of a group).',
  query: boardQuery,
  output: z.array(studentStatusRow),
});

const teacherStatusRow = z.object({
  teacher_id: wireId,
  code: z.string(),
  name: z.string(),
  classes: count,
  expected: count,
  answered: count,
  /** The mean score of the complete evaluations, two decimals; null before any, and below the minimum. */
  score: wireDecimal.nullable(),
  /** Fewer complete evaluations than the school's minimum: the mean is not shown. */
  below_minimum: z.boolean(),
  percent,
});

/** GET polls/api/assignments/status_by_teachers/ */
export const pollStatusByTeachers = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'status_by_teachers/',
  summary: 'A teacher evaluation’s answered out of expected per teacher, with the mean score: counts only, never who answered what.',
  query: z.object({ assignment_id: idQuery, career_id: idQuery }),
  output: z.array(teacherStatusRow),
});

/** GET polls/api/assignments/export_status_by_students/ */
export const exportPollStatusByStudents = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'export_status_by_students/',
  summary: 'The status by student as a workbook.',
  query: boardQuery,
  output: fileAnswer(XLSX),
});

/** GET polls/api/assignments/export_status_by_teachers/ */
export const exportPollStatusByTeachers = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'export_status_by_teachers/',
  summary: 'The status by teacher of a teacher evaluation as a workbook.',
  query: z.object({ assignment_id: idQuery, career_id: idQuery }),
  output: fileAnswer(XLSX),
});

/** GET polls/api/assignments/my_evaluations/ */
export const myTeacherEvaluations = defineContract({
  method: 'GET',
  base: ASSIGNMENTS,
  path: 'my_evaluations/',
  summary: 'A teacher’s own evaluations: once a window has closed, how many students completed it and the mean score (none below the school’s minimum of evaluations); before, only when the results appear.',
  output: z.array(
    z.object({
      assignment_id: wireId,
      title: z.string(),
      cicle: z.string(),
      end_at: wireInstant,
      /** Its window has closed (or it was closed): the results can be read. */
      closed: z.boolean(),
      /** Complete evaluations; null while the window is open. */
      evaluations: count.nullable(),
      /** Their mean, two decimals; null while open, before any, or below the minimum. */
      score: wireDecimal.nullable(),
      min_evaluations: count,
      below_minimum: z.boolean(),
    }),
  ),
});

/** POST polls/api/assignments/{id}/close/ */
export const closePollAssignment = defineContract({
  method: 'POST',
  base: ASSIGNMENTS,
  path: '{id}/close/',
  summary: 'Closes an application: its counters are counted one last time and it takes no more answers.',
  output: wireRecord,
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// Answering in the portal and the results (polls/api/results/).

const givenValue = z.union([z.number(), z.string().max(200)]);
const givenAnswer = z.object({
  question_id: positiveId,
  value: givenValue.nullish(),
  values: z.array(givenValue).max(50).nullish(),
  text: z.string().max(5000).nullish(),
});
const givenAnswers = z.array(givenAnswer).max(500).default([]);
const assignmentInput = z.object({ assignment_id: positiveId });

/** An answer as stored: the text shown back and the structured value(s). */
const storedResponse = z.object({
  question_id: wireId,
  answer: z.string().nullable(),
  /** A choice's `{value}` or several choices' `{values}`; null for an open answer. */
  answer_json: z.object({ value: z.union([z.number(), z.string()]).optional(), values: z.array(z.union([z.number(), z.string()])).optional() }).nullable(),
});

/** POST polls/api/results/store_general/ */
export const storeGeneralAnswers = defineContract({
  method: 'POST',
  base: RESULTS,
  path: 'store_general/',
  summary: 'Saves a student’s answers to a general poll as they go; with `section_id` the section must then have every mandatory question answered.',
  input: z.object({ assignment_id: positiveId, answers: givenAnswers, section_id: positiveId.nullish() }),
  output: z.object({ assignment_id: wireId, answered: count, missing: z.array(wireId) }),
  errors: [409],
});

/** POST polls/api/results/finish_general_evaluation/ */
export const finishGeneralPoll = defineContract({
  method: 'POST',
  base: RESULTS,
  path: 'finish_general_evaluation/',
  summary: 'Finishes a student’s general poll when nothing mandatory is missing; it is counted once and its answers are final.',
  input: assignmentInput,
  output: z.object({ assignment_id: wireId, finished: z.boolean() }),
  errors: [409],
});

/** POST polls/api/results/store_teacher/ */
export const storeTeacherEvaluation = defineContract({
  method: 'POST',
  base: RESULTS,
  path: 'store_teacher/',
  summary: 'Saves a student’s evaluation of the teacher of one of their classes; complete (counted, with its score) once every mandatory question is answered.',
  input: z.object({ assignment_id: positiveId, schedule_id: positiveId, answers: givenAnswers }),
  output: z.object({ assignment_id: wireId, schedule_id: wireId, is_complete: z.boolean(), score: wireDecimal.nullable(), missing: z.array(wireId) }),
  errors: [409],
});

/** POST polls/api/results/get_responses_general/ */
export const generalResponses = defineContract({
  method: 'POST',
  base: RESULTS,
  path: 'get_responses_general/',
  summary: 'What the student answered of a general poll, and whether they finished it (a read).',
  input: assignmentInput,
  output: z.object({ assignment_id: wireId, finished: z.boolean(), answers: z.array(storedResponse) }),
});

/** POST polls/api/results/get_responses_teacher/ */
export const teacherResponses = defineContract({
  method: 'POST',
  base: RESULTS,
  path: 'get_responses_teacher/',
  summary: 'What the student answered of the evaluation of one of their teachers, whether it is complete and its score (a read).',
  input: z.object({ assignment_id: positiveId, schedule_id: positiveId }),
  output: z.object({ assignment_id: wireId, schedule_id: wireId, is_complete: z.boolean(), score: wireDecimal.nullable(), answers: z.array(storedResponse) }),
});

/** An application's results, optionally of one teacher, career or group. */
const summaryQuery = z.object({ assignment_id: idQuery, teacher_id: idQuery, career_id: idQuery, group_id: idQuery });

/** GET polls/api/results/summary/ */
export const pollResultsSummary = defineContract({
  method: 'GET',
  base: RESULTS,
  path: 'summary/',
  summary: 'An application’s results per question: how many chose each option, the mean of a scale, open answers’ texts; only counts, never who answered what. A teacher reads their own once the window closed.',
  query: summaryQuery,
  output: z.object({
    assignment_id: wireId,
    title: z.string(),
    teacher_id: wireId.nullable(),
    /** A teacher evaluation's complete evaluations counted here; null for a general poll. */
    evaluations: count.nullable(),
    /** The school's minimum of evaluations to show a teacher's results (Setting.min_evaluations). */
    min_evaluations: count,
    /** Fewer evaluations than the minimum: no counts, means or texts (they would say who answered). */
    hidden: z.boolean(),
    questions: z.array(
      z.object({
        question_id: wireId,
        section_id: wireId,
        title: z.string(),
        kind: questionKind,
        answers: count,
        /** The mean of a scale's values, two decimals; null for other kinds. */
        mean: wireDecimal.nullable(),
        options: z.array(pollOption.extend({ count })),
        /** Open answers' texts (no names), newest first, at most 50. */
        texts: z.array(z.string()),
      }),
    ),
  }),
  errors: [409],
});

/** GET polls/api/results/export_summary/ */
export const exportPollResultsSummary = defineContract({
  method: 'GET',
  base: RESULTS,
  path: 'export_summary/',
  summary: 'An application’s results per question and option as a workbook.',
  query: summaryQuery,
  output: fileAnswer(XLSX),
  errors: [409],
});
