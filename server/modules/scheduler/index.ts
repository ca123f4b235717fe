import type { ResourceDefinition } from '@/server/engine/types';
import { groupsResource } from './groups.resource';
import { scheduleHoursResource, schedulesResource } from './schedules.resource';
import { shiftsResource } from './shifts.resource';
import { studentGroupsResource } from './student-groups.resource';

export const schedulerResources: ResourceDefinition[] = [groupsResource, schedulesResource, scheduleHoursResource, studentGroupsResource, shiftsResource];
