// finance/api/exchange-rates/: the peso-dollar exchange rate (tipo de cambio) by day, used to show
// a sale's amount in dollars. The sale, payment and reference screens read it; prices are kept
// with the price lists, so that screen records the day's rate.
import { modelResource } from '@/server/engine/model';
import { exchangeRate } from '@/server/modules/shared/fields';

export const exchangeRatesResource = modelResource({
  base: 'finance/api/exchange-rates/',
  model: 'ExchangeRate',
  access: {
    routes: ['finance-price_list'],
    readRoutes: ['finance-sales', 'finance-payments', 'finance-references', 'finance-concepts'],
    permission: 'exchange_rates',
  },
  ordering: ['-date', '-id'],
  // A stored rate of 0 would divide by zero when shown in dollars.
  fields: { rate: exchangeRate.refine((value) => Number(value) > 0, { message: 'errors.min_value', params: { min: 0.0001 } }) },
});
