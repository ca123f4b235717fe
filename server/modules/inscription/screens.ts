// The screens of the spec (section 2) that show inscription/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { FormDesign, ScreenRoute } from '@/server/screens/routes';

export const inscriptionScreens: Readonly<Record<string, ScreenRoute>> = {
  '/permanence/aspirants': { base: 'inscription/api/aspirants/', filters: ['admission_status', 'campus_id', 'career_id', 'cicle_id', 'how_find_id'], panels: ['aspirant-board'] },
  '/permanence/aspirants_stats': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/inscriptions': { base: 'inscription/api/aspirants/', filters: ['career_id', 'cicle_id'] },
  '/permanence/reinscriptions': { base: 'inscription/api/reinscriptions/', panels: ['reinscriptions'], columns: ['student', 'cicle_from', 'cicle_to', 'to_group', 'pay_months', '$state'] },
  '/permanence/school_origins': { base: 'inscription/api/school-origin/' },
};

export const inscriptionDetails: Readonly<Record<string, ScreenRoute>> = {
  // The applicant's page: their admission steps above everything, then the pre-form, where they
  // come from, their file, the log of notes and contacts, the admission charge and the history.
  '/permanence/aspirants': {
    base: 'inscription/api/aspirants/',
    panels: ['aspirant-process'],
    tabs: [
      { key: 'preform', labelKey: 'admissions.tabs.preform', sections: ['person', 'contact', 'application'] },
      { key: 'studies', labelKey: 'admissions.tabs.studies', sections: ['origin'] },
      { key: 'documents', labelKey: 'admissions.tabs.documents', panel: 'documents' },
      { key: 'comments', labelKey: 'admissions.tabs.comments', panel: 'comments' },
      { key: 'payment', labelKey: 'admissions.tabs.payment', panel: 'aspirant-payment', lists: ['finance/api/sales/'] },
    ],
  },
};

/** How the applicant's form reads: who they are, how to reach them, what they apply for, where they come from. */
export const inscriptionForms: Readonly<Record<string, FormDesign>> = {
  'inscription/api/aspirants/': {
    sections: [
      { key: 'person', titleKey: 'resource.section_person', fields: ['web_code', 'first_name', 'second_name', 'names', 'genre', 'birthday', 'age', 'curp', 'civil_state_id', 'nation_id', 'place_birth_id'] },
      { key: 'contact', titleKey: 'resource.section_contact', fields: ['email', 'telephone_code', 'telephone', 'cellphone_code', 'cellphone', 'contact_name', 'contact_telephone', 'contact_type_id', 'occupation_id', 'live_with_parents'] },
      { key: 'application', titleKey: 'resource.section_application', fields: ['campus_id', 'cicle_id', 'career_id', 'shift_id', 'how_find_id', 'is_reentry', 'is_irregular', 'is_foreign', 'status', 'pending'] },
      { key: 'origin', titleKey: 'resource.section_origin', fields: ['school_origin_id', 'origin_state_id', 'origin_country_id', 'notes_prev', 'notes'] },
    ],
  },
};
