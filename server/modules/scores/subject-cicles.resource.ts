// scores/api/subject-cicles/: a student's result for a subject in a period (the kardex line):
// ordinary final, extra and T.S. scores. Kept in the summary screens; a student reads their own.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { scoreScreensBut } from '@/server/modules/shared/score-screens';
import { detailForModify, getCurrentLoad, updateAllScores } from './subject-cicle-actions';
import { scoreValue } from './scores.resource';

export const subjectCiclesResource = modelResource({
    base: 'scores/api/subject-cicles/',
    model: 'SubjectCicle',
    access: {
      routes: ['scores-summary', 'scores-general_summary', 'scores-previous'],
      readRoutes: [...scoreScreensBut('scores-summary', 'scores-general_summary', 'scores-previous'), 'scholar-students', 'scholar-swears', 'portal-kardex', 'portal-schedule'],
      permission: 'subject_cicles',
    },
    search: ['subject_type', 'type_score', ...STUDENT_SEARCH, 'subject.code', 'subject.description'],
    fields: {
      final_score: scoreValue.nullish(),
      extra_score: scoreValue.nullish(),
      ts_score: scoreValue.nullish(),
      // Left empty, the column's default ("General") applies instead of an empty text.
      type_score: z
        .string()
        .trim()
        .max(30)
        .nullish()
        .transform((value) => value || undefined),
    },
    campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
    ownRows: { student: (studentId) => ({ student_id: studentId }) },
    actions: [getCurrentLoad, detailForModify, updateAllScores],
    sortableRelations: [...STUDENT_ORDERING, 'subject.code', 'subject.grade', 'subject.order'],
    ordering: [...STUDENT_DEFAULT_ORDERING, 'subject.grade', 'subject.order'],
  });
