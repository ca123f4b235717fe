// Every resource base of invoices/api/.
import type { ResourceDefinition } from '@/server/engine/types';
import { invoiceDataResource } from './invoice-data.resource';
import { invoiceConceptsResource, invoiceTaxesResource, invoicesResource } from './invoices.resource';
import {
  cfdiTypesResource,
  fiscalRegimesResource,
  paymentFormsResource,
  paymentMethodsResource,
  prodServsResource,
  typeRelationsResource,
  typeVouchersResource,
  unitsResource,
} from './sat-catalogs.resource';

export const invoicesResources: ResourceDefinition[] = [
  invoicesResource,
  invoiceConceptsResource,
  invoiceDataResource,
  invoiceTaxesResource,
  cfdiTypesResource,
  fiscalRegimesResource,
  paymentFormsResource,
  paymentMethodsResource,
  prodServsResource,
  unitsResource,
  typeRelationsResource,
  typeVouchersResource,
];

/** The screens that show this module's resources (server/screens/routes.ts). */
export { invoicesDetails, invoicesScreens } from './screens';
