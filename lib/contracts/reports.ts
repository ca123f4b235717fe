// The reports' actions (Reportes): each report's figures and the same rows as a workbook, the staff
// home's headline figures, the attendance lists, and the kardex as numbers and as a PDF.
import { z } from 'zod';
import { REPORT_CALLS, REPORT_NAMES, type ReportName } from '@/lib/reports/catalog';
import { ASPIRANT_STATUSES } from '@/lib/admissions/aspirant-states';
import { PDF, XLSX, defineContract, fileAnswer } from './contract';
import { attendanceAnswer, attendanceQuery, queryIdText } from './scheduler';
import { gradeSettings } from './scores';
import { wireDecimal, wireId } from './wire';

const REPORTS = 'reports/';
const KARDEX = 'reports/api/student-kardex/';

const periodOf = z.object({ id: wireId, description: z.string() });

/** What a report's figures answer (server/modules/reports/figures.ts ReportAnswer). */
export const reportAnswer = z.object({
  report: z.enum(REPORT_NAMES),
  /** What the rows are (`reports.groups.<group>` names the column). */
  group: z.string(),
  /** What the rows' `detail` holds, when they have one (`reports.details.<detail>`). */
  detail: z.string().nullable(),
  /** The counts of each row, in column order (`reports.measures.<measure>`). */
  measures: z.array(z.string()),
  /** The counts the chart draws, and whether as stacked parts of one bar. */
  chart: z.object({ series: z.array(z.string()), stacked: z.boolean() }),
  cicle: periodOf.nullable(),
  rows: z.array(z.object({ key: z.string(), label: z.string(), detail: z.string().nullable(), counts: z.record(z.string(), z.number().int()) })),
  totals: z.record(z.string(), z.number().int()),
});

/**
 * A report's query: the period, campus and career are checked by the handler (missing where the
 * report is of a period, malformed, unknown, another campus's: 400 on the field, with its own
 * messages), so any text passes here. One shape for every report, so a screen asks any of them alike.
 */
const reportQuery = z.object({ cicle_id: queryIdText.optional(), campus_id: queryIdText.optional(), career_id: queryIdText.optional() });

/** A report's figures and its workbook. */
function reportContracts<const N extends ReportName>(name: N, what: string) {
  const calls = REPORT_CALLS[name];
  const period = calls.periodRequired ? ' (the period is required)' : '';
  return {
    figures: defineContract({ method: 'GET', base: REPORTS, path: calls.figures, summary: `${what}: its rows and totals${period}.`, query: reportQuery, output: reportAnswer }),
    workbook: defineContract({ method: 'GET', base: REPORTS, path: calls.file, summary: `${what}, as a workbook with its totals row${period}.`, query: reportQuery, output: fileAnswer(XLSX) }),
  };
}

const newStudents = reportContracts('new_students', 'The period’s new students by career, men and women');
const bySchool = reportContracts('students_by_school', 'The students (of the period, else the active ones) by the school they come from, men and women');
const byBirthplace = reportContracts('students_by_birthplace', 'The students (of the period, else the active ones) by the state they were born in, men and women');
const bySchoolMercha = reportContracts('students_by_school_mercha', 'By school of origin, the period’s applicants against its new students');
const byGroup = reportContracts('students_by_group', 'The period’s groups with their students, men and women (the workbook adds each group’s students)');
const teachersUsers = reportContracts('teachers_users', 'The active teachers by career and their user accounts');
const studentUsers = reportContracts('student_users', 'The students (of the period, else the active ones) by career and their portal accounts');

/** GET reports/api/get_new_students/ */
export const newStudentsFigures = newStudents.figures;
/** GET reports/api/export_new_students/ */
export const newStudentsWorkbook = newStudents.workbook;
/** GET reports/api/get_students_by_school/ */
export const studentsBySchoolFigures = bySchool.figures;
/** GET reports/api/export_students_by_school/ */
export const studentsBySchoolWorkbook = bySchool.workbook;
/** GET reports/api/get_students_by_birthplace/ */
export const studentsByBirthplaceFigures = byBirthplace.figures;
/** GET reports/api/export_students_by_birthplace/ */
export const studentsByBirthplaceWorkbook = byBirthplace.workbook;
/** GET reports/api/get_students_by_school_mercha/ */
export const studentsBySchoolMerchaFigures = bySchoolMercha.figures;
/** GET reports/api/export_students_by_school_mercha/ */
export const studentsBySchoolMerchaWorkbook = bySchoolMercha.workbook;
/** GET reports/api/students_by_group/ */
export const studentsByGroupFigures = byGroup.figures;
/** GET reports/api/export_students_by_group/ */
export const studentsByGroupWorkbook = byGroup.workbook;
/** GET reports/api/teachers_users/ */
export const teachersUsersFigures = teachersUsers.figures;
/** GET reports/api/export_teachers_users/ */
export const teachersUsersWorkbook = teachersUsers.workbook;
/** GET reports/api/student_users/ */
export const studentUsersFigures = studentUsers.figures;
/** GET reports/api/export_student_users/ */
export const studentUsersWorkbook = studentUsers.workbook;

/** Each report's calls by its name: what the server defines and the report screen asks for. */
export const REPORT_CONTRACTS = {
  new_students: newStudents,
  students_by_school: bySchool,
  students_by_birthplace: byBirthplace,
  students_by_school_mercha: bySchoolMercha,
  students_by_group: byGroup,
  teachers_users: teachersUsers,
  student_users: studentUsers,
} as const satisfies Record<ReportName, { figures: unknown; workbook: unknown }>;

/** GET reports/attendance-list-export/ */
export const attendanceListExport = defineContract({
  method: 'GET',
  base: REPORTS,
  path: 'attendance-list-export/',
  summary: 'The attendance lists of a group’s classes (or one) as a PDF or a workbook; every group of a period as a zip of PDFs.',
  query: attendanceQuery,
  output: attendanceAnswer,
});

const statusCount = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
const byStatus = z.object({ total: z.number().int(), by_status: z.array(statusCount) });

/** GET reports/api/headline/ */
export const headline = defineContract({
  method: 'GET',
  base: REPORTS,
  path: 'api/headline/',
  summary: 'The period’s figures on the staff home, each only for users who may open the screen it summarises: students by status, applicants by step, debts, grades still to capture.',
  // The period is required; the handler checks the ids (400 on the field).
  query: z.object({ cicle_id: queryIdText, campus_id: queryIdText.optional(), career_id: queryIdText.optional() }),
  // A figure the user may not see is left out.
  output: z.object({
    cicle: periodOf.nullable(),
    students: byStatus.optional(),
    applicants: byStatus.extend({ by_status: z.array(statusCount.extend({ key: z.enum(ASPIRANT_STATUSES) })) }).optional(),
    debts: z.object({ count: z.number().int(), amount: wireDecimal }).optional(),
    pending_grades: z.object({ captures: z.number().int(), classes: z.number().int(), teachers: z.number().int() }).optional(),
  }),
});

/** One subject of the kardex: its latest ordinary attempt, extra and T.S. (lib/grades/kardex.ts KardexRow). */
const kardexRow = z.object({
  subject_id: wireId,
  grade: z.number().int(),
  code: z.string(),
  description: z.string(),
  credit: wireDecimal,
  cicle_description: z.string().nullable(),
  score: wireDecimal.nullable(),
  extra_cicle_description: z.string().nullable(),
  extra_score: wireDecimal.nullable(),
  ts_cicle_description: z.string().nullable(),
  ts_score: wireDecimal.nullable(),
  /** The score that counts: the best of the attempts. */
  final_score: wireDecimal.nullable(),
});

/** Whose kardex: a student's own; staff name the student (the handler requires it of them). */
const kardexQuery = z.object({ student_id: queryIdText.optional() });

/** GET reports/api/student-kardex/summary/ */
export const kardexSummary = defineContract({
  method: 'GET',
  base: KARDEX,
  path: 'summary/',
  summary: 'The kardex as numbers: every subject by grade with its attempts, the averages by grade and period, the overall average and the credits (a student: their own).',
  query: kardexQuery,
  output: z.object({
    student: z.object({ id: wireId, no_control: z.string(), names: z.string(), full_name: z.string(), career: z.object({ name: z.string() }).nullable() }),
    institution: z.string(),
    settings: gradeSettings,
    summary: z.object({
      grades: z.array(z.object({ grade: z.number().int(), rows: z.array(kardexRow), average: wireDecimal.nullable() })),
      periods: z.array(z.object({ cicle: z.string(), average: wireDecimal.nullable(), subjects: z.number().int() })),
      average: wireDecimal.nullable(),
      credits: wireDecimal,
      approved: z.number().int(),
      failed: z.number().int(),
    }),
  }),
});

/** GET reports/api/student-kardex/pdf/ */
export const kardexPdf = defineContract({
  method: 'GET',
  base: KARDEX,
  path: 'pdf/',
  summary: 'The kardex as a PDF document (`inline=true` to show it in the browser; a student: their own).',
  query: kardexQuery.extend({ inline: z.enum(['true', 'false']).optional() }),
  output: fileAnswer(PDF),
});
