// scores/api/scores/ and scores-track/: partial scores and the log of their changes. Staff capture
// in Calificaciones and teachers in their classes, each teacher only for their own schedules; a
// student reads their own scores in the kardex. The capture windows and the ScoreTrack rows a
// change writes are the capture service's, not this definition's.
import { decimal } from '@/lib/validation';
import type { ResourceDefinition } from '@/server/engine/types';
import { modelResource } from '@/server/engine/model';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH, under } from '@/server/engine/relation-paths';
import { captureAction, captureClassesAction } from './capture';
import { scoreScreensBut } from '@/server/modules/shared/score-screens';

/** Scores are on the 0–10 scale (domain.md, Grades). */
export const scoreValue = decimal({ min: 0, max: 10, places: 2 });

export const scoresResource: ResourceDefinition = modelResource({
    base: 'scores/api/scores/',
    model: 'Score',
    access: {
      routes: ['scores', 'teacher-classes'],
      readRoutes: [...scoreScreensBut('scores'), 'scholar-students', 'teacher-groups', 'portal-kardex'],
      permission: 'scores',
    },
    fields: { score: scoreValue.nullish() },
    // A group's partial is saved in one request (capture.ts), with its window and its tracks.
    actions: [captureAction((): ResourceDefinition => scoresResource), captureClassesAction((): ResourceDefinition => scoresResource)],
    campusFilter: (campusId) => ({ partial: { cicle: { campus_id: campusId } } }),
    ownRows: {
      student: (studentId) => ({ student_id: studentId }),
      teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }),
    },
    search: [...STUDENT_SEARCH],
    sortableRelations: STUDENT_ORDERING,
    ordering: STUDENT_DEFAULT_ORDERING,
  });

// Rows are written by the score capture itself, never through this base: staff only read them.
export const scoreTracksResource = modelResource({
    base: 'scores/api/scores-track/',
    model: 'ScoreTrack',
    readOnly: true,
    access: { routes: ['scores'], readRoutes: scoreScreensBut('scores'), permission: 'score_tracks' },
    search: ['notes', ...under('score', STUDENT_SEARCH)],
    ordering: ['-created_at'],
    campusFilter: (campusId) => ({ score: { partial: { cicle: { campus_id: campusId } } } }),
    // Only staff hold these routes; should a teacher or student ever get one, they see their own.
    ownRows: {
      student: (studentId) => ({ score: { student_id: studentId } }),
      teacher: (teacherId) => ({ score: { schedule: { teacher_id: teacherId } } }),
    },
    sortableRelations: ['user.username'],
  });
