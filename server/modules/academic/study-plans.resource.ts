// academic/api/study-plans/ and study-plans-docs/: curricula of the careers (planes de estudio)
// and the files attached to them (RVOE agreement, official plan).
import { modelResource } from '@/server/engine/model';
import { checkDateOrder, orNull, recordedBy, score, sepCode, sepKey } from '@/server/modules/shared/fields';

export const studyPlansResource = modelResource({
  base: 'academic/api/study-plans/',
  model: 'StudyPlan',
  // Groups, course runs, schedules and a student's subjects are built from a plan.
  access: {
    routes: ['academic-study_plans'],
    readRoutes: ['academic-groups', 'courses-groups', 'scholar-scheduler', 'scholar-students'],
    permission: 'study_plans',
  },
  search: ['code', 'description', 'short_name', 'alter_code', 'agreement'],
  ordering: ['code'],
  readOnlyFields: ['user_id'],
  fields: { min_approve: orNull(score), sep_plan_key: orNull(sepCode(20)), sep_period_type: orNull(sepKey(5)), sep_level_id: orNull(sepKey(5)) },
  filters: { year: 'int' },
  campusFilter: (campusId) => ({ career: { campus_id: campusId } }),
  inputToData: (input, write) => {
    checkDateOrder(input, write.existing, [['apply_date', 'end_date']]);
    return recordedBy(input, write);
  },
});

export const studyPlanDocsResource = modelResource({
  base: 'academic/api/study-plans-docs/',
  model: 'StudyPlanDocument',
  access: { routes: ['academic-study_plans'], permission: 'study_plans' },
  search: ['document_url', 'notes'],
  ordering: ['-id'],
  readOnlyFields: ['user_id'],
  files: { document_url: { kinds: ['pdf', 'image'], storage: 'disk', folder: 'study-plan-documents' } },
  inputToData: recordedBy,
});
