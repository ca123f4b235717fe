// scores/api/recourses/: subjects retaken in a later period (recursamiento) with their scores,
// kept in Calificaciones > Anteriores.
import { modelResource } from '@/server/engine/model';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { scoreValue } from './scores.resource';

export const recoursesResource = modelResource({
    base: 'scores/api/recourses/',
    model: 'Recourse',
    access: {
      routes: ['scores-previous'],
      readRoutes: ['scores-summary', 'scores-general_summary', 'scores-fail_list', 'scholar-students'],
      permission: 'recourses',
    },
    search: ['type', 'notes', ...STUDENT_SEARCH, 'subject.code', 'subject.description'],
    fields: {
      partial_1: scoreValue.nullish(),
      partial_2: scoreValue.nullish(),
      partial_3: scoreValue.nullish(),
      partial_4: scoreValue.nullish(),
      final: scoreValue.nullish(),
      extra: scoreValue.nullish(),
      score: scoreValue.nullish(),
    },
    // The period where the subject is retaken decides the campus; the student's career otherwise.
    campusFilter: (campusId) => ({ OR: [{ cicle_to: { campus_id: campusId } }, { cicle_to_id: null, student: { career: { campus_id: campusId } } }] }),
    sortableRelations: [...STUDENT_ORDERING, 'subject.code'],
    ordering: STUDENT_DEFAULT_ORDERING,
  });
