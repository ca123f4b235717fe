import type { ResourceDefinition } from '@/server/engine/types';
import type { JobDefinition } from '@/server/jobs/define';
import { extraordinaryResource } from './extraordinary.resource';
import { factorScoresResource, factorsResource } from './factors.resource';
import { periodExceptionsResource } from './periods-exception.resource';
import { recoursesResource } from './recourses.resource';
import { scoresResource, scoreTracksResource } from './scores.resource';
import { consolidatePeriodJob } from './subject-cicle-actions';
import { subjectCiclesResource } from './subject-cicles.resource';
import { scoreViewResources } from './views.resource';
import { onEvent } from '@/server/modules/shared/events';
import { examRequestsFollowSale } from './exam-payments';

// An exam request follows the sale that charges it (finance emits the event).
onEvent('saleSettled', examRequestsFollowSale);

export const scoresResources: ResourceDefinition[] = [
  scoresResource,
  scoreTracksResource,
  factorsResource,
  factorScoresResource,
  subjectCiclesResource,
  extraordinaryResource,
  recoursesResource,
  periodExceptionsResource,
  ...scoreViewResources,
];

/** What other modules use of scores: the capture sheet of a group (students/api/students/get_for_capture/). */
export { getForCaptureAction, gradeSettings } from './capture';
export { scoresResource } from './scores.resource';

/** Long work of this module, run by server/jobs. */
export const scoresJobs: JobDefinition<unknown>[] = [consolidatePeriodJob];

/** The screens that show this module's resources (server/screens/routes.ts). */
export { scoresDetails, scoresScreens } from './screens';

/** Historical scores (an import of a previous system's kardex), kept in the kardex's lines. */
export { EXAM_COLUMNS, type ExamColumn, type HistoricalScore, keepHistoricalScores, settlePendingPeriodAverages } from './historical-scores';
