// scores/api/score-details/ and scores/api/main-scores/: read-only views of the partial scores,
// one row per score and one line per student and schedule (ordinary partials, extra, final, T.S.).
// Teachers read those of their own schedules; students read their own main scores (portal-kardex).
import type { ResourceDefinition } from '@/server/engine/types';
import { modelResource } from '@/server/engine/model';
import { exportByCicle, failureStatistic, generateAllExtras } from './main-scores-actions';
import { SCORE_SCREENS } from '@/server/modules/shared/score-screens';

// The student file shows a student's grades.
const readRoutes = ['scholar-students'];
const people = ['no_control', 'names', 'first_name', 'second_name', 'subject_code', 'subject_description', 'group_code'] as const;

export const scoreDetailsResource = modelResource({
  base: 'scores/api/score-details/',
  model: 'ScoreDetail',
  readOnly: true,
  access: { routes: SCORE_SCREENS, readRoutes, permission: 'scores', ownReaders: ['teacher'] },
  search: people,
  ordering: ['first_name', 'second_name', 'names', 'partial_no'],
  filters: { grade: 'int', partial_no: 'int' },
  ownRows: { teacher: (teacherId) => ({ teacher_id: teacherId }) },
});

export const mainScoresResource: ResourceDefinition = modelResource({
  base: 'scores/api/main-scores/',
  model: 'MainScore',
  readOnly: true,
  access: { routes: SCORE_SCREENS, readRoutes, permission: 'scores', ownReaders: ['student', 'teacher'] },
  search: people,
  ordering: ['first_name', 'second_name', 'names', 'subject_code'],
  filters: { grade: 'int' },
  ownRows: {
    student: (studentId) => ({ student_id: studentId }),
    teacher: (teacherId) => ({ teacher_id: teacherId }),
  },
  actions: [generateAllExtras, failureStatistic, exportByCicle((): ResourceDefinition => mainScoresResource)],
});

export const scoreViewResources: ResourceDefinition[] = [scoreDetailsResource, mainScoresResource];
