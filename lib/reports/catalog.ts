// The reports of the Reportes submenu as both sides name them: the API's paths under reports/ (the
// spec's own for the four it names, the same pattern for the others) and whether a report is of a
// period. The server's actions and the screens read this one table.

export const REPORT_NAMES = ['new_students', 'students_by_school', 'students_by_birthplace', 'students_by_school_mercha', 'students_by_group', 'teachers_users', 'student_users'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export type ReportCalls = {
  /** Below reports/: the figures (JSON) and the same rows as a workbook. */
  figures: string;
  file: string;
  /** Counted over a period, which the call must name; the others count the active records without one. */
  periodRequired: boolean;
};

export const REPORT_CALLS = {
  new_students: { figures: 'api/get_new_students/', file: 'api/export_new_students/', periodRequired: true },
  students_by_school: { figures: 'api/get_students_by_school/', file: 'api/export_students_by_school/', periodRequired: false },
  students_by_birthplace: { figures: 'api/get_students_by_birthplace/', file: 'api/export_students_by_birthplace/', periodRequired: false },
  students_by_school_mercha: { figures: 'api/get_students_by_school_mercha/', file: 'api/export_students_by_school_mercha/', periodRequired: true },
  students_by_group: { figures: 'api/students_by_group/', file: 'api/export_students_by_group/', periodRequired: true },
  teachers_users: { figures: 'api/teachers_users/', file: 'api/export_teachers_users/', periodRequired: false },
  student_users: { figures: 'api/student_users/', file: 'api/export_student_users/', periodRequired: false },
} as const satisfies Readonly<Record<ReportName, ReportCalls>>;

/**
 * The staff home's headline figures and the screens each one summarises: a user gets a figure when
 * they may open one of its screens (reports/api/headline/ decides; the home asks only then).
 */
export const HEADLINE_ROUTES = {
  students: ['scholar-students', 'permanence-new_students', 'reports-student_users'],
  applicants: ['permanence-aspirants', 'permanence-aspirants_stats', 'permanence-inscriptions'],
  debts: ['finance-sales'],
  pending_grades: ['scores-pendings'],
} as const;
