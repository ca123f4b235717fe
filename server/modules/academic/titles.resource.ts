// academic/api/: oath-taking (toma de protesta), SEP electronic titles and the log of each title's
// steps. The signed XML, the SEP batch and the title's status are written by the signing and
// post_to_sep steps, never from a form.
import { recordHistoryMany } from '@/server/engine/audit';
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition, Row, WriteContext } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { prepareSwear, swearCheck } from './swear';
import { titleActions } from './title-actions';
import { titleStates } from './title-states';
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
    ['career_start', 'career_end', 'titles.errors.career_end'],
    ['antecedent_start', 'antecedent_end', 'titles.errors.antecedent_end'],
    ['antecedent_end', 'career_start', 'titles.errors.antecedent_before_career'],
    ['career_end', 'exp_date', 'titles.errors.exp_after_end'],
  ]);
  if (valueAfterWrite(input, existing, 'test_date') && valueAfterWrite(input, existing, 'exemption_date')) {
    // A title is issued either after a professional exam or exempt from it, never both.
    throw fieldError('exemption_date', 'titles.errors.exam_and_exemption');
  }
}

/**
 * A deleted DRAFT leaves its oath without a title, in the delete's transaction: the sworn student is
 * offered again for a title (unless another live title of that oath remains).
 */
async function releaseSwear({ tx, actor, existing }: WriteContext): Promise<void> {
  const swearId = Number(existing?.swear_id ?? 0);
  if (!swearId) return;
  const swear = await tx.swearCareer.findUnique({ where: { id: swearId }, select: { has_title: true, _count: { select: { electronic_titles: { where: { status: { not: 'CANCELLED' } } } } } } });
  if (!swear?.has_title || swear._count.electronic_titles > 0) return;
  await tx.swearCareer.update({ where: { id: swearId }, data: { has_title: false } });
  await recordHistoryMany(tx, [{ table: 'swear_careers', recordId: swearId, type: '~', actor, changes: [{ field: 'has_title', old: true, new: false }] }]);
}

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
  // What may change in each state, and whether it may be deleted: the state table (409 otherwise).
  states: titleStates,
  inputToData: (input, write) => {
    checkTitleDates(input, write.existing);
    return recordedBy(input, write);
  },
  afterDelete: releaseSwear,
  actions: titleActions((): ResourceDefinition => electronicTitlesResource, () => titleResponsablesResource),
});

// The log of a title's steps is append-only, written only by the steps themselves (title-actions.ts,
// recordStep): read here, never written (405 to any write).
export const titleLogsResource = modelResource({
  base: 'academic/api/title-logs/',
  model: 'TitleLog',
  access: { routes: ['scholar-titles'], permission: 'electronic_titles' },
  search: ['item_no', 'message'],
  ordering: ['-created_at'],
  readOnly: true,
});
