// reports/api/pending-documents/ and reports/api/student-documents/: the student files (expediente)
// by document, delivered or owed. Control Escolar's documents screen works from both.
import { modelResource } from '@/server/engine/model';
import { REPORT_ROUTES } from './routes';

const access = {
  routes: [...REPORT_ROUTES, 'scholar-documents'],
  // A withdrawal, reinscription or oath checks first whether the student owes documents.
  readRoutes: ['scholar-students', 'scholar-termination', 'scholar-swears', 'permanence-reinscriptions'],
  permission: 'reports',
};

export const pendingDocumentsResource = modelResource({
  base: 'reports/api/pending-documents/',
  model: 'PendingDocument',
  readOnly: true,
  access,
  search: ['no_control', 'names', 'first_name', 'second_name', 'doc_type_name'],
  ordering: ['first_name', 'second_name', 'names', 'doc_type_name'],
});

export const studentDocumentsViewResource = modelResource({
  base: 'reports/api/student-documents/',
  model: 'StudentDocumentView',
  readOnly: true,
  access,
  search: ['no_control', 'names', 'first_name', 'second_name', 'doc_type_name', 'notes'],
  ordering: ['first_name', 'second_name', 'names', 'doc_type_name'],
});
