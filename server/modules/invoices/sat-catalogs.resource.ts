// invoices/api/: the SAT catalogues an invoice uses (Facturación > Catálogos): CFDI uses, fiscal
// regimes, payment forms and methods, product/service and unit keys, relation and voucher types.
// Invoice and fiscal-data forms pick from them, so every signed-in user reads them.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';
import { orDefault } from '@/server/modules/shared/fields';

const access = (permission: string) => ({ routes: ['invoices-catalogs'], anyoneReads: true, permission });

/** A SAT key in its catalogue's format, upper case. */
const key = (format: RegExp) => z.string().trim().toUpperCase().regex(format, { message: 'errors.invalid' });

const REGIME = /^\d{3}$/;

export const cfdiTypesResource = modelResource({
  base: 'invoices/api/cfdi-types/',
  model: 'CfdiType',
  access: access('cfdi_types'),
  search: ['code', 'description'],
  ordering: ['code'],
  fields: {
    code: key(/^[A-Z]{1,2}\d{2}$/),
    // The receiver regimes allowed with this use, as SAT regime codes.
    regimes: orDefault(z.array(key(REGIME)).max(50)),
  },
});

export const fiscalRegimesResource = modelResource({
  base: 'invoices/api/fiscal-regimes/',
  model: 'FiscalRegime',
  access: access('fiscal_regimes'),
  search: ['code', 'description'],
  ordering: ['code'],
  fields: { code: key(REGIME) },
});

export const paymentFormsResource = modelResource({
  base: 'invoices/api/payment-forms/',
  model: 'PaymentForm',
  access: access('payment_forms'),
  search: ['code', 'description'],
  ordering: ['code'],
  fields: { code: key(/^\d{2}$/) },
});

export const paymentMethodsResource = modelResource({
  base: 'invoices/api/payment-methods/',
  model: 'PaymentMethod',
  access: access('payment_methods'),
  search: ['code', 'description'],
  ordering: ['code'],
  fields: { code: key(/^[A-Z]{3}$/) },
});

export const prodServsResource = modelResource({
  base: 'invoices/api/prod-servs/',
  model: 'ProdServ',
  access: access('prod_servs'),
  search: ['code', 'description'],
  ordering: ['code'],
  fields: { code: key(/^\d{8}$/) },
});

export const unitsResource = modelResource({
  base: 'invoices/api/units/',
  model: 'Unit',
  access: access('units'),
  search: ['code', 'name', 'description', 'symbol'],
  ordering: ['code'],
  fields: { code: key(/^[A-Z0-9]{1,3}$/) },
});

export const typeRelationsResource = modelResource({
  base: 'invoices/api/type-relations/',
  model: 'TypeRelation',
  access: access('type_relations'),
  search: ['code', 'description'],
  ordering: ['code'],
  fields: { code: key(/^\d{2}$/) },
});

export const typeVouchersResource = modelResource({
  base: 'invoices/api/type-vouchers/',
  model: 'TypeVoucher',
  access: access('type_vouchers'),
  search: ['code', 'description'],
  ordering: ['code'],
  // SAT's c_TipoDeComprobante is I, E, T, N, P today; one letter keeps room for a code it adds.
  fields: { code: key(/^[A-Z]$/) },
});
