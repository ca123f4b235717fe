// academic/api/studies-certificates/: SEP's electronic certificates of studies. Records are made
// only by issuing (certificate-actions.ts) and change only by cancelling: the generic API reads them
// (list, show, history, export) and refuses every write; the sealed XML is handed over by {id}/xml/.
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import { certificateActions } from './certificate-actions';
import { certificateStates } from './certificate-states';
import { studentsResources } from '@/server/modules/students';

/** The students' own definition: issuing for a student needs reading that student (their row scope). */
const students = (): ResourceDefinition => studentsResources.find((definition) => definition.base === 'students/api/students/')!;

export const studiesCertificatesResource: ResourceDefinition = modelResource({
  base: 'academic/api/studies-certificates/',
  model: 'StudiesCertificate',
  access: { routes: ['scholar-certificates'], permission: 'studies_certificates' },
  readOnly: true,
  search: ['folio_control', 'cert_no', ...STUDENT_SEARCH],
  ordering: ['-id'],
  hidden: ['xml', 'seal'],
  campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
  states: certificateStates,
  actions: certificateActions(() => studiesCertificatesResource, students),
});
