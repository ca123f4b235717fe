import type { ActionContext } from '@/server/engine/context';
import type { ResourceDefinition } from '@/server/engine/types';
import { attendanceFile } from './group-actions';
import { groupsResource } from './groups.resource';
import { scheduleHoursResource, schedulesResource } from './schedules.resource';
import { shiftsResource } from './shifts.resource';

// scheduler/api/student-groups/ (enrolments) is the student aggregate's: the students module defines it.
export const schedulerResources: ResourceDefinition[] = [groupsResource, schedulesResource, scheduleHoursResource, shiftsResource];

/** What other modules use of the scheduler: a student's and a teacher's schedules, a schedule's hours. */
export { studentSchedules, teacherGroups } from './scopes';
export { scheduleHoursJson } from './hours-sql';

/** The screens that show this module's resources (server/screens/routes.ts). */
export { schedulerDetails, schedulerScreens } from './screens';

/** The printed week of a group, a teacher or a student, and the attendance lists. */
export { attendanceLists, exportScheduleAction, weekFile } from './files';

/** The attendance lists of a group (or of a period) as a file, read through the groups' row scope:
 * the reports module answers reports/attendance-list-export/ with it. */
export const attendanceListFile = (ctx: ActionContext) => attendanceFile(() => groupsResource, ctx);
