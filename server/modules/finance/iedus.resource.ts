// finance/api/iedus/: education levels of the SAT IEDU complement (nivel educativo) with their
// reference amount (Finanzas > IEDU). A career names its level, and invoices read it.
import { modelResource } from '@/server/engine/model';
import { money, orDefault } from '@/server/modules/shared/fields';

export const iedusResource = modelResource({
  base: 'finance/api/iedus/',
  model: 'Iedu',
  access: { routes: ['finance-iedu'], readRoutes: ['academic-careers', 'invoices-catalogs', 'finance-sales'], permission: 'iedus' },
  search: ['description'],
  ordering: ['description'],
  fields: { amount: orDefault(money) },
});
