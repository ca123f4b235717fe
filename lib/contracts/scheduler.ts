// The scheduler's actions (Académico › Horarios, Cargas académicas, Listas de asistencia): a group's
// students, boss, week and files; a teacher's week and load; a student's individual load.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { PDF, XLSX, ZIP, defineContract, fileAnswer } from './contract';
import { wireId } from './wire';

const GROUPS = 'scheduler/api/groups/';
const SCHEDULES = 'scheduler/api/schedules/';

/**
 * An id in the query that the handler checks itself (idParam: "required" when missing, "invalid"
 * when it is not a positive whole number the database holds): any text here, so its messages stay.
 */
export const queryIdText = z.string();

/** A class's weekly slot as the timetables answer it: the day (1 Monday) and "HH:MM" times. */
export const classHour = z.object({ week_day: z.number().int(), start_hour: z.string(), end_hour: z.string() });

/** A teacher's load in a period against their contract (lib/scholar/loads.ts TeacherLoadRow). */
export const teacherLoadRow = z.object({
  teacher_id: wireId,
  name: z.string(),
  code: z.string(),
  contract_hours: z.number().int().nullable(),
  classes: z.number().int(),
  groups: z.number().int(),
  scheduled_minutes: z.number().int(),
  plan_hours: z.number().int(),
  against_contract: z.enum(['over', 'under', 'even']).nullable(),
});

/** A teacher's class of the period and its weekly hours (scheduler/api/schedules/week/). */
export const teacherWeekRow = z.object({
  schedule_id: wireId,
  subject_code: z.string(),
  subject_description: z.string(),
  group_code: z.string(),
  hours: z.array(classHour),
  week_minutes: z.number().int(),
});

/** The week of a group, a teacher or a student as a file: `format` pdf (the default) or xlsx. */
export const weekFileFormat = z.enum(['pdf', 'xlsx']).optional();
export const weekFileAnswer = fileAnswer(PDF, XLSX);

/**
 * The attendance lists' query (a group's, or one class's, as pdf or xlsx; every group of a period
 * as a zip of PDFs). The ids are checked by the handler (group_id without a zip, cicle_id with one).
 */
export const attendanceQuery = z.object({
  group_id: queryIdText.optional(),
  schedule_id: queryIdText.optional(),
  cicle_id: queryIdText.optional(),
  format: z.enum(['pdf', 'xlsx', 'zip']).optional(),
  inline: z.enum(['true', 'false']).optional(),
});
export const attendanceAnswer = fileAnswer(PDF, XLSX, ZIP);

// ---------------------------------------------------------------------------------------------
// scheduler/api/groups/

/** GET scheduler/api/groups/list_students/ */
export const groupStudents = defineContract({
  method: 'GET',
  base: GROUPS,
  path: 'list_students/',
  summary: 'The students of a group now, in order, its boss marked (a teacher: only the groups they teach or tutor).',
  query: z.object({ group_id: queryIdText }),
  output: z.object({
    group: z.object({ id: wireId, code: z.string() }),
    students: z.array(
      z.object({
        id: wireId,
        enrolment_id: wireId,
        no_control: z.string(),
        full_name: z.string(),
        is_active: z.boolean(),
        is_boss: z.boolean(),
        has_photo: z.boolean(),
        /** The subject when the student takes only that one in the group. */
        subject: z.string().nullable(),
      }),
    ),
  }),
});

/** POST scheduler/api/groups/set_group_boss/ */
export const setGroupBoss = defineContract({
  method: 'POST',
  base: GROUPS,
  path: 'set_group_boss/',
  summary: 'Makes a student of the group its boss (one per group); a null student leaves it without one.',
  input: z.object({ group_id: positiveId, student_id: positiveId.nullable() }),
  output: z.object({ group_id: wireId, boss_id: wireId.nullable() }),
});

/** GET scheduler/api/groups/export_schedule/ */
export const groupWeekFile = defineContract({
  method: 'GET',
  base: GROUPS,
  path: 'export_schedule/',
  summary: 'The group’s week of classes as a PDF or a workbook.',
  query: z.object({ group_id: queryIdText, format: weekFileFormat }),
  output: weekFileAnswer,
});

/** GET scheduler/api/groups/export_attendance/ */
export const groupAttendanceFile = defineContract({
  method: 'GET',
  base: GROUPS,
  path: 'export_attendance/',
  summary: 'The attendance lists of a group’s classes (or one) as a PDF or a workbook; every group of a period as a zip of PDFs.',
  query: attendanceQuery,
  output: attendanceAnswer,
});

/** GET scheduler/api/groups/week/ */
export const groupWeek = defineContract({
  method: 'GET',
  base: GROUPS,
  path: 'week/',
  summary: 'What the week builder shows of a group: its plan and grade, its classes with their teacher and weekly slots, and its teachers’ loads in the period.',
  query: z.object({ group_id: queryIdText }),
  output: z.object({
    group: z.object({ id: wireId, code: z.string(), grade: z.number().int(), study_plan_id: wireId.nullable(), cicle_id: wireId, career_id: wireId.nullable(), capacity: z.number().int() }),
    loads: z.array(teacherLoadRow),
    classes: z.array(
      z.object({
        id: wireId,
        subject: z.object({ id: wireId, label: z.string() }),
        teacher: z.object({ id: wireId, label: z.string() }).nullable(),
        hours: z.array(classHour.extend({ id: wireId })),
      }),
    ),
  }),
});

// ---------------------------------------------------------------------------------------------
// scheduler/api/schedules/

/** GET scheduler/api/schedules/week/ */
export const teacherWeek = defineContract({
  method: 'GET',
  base: SCHEDULES,
  path: 'week/',
  summary: 'A teacher’s classes of a period with their weekly hours (a teacher: their own; staff name the teacher).',
  // teacher_id is required of staff; the handler says so.
  query: z.object({ cicle_id: positiveId, teacher_id: positiveId.optional() }),
  output: z.array(teacherWeekRow),
});

/** POST scheduler/api/schedules/save_irregular/ */
export const saveIrregularLoad = defineContract({
  method: 'POST',
  base: SCHEDULES,
  path: 'save_irregular/',
  summary: 'An irregular student’s individual load for a period, replacing the one they had; refused (409) when two of its classes, or one and their own group’s, meet at once.',
  input: z.object({ student_id: positiveId, cicle_id: positiveId, schedule_ids: z.array(positiveId).max(30) }),
  output: z.object({ student_id: wireId, cicle_id: wireId, schedule_ids: z.array(wireId) }),
  errors: [409],
});

/** GET scheduler/api/schedules/loads/ */
export const teacherLoads = defineContract({
  method: 'GET',
  base: SCHEDULES,
  path: 'loads/',
  summary: 'Each teacher’s load in a period against their contract: classes, groups, weekly hours on the timetable and in the plan.',
  query: z.object({ cicle_id: queryIdText }),
  output: z.array(teacherLoadRow),
});

/** GET scheduler/api/schedules/offer/ */
export const classOffer = defineContract({
  method: 'GET',
  base: SCHEDULES,
  path: 'offer/',
  summary: 'The classes of a period (of a career) an individual load is chosen from and, with a student, the ones in their load now.',
  query: z.object({ cicle_id: queryIdText, career_id: queryIdText.optional(), student_id: queryIdText.optional() }),
  output: z.object({
    classes: z.array(z.object({ id: wireId, subject: z.string(), group: z.string(), teacher: z.string().nullable(), hours: z.array(classHour) })),
    load: z.array(wireId),
  }),
});
