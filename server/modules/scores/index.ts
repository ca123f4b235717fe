import type { ResourceDefinition } from '@/server/engine/types';
import { extraordinaryResource } from './extraordinary.resource';
import { factorScoresResource, factorsResource } from './factors.resource';
import { periodExceptionsResource } from './periods-exception.resource';
import { recoursesResource } from './recourses.resource';
import { scoresResource, scoreTracksResource } from './scores.resource';
import { subjectCiclesResource } from './subject-cicles.resource';
import { scoreViewResources } from './views.resource';

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
