// reports/api/teacher-load/ and reports/api/teacher-without-scores/: each teacher's classes in a
// period (carga académica) and the classes still without scores in a partial.
import { modelResource } from '@/server/engine/model';
import { REPORT_ROUTES } from './routes';

const ownSchedules = { teacher: (teacherId: number) => ({ teacher_id: teacherId }) };

export const teacherLoadResource = modelResource({
  base: 'reports/api/teacher-load/',
  model: 'TeacherLoad',
  readOnly: true,
  // Teachers read their own load (Horario, Mis clases).
  access: {
    routes: [...REPORT_ROUTES, 'scholar-scheduler-loads'],
    readRoutes: ['academic-teachers', 'scholar-scheduler'],
    permission: 'reports',
    ownReaders: ['teacher'],
  },
  search: ['teacher_code', 'names', 'first_name', 'second_name', 'subject_code', 'subject_description', 'group_code'],
  ordering: ['first_name', 'second_name', 'names', 'group_code'],
  filters: { grade: 'int' },
  ownRows: ownSchedules,
});

export const teacherWithoutScoresResource = modelResource({
  base: 'reports/api/teacher-without-scores/',
  model: 'TeacherWithoutScore',
  readOnly: true,
  access: { routes: [...REPORT_ROUTES, 'scores-pendings'], readRoutes: ['scores', 'scores-periods', 'scores-exceptions'], permission: 'reports' },
  search: ['teacher_code', 'names', 'first_name', 'second_name', 'subject_code', 'subject_description', 'group_code'],
  ordering: ['first_name', 'second_name', 'names', 'partial_no'],
  filters: { grade: 'int', partial_no: 'int' },
  // Should a teacher's role ever carry these screens, they see only their own classes.
  ownRows: ownSchedules,
});
