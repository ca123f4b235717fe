// The screens of the spec (section 2) that show finance/api/ resources: each route's list, with
// the filters, columns and pages its users need on top of what the definition derives (see
// server/screens/routes.ts). Detail routes (`/path/{id}`) show a record with its child lists.
import type { FormDesign, ScreenRoute } from '@/server/screens/routes';

export const financeScreens: Readonly<Record<string, ScreenRoute>> = {
  '/finance/concepts': { base: 'finance/api/concepts/', filters: ['price_list_id'] },
  '/finance/iedu': { base: 'finance/api/iedus/' },
  '/finance/payments': { base: 'finance/api/payments/', panels: ['payments-summary'], columns: ['created_at', 'sale', 'amount', 'method', 'authorization_code', 'user', 'status'] },
  '/finance/price_list': { base: 'finance/api/price-list/', filters: ['campus_id'] },
  '/finance/references': { base: 'finance/api/references/', panels: ['reconciliation'], columns: ['bank_ref', 'client', 'concept', 'amount', 'vigency', 'paid', 'status'] },
  '/finance/sales': { base: 'finance/api/sales/', filters: ['paid'], columns: ['$folio', 'sale_date', '$name', 'details', 'total_neto', 'total_debt', '$state'] },
  '/permanence/recurrent': { base: 'finance/api/recurrents/', panels: ['tuition'], filters: ['year', 'month'], columns: ['student', 'concept', 'month_name', 'year', 'limit_date', 'paid', 'sale', 'status'] },
  '/scholarships': { base: 'finance/api/student-ships/', panels: ['scholarships'], columns: ['student', 'scholar_ship', 'cicle', 'limit_date', 'approve', 'status'] },
  '/scholarships/catalogs': { base: 'finance/api/scholarships/' },
};

export const financeDetails: Readonly<Record<string, ScreenRoute>> = {
  '/finance/price_list': { base: 'finance/api/price-list/' },
  '/finance/sales': { base: 'finance/api/sales/', panels: ['sale-cart', 'sale-invoice'] },
};

/** How a sale's form reads: whom it charges, then its amounts. */
export const financeForms: Readonly<Record<string, FormDesign>> = {
  'finance/api/sales/': {
    sections: [
      { key: 'charged', titleKey: 'resource.section_charged', fields: ['student_id', 'aspirant_id', 'client', 'career_id', 'cicle_id', 'sale_date', 'category', 'sale_type', 'payment_method_id'] },
      // Its amounts are the cart's (computed by the server): here only what the cashier sets.
      { key: 'amounts', titleKey: 'resource.section_amounts', fields: ['iva', 'rate', 'reference', 'from_shop', 'notes'] },
    ],
  },
};
