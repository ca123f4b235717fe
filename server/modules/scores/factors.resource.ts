// scores/api/factors/ and factor-scores/: the evaluation criteria of a schedule in a partial and
// each student's score on them. Teachers define and score their own schedules only.
import { decimal } from '@/lib/validation';
import { Prisma } from '@/server/db/client';
import { modelResource } from '@/server/engine/model';
import { ownRows } from '@/server/engine/scopes';
import { badRequest, fieldError, msg } from '@/server/http/errors';
import { STUDENT_DEFAULT_ORDERING, STUDENT_ORDERING, STUDENT_SEARCH, valueAfterWrite, withRelationPaths } from '@/server/modules/scheduler/helpers';
import { scoreScreensBut } from './routes';

/** At most five factors per schedule and partial, weighing at most 100 % together (spec, sections 5 and 9). */
const MAX_FACTORS = 5;
const FULL_WEIGHT = new Prisma.Decimal(100);

const readRoutes = [...scoreScreensBut('scores'), 'teacher-groups'];

export const factorsResource = modelResource({
  base: 'scores/api/factors/',
  model: 'Factor',
  access: { routes: ['scores', 'teacher-classes'], readRoutes, permission: 'factors' },
  search: ['name'],
  ordering: 'id',
  fields: { value: decimal({ min: 0, max: 100, places: 2 }).optional() },
  campusFilter: (campusId) => ({ partial: { cicle: { campus_id: campusId } } }),
  scope: ownRows({ teacher: (teacherId) => ({ schedule: { teacher_id: teacherId } }) }),
  toData: async (input, { tx, existing }) => {
    if (valueAfterWrite(input, existing, 'status') === false) return input;
    const others = await tx.factor.aggregate({
      where: {
        schedule_id: valueAfterWrite(input, existing, 'schedule_id') as number,
        partial_id: valueAfterWrite(input, existing, 'partial_id') as number,
        status: true,
        ...(existing ? { id: { not: existing.id as number } } : {}),
      },
      _count: { _all: true },
      _sum: { value: true },
    });
    if (others._count._all >= MAX_FACTORS) throw badRequest({ non_field_errors: [msg('errors.max_value', { max: MAX_FACTORS })] });
    const used = others._sum.value ?? new Prisma.Decimal(0);
    const value = new Prisma.Decimal(String(valueAfterWrite(input, existing, 'value') ?? 0));
    if (used.plus(value).greaterThan(FULL_WEIGHT)) throw fieldError('value', 'errors.max_value', { max: FULL_WEIGHT.minus(used).toFixed() });
    return input;
  },
});

export const factorScoresResource = withRelationPaths(
  modelResource({
    base: 'scores/api/factor-scores/',
    model: 'FactorScore',
    access: { routes: ['scores', 'teacher-classes'], readRoutes, permission: 'factor_scores' },
    // Percentage mode scores a factor 0–100, decimal mode 0–10 (spec, Derived values).
    fields: { score: decimal({ min: 0, max: 100, places: 2 }).nullish() },
    campusFilter: (campusId) => ({ factor: { partial: { cicle: { campus_id: campusId } } } }),
    scope: ownRows({ teacher: (teacherId) => ({ factor: { schedule: { teacher_id: teacherId } } }) }),
  }),
  { search: STUDENT_SEARCH, ordering: STUDENT_ORDERING, defaultOrdering: STUDENT_DEFAULT_ORDERING },
);
