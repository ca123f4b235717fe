// scores/api/extraordinary/: requests for extraordinary (X) and T.S. (T) exams of failed subjects,
// handled in Calificaciones > Extras. Teachers read the requests of their own schedules (they
// capture the grade through the exam actions). The REQ → PAID → APPROVED → GRADED flow and its
// actions belong to the exam service.
import { modelResource } from '@/server/engine/model';
import { ownRows } from '@/server/engine/scopes';
import { STUDENT_ORDERING, STUDENT_SEARCH, withRelationPaths } from '@/server/modules/scheduler/helpers';
import { scoreValue } from './scores.resource';

const definition = withRelationPaths(
  modelResource({
    base: 'scores/api/extraordinary/',
    model: 'Extraordinary',
    access: {
      routes: ['scores-extras'],
      readRoutes: ['scores-pendings', 'scores-summary', 'scores-previous', 'scores-fail_list', 'finance-sales', 'teacher-classes'],
      permission: 'extraordinaries',
    },
    search: ['notes', 'reason'],
    ordering: '-created_at',
    fields: { score: scoreValue.nullish() },
    campusFilter: (campusId) => ({ schedule: { group: { cicle: { campus_id: campusId } } } }),
    scope: ownRows({ teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }) }),
  }),
  { search: [...STUDENT_SEARCH, 'schedule.subject.code', 'schedule.subject.description'], ordering: STUDENT_ORDERING },
);

// `status` is this record's exam step (an enum), while every list sends `status=true|false` for
// the active flag: the derived enum filter would hand "true" to Prisma. Until the engine checks
// enum values, the step is not a list filter here (see the report to the lead).
const { status: _step, ...filters } = definition.filters;

export const extraordinaryResource = { ...definition, filters };
