// finance/api/price-list/ and list-career/: price lists (listas de precios) of a campus, general or
// for the careers listed, and those careers (Finanzas > Listas de precios).
import { modelResource } from '@/server/engine/model';
import { checkDateOrder, recordedBy } from '@/server/modules/shared/fields';

export const priceListsResource = modelResource({
  base: 'finance/api/price-list/',
  model: 'PriceList',
  access: { routes: ['finance-price_list'], readRoutes: ['finance-concepts', 'finance-sales', 'permanence-recurrent'], permission: 'price_lists' },
  search: ['code', 'description', 'notes'],
  ordering: ['code'],
  readOnlyFields: ['user_id'],
  // The careers a non-general list applies to are shown with it.
  include: { careers: { select: { id: true, career_id: true, status: true, career: { select: { id: true, code: true, name: true } } }, orderBy: { career_id: 'asc' } } },
  inputToData: (input, write) => {
    checkDateOrder(input, write.existing, [['effect_date', 'end_date']]);
    return recordedBy(input, write);
  },
});

export const listCareersResource = modelResource({
  base: 'finance/api/list-career/',
  model: 'ListCareer',
  access: { routes: ['finance-price_list'], readRoutes: ['finance-concepts', 'finance-sales'], permission: 'price_lists' },
  ordering: ['price_list_id', 'career_id'],
  campusFilter: (campusId) => ({ price_list: { campus_id: campusId } }),
});
