// The screens of the spec (section 2) that show academic/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { FormDesign, ScreenRoute } from '@/server/screens/routes';

export const academicScreens: Readonly<Record<string, ScreenRoute>> = {
  '/academic/campus': { base: 'academic/api/campus/' },
  '/academic/careers': { base: 'academic/api/careers/', filters: ['campus_id', 'department_id'] },
  '/academic/cicles': { base: 'academic/api/cicles/', filters: ['campus_id', 'year'] },
  '/academic/study_plans': { base: 'academic/api/study-plans/', filters: ['career_id', 'year'] },
  '/academic/teachers': { base: 'academic/api/teachers/' },
  '/academic/title_responsables': { base: 'academic/api/title-responsables/' },
  '/courses': { base: 'academic/api/courses/' },
  '/courses/groups': { base: 'academic/api/course-groups/', filters: ['course_id'] },
  '/courses/students': { base: 'academic/api/course-students/', filters: ['group_id'] },
  '/reports/teachers_users': { base: 'academic/api/teachers/' },
  '/scholar/swears': { base: 'academic/api/swear-careers/' },
  '/scholar/titles': { base: 'academic/api/electronic-titles/', panels: ['title-from-swear'] },
  '/scholar/certificates': {
    base: 'academic/api/studies-certificates/',
    filters: ['status', 'type', 'career_id'],
    panels: ['certificate-issue'],
    // The folio SEP knows it by comes first: two certificates of one student differ by it.
    columns: ['folio_control', 'student', 'career', 'type', 'issued_at', 'subjects', 'average', 'status'],
  },
  '/scores/periods': { base: 'academic/api/partials/', filters: ['cicle_id'] },
  '/teacher/data': { base: 'academic/api/teachers/' },
  '/tools/academic_deptos': { base: 'academic/api/academic-deptos/' },
};

export const academicDetails: Readonly<Record<string, ScreenRoute>> = {
  '/academic/study_plans': { base: 'academic/api/study-plans/', panels: ['subject-order'] },
  '/academic/teachers': { base: 'academic/api/teachers/' },
  '/courses/groups': { base: 'academic/api/course-groups/' },
  // A certificate's page: its data, its XML and, while signed, its cancellation.
  '/scholar/certificates': { base: 'academic/api/studies-certificates/', panels: ['certificate-record'] },
  '/courses/students': { base: 'academic/api/course-students/' },
  // A title's page: its data as SEP reads it, then its signing and its way through SEP with the log.
  '/scholar/titles': {
    base: 'academic/api/electronic-titles/',
    tabs: [
      { key: 'data', labelKey: 'titles.tabs.data', sections: ['title', 'career', 'graduate', 'issue', 'antecedent'] },
      { key: 'signing', labelKey: 'titles.tabs.signing', panel: 'title-signing' },
    ],
  },
};

/** How the teacher's form reads: who they are, how to reach them, their hiring data. */
export const academicForms: Readonly<Record<string, FormDesign>> = {
  // In the order of SEP's TituloElectronico: institution and career, the graduate, the issue, prior studies.
  'academic/api/electronic-titles/': {
    sections: [
      { key: 'title', titleKey: 'titles.sections.title', fields: ['folio_control', 'swear_id', 'no_control', 'institution', 'institution_name', 'status', 'batch_no', 'is_posted', 'notes', 'is_active'] },
      { key: 'career', titleKey: 'titles.sections.career', fields: ['career_id', 'career_cve', 'career_name', 'career_start', 'career_end', 'authorization_id', 'rvoe'] },
      { key: 'graduate', titleKey: 'titles.sections.graduate', fields: ['curp', 'names', 'first_name', 'second_name', 'email'] },
      { key: 'issue', titleKey: 'titles.sections.issue', fields: ['exp_date', 'modality_id', 'test_date', 'exemption_date', 'social_service', 'legal_basis_id', 'entity_id'] },
      { key: 'antecedent', titleKey: 'titles.sections.antecedent', fields: ['antecedent_institution', 'antecedent_type_id', 'antecedent_entity_id', 'antecedent_start', 'antecedent_end', 'antecedent_cedula'] },
    ],
  },
  'academic/api/teachers/': {
    sections: [
      { key: 'person', titleKey: 'resource.section_person', fields: ['code', 'first_name', 'second_name', 'names', 'genre', 'birthday', 'age', 'curp', 'rfc', 'civil_state_id', 'nation_id', 'place_birth_id', 'photo_path'] },
      { key: 'contact', titleKey: 'resource.section_contact', fields: ['email', 'telephone_code', 'telephone'] },
      { key: 'work', titleKey: 'resource.section_work', fields: ['academic_level_id', 'contract_hours', 'imss', 'nue', 'permit_no', 'is_foreign', 'user_id', 'status'] },
    ],
  },
};
