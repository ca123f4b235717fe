// Scores' actions (Calificaciones): the capture sheet of a group's partial and its save, the
// factors' close, the extraordinary exams' flow, the period's results and the kept subject lines.
import { z } from 'zod';
import { calendarDay, positiveId } from '@/lib/validation';
import { CSV, XLSX, defineContract, fileAnswer } from './contract';
import { classHour, queryIdText } from './scheduler';
import { wireDate, wireDecimal, wireId } from './wire';

const SCORES = 'scores/api/scores/';
const FACTORS = 'scores/api/factors/';
const EXTRAORDINARY = 'scores/api/extraordinary/';
const MAIN_SCORES = 'scores/api/main-scores/';
const SUBJECT_CICLES = 'scores/api/subject-cicles/';

/** The school's grading scale (lib/grades/score.ts GradeSettings). */
export const gradeSettings = z.object({ min_cal: wireDecimal, max_cal: wireDecimal, min_approve: wireDecimal, precision_cal: z.number().int(), calculate_type: z.enum(['DEC', 'PER']) });

/** A student's line of the main scores in a schedule: ordinary partials, final, extra and T.S. */
export const partialScores = z.object({
  ord_1: wireDecimal.nullable(),
  ord_2: wireDecimal.nullable(),
  ord_3: wireDecimal.nullable(),
  ord_4: wireDecimal.nullable(),
  final: wireDecimal.nullable(),
  extra: wireDecimal.nullable(),
  ts: wireDecimal.nullable(),
});

const examCategory = z.enum(['X', 'T']);

// ---------------------------------------------------------------------------------------------
// The capture sheet: GET students/api/students/get_for_capture/ (a Student action by the spec,
// defined with the capture) and its save, POST scores/api/scores/capture/.

/** A partial of the period as the capture sheet offers it. */
export const capturePartial = z.object({
  id: wireId,
  no: z.number().int(),
  description: z.string(),
  partial_type: z.enum(['O', 'X', 'T']),
  start_eval: wireDate.nullable(),
  end_eval: wireDate.nullable(),
  allow_scores: z.boolean(),
});

const sheetHead = {
  schedule: z.object({ id: wireId, subject_id: wireId, group: z.string(), subject: z.string(), teacher: z.string().nullable() }),
  partials: z.array(capturePartial),
};

const sheetBody = {
  partial: capturePartial,
  /** Whether scores may be captured now (staff: always), and by what (the partial's dates or an exception). */
  window: z.object({ open: z.boolean(), by: z.enum(['partial', 'exception']).nullable(), until: wireDate.nullable() }),
  settings: gradeSettings,
  factors: z.array(z.object({ id: wireId, name: z.string(), value: wireDecimal, is_attendance: z.boolean(), block: z.boolean() })),
  students: z.array(
    z.object({
      student_id: wireId,
      no_control: z.string(),
      full_name: z.string(),
      /** The partial's score, "NP" (not presented), or null while not captured. */
      score: z.string().nullable(),
      /** The student's score in each factor, by factor id. */
      factors: z.record(z.string(), wireDecimal.nullable()),
    }),
  ),
};

/** The sheet of a partial as the save answers it: what was changed, and the sheet as saved. */
const savedSheet = z.object({ changed: z.number().int(), ...sheetHead, ...sheetBody });

/** GET students/api/students/get_for_capture/ */
export const captureSheet = defineContract({
  method: 'GET',
  base: 'students/api/students/',
  path: 'get_for_capture/',
  summary: 'The capture sheet of a class in a partial: its students, factors, scores and whether the window is open; without a partial, only the partials it can be opened in.',
  query: z.object({ schedule_id: positiveId, partial_id: positiveId.optional() }),
  // Without partial_id the answer is the schedule and its partials only.
  output: z.object({
    ...sheetHead,
    partial: sheetBody.partial.optional(),
    window: sheetBody.window.optional(),
    settings: sheetBody.settings.optional(),
    factors: sheetBody.factors.optional(),
    students: sheetBody.students.optional(),
  }),
});

/** A class (schedule) of the period whose partials can be opened in the capture sheet. */
export const captureClass = z.object({
  schedule_id: wireId,
  group_id: wireId,
  group_code: z.string(),
  subject_code: z.string(),
  subject_description: z.string(),
  teacher: z.string().nullable(),
});

/** GET scores/api/scores/capture_classes/ */
export const captureClasses = defineContract({
  method: 'GET',
  base: SCORES,
  path: 'capture_classes/',
  summary: 'The classes of a period the capture sheet can open: a teacher’s own, or every class for staff who read the scores screens.',
  query: z.object({ cicle_id: positiveId }),
  output: z.object({ results: z.array(captureClass) }),
});

/** What a class's row in "Mis clases" opens (lib/grades/window.ts partialToCapture). */
export const classCapture = z.object({
  /** open: capture it now; next: it opens on `date`; none: nothing left to capture this period. */
  state: z.enum(['open', 'next', 'none']),
  partial_id: wireId.nullable(),
  partial: z.string().nullable(),
  /** Open by the partial's own window or by an exception for the class. */
  by: z.enum(['partial', 'exception']).nullable(),
  /** Open: its last day; next: its first day. */
  date: wireDate.nullable(),
  /** Next: its dates are set but Control Escolar has not switched it on yet. */
  pending: z.boolean(),
});

/** GET scores/api/scores/my_classes/ */
export const teacherClasses = defineContract({
  method: 'GET',
  base: SCORES,
  path: 'my_classes/',
  summary: 'A teacher’s own classes of a period, each with the partial whose capture is open today (by its window or an exception), or the next one and when it opens.',
  query: z.object({ cicle_id: positiveId }),
  output: z.object({
    today: wireDate,
    results: z.array(captureClass.extend({ hours: z.number().int(), is_modular: z.boolean(), capture: classCapture })),
  }),
});

/** A cell as typed: a score, "NP", or empty. */
const typed = z.union([z.string(), z.number()]).transform(String).nullish();
const captureTarget = { schedule_id: positiveId, partial_id: positiveId };

/** POST scores/api/scores/capture/ */
export const captureScores = defineContract({
  method: 'POST',
  base: SCORES,
  path: 'capture/',
  summary: 'Saves a group’s partial at once (a score, or factor scores, per student), within the capture window; a captured score changes only with a note, kept in its track.',
  input: z.object({
    ...captureTarget,
    notes: z.string().trim().max(1000).nullish(),
    scores: z
      .array(
        z.object({
          student_id: positiveId,
          score: typed,
          /** Factor scores by factor id (a schedule with factors: the partial is computed from them). */
          factors: z.record(z.string(), typed).optional(),
          notes: z.string().trim().max(1000).nullish(),
        }),
      )
      .max(500),
  }),
  output: savedSheet,
  errors: [409],
});

/** POST scores/api/factors/move_scores/ */
export const moveFactorScores = defineContract({
  method: 'POST',
  base: FACTORS,
  path: 'move_scores/',
  summary: 'Closes a partial’s factors: every student’s partial is computed from them and saved as a capture saves it, and the factors lock.',
  input: z.object({ ...captureTarget, notes: z.string().trim().max(1000).nullish() }),
  output: savedSheet,
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// scores/api/extraordinary/: the extraordinary (X) and T.S. (T) exams.

/** One exam (schedule and kind) of the period with its requests and dates. */
export const examSchedule = z.object({
  schedule_id: wireId,
  category: examCategory,
  subject_code: z.string(),
  subject_description: z.string(),
  group_code: z.string(),
  teacher: z.string().nullable(),
  requests: z.number().int(),
  approved: z.number().int(),
  graded: z.number().int(),
  exam_date: wireDate.nullable(),
  limit_capture: wireDate.nullable(),
  /** The requests do not all share the same dates. */
  mixed_dates: z.boolean(),
});

/** GET scores/api/extraordinary/get_concepts/ */
export const examConcepts = defineContract({
  method: 'GET',
  base: EXTRAORDINARY,
  path: 'get_concepts/',
  summary: 'The concepts that may charge an exam at the schedule’s campus, and the one a new request takes unless another is chosen.',
  query: z.object({ category: examCategory.default('X'), schedule_id: positiveId.optional() }),
  output: z.object({
    results: z.array(z.object({ id: wireId, code: z.string(), description: z.string(), amount: wireDecimal, iva: wireDecimal })),
    default_id: wireId.nullable(),
  }),
});

/** GET scores/api/extraordinary/get_schedules/ */
export const examSchedules = defineContract({
  method: 'GET',
  base: EXTRAORDINARY,
  path: 'get_schedules/',
  summary: 'The period’s exams, one line per schedule and kind, with how many live requests each has and the dates they share (a teacher: their own schedules).',
  query: z.object({ cicle_id: positiveId, category: examCategory.optional() }),
  output: z.object({ results: z.array(examSchedule), settings: gradeSettings }),
});

/** POST scores/api/extraordinary/store_schedules/ */
export const storeExamSchedules = defineContract({
  method: 'POST',
  base: EXTRAORDINARY,
  path: 'store_schedules/',
  summary: 'The date of each exam and the deadline to capture its grade, kept on every live request of that schedule and kind not graded yet.',
  input: z.object({
    schedules: z
      .array(z.object({ schedule_id: positiveId, category: examCategory.default('X'), exam_date: calendarDay.nullish(), limit_capture: calendarDay.nullish() }))
      .min(1)
      .max(2000),
  }),
  output: z.object({ updated: z.number().int() }),
});

/** GET scores/api/extraordinary/check_extras_approved/ */
export const approveExams = defineContract({
  method: 'GET',
  base: EXTRAORDINARY,
  path: 'check_extras_approved/',
  summary: 'Approves the period’s paid requests, oldest first, while each student stays within the school’s maximum of exams; says why the others were not.',
  query: z.object({ cicle_id: queryIdText }),
  output: z.object({ approved: z.number().int(), refused: z.array(z.object({ id: wireId, detail: z.string() })) }),
});

/** POST scores/api/extraordinary/save_score/ */
export const saveExamScore = defineContract({
  method: 'POST',
  base: EXTRAORDINARY,
  path: 'save_score/',
  summary: 'An exam’s grade, by the schedule’s teacher or staff, for an approved request before its deadline; the request is then graded.',
  input: z.object({ id: positiveId, score: z.union([z.string(), z.number()]).transform(String) }),
  output: z.object({ id: wireId, score: wireDecimal.nullable(), status: z.enum(['REQ', 'PAID', 'APPROVED', 'GRADED', 'CANCELLED']) }),
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// scores/api/main-scores/: the period-wide actions.

const period = z.object({ cicle_id: positiveId, campus_id: positiveId.optional() });

/** GET scores/api/main-scores/generate_all_extras/ */
export const generateAllExtras = defineContract({
  method: 'GET',
  base: MAIN_SCORES,
  path: 'generate_all_extras/',
  summary: 'An extraordinary request for every failed final of the period that has none yet (running it twice adds nothing).',
  query: period,
  output: z.object({ created: z.number().int() }),
});

const failureCount = z.object({ id: wireId.nullable(), name: z.string().nullable(), total: z.number().int(), failed: z.number().int(), rate: wireDecimal.nullable() });

/** GET scores/api/main-scores/failure_statistic/ */
export const failureStatistic = defineContract({
  method: 'GET',
  base: MAIN_SCORES,
  path: 'failure_statistic/',
  summary: 'The period’s failed finals by career, group and subject (the fail index), worst first.',
  query: period,
  output: z.object({
    total: z.number().int(),
    failed: z.number().int(),
    /** Percent failed, one decimal. */
    rate: wireDecimal.nullable(),
    careers: z.array(failureCount),
    groups: z.array(failureCount),
    subjects: z.array(failureCount),
  }),
});

/** GET scores/api/main-scores/export_by_cicle/ */
export const exportMainScoresByCicle = defineContract({
  method: 'GET',
  base: MAIN_SCORES,
  path: 'export_by_cicle/',
  summary: 'The period’s main scores as a workbook (`format=csv`: as CSV), with the list’s filters.',
  // Any other format than csv gives the workbook, as every export does.
  query: period.extend({ format: z.string().optional() }),
  output: fileAnswer(XLSX, CSV),
});

// ---------------------------------------------------------------------------------------------
// scores/api/subject-cicles/: a student's kept result per subject and period.

/** A subject the student takes this period, its hours and its scores so far. */
export const currentLoadRow = partialScores.extend({
  schedule_id: wireId,
  subject_id: wireId,
  subject_code: z.string(),
  subject_description: z.string(),
  grade: z.number().int().nullable(),
  credit: wireDecimal.nullable(),
  group_id: wireId,
  group_code: z.string(),
  cicle_id: wireId,
  cicle_description: z.string(),
  teacher: z.string().nullable(),
  hours: z.array(classHour),
});

/** GET scores/api/subject-cicles/get_current_load/ */
export const currentLoad = defineContract({
  method: 'GET',
  base: SUBJECT_CICLES,
  path: 'get_current_load/',
  summary: 'The subjects a student takes now: schedule, teacher, weekly hours and the scores so far (a student: their own).',
  // Required of staff; the handler says so (a student asks for their own without it).
  query: z.object({ student_id: queryIdText.optional() }),
  output: z.array(currentLoadRow),
});

/** What a student's captured scores give next to the kept subject-cicle line. */
export const consolidationLine = partialScores.extend({
  /** The kept line, null while there is none. */
  id: wireId.nullable(),
  student_id: wireId,
  no_control: z.string(),
  full_name: z.string(),
  subject_id: wireId,
  subject_code: z.string(),
  subject_description: z.string(),
  schedule_id: wireId,
  final_score: wireDecimal.nullable(),
  extra_score: wireDecimal.nullable(),
  ts_score: wireDecimal.nullable(),
  differs: z.boolean(),
});

/** GET scores/api/subject-cicles/detail_for_modify/ */
export const consolidationDetail = defineContract({
  method: 'GET',
  base: SUBJECT_CICLES,
  path: 'detail_for_modify/',
  summary: 'Each student and subject of a group: what the captured scores give next to what is kept, to review before consolidating.',
  query: z.object({ group_id: positiveId, subject_id: positiveId.optional() }),
  output: z.array(consolidationLine),
});

/** A kept score as typed: a valid score, or empty to clear it. */
const keptScore = z.union([z.string(), z.number()]).transform((value) => String(value).trim()).nullish();

/** POST scores/api/subject-cicles/update_all_scores/ */
export const updateAllScores = defineContract({
  method: 'POST',
  base: SUBJECT_CICLES,
  path: 'update_all_scores/',
  summary:
    'Keeps what the captured scores give: a group’s ({group_id}) at once, a whole period’s ({cicle_id}) as a job (202 {job_id}); or keeps corrected values ({items}). Every change leaves its history row.',
  input: z.union([
    z.object({ items: z.array(z.object({ id: positiveId, final_score: keptScore, extra_score: keptScore, ts_score: keptScore })).min(1).max(5000) }),
    z.object({ group_id: positiveId }),
    z.object({ cicle_id: positiveId }),
  ]),
  // A group or corrections answer their counts (200); a period answers the job that does it (202).
  status: [200, 202],
  output: z.union([z.object({ created: z.number().int(), updated: z.number().int() }), z.object({ job_id: wireId })]),
});

// ---------------------------------------------------------------------------------------------
// The capture sheet's changes sent from the teacher's device (issue 32), one cell at a time.

/** POST scores/api/scores/capture_change/ */
export const captureChange = defineContract({
  method: 'POST',
  base: SCORES,
  path: 'capture_change/',
  summary:
    'One cell of a capture sheet typed on the teacher’s device, sent with an idempotency key: applied once however often it is retried (a retry gets the same answer), under the capture’s rules (window, notes for changed scores); 409 with both values, who and when if someone else changed the cell since the sheet was loaded.',
  input: z.object({
    /** The device's key for this change (a UUID). */
    key: z.string().trim().regex(/^[A-Za-z0-9-]{8,64}$/),
    ...captureTarget,
    student_id: positiveId,
    /** `score`, or the id of a factor of a schedule that has factors. */
    column: z.string().regex(/^(score|[1-9]\d{0,9})$/),
    /** As typed: a score, "NP", or empty. */
    value: typed,
    /** The cell's value when the sheet was loaded, before the teacher changed it. */
    loaded: typed,
    notes: z.string().trim().max(1000).nullish(),
  }),
  output: z.object({
    key: z.string(),
    /** false: the server already held this value, nothing was written. */
    applied: z.boolean(),
    student_id: wireId,
    column: z.string(),
    /** The cell as the server now has it, and the student's partial. */
    value: z.string().nullable(),
    score: z.string().nullable(),
  }),
  errors: [409],
});
