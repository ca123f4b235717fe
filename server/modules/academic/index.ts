// Every resource base of academic/api/ (spec section 7), for the registry.
import type { ResourceDefinition } from '@/server/engine/types';
import type { JobDefinition } from '@/server/jobs/define';
import { signTitlesJob } from './title-actions';
import { issueCertificatesJob } from './certificate-actions';
import { studiesCertificatesResource } from './certificates.resource';
import { academicDeptosResource, campusResource, careersResource, ciclesResource, partialsResource } from './academic.resources';
import { courseGroupsResource, courseStudentsResource, coursesResource } from './courses.resource';
import { studyPlanDocsResource, studyPlansResource } from './study-plans.resource';
import { subjectsResource } from './subjects.resource';
import { teacherAccountResource, teacherCareersResource, teacherDocumentsResource, teacherExperiencesResource, teacherStudiesResource } from './teacher-records.resource';
import { teachersResource } from './teachers.resource';
import { titleResponsablesResource } from './title-responsables.resource';
import { electronicTitlesResource, swearCareersResource, titleLogsResource } from './titles.resource';

export const academicResources: ResourceDefinition[] = [
  academicDeptosResource,
  campusResource,
  careersResource,
  ciclesResource,
  partialsResource,
  coursesResource,
  courseGroupsResource,
  courseStudentsResource,
  studyPlansResource,
  studyPlanDocsResource,
  subjectsResource,
  teachersResource,
  teacherCareersResource,
  teacherDocumentsResource,
  teacherExperiencesResource,
  teacherStudiesResource,
  teacherAccountResource,
  swearCareersResource,
  electronicTitlesResource,
  titleLogsResource,
  titleResponsablesResource,
  studiesCertificatesResource,
];

/** This module's long work: title batches signed, certificates of studies issued. */
export const academicJobs: JobDefinition<unknown>[] = [signTitlesJob as JobDefinition<unknown>, issueCertificatesJob as JobDefinition<unknown>];

/** The screens that show this module's resources (server/screens/routes.ts). */
export { academicDetails, academicForms, academicScreens } from './screens';
