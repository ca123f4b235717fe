// academic/api/: campuses, academic departments, periods (cicles) with their partials, and careers.
// The period and campus selectors of the top bar read these lists, and most forms pick a career,
// so every signed-in user may read campuses, periods, partials and careers.
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { fieldError } from '@/server/errors';
import { careerCategory, checkDateOrder, count, orDefault, orNull, score, valueAfterWrite } from '@/server/modules/shared/fields';

export const campusResource = modelResource({
  base: 'academic/api/campus/',
  model: 'Campus',
  access: { routes: ['academic-campus'], permission: 'campus', anyoneReads: true },
  search: ['code', 'name'],
  ordering: ['name'],
});

export const academicDeptosResource = modelResource({
  base: 'academic/api/academic-deptos/',
  model: 'AcademicDepto',
  // The career form picks the department a career belongs to.
  access: { routes: ['tools-academic_deptos'], readRoutes: ['academic-careers'], permission: 'academic_deptos' },
  search: ['code', 'name', 'short'],
  ordering: ['order', 'name'],
  fields: { order: orDefault(count(999)) },
});

export const ciclesResource = modelResource({
  base: 'academic/api/cicles/',
  model: 'Cicle',
  access: { routes: ['academic-cicles', 'scores-periods'], permission: 'cicles', anyoneReads: true },
  search: ['description', 'cicle_name'],
  ordering: ['-start'],
  fields: {
    year: integer(2000, 2100),
    cicle_in_year: orDefault(integer(1, 4)),
    partials: orDefault(integer(1, 4)),
  },
  filters: { year: 'int' },
  inputToData: (input, { existing }) => {
    checkDateOrder(input, existing, [['start', 'end']]);
    return input;
  },
});

export const partialsResource = modelResource({
  base: 'academic/api/partials/',
  model: 'Partial',
  access: { routes: ['academic-cicles', 'scores-periods'], permission: 'partials', anyoneReads: true },
  search: ['description'],
  ordering: ['no'],
  // Position in the fixed list of seven: Parcial 1 to 4, Extra, TS, Final.
  fields: { no: integer(1, 7) },
  campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
  inputToData: (input, { existing }) => {
    checkDateOrder(input, existing, [
      ['start', 'end'],
      ['start_eval', 'end_eval'],
    ]);
    return input;
  },
});

export const careersResource = modelResource({
  base: 'academic/api/careers/',
  model: 'Career',
  access: { routes: ['academic-careers'], readRoutes: ['settings-users'], permission: 'careers', anyoneReads: true },
  search: ['code', 'name', 'short', 'rvoe'],
  ordering: ['order'],
  fields: {
    grades: orDefault(integer(1, 12)),
    order: orDefault(count(999)),
    age_from: orNull(count(120)),
    age_to: orNull(count(120)),
    average: orNull(score),
    // An empty category falls back to the general document requirements.
    category_career: orDefault(careerCategory),
  },
  inputToData: (input, { existing }) => {
    const from = valueAfterWrite(input, existing, 'age_from');
    const to = valueAfterWrite(input, existing, 'age_to');
    if (typeof from === 'number' && typeof to === 'number' && to < from) throw fieldError('age_to', 'errors.min_value', { min: from });
    return input;
  },
});
