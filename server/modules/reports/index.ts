// Every resource base of reports/api/ (read-only views). The report actions under reports/ are
// literal routes, not resources.
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

/** The screens that show this module's resources (server/screens/routes.ts). */
export { reportsDetails, reportsScreens } from './screens';

/** A student's kardex: their rows, average and credits (the kardex PDF and the oath-taking read it). */
export { kardexData } from './kardex';
