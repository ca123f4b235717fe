// The resource definitions the importers write through, found in their owners' lists by base.
import type { ResourceDefinition } from '@/server/engine/types';
import { academicResources } from '@/server/modules/academic';
import { schedulerResources } from '@/server/modules/scheduler';
import { studentsResources } from '@/server/modules/students';
import { scoresResources } from '@/server/modules/scores';
import { financeResources } from '@/server/modules/finance';

function at(list: readonly ResourceDefinition[], base: string): ResourceDefinition {
  const found = list.find((definition) => definition.base === base);
  if (!found) throw new Error(`imports: no resource at ${base}`);
  return found;
}

export const resources = {
  get student() {
    return at(studentsResources, 'students/api/students/');
  },
  get address() {
    return at(studentsResources, 'students/api/address/');
  },
  get family() {
    return at(studentsResources, 'students/api/families/');
  },
  get studentFamily() {
    return at(studentsResources, 'students/api/student-families/');
  },
  get teacher() {
    return at(academicResources, 'academic/api/teachers/');
  },
  get studyPlan() {
    return at(academicResources, 'academic/api/study-plans/');
  },
  get subject() {
    return at(academicResources, 'academic/api/subjects/');
  },
  get group() {
    return at(schedulerResources, 'scheduler/api/groups/');
  },
  get schedule() {
    return at(schedulerResources, 'scheduler/api/schedules/');
  },
  get scheduleHour() {
    return at(schedulerResources, 'scheduler/api/schedules-hours/');
  },
  get studentGroup() {
    return at(studentsResources, 'scheduler/api/student-groups/');
  },
  get subjectCicle() {
    return at(scoresResources, 'scores/api/subject-cicles/');
  },
  get sale() {
    return at(financeResources, 'finance/api/sales/');
  },
};
