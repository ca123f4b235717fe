// Which resource each screen route of the spec (section 2) shows. Screens without a page of their
// own are the generic list of that resource, with the filters its users need; routes with an id
// (`/academic/study_plans/{id_plan}`) are the record's detail page with its child lists.
// Domain issues replace entries here with rich screens (grade capture, cart, schedule builder).

import type { ActionIcon } from './resource-ui';

export type ScreenRoute = {
  /** API base without the leading slash, e.g. `academic/api/careers/`. */
  base: string;
  /** List filters the screen offers, by list parameter (`career_id`, `cicle_id`, `status`...). */
  filters?: readonly string[];
  /** Fixed list parameters (a report of one kind of row). */
  query?: Readonly<Record<string, string>>;
  /** On a detail page: screens of its own shown under the record (see the catch-all page). */
  panels?: readonly ('subject-order' | 'exam-board' | 'consolidation')[];
  /** Pages each row opens (`{id}` is the record's id), beside the record's own actions. */
  links?: readonly { key: string; labelKey: string; icon: ActionIcon; href: string }[];
  /** The columns the list shows, in order, when the derived ones are not what its users need. */
  columns?: readonly string[];
  /** Other resources listed under the screen's own list (recourses under previous scores). */
  lists?: readonly string[];
};

export const SCREEN_ROUTES: Readonly<Record<string, ScreenRoute>> = {
  '/academic/campus': { base: 'academic/api/campus/' },
  '/academic/careers': { base: 'academic/api/careers/', filters: ['campus_id', 'department_id'] },
  '/academic/cicles': { base: 'academic/api/cicles/', filters: ['campus_id', 'year'] },
  '/academic/families': { base: 'students/api/families/' },
  '/academic/groups': { base: 'scheduler/api/groups/', filters: ['cicle_id', 'career_id', 'shift_id'] },
  '/academic/study_plans': { base: 'academic/api/study-plans/', filters: ['career_id', 'year'] },
  '/academic/teachers': { base: 'academic/api/teachers/' },
  '/academic/title_responsables': { base: 'academic/api/title-responsables/' },
  '/courses': { base: 'academic/api/courses/' },
  '/courses/groups': { base: 'academic/api/course-groups/', filters: ['course_id'] },
  '/courses/students': { base: 'academic/api/course-students/', filters: ['group_id'] },
  '/finance/concepts': { base: 'finance/api/concepts/' },
  '/finance/iedu': { base: 'finance/api/iedus/' },
  '/finance/payments': { base: 'finance/api/payments/' },
  '/finance/price_list': { base: 'finance/api/price-list/', filters: ['campus_id'] },
  '/finance/references': { base: 'finance/api/references/' },
  '/finance/sales': { base: 'finance/api/sales/' },
  '/invoices/catalogs': { base: 'invoices/api/invoices/' },
  '/invoices/cfdi_types': { base: 'invoices/api/cfdi-types/' },
  '/invoices/fiscal_regimes': { base: 'invoices/api/fiscal-regimes/' },
  '/invoices/invoice_taxes': { base: 'invoices/api/invoice-taxes/' },
  '/invoices/payment_forms': { base: 'invoices/api/payment-forms/' },
  '/invoices/payment_methods': { base: 'invoices/api/payment-methods/' },
  '/invoices/prod_servs': { base: 'invoices/api/prod-servs/' },
  '/invoices/type_relations': { base: 'invoices/api/type-relations/' },
  '/invoices/type_vouchers': { base: 'invoices/api/type-vouchers/' },
  '/invoices/units': { base: 'invoices/api/units/' },
  '/permanence/aspirants': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/aspirants_stats': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/inscriptions': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/new_students': { base: 'students/api/students/', filters: ['career_id', 'cicle_start_id'] },
  '/permanence/recurrent': { base: 'finance/api/recurrents/', filters: ['year', 'month'] },
  '/permanence/reinscriptions': { base: 'inscription/api/reinscriptions/' },
  '/permanence/school_origins': { base: 'inscription/api/school-origin/' },
  '/polls': { base: 'polls/api/polls/' },
  '/polls/aplications': { base: 'polls/api/assignments/', filters: ['poll_id', 'cicle_id'] },
  '/reports/attendance_list': { base: 'scheduler/api/student-groups/', filters: ['group_id'] },
  '/reports/student_by_birthplace': { base: 'reports/api/student-data/' },
  '/reports/student_by_school': { base: 'reports/api/student-data/' },
  '/reports/student_users': { base: 'students/api/students/', filters: ['career_id'] },
  '/reports/students_by_group': { base: 'scheduler/api/student-groups/', filters: ['group_id'] },
  '/reports/students_for_merchandise': { base: 'reports/api/student-data/' },
  '/reports/teachers_users': { base: 'academic/api/teachers/' },
  '/scholar/documents': { base: 'students/api/student-documents/', filters: ['doc_type_id'] },
  '/scholar/movements': { base: 'students/api/student-movements/' },
  '/scholar/scheduler': { base: 'scheduler/api/schedules/', filters: ['group_id', 'teacher_id'] },
  '/scholar/scheduler/loads': { base: 'reports/api/teacher-load/' },
  '/scholar/students': { base: 'students/api/students/', filters: ['career_id', 'current_group_id', 'cicle_id'] },
  '/scholar/swears': { base: 'academic/api/swear-careers/' },
  '/scholar/termination': { base: 'students/api/terminations/', filters: ['type_id'] },
  '/scholar/titles': { base: 'academic/api/electronic-titles/' },
  '/scholarships': { base: 'finance/api/student-ships/' },
  '/scholarships/catalogs': { base: 'finance/api/scholarships/' },
  '/scholarships/student_periods': { base: 'students/api/student-periods/', filters: ['cicle_id'] },
  '/scores/exceptions': { base: 'scores/api/periods-exception/' },
  '/scores/extras': { base: 'scores/api/extraordinary/', filters: ['cicle_id', 'status', 'category'], panels: ['exam-board'] },
  '/scores/fail_index': { base: 'scores/api/main-scores/' },
  '/scores/fail_list': { base: 'scores/api/main-scores/', filters: ['cicle_id', 'career_id', 'group_id'], query: { approved: 'false' } },
  '/scores/general_summary': { base: 'scores/api/main-scores/', filters: ['cicle_id', 'career_id', 'group_id'] },
  '/scores/groups': { base: 'scheduler/api/groups/', filters: ['cicle_id', 'career_id'] },
  '/scores/pendings': { base: 'reports/api/teacher-without-scores/' },
  '/scores/periods': { base: 'academic/api/partials/', filters: ['cicle_id'] },
  '/scores/previous': { base: 'scores/api/score-details/', filters: ['cicle_id', 'group_id'], lists: ['scores/api/recourses/'] },
  '/scores/summary': { base: 'scores/api/subject-cicles/', filters: ['cicle_id', 'group_id'], panels: ['consolidation'] },
  '/teacher/classes': {
    base: 'scheduler/api/schedules/',
    columns: ['subject.description', 'group.code', 'hours', 'date_from', 'date_to', 'is_modular'],
    links: [
      { key: 'scores', labelKey: 'menu.items.teacher-scores', icon: 'grade', href: '/teacher/scores/0/{id}' },
      { key: 'extras', labelKey: 'menu.items.teacher-extras', icon: 'open', href: '/teacher/extras/{id}' },
      { key: 'ts', labelKey: 'menu.items.teacher-ts', icon: 'open', href: '/teacher/ts/{id}' },
    ],
  },
  '/teacher/data': { base: 'academic/api/teachers/' },
  '/teacher/groups': { base: 'scheduler/api/student-groups/', filters: ['group_id'] },
  '/tools/academic_deptos': { base: 'academic/api/academic-deptos/' },
  '/tools/catalogs': { base: 'manage/api/catalogs/', filters: ['clas_id'] },
  '/tools/companies': { base: 'students/api/companies/' },
  '/tools/doctypes': { base: 'students/api/document-types/' },
  '/tools/medical_options': { base: 'students/api/medical-options/' },
  '/tools/occupations': { base: 'students/api/occupations/' },
  '/tools/termination_types': { base: 'students/api/termination-types/' },
  '/tools/turns': { base: 'scheduler/api/shifts/' },
  '/portal/data': { base: 'students/api/students/' },
  '/portal/kardex': { base: 'reports/api/student-kardex/' },
  '/portal/polls': { base: 'polls/api/assignments/' },
  '/portal/schedule': { base: 'scheduler/api/schedules/' },
};

/** Detail pages: `/academic/study_plans/7` shows study plan 7 and its subjects, documents... */
export const DETAIL_ROUTES: Readonly<Record<string, ScreenRoute>> = {
  '/academic/groups': { base: 'scheduler/api/groups/' },
  '/academic/study_plans': { base: 'academic/api/study-plans/', panels: ['subject-order'] },
  '/academic/teachers': { base: 'academic/api/teachers/' },
  '/courses/groups': { base: 'academic/api/course-groups/' },
  '/courses/students': { base: 'academic/api/course-students/' },
  '/finance/price_list': { base: 'finance/api/price-list/' },
  '/finance/sales': { base: 'finance/api/sales/' },
  '/permanence/aspirants': { base: 'inscription/api/aspirants/' },
  '/scholar/students': { base: 'students/api/students/' },
  '/polls': { base: 'polls/api/polls/' },
};

/** `/scholar/students/15` -> the students detail route and id "15"; null when the path is no detail page. */
export function detailRouteOf(path: string): { route: ScreenRoute; parent: string; id: string } | null {
  const index = path.lastIndexOf('/');
  if (index <= 0) return null;
  const parent = path.slice(0, index);
  const id = path.slice(index + 1);
  const route = DETAIL_ROUTES[parent];
  return route && id ? { route, parent, id } : null;
}
