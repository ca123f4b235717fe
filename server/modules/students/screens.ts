// The screens of the spec (section 2) that show students/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import { contractPath } from '@/lib/contracts/contract';
import { nextControlNumber } from '@/lib/contracts/students';
import type { FormDesign, ScreenRoute } from '@/server/screens/routes';

export const studentsScreens: Readonly<Record<string, ScreenRoute>> = {
  '/academic/families': { base: 'students/api/families/' },
  // The students who started in the top bar's period, where they came from, opening their page.
  '/permanence/new_students': {
    base: 'students/api/students/',
    filters: ['career_id', 'current_group_id', 'cicle_start_id'],
    periodFilter: 'cicle_start_id',
    detailOf: '/scholar/students',
    columns: ['no_control', 'full_name', 'career', 'current_group', 'academic_origin', 'status', 'is_active'],
  },
  '/reports/student_users': { base: 'students/api/students/', filters: ['career_id'] },
  // The documents handed in, with the originals lent back (the overdue ones first to call about).
  '/scholar/documents': {
    base: 'students/api/student-documents/',
    filters: ['doc_type_id', 'review_status'],
    panels: ['lent-originals'],
    columns: ['student', 'aspirant', 'doc_type', 'document', 'review_status', 'archived', 'date_limit', 'status'],
  },
  '/scholar/movements': { base: 'students/api/student-movements/' },
  // A new student's page opens once she is saved: her portal account and welcome sheet are there.
  '/scholar/students': { base: 'students/api/students/', filters: ['career_id', 'current_group_id', 'cicle_id'], allPeriods: true, openAfterCreate: true },
  '/scholar/termination': { base: 'students/api/terminations/', filters: ['type_id'] },
  '/scholarships/student_periods': { base: 'students/api/student-periods/', filters: ['cicle_id'] },
  '/tools/companies': { base: 'students/api/companies/' },
  '/tools/doctypes': { base: 'students/api/document-types/' },
  '/tools/medical_options': { base: 'students/api/medical-options/' },
  '/tools/occupations': { base: 'students/api/occupations/' },
  '/tools/termination_types': { base: 'students/api/termination-types/' },
  '/portal/data': { base: 'students/api/students/' },
};

export const studentsDetails: Readonly<Record<string, ScreenRoute>> = {
  // The student's page: everything control escolar looks up about a student, one tab each.
  '/scholar/students': {
    base: 'students/api/students/',
    // Above the tabs: her portal account (the welcome sheet right after she is registered).
    panels: ['portal-access'],
    tabs: [
      { key: 'data', labelKey: 'scholar.tabs.data', sections: ['person', 'contact', 'school'] },
      { key: 'groups', labelKey: 'scholar.tabs.groups', panel: 'irregular-load', lists: ['scheduler/api/student-groups/'] },
      { key: 'kardex', labelKey: 'scholar.tabs.kardex', panel: 'kardex', lists: ['students/api/student-periods/', 'students/api/student-subjects/'] },
      { key: 'schedule', labelKey: 'scholar.tabs.schedule', panel: 'student-schedule' },
      {
        key: 'payments',
        labelKey: 'scholar.tabs.payments',
        lists: ['finance/api/sales/', 'finance/api/recurrents/'],
        columns: { 'finance/api/sales/': ['sale_date', 'cicle', 'total_neto', 'total_paid', 'total_debt', '$state'], 'finance/api/recurrents/': ['cicle', 'month_name', 'year', 'limit_date', 'paid'] },
      },
      { key: 'scholarships', labelKey: 'scholar.tabs.scholarships', lists: ['finance/api/student-ships/'] },
      { key: 'documents', labelKey: 'scholar.tabs.documents', panel: 'documents' },
      { key: 'moves', labelKey: 'scholar.tabs.moves', lists: ['students/api/student-movements/', 'students/api/terminations/'] },
      { key: 'family', labelKey: 'scholar.tabs.family', lists: ['students/api/student-families/'] },
      { key: 'comments', labelKey: 'scholar.tabs.comments', panel: 'comments' },
    ],
  },
};

/** How the student's form reads: who they are, how to reach them, their school situation. */
export const studentsForms: Readonly<Record<string, FormDesign>> = {
  'students/api/students/': {
    sections: [
      { key: 'person', titleKey: 'resource.section_person', fields: ['no_control', 'serial_number', 'first_name', 'second_name', 'names', 'genre', 'birthday', 'age', 'curp', 'rfc', 'civil_state_id', 'nation_id', 'place_birth_id', 'photo_path'] },
      { key: 'contact', titleKey: 'resource.section_contact', fields: ['email', 'telephone_code', 'telephone', 'occupation_id', 'live_with_parents'] },
      { key: 'school', titleKey: 'resource.section_school', fields: ['career_id', 'current_group_id', 'cicle_start_id', 'cicle_id', 'status_id', 'is_regular', 'reentry', 'is_revalid', 'is_foreign', 'only_course', 'academic_origin_id', 'score_origin', 'user_id', 'is_active'] },
    ],
    fields: {
      // Left blank, the next number of the sequence is given; the form shows which one.
      no_control: { required: false, hintFrom: { path: contractPath(nextControlNumber), field: 'no_control', messageKey: 'scholar.students.next_number' } },
      // Her group (an enrolment) among the top bar's period and campus, of the career chosen.
      current_group_id: { optionsQuery: { cicle_id: '{$cicle}', campus_id: '{$campus}', career_id: '{career_id}', status: 'true' }, helperKey: 'scholar.students.group_helper' },
    },
  },
};
