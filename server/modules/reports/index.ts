// Every resource base of reports/api/ (read-only views), and the report actions under reports/,
// which belong to no resource (an action group).
import type { ResourceDefinition } from '@/server/engine/types';
import { pendingDocumentsResource, studentDocumentsViewResource } from './documents.resource';
import { studentDataResource, studentKardexResource } from './students.resource';
import { teacherLoadResource, teacherWithoutScoresResource } from './teachers.resource';

export const reportsResources: ResourceDefinition[] = [
  pendingDocumentsResource,
  studentDataResource,
  studentDocumentsViewResource,
  studentKardexResource,
  teacherLoadResource,
  teacherWithoutScoresResource,
];

/** GET reports/api/get_new_students/ and the other reports, their workbooks, the headline figures. */
export { reportsActionGroups } from './actions';

/** The screens that show this module's resources (server/screens/routes.ts). */
export { reportsDetails, reportsScreens } from './screens';

/** A student's kardex: their rows, average and credits (the kardex PDF and the oath-taking read it). */
export { kardexData } from './kardex';
