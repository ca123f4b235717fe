// The reports of the Reportes submenu as figures: each one is a single grouped SQL statement (the
// database counts; 20 000 students are a few milliseconds of aggregation), answering rows and
// their totals. What each report groups by, and over which students, is said at its definition.
import { REPORT_CALLS, type ReportName } from '@/lib/reports/catalog';
import { getPool } from '@/server/db/client';
import type { Translate } from '@/server/i18n/messages';
import { type ReportScope, careerWhere, scopeParams } from './scope';

/** One line of a report: what it groups (a career, a school, a state, a group) and its counts. */
export type ReportRow = { key: string; label: string; detail: string | null; counts: Record<string, number> };

export type ReportAnswer = {
  report: ReportName;
  /** What the rows are (`reports.groups.<group>` names the column). */
  group: string;
  /** What the `detail` column holds, when the rows have one (`reports.details.<detail>`). */
  detail: string | null;
  /** The counts of each row, in column order (`reports.measures.<measure>`). */
  measures: readonly string[];
  /** The counts the chart draws, and whether as stacked parts of one bar. */
  chart: { series: readonly string[]; stacked: boolean };
  cicle: { id: number; description: string } | null;
  rows: ReportRow[];
  totals: Record<string, number>;
};


type SqlRow = { key: number | null; label: string | null; detail?: string | null } & Record<string, unknown>;

type ReportDefinition = {
  group: string;
  detail?: string;
  measures: readonly string[];
  chart: { series: readonly string[]; stacked: boolean };
  /** The screens whose holders may ask for it (besides the reports permission). */
  routes: readonly string[];
  /** The grouped statement: $1 period (may be null when optional), $2 campus, $3 careers. */
  sql: string;
  /** Totals a plain sum of the rows would get wrong (a teacher counted in two careers). */
  totalsSql?: string;
  /** Measures computed from others once read (those without an account). */
  derive?: (counts: Record<string, number>) => Record<string, number>;
};

const SEX_COUNTS = `COUNT(*) FILTER (WHERE s.genre = 'H')::int AS men, COUNT(*) FILTER (WHERE s.genre = 'M')::int AS women, COUNT(*)::int AS total`;

/**
 * The students a report of a period counts: those enrolled in a group of it (a current or past
 * period alike, through its group records); without a period, the active students.
 */
export const PERIOD_STUDENTS = `(CASE WHEN $1::int IS NULL THEN s.is_active
  ELSE s.id IN (SELECT sg.student_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE g.cicle_id = $1::int AND sg.status) END)`;

/** Distinct teachers: a teacher of two careers is joined twice. */
const TEACHER_COUNTS = `COUNT(DISTINCT t.id)::int AS teachers, COUNT(DISTINCT t.id) FILTER (WHERE u.id IS NOT NULL)::int AS with_user,
  COUNT(DISTINCT t.id) FILTER (WHERE u.is_active)::int AS active_users, COUNT(DISTINCT t.id) FILTER (WHERE u.last_login IS NOT NULL)::int AS signed_in`;

/** Teachers belong to no period: their statements take the period's parameter and ignore it (the
 * three parameters are positional, and PostgreSQL must see each one's type). */
const ANY_PERIOD = '($1::int IS NULL OR true)';

const STUDENT_ROUTES = ['reports-student_by_birthplace', 'reports-student_by_school', 'reports-students_for_merchandise'];

/**
 * The period's students (or, without a period, the active ones) by one of their attributes, men
 * and women apart, largest first. `columns` are the key, the label and the detail, in that order.
 */
function studentsGroupedBy(spec: { group: string; detail: string; route: string; columns: string; joins: string }): ReportDefinition {
  const [key, label, detail] = spec.columns.split(',').map((column) => column.trim());
  return {
    group: spec.group,
    detail: spec.detail,
    measures: ['men', 'women', 'total'],
    chart: { series: ['total'], stacked: false },
    routes: [spec.route],
    sql: `SELECT ${key} AS key, ${label} AS label, ${detail} AS detail, ${SEX_COUNTS}
            FROM students s LEFT JOIN careers ca ON ca.id = s.career_id ${spec.joins}
           WHERE ${PERIOD_STUDENTS} AND ${careerWhere('ca', 's.career_id')}
           GROUP BY 1, 2, 3 ORDER BY total DESC, label`,
  };
}

const REPORTS: Record<ReportName, ReportDefinition> = {
  // The period's new enrolments (students whose first period is this one) by career, men and women.
  new_students: {
    group: 'career',
    measures: ['men', 'women', 'total'],
    chart: { series: ['men', 'women'], stacked: true },
    routes: [...STUDENT_ROUTES, 'permanence-new_students'],
    sql: `SELECT s.career_id AS key, ca.name AS label, ${SEX_COUNTS}
            FROM students s LEFT JOIN careers ca ON ca.id = s.career_id
           WHERE s.cicle_start_id = $1::int AND ${careerWhere('ca', 's.career_id')}
           GROUP BY 1, 2 ORDER BY total DESC, label`,
  },
  // The school each student comes from (escuela de procedencia), with its subsystem.
  students_by_school: studentsGroupedBy({
    group: 'school',
    detail: 'subsystem',
    route: 'reports-student_by_school',
    columns: 's.academic_origin_id, so.name, so.subsystem',
    joins: 'LEFT JOIN school_origins so ON so.id = s.academic_origin_id',
  }),
  // The state each student was born in (the record keeps the state, not the municipality), with its
  // country: students born abroad are counted under their country's states.
  students_by_birthplace: studentsGroupedBy({
    group: 'state',
    detail: 'country',
    route: 'reports-student_by_birthplace',
    columns: 's.place_birth_id, st.name, co.name',
    joins: 'LEFT JOIN states st ON st.id = s.place_birth_id LEFT JOIN countries co ON co.id = st.country_id',
  }),
  // Where marketing should promote: by school of origin, the period's applicants (every active
  // application, whatever its step) against the period's new students from that school.
  students_by_school_mercha: {
    group: 'school',
    detail: 'subsystem',
    measures: ['applicants', 'enrolled'],
    chart: { series: ['applicants', 'enrolled'], stacked: false },
    routes: ['reports-students_for_merchandise'],
    // FULL JOIN needs an equality PostgreSQL can hash: a school-less row is keyed 0.
    sql: `WITH applicants AS (
            SELECT coalesce(a.school_origin_id, 0) AS school, COUNT(*)::int AS n
              FROM aspirants a LEFT JOIN careers ca ON ca.id = a.career_id
             WHERE a.cicle_id = $1::int AND a.is_active AND ${careerWhere('ca', 'a.career_id')}
             GROUP BY 1),
          enrolled AS (
            SELECT coalesce(s.academic_origin_id, 0) AS school, COUNT(*)::int AS n
              FROM students s LEFT JOIN careers ca ON ca.id = s.career_id
             WHERE s.cicle_start_id = $1::int AND ${careerWhere('ca', 's.career_id')}
             GROUP BY 1)
          SELECT nullif(coalesce(a.school, e.school), 0) AS key, so.name AS label, so.subsystem AS detail,
                 coalesce(a.n, 0) AS applicants, coalesce(e.n, 0) AS enrolled
            FROM applicants a FULL JOIN enrolled e ON e.school = a.school
            LEFT JOIN school_origins so ON so.id = coalesce(a.school, e.school)
           ORDER BY applicants DESC, enrolled DESC, label`,
  },
  // The period's groups with their students (the whole-group enrolments, men and women).
  students_by_group: {
    group: 'group',
    detail: 'career',
    measures: ['men', 'women', 'total'],
    chart: { series: ['men', 'women'], stacked: true },
    routes: ['reports-students_by_group'],
    sql: `SELECT g.id AS key, g.code AS label, ca.name AS detail,
                 COUNT(DISTINCT s.id) FILTER (WHERE s.genre = 'H')::int AS men, COUNT(DISTINCT s.id) FILTER (WHERE s.genre = 'M')::int AS women,
                 COUNT(DISTINCT s.id)::int AS total
            FROM groups g LEFT JOIN careers ca ON ca.id = g.career_id
            LEFT JOIN student_groups sg ON sg.group_id = g.id AND sg.status AND sg.subject_id IS NULL
            LEFT JOIN students s ON s.id = sg.student_id
           WHERE g.cicle_id = $1::int AND g.status AND ${careerWhere('ca', 'g.career_id')}
           GROUP BY g.id, g.code, ca.name ORDER BY ca.name, g.code`,
  },
  // Active teachers by career (through their career assignments) and their user accounts: with
  // one, active, ever signed in. A teacher of two careers is in both rows and once in the totals.
  teachers_users: {
    group: 'career',
    measures: ['teachers', 'with_user', 'active_users', 'signed_in', 'without_user'],
    chart: { series: ['with_user', 'without_user'], stacked: true },
    routes: ['reports-teachers_users'],
    sql: `SELECT tc.career_id AS key, ca.name AS label, ${TEACHER_COUNTS}
            FROM teachers t LEFT JOIN teacher_careers tc ON tc.teacher_id = t.id AND tc.status
            LEFT JOIN careers ca ON ca.id = tc.career_id LEFT JOIN users u ON u.id = t.user_id
           WHERE t.status AND ${ANY_PERIOD} AND ${careerWhere('ca', 'tc.career_id')}
           GROUP BY 1, 2 ORDER BY label`,
    totalsSql: `SELECT ${TEACHER_COUNTS}
            FROM teachers t LEFT JOIN users u ON u.id = t.user_id
           WHERE t.status AND ${ANY_PERIOD} AND ($2::int IS NULL AND $3::int[] IS NULL OR EXISTS (
                 SELECT 1 FROM teacher_careers tc JOIN careers ca ON ca.id = tc.career_id
                  WHERE tc.teacher_id = t.id AND tc.status AND ${careerWhere('ca', 'tc.career_id')}))`,
    derive: (counts) => ({ without_user: counts.teachers - counts.with_user }),
  },
  // The students (of the period, else the active ones) by career and their portal accounts.
  student_users: {
    group: 'career',
    measures: ['students', 'with_user', 'active_users', 'signed_in', 'without_user'],
    chart: { series: ['with_user', 'without_user'], stacked: true },
    routes: ['reports-student_users'],
    sql: `SELECT s.career_id AS key, ca.name AS label, COUNT(*)::int AS students, COUNT(u.id)::int AS with_user,
                 COUNT(u.id) FILTER (WHERE u.is_active)::int AS active_users, COUNT(u.last_login)::int AS signed_in
            FROM students s LEFT JOIN careers ca ON ca.id = s.career_id LEFT JOIN users u ON u.id = s.user_id
           WHERE ${PERIOD_STUDENTS} AND ${careerWhere('ca', 's.career_id')}
           GROUP BY 1, 2 ORDER BY label`,
    derive: (counts) => ({ without_user: counts.students - counts.with_user }),
  },
};

export function reportDefinition(name: ReportName): { periodRequired: boolean; routes: readonly string[] } {
  return { periodRequired: REPORT_CALLS[name].periodRequired, routes: REPORTS[name].routes };
}

/** A report's rows and totals over a checked scope; rows without a group say so ("Sin dato"). */
export async function runReport(name: ReportName, scope: ReportScope, t: Translate): Promise<ReportAnswer> {
  const definition = REPORTS[name];
  const params = scopeParams(scope);
  const pool = getPool();
  const [grouped, totals] = await Promise.all([pool.query<SqlRow>(definition.sql, params), definition.totalsSql ? pool.query<Record<string, number>>(definition.totalsSql, params) : null]);
  const countsOf = (source: Record<string, unknown>) => {
    const counts = Object.fromEntries(definition.measures.filter((measure) => measure in source).map((measure) => [measure, Number(source[measure] ?? 0)]));
    return { ...counts, ...definition.derive?.(counts) };
  };
  const rows = grouped.rows.map((row) => ({
    key: row.key === null ? '' : String(row.key),
    label: row.label ?? t('reports.unknown'),
    detail: definition.detail ? (row.detail ?? null) : null,
    counts: countsOf(row),
  }));
  const summed = Object.fromEntries(definition.measures.map((measure) => [measure, rows.reduce((sum, row) => sum + (row.counts[measure] ?? 0), 0)]));
  return {
    report: name,
    group: definition.group,
    detail: definition.detail ?? null,
    measures: definition.measures,
    chart: definition.chart,
    cicle: scope.cicle ? { id: scope.cicle.id, description: scope.cicle.description } : null,
    rows,
    totals: totals ? countsOf(totals.rows[0]) : summed,
  };
}
