// finance/api/concepts/, finance-concepts/ and concept-discount/: the chargeable items of the price
// lists (conceptos de cobro), the shop's offer, and the standing discounts on a concept by career
// and grade.
import type { Actor } from '@/server/auth/actor';
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import type { ScopeResult, Where } from '@/server/engine/types';
import { checkDateOrder, count, fraction, money, orDefault, orNull } from '@/server/modules/shared/fields';

const DATES = [['effect_date', 'end_date']] as const;
const conceptCampus = (campusId: number): Where => ({ price_list: { campus_id: campusId } });

export const conceptsResource = modelResource({
  base: 'finance/api/concepts/',
  model: 'Concept',
  access: {
    // A price list's screen edits its concepts.
    routes: ['finance-concepts', 'finance-price_list'],
    // Forms that pick a concept: sale lines, tuition, reinscription and admission charges, scholarships.
    readRoutes: ['finance-sales', 'permanence-recurrent', 'permanence-reinscriptions', 'permanence-aspirants', 'scholarships-catalogs', 'scholarships'],
    permission: 'concepts',
  },
  search: ['code', 'description', 'short_name'],
  ordering: ['code'],
  fields: {
    amount: orDefault(money),
    early_amount: orNull(money),
    iva: orDefault(fraction),
    surcharge_day: orNull(integer(1, 31)),
    surcharge_amount: orDefault(money),
    surcharge_max_days: orDefault(count(366)),
    surcharge_amount_by_day: orDefault(money),
  },
  campusFilter: conceptCampus,
  inputToData: (input, { existing }) => {
    checkDateOrder(input, existing, DATES);
    return input;
  },
});

function today(): Date {
  return new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
}

/**
 * The shop's offer: concepts with `allow_web`. Staff see all of them; a student sees those active
 * and in force today, from an active price list that applies to their career (a general list of
 * their career's campus, or one naming their career).
 */
function shopScope(actor: Actor): ScopeResult {
  const offered: Where = { allow_web: true };
  if (actor.kind === 'staff') return offered;
  if (actor.kind !== 'student' || !actor.student_id) return 'none';
  const mine = { students: { some: { id: actor.student_id } } };
  const now = today();
  return {
    ...offered,
    status: true,
    AND: [{ OR: [{ effect_date: null }, { effect_date: { lte: now } }] }, { OR: [{ end_date: null }, { end_date: { gte: now } }] }],
    price_list: {
      status: true,
      OR: [{ is_general: true, campus: { careers: { some: mine } } }, { careers: { some: { status: true, career: mine } } }],
    },
  };
}

// Read-only: concepts are written through finance/api/concepts/; this base is what the portal shop
// (and the staff screen that reviews it) lists.
export const financeConceptsResource = modelResource({
  base: 'finance/api/finance-concepts/',
  model: 'Concept',
  readOnly: true,
  access: { routes: ['finance-concepts'], permission: 'concepts', ownReaders: ['student'] },
  search: ['code', 'description', 'short_name'],
  ordering: ['description'],
  campusFilter: conceptCampus,
  scope: shopScope,
});

export const conceptDiscountsResource = modelResource({
  base: 'finance/api/concept-discount/',
  model: 'ConceptDiscount',
  access: {
    routes: ['finance-concepts', 'finance-price_list'],
    readRoutes: ['finance-sales', 'permanence-recurrent', 'permanence-reinscriptions'],
    permission: 'concept_discounts',
  },
  search: ['notes'],
  ordering: ['concept_id', 'career_id', 'grade'],
  fields: { amount: orDefault(money), percentage: orDefault(fraction), grade: orNull(integer(1, 12)) },
  campusFilter: (campusId) => ({ concept: conceptCampus(campusId) }),
  inputToData: (input, { existing }) => {
    checkDateOrder(input, existing, DATES);
    return input;
  },
});
