// scores/api/factors/ and factor-scores/: the evaluation criteria of a schedule in a partial and
// each student's score on them. Teachers define and score their own schedules only.
import { factorProblem } from '@/lib/grades/score';
import { decimal } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import { badRequest, fieldError, msg } from '@/server/errors';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { moveScoresAction } from './capture';
import { scoreScreensBut } from '@/server/modules/shared/score-screens';
import { scoresResource } from './scores.resource';

const readRoutes = [...scoreScreensBut('scores'), 'teacher-groups'];

export const factorsResource: ResourceDefinition = modelResource({
  base: 'scores/api/factors/',
  model: 'Factor',
  access: { routes: ['scores', 'teacher-classes'], readRoutes, permission: 'factors' },
  search: ['name'],
  ordering: ['id'],
  fields: { value: decimal({ min: 0, max: 100, places: 2 }).optional() },
  campusFilter: (campusId) => ({ partial: { cicle: { campus_id: campusId } } }),
  ownRows: { teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }) },
  actions: [moveScoresAction((): ResourceDefinition => scoresResource)],
  // At most five factors per schedule and partial; the counted ones weigh at most 100 % together
  // (spec, sections 5 and 9). The rule is lib/grades' factorProblem, shared with the capture screen.
  inputToData: async (input, { tx, existing }) => {
    if (valueAfterWrite(input, existing, 'status') === false) return input;
    const others = await tx.factor.findMany({
      where: {
        schedule_id: valueAfterWrite(input, existing, 'schedule_id'),
        partial_id: valueAfterWrite(input, existing, 'partial_id'),
        status: true,
        ...(existing ? { id: { not: existing.id as number } } : {}),
      },
      select: { value: true, is_attendance: true },
    });
    const factors = [
      ...others.map((factor) => ({ value: factor.value.toFixed(), is_attendance: factor.is_attendance })),
      { value: String(valueAfterWrite(input, existing, 'value') ?? 0), is_attendance: valueAfterWrite(input, existing, 'is_attendance') === true },
    ];
    const problem = factorProblem(factors);
    if (problem === 'errors.factors_too_many') throw badRequest({ non_field_errors: [msg(problem)] });
    if (problem) throw fieldError('value', problem);
    return input;
  },
});

export const factorScoresResource = modelResource({
    base: 'scores/api/factor-scores/',
    model: 'FactorScore',
    access: { routes: ['scores', 'teacher-classes'], readRoutes, permission: 'factor_scores' },
    // Percentage mode scores a factor 0–100, decimal mode 0–10 (spec, Derived values).
    fields: { score: decimal({ min: 0, max: 100, places: 2 }).nullish() },
    campusFilter: (campusId) => ({ factor: { partial: { cicle: { campus_id: campusId } } } }),
    ownRows: { teacher: (teacherId) => ({ factor: { schedule: { teacher_id: teacherId } } }) },
    search: [...STUDENT_SEARCH],
    sortableRelations: STUDENT_ORDERING,
    ordering: STUDENT_DEFAULT_ORDERING,
  });
