import type { ActionContext } from '@/server/engine/context';
import type { ResourceDefinition } from '@/server/engine/types';
import { attendanceFile } from './group-actions';
import { groupsResource } from './groups.resource';
import { scheduleHoursResource, schedulesResource } from './schedules.resource';
import { shiftsResource } from './shifts.resource';
import { studentGroupsResource } from './student-groups.resource';

export const schedulerResources: ResourceDefinition[] = [groupsResource, schedulesResource, scheduleHoursResource, studentGroupsResource, shiftsResource];

/** What other modules use of the scheduler: a student's and a teacher's schedules, a schedule's hours. */
export { studentSchedules, teacherGroups } from './scopes';
export { scheduleHoursJson } from './hours-sql';

/** The screens that show this module's resources (server/screens/routes.ts). */
export { schedulerDetails, schedulerScreens } from './screens';

/** The one enrolment operation and its rules, which the students and admissions modules use
 * (movements, withdrawals, reinstatements, the student form, the conversion of an applicant). */
export { checkCapacity, enrol, isFull, leaveCurrentGroups, lockGroupWithCount } from './enrolment';
/** The printed week of a group, a teacher or a student, and the attendance lists. */
export { attendanceLists, exportScheduleAction, weekFile } from './files';

/** The attendance lists of a group (or of a period) as a file, read through the groups' row scope:
 * the reports module answers reports/attendance-list-export/ with it. */
export const attendanceListFile = (ctx: ActionContext) => attendanceFile(() => groupsResource, ctx);
