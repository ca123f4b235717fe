// finance/api/recurrents/: monthly tuition charges (colegiaturas recurrentes) of a student, one per
// student, concept and month (Inscr./Reins. > Recurrentes). Generating them is the tuition process.
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

const recurrents = modelResource({
  base: 'finance/api/recurrents/',
  model: 'Recurrent',
  access: { routes: ['permanence-recurrent'], readRoutes: ['finance-sales', 'permanence-reinscriptions'], permission: 'recurrents' },
  ordering: ['-year', '-month', 'id'],
  // The month's Spanish name (spec section 9) follows its number.
  readOnlyFields: ['month_name'],
  fields: { month: integer(1, 12), year: integer(2000, 2100) },
  campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
  inputToData: (input) => (input.month === undefined ? input : { ...input, month_name: MONTHS[input.month - 1] }),
  search: [...STUDENT_SEARCH, 'month_name'],
});

export const recurrentsResource = recurrents;
