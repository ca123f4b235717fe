// scores/api/scores/ and scores-track/: partial scores and the log of their changes. Staff capture
// in Calificaciones and teachers in their classes, each teacher only for their own schedules; a
// student reads their own scores in the kardex. The capture windows and the ScoreTrack rows a
// change writes are the capture service's, not this definition's.
import { decimal } from '@/lib/validation';
import type { ResourceDefinition } from '@/server/engine/types';
import { modelResource } from '@/server/engine/model';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH, under } from '@/server/engine/relation-paths';
import { captureAction, captureClassesAction, checkOneScore } from './capture';
import { captureChangeAction } from './capture-change';
import { teacherClassesAction } from './teacher-classes';
import { nullableText } from '@/lib/validation';
import { defineStates } from '@/server/engine/states';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import type { Prisma } from '@/server/db/client';
import { scoreScreensBut } from '@/server/modules/shared/score-screens';

/** Scores are on the 0–10 scale (domain.md, Grades). */
export const scoreValue = decimal({ min: 0, max: 10, places: 2 });

/**
 * A score's state: EMPTY until a value (or NP) is captured, then CAPTURED. Its value changes through
 * the capture rules in both (window, scale, note and track for a captured one); who it belongs to
 * never changes; a captured score is history and is never deleted.
 */
export const scoreStates = defineStates({
  aggregate: 'score',
  states: {
    EMPTY: { update: ['score', 'is_np', 'status', 'notes'], delete: true, operations: ['capture'] },
    CAPTURED: { update: ['score', 'is_np', 'notes'], delete: false, operations: ['capture'] },
  },
  stateOf: (_tx, row) => (row.score !== null && row.score !== undefined) || row.is_np ? 'CAPTURED' : 'EMPTY',
});

/** The track row of the write in progress, written once the score is saved (see afterWrite). */
const pendingTracks = new WeakMap<object, { original_score: Prisma.Decimal | null; new_score: Prisma.Decimal | null; notes: string }>();

export const scoresResource: ResourceDefinition = modelResource({
    base: 'scores/api/scores/',
    model: 'Score',
    access: {
      routes: ['scores', 'teacher-classes'],
      readRoutes: [...scoreScreensBut('scores'), 'scholar-students', 'teacher-groups', 'portal-kardex'],
      permission: 'scores',
    },
    fields: { score: scoreValue.nullish() },
    // Why a captured score changes: required then, and kept in its ScoreTrack row.
    writeFields: { notes: nullableText(500) },
    states: scoreStates,
    // One door for a score: the generic create and update follow the capture sheet's rules.
    inputToData: async (input, write) => {
      const { existing } = write;
      const { notes, ...data } = input;
      const score = valueAfterWrite(input, existing, 'score');
      const checked = await checkOneScore(
        write.actor,
        scoresResource,
        {
          schedule_id: Number(valueAfterWrite(input, existing, 'schedule_id')),
          partial_id: Number(valueAfterWrite(input, existing, 'partial_id')),
          student_id: Number(valueAfterWrite(input, existing, 'student_id')),
          score: score === null || score === undefined ? null : String(score),
          is_np: Boolean(valueAfterWrite(input, existing, 'is_np')),
          notes: notes ?? null,
        },
        existing ? { score: (existing.score as string | null) ?? null, is_np: Boolean(existing.is_np) } : null,
      );
      if (checked.track) pendingTracks.set(write.ctx, checked.track);
      return data;
    },
    afterWrite: async (id, { tx, actor, ctx }) => {
      const track = pendingTracks.get(ctx);
      if (!track) return;
      pendingTracks.delete(ctx);
      await tx.scoreTrack.create({ data: { score_id: id, user_id: actor.id, ...track } });
    },
    // A group's partial is saved in one request (capture.ts), with its window and its tracks.
    actions: [captureAction((): ResourceDefinition => scoresResource), captureChangeAction((): ResourceDefinition => scoresResource), captureClassesAction((): ResourceDefinition => scoresResource), teacherClassesAction],
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
