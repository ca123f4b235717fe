// academic/api/: oath-taking (toma de protesta), SEP electronic titles and the log of each title's
// steps. The signed XML, the SEP batch and the title's status are written by the signing and
// post_to_sep steps, never from a form.
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import { conflict, fieldError } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { prepareSwear, swearCheck } from './swear';
import { titleActions } from './title-actions';
import { titleResponsablesResource } from './title-responsables.resource';
import { checkDateOrder, curp, email, orNull, recordedBy, valueAfterWrite } from '@/server/modules/shared/fields';

export const swearCareersResource = modelResource({
    base: 'academic/api/swear-careers/',
    model: 'SwearCareer',
    access: { routes: ['scholar-swears'], readRoutes: ['scholar-titles'], permission: 'swear_careers' },
    search: ['notes', ...STUDENT_SEARCH],
    ordering: ['-id'],
    // The average, credits and owed subjects come from the kardex (swear.ts), never typed.
    readOnlyFields: ['user_id', 'score', 'credits', 'pending'],
    campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
    inputToData: prepareSwear,
    actions: [swearCheck],
  });

/** SEP's consistency rules between the career's, the prior studies' and the issue dates. */
function checkTitleDates(input: Row, existing: Row | null): void {
  checkDateOrder(input, existing, [
    ['career_start', 'career_end'],
    ['antecedent_start', 'antecedent_end'],
    ['antecedent_end', 'career_start'],
    ['career_end', 'exp_date'],
  ]);
  if (valueAfterWrite(input, existing, 'test_date') && valueAfterWrite(input, existing, 'exemption_date')) {
    // A title is issued either after a professional exam or exempt from it, never both.
    throw fieldError('exemption_date', 'errors.invalid');
  }
}

// Signed, sent and accepted titles carry seals over their data: they are neither edited nor deleted
// (a rejected one is corrected and signed again, a wrong accepted one is cancelled at SEP).
const EDITABLE = new Set(['DRAFT', 'REJECTED']);

export const electronicTitlesResource = modelResource({
  base: 'academic/api/electronic-titles/',
  model: 'ElectronicTitle',
  access: { routes: ['scholar-titles'], permission: 'electronic_titles' },
  search: ['folio_control', 'no_control', 'curp', 'names', 'first_name', 'second_name', 'career_name', 'batch_no'],
  ordering: ['-id'],
  readOnlyFields: ['user_id', 'batch_no', 'is_posted', 'status'],
  // The signed XML is handed over by export_xml/ (a file), not inside every list row and form.
  hidden: ['xml'],
  fields: { curp: orNull(curp), email: orNull(email) },
  campusFilter: (campusId) => ({ career: { campus_id: campusId } }),
  inputToData: (input, write) => {
    if (write.existing && !EDITABLE.has(write.existing.status as string)) throw conflict();
    checkTitleDates(input, write.existing);
    return recordedBy(input, write);
  },
  beforeDelete: async ({ existing }) => {
    if (existing && !EDITABLE.has(existing.status as string)) throw conflict();
  },
  actions: titleActions((): ResourceDefinition => electronicTitlesResource, () => titleResponsablesResource),
});

export const titleLogsResource = modelResource({
  base: 'academic/api/title-logs/',
  model: 'TitleLog',
  access: { routes: ['scholar-titles'], permission: 'electronic_titles' },
  search: ['item_no', 'message'],
  ordering: ['-created_at'],
  readOnlyFields: ['user_id'],
  inputToData: recordedBy,
});
