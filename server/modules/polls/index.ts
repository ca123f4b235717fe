import type { ResourceDefinition } from '@/server/engine/types';
import { assignmentsResource } from './assignments.resource';
import { pollsResource, questionsResource, sectionsResource } from './polls.resource';
import { resultsResource, teacherEvaluationsResource } from './results.resource';

export const pollsResources: ResourceDefinition[] = [pollsResource, sectionsResource, questionsResource, assignmentsResource, resultsResource, teacherEvaluationsResource];
