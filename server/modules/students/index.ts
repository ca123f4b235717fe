// Every resource base of students/api/ (spec section 7), for the registry.
import type { ResourceDefinition } from '@/server/engine/types';
import { companiesResource, medicalOptionsResource, occupationsResource, terminationTypesResource } from './catalogs.resource';
import { documentTypesResource, studentDocumentsResource } from './documents.resource';
import { studentMovementsResource, studentPeriodsResource, studentSubjectsResource, terminationsResource } from './school-records.resource';
import { addressResource, commentsResource, familiesResource, medicalSheetResource, studentFamiliesResource } from './student-records.resource';
import { studentsResource } from './students.resource';
import { studentGroupsResource } from './student-groups.resource';

export const studentsResources: ResourceDefinition[] = [
  studentsResource,
  addressResource,
  familiesResource,
  studentFamiliesResource,
  companiesResource,
  commentsResource,
  documentTypesResource,
  studentDocumentsResource,
  medicalSheetResource,
  medicalOptionsResource,
  studentMovementsResource,
  studentSubjectsResource,
  studentPeriodsResource,
  terminationsResource,
  terminationTypesResource,
  occupationsResource,
  // Enrolments live under the scheduler's base (spec section 7) and belong to the student.
  studentGroupsResource,
];

/** The screens that show this module's resources (server/screens/routes.ts). */
export { studentsDetails, studentsForms, studentsScreens } from './screens';

/** A person's file (expediente): the checklist of several students or applicants at once. */
export { checklists } from './document-actions';

/** The next control number of a new student, under the settings' lock (no gaps, no repeats). */
export { nextControlNumber } from './control-number';

/** The one enrolment operation and its rules, which the admissions and scheduler modules use
 * (the conversion of an applicant, a period's reinscription, a group's boss, an irregular load). */
export { checkCapacity, enrol, isFull, leaveCurrentGroups, lockGroupWithCount, replaceSubjectLoad, setGroupBoss } from './enrolment';
/** A new student from an admitted applicant, and her portal account. */
export { admitStudent, linkStudentAccount } from './admission';
/** New students by the hundred (an import's batch), with the form's rules; their control numbers in turn. */
export { createStudentsInBulk, type NewStudent } from './bulk-students';
export { nextControlNumbers } from './control-number';
