import type { ResourceDefinition } from '@/server/engine/types';
import { assignmentsResource } from './assignments.resource';
import { pollsResource, questionsResource, sectionsResource } from './polls.resource';
import { resultsResource, teacherEvaluationsResource } from './results.resource';

export const pollsResources: ResourceDefinition[] = [pollsResource, sectionsResource, questionsResource, assignmentsResource, resultsResource, teacherEvaluationsResource];

/** The screens that show this module's resources (server/screens/routes.ts). */
export { pollsDetails, pollsScreens } from './screens';
