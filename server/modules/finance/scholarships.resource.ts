// finance/api/scholarships/ and student-ships/: scholarship kinds (becas) and the scholarships
// granted to students for a period (Becas).
import { modelResource } from '@/server/engine/model';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { dec, money, orDefault, orNull, score, valueAfterWrite } from '@/server/modules/shared/fields';
import { fieldError } from '@/server/errors';
import { massiveScholarships, validateScholarship } from './scholarship-actions';

export const scholarshipsResource = modelResource({
  base: 'finance/api/scholarships/',
  model: 'Scholarship',
  access: {
    routes: ['scholarships-catalogs'],
    readRoutes: ['scholarships', 'scholarships-student_periods', 'finance-sales', 'permanence-recurrent', 'permanence-reinscriptions'],
    permission: 'scholarships',
  },
  search: ['name', 'description'],
  ordering: ['name'],
  fields: { base_amount: orDefault(money), score_min: orNull(score) },
  inputToData: (input, { existing }) => {
    // A percentage scholarship gives at most 100 %.
    if (valueAfterWrite(input, existing, 'base_type') !== 'A' && dec(valueAfterWrite(input, existing, 'base_amount')).greaterThan(100)) {
      throw fieldError('base_amount', 'errors.max_value', { max: 100 });
    }
    return input;
  },
});

const studentShips = modelResource({
  base: 'finance/api/student-ships/',
  model: 'StudentShip',
  access: { routes: ['scholarships-student_periods', 'scholarships'], readRoutes: ['finance-sales', 'permanence-recurrent', 'permanence-reinscriptions'], permission: 'student_ships' },
  search: ['notes', 'cancel_note', ...STUDENT_SEARCH, 'scholar_ship.name'],
  ordering: ['-created_at', '-id'],
  // Who granted it, and who ended it and when, are recorded by the system.
  readOnlyFields: ['created_by_id', 'finish_at', 'finish_by_id'],
  campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
  inputToData: (input, { actor, existing }) => {
    const data = existing ? { ...input } : { ...input, created_by_id: actor.id };
    const wasActive = existing ? existing.status !== false : true;
    const active = valueAfterWrite(input, existing, 'status') !== false;
    if (wasActive && !active) {
      // Ending a granted scholarship needs a reason (spec section 4).
      const reason = valueAfterWrite(input, existing, 'cancel_note');
      if (typeof reason !== 'string' || reason.trim() === '') throw fieldError('cancel_note', 'errors.cancel_reason');
      return { ...data, finish_at: new Date(), finish_by_id: actor.id };
    }
    if (!wasActive && active) return { ...data, finish_at: null, finish_by_id: null };
    return data;
  },
  actions: [validateScholarship, massiveScholarships],
});

export const studentShipsResource = studentShips;
