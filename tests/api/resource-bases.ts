// Every resource base of the spec, section 7 (kept here so a missing one fails a test).
export const RESOURCE_BASES: Record<string, string[]> = {
  'academic/api/': ['academic-deptos', 'campus', 'careers', 'cicles', 'partials', 'courses', 'course-groups', 'course-students', 'study-plans', 'study-plans-docs', 'subjects', 'teachers', 'teacher-careers', 'teacher-documents', 'teacher-experiences', 'teacher-studies', 'teacher-account', 'swear-careers', 'electronic-titles', 'title-logs', 'title-responsables'],
  'students/api/': ['students', 'address', 'families', 'student-families', 'companies', 'comments', 'document-types', 'student-documents', 'medical-sheet', 'medical-options', 'student-movements', 'student-subjects', 'student-periods', 'terminations', 'termination-types', 'occupations'],
  'scheduler/api/': ['groups', 'schedules', 'schedules-hours', 'student-groups', 'shifts'],
  'scores/api/': ['scores', 'score-details', 'scores-track', 'main-scores', 'factors', 'factor-scores', 'subject-cicles', 'extraordinary', 'recourses', 'periods-exception'],
  'finance/api/': ['sales', 'sale-details', 'payments', 'references', 'concepts', 'finance-concepts', 'concept-discount', 'discounts', 'exchange-rates', 'iedus', 'price-list', 'list-career', 'recurrents', 'scholarships', 'student-ships'],
  'inscription/api/': ['aspirants', 'reinscriptions', 'school-origin'],
  'invoices/api/': ['invoices', 'invoice-concepts', 'invoice-data', 'invoice-taxes', 'cfdi-types', 'fiscal-regimes', 'payment-forms', 'payment-methods', 'prod-servs', 'units', 'type-relations', 'type-vouchers'],
  'polls/api/': ['polls', 'sections', 'questions', 'assignments', 'results', 'teacher-evaluations'],
  'manage/api/': ['settings', 'roles', 'permissions', 'catalogs', 'clasifications', 'cities', 'states', 'countries', 'users'],
  'reports/api/': ['pending-documents', 'student-data', 'student-documents', 'student-kardex', 'teacher-load', 'teacher-without-scores'],
};

export const ALL_BASES: string[] = Object.entries(RESOURCE_BASES).flatMap(([prefix, names]) => names.map((name) => `${prefix}${name}/`));

/** Resources the product adds to the spec's, each for a reason: the status of long work a user started (server/jobs);
 * the school documents issued and verifiable by anyone, with their catalogue, those students request, and SEP's certificates of studies (issue 30);
 * the files uploaded to bring a school's data in (issue 31). */
export const ADDED_BASES: string[] = ['manage/api/jobs/', 'documents/api/document-types/', 'documents/api/issued-documents/', 'documents/api/document-requests/', 'academic/api/studies-certificates/', 'manage/api/imports/'];

/** The spec's read-only views: list, show and export; writes answer 405. */
export const VIEW_BASES = new Set([
  'scores/api/score-details/',
  'scores/api/main-scores/',
  'reports/api/pending-documents/',
  'reports/api/student-data/',
  'reports/api/student-documents/',
  'reports/api/student-kardex/',
  'reports/api/teacher-load/',
  'reports/api/teacher-without-scores/',
]);
