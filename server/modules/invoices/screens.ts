// The screens of the spec (section 2) that show invoices/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { ScreenRoute } from '@/server/screens/routes';

export const invoicesScreens: Readonly<Record<string, ScreenRoute>> = {
  '/invoices/catalogs': {
    base: 'invoices/api/invoices/',
    columns: ['expedition_date', 'serie', 'folio', 'social_reason', 'rfc', 'total', 'status', 'uuid'],
    // A stamped invoice's files straight from the list.
    links: [
      { key: 'pdf', labelKey: 'invoicing.list.pdf', icon: 'download', href: '/invoices/api/invoices/{id}/pdf/', showIf: { field: 'status', equals: 'STAMPED' } },
      { key: 'xml', labelKey: 'invoicing.list.xml', icon: 'download', href: '/invoices/api/invoices/{id}/xml/', showIf: { field: 'status', equals: 'STAMPED' } },
    ],
  },
  '/invoices/cfdi_types': { base: 'invoices/api/cfdi-types/' },
  '/invoices/fiscal_regimes': { base: 'invoices/api/fiscal-regimes/' },
  '/invoices/invoice_taxes': { base: 'invoices/api/invoice-taxes/' },
  '/invoices/payment_forms': { base: 'invoices/api/payment-forms/' },
  '/invoices/payment_methods': { base: 'invoices/api/payment-methods/' },
  '/invoices/prod_servs': { base: 'invoices/api/prod-servs/' },
  '/invoices/type_relations': { base: 'invoices/api/type-relations/' },
  '/invoices/type_vouchers': { base: 'invoices/api/type-vouchers/' },
  '/invoices/units': { base: 'invoices/api/units/' },
};

export const invoicesDetails: Readonly<Record<string, ScreenRoute>> = {
  // An invoice's page: its CFDI steps with the PAC above its data and concepts.
  '/invoices/catalogs': { base: 'invoices/api/invoices/', panels: ['invoice-cfdi'] },
};
