// reports/api/student-data/ and reports/api/student-kardex/: the student record flattened for
// reports and exports, and the kardex (historial académico) by subject.
import { modelResource } from '@/server/engine/model';
import { kardexPdfAction, kardexSummaryAction } from './kardex';
import { REPORT_ROUTES } from './routes';

export const studentDataResource = modelResource({
  base: 'reports/api/student-data/',
  model: 'StudentData',
  readOnly: true,
  // Staff only: students read their own record through students/api/students/.
  access: { routes: REPORT_ROUTES, readRoutes: ['scholar-students'], permission: 'reports' },
  search: ['no_control', 'names', 'first_name', 'second_name', 'curp', 'email'],
  ordering: ['first_name', 'second_name', 'names'],
  filters: { grade: 'int', genre: 'string' },
});

export const studentKardexResource = modelResource({
  base: 'reports/api/student-kardex/',
  model: 'StudentKardex',
  readOnly: true,
  // Students read their own kardex from the portal (portal-kardex); the certificate, oath and
  // title screens check it before they proceed.
  access: {
    routes: REPORT_ROUTES,
    readRoutes: ['scholar-students', 'scholar-swears', 'scholar-titles', 'scores-previous', 'scores-extras', 'scores-fail_list'],
    permission: 'reports',
    ownReaders: ['student'],
  },
  search: ['code', 'description', 'no_control', 'names', 'first_name', 'second_name'],
  ordering: ['grade', 'order', 'code'],
  filters: { grade: 'int' },
  ownRows: { student: (studentId) => ({ student_id: studentId }) },
  actions: [kardexPdfAction, kardexSummaryAction],
});
