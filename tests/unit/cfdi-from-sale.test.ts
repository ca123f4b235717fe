// An invoice made from a paid sale charges exactly what was paid for each line.
import { describe, expect, it } from 'vitest';
import { type PaidSaleLine, saleConcept } from '@/lib/cfdi/from-sale';
import { invoiceTotals } from '@/lib/cfdi/totals';

describe('the concept of a paid sale line', () => {
  it.each<[string, PaidSaleLine, { unit_value: string; discount: string; factor: string }]>([
    ['exempt tuition paid in full', { qty: 1, amount: '4200.00', iva: '0.08', paid: '4200.00', exempt_tuition: true }, { unit_value: '4200.00', discount: '0.00', factor: 'Exento' }],
    ['exempt tuition with a scholarship', { qty: 1, amount: '4200.00', iva: '0.08', paid: '3150.00', exempt_tuition: true }, { unit_value: '4200.00', discount: '1050.00', factor: 'Exento' }],
    ['a uniform with 16 % included', { qty: 2, amount: '348.00', iva: '0.16', paid: '696.00', exempt_tuition: false }, { unit_value: '300.00', discount: '0.00', factor: 'Tasa' }],
    ['a credential with 8 % included', { qty: 1, amount: '350.00', iva: '0.08', paid: '350.00', exempt_tuition: false }, { unit_value: '324.08', discount: '0.01', factor: 'Tasa' }],
    ['a book without IVA', { qty: 3, amount: '199.90', iva: '0', paid: '599.70', exempt_tuition: false }, { unit_value: '199.90', discount: '0.00', factor: 'Exento' }],
  ])('%s', (_name, line, expected) => {
    const concept = saleConcept(line);
    expect({ unit_value: concept.unit_value, discount: concept.discount, factor: concept.taxes[0].factor_type }).toEqual(expected);
    // Whatever the rounding, the invoice charges what was paid.
    expect(invoiceTotals([concept]).total).toBe(line.paid);
  });

  it('adds up to what was paid for any price, quantity, rate and share', () => {
    for (let price = 1; price < 5000; price += 37) {
      for (const iva of ['0.08', '0.16']) {
        for (const qty of [1, 2, 3, 7]) {
          const gross = (price + 0.37) * qty;
          const paid = (Math.round(gross * 100 * 0.9) / 100).toFixed(2);
          const line = { qty, amount: (price + 0.37).toFixed(2), iva, paid, exempt_tuition: false };
          expect(invoiceTotals([saleConcept(line)]).total, JSON.stringify(line)).toBe(paid);
        }
      }
    }
  });
});
