// A sale's totals (lib/finance/sale-totals.ts): tables of cases worked by hand, in pesos with two
// decimals. Prices include IVA; the discounts granted on a sale make its extra discount, taken off
// what is to be paid, not off the total.
import { describe, expect, it } from 'vitest';
import { type SaleTotalsInput, conceptUnitDiscount, isLineLocked, lineKind, lineTax, lineTotal, lineUnitDiscount, saleTotals } from '@/lib/finance/sale-totals';

describe('a line', () => {
  it.each([
    // qty, amount, unit discount -> qty * amount - qty * discount
    [{ qty: 1, amount: '450.00' }, '450.00'],
    [{ qty: 3, amount: '199.99' }, '599.97'],
    [{ qty: 2, amount: '100.00', discount: '15.50' }, '169.00'],
    [{ qty: 0, amount: '100.00' }, '0.00'],
    // A unit discount above the price leaves the line at zero, never negative.
    [{ qty: 2, amount: '10.00', discount: '25.00' }, '0.00'],
  ])('%o totals %s', (line, total) => {
    expect(lineTotal(line)).toBe(total);
  });

  it.each([
    // (amount - amount / (1 + iva)) * qty, rounded to the cent once
    [{ qty: 1, amount: '108.00', iva: '0.08' }, '8.00'],
    [{ qty: 1, amount: '116.00', iva: '0.16' }, '16.00'],
    [{ qty: 3, amount: '100.00', iva: '0.08' }, '22.22'],
    [{ qty: 1, amount: '1500.00', iva: '0' }, '0.00'],
  ])('%o carries %s of IVA', (line, tax) => {
    expect(lineTax(line)).toBe(tax);
  });

  it.each([
    [null, 'C'],
    [{ code: 'CERT' }, 'C'],
    [{ code: 'INS', is_inscription: true }, 'I'],
    [{ code: 'reins' }, 'RR'],
    [{ code: 'COL', recurrency_id: 4 }, 'R'],
  ] as const)('concept %o is a charge of kind %s', (concept, kind) => {
    expect(lineKind(concept)).toBe(kind);
  });

  it.each([
    [{ id: 5, concept: { code: 'COL', recurrency_id: 4 } }, true],
    [{ id: 5, concept: { code: 'INS', is_inscription: true } }, true],
    [{ id: 5, concept: { code: 'REINS' } }, true],
    [{ id: 5, concept: { code: 'CERT' } }, false],
    // Not saved yet: still editable in the cart.
    [{ id: null, concept: { code: 'REINS' } }, false],
  ])('%o locked: %s', (line, locked) => {
    expect(isLineLocked(line)).toBe(locked);
  });
});

describe("a concept's discount for a student", () => {
  const rules = [
    { career_id: 1, amount: '100.00', effect_date: '2026-08-01', end_date: '2026-12-31' },
    { career_id: 2, percentage: '0.25' },
    { grade: 3, percentage: '0.1' },
    { career_id: 1, grade: 1, amount: '300.00', status: false },
  ];
  it.each([
    [{ career_id: 1, grade: 1, on: '2026-09-15' }, '100.00'],
    // Before the rule is in force.
    [{ career_id: 1, grade: 1, on: '2026-07-31' }, '0.00'],
    // The last day counts.
    [{ career_id: 1, grade: 1, on: '2026-12-31' }, '100.00'],
    [{ career_id: 2, grade: 1, on: '2026-09-15' }, '250.00'],
    // Two rules: the larger one.
    [{ career_id: 1, grade: 3, on: '2026-09-15' }, '100.00'],
    [{ career_id: 9, grade: 3, on: '2026-09-15' }, '100.00'],
    [{ career_id: 9, grade: 2, on: '2026-09-15' }, '0.00'],
  ])('%o gets %s per unit of 1000.00', (who, discount) => {
    expect(conceptUnitDiscount('1000.00', rules, who)).toBe(discount);
  });

  it('never more than the price', () => {
    expect(conceptUnitDiscount('80.00', [{ amount: '100.00' }], { on: '2026-01-01' })).toBe('80.00');
  });
});

describe("a new line's unit discount: its concept's, then the student's scholarships on what is left", () => {
  it.each([
    // 50 % tuition scholarship on 2000 less a concept discount of 200: 200 + 900
    [{ amount: '2000.00', concept: { id: 10, code: 'COL', recurrency_id: 4 } }, '200.00', [{ ship_type: 'R', base_type: 'P', base_amount: '50' }], '1100.00'],
    // The scholarship is of another kind: only the concept's discount.
    [{ amount: '2000.00', concept: { id: 10, code: 'COL', recurrency_id: 4 } }, '200.00', [{ ship_type: 'I', base_type: 'P', base_amount: '50' }], '200.00'],
    // An amount scholarship never takes more than the price.
    [{ amount: '800.00', concept: { id: 11, code: 'INS', is_inscription: true } }, '0.00', [{ ship_type: 'I', base_type: 'A', base_amount: '1000.00' }], '800.00'],
    // Two scholarships: the second on what the first left.
    [{ amount: '1000.00', concept: { id: 12, code: 'REINS' } }, '0.00', [{ ship_type: 'RR', base_type: 'P', base_amount: '50' }, { ship_type: 'RR', base_type: 'A', base_amount: '100.00' }], '600.00'],
    // One cent: 33.33 at 50 % leaves 16.665 -> 16.67 off
    [{ amount: '33.33', concept: { id: 10, code: 'COL', recurrency_id: 4 } }, '0.00', [{ ship_type: 'R', base_type: 'P', base_amount: '50' }], '16.67'],
  ] as const)('%o with %s off and %o -> %s', (line, conceptDiscount, scholarships, expected) => {
    expect(lineUnitDiscount(line, conceptDiscount, scholarships)).toBe(expected);
  });
});

const tuition = { id: 10, code: 'COL', recurrency_id: 4 };
const inscription = { id: 11, code: 'INS', is_inscription: true };
const certificate = { id: 12, code: 'CERT' };

describe("a sale's totals", () => {
  const cases: { name: string; input: SaleTotalsInput; expected: Partial<ReturnType<typeof saleTotals>> }[] = [
    {
      name: 'no lines: nothing to pay, not paid',
      input: { lines: [] },
      expected: { amount: '0.00', total_pay: '0.00', total_debt: '0.00', paid: false, dollars: null },
    },
    {
      name: 'one line, IVA 8 % inside the price',
      input: { lines: [{ qty: 1, amount: '1080.00', iva: '0.08', concept: certificate }] },
      expected: { amount: '1080.00', discount: '0.00', total_neto: '1080.00', total_pay: '1080.00', subtotal: '1000.00', tax: '80.00', total_debt: '1080.00', paid: false },
    },
    {
      name: 'a unit discount on the line',
      input: { lines: [{ qty: 2, amount: '500.00', discount: '50.00', iva: '0', concept: certificate }] },
      expected: { amount: '1000.00', discount: '100.00', total_pay: '900.00', total_debt: '900.00' },
    },
    {
      name: 'a 50 % tuition scholarship reaches the tuition line only',
      input: {
        lines: [
          { qty: 1, amount: '2000.00', iva: '0', concept: tuition },
          { qty: 1, amount: '300.00', iva: '0', concept: certificate },
        ],
        scholarships: [{ ship_type: 'R', base_type: 'P', base_amount: '50' }],
      },
      expected: { amount: '2300.00', scholarship: '1000.00', discount: '1000.00', total_pay: '1300.00' },
    },
    {
      name: 'an amount scholarship on inscriptions, per unit and never more than the line',
      input: {
        lines: [{ qty: 1, amount: '800.00', iva: '0', concept: inscription }],
        scholarships: [{ ship_type: 'I', base_type: 'A', base_amount: '1000.00' }],
      },
      expected: { scholarship: '800.00', total_pay: '0.00', total_debt: '0.00', paid: true },
    },
    {
      name: 'a concept scholarship names its concept',
      input: {
        lines: [
          { qty: 1, amount: '300.00', iva: '0', concept: certificate },
          { qty: 1, amount: '300.00', iva: '0', concept: { id: 13, code: 'CRED' } },
        ],
        scholarships: [{ ship_type: 'C', base_type: 'P', base_amount: '100', concept_id: 13 }],
      },
      expected: { scholarship: '300.00', total_pay: '300.00' },
    },
    {
      name: 'granted discounts, an amount and a percentage of the total, make the extra discount (a cancelled one does not count)',
      input: {
        lines: [{ qty: 1, amount: '1000.00', iva: '0', concept: certificate }],
        discounts: [{ discount: '100.00' }, { percentage: '0.1' }, { discount: '999.00', status: false }],
      },
      expected: { extra_discount: '200.00', discount: '0.00', total_neto: '1000.00', total_pay: '800.00' },
    },
    {
      name: 'the extra discount is taken off what is paid, not the total',
      input: { lines: [{ qty: 1, amount: '1000.00', iva: '0', concept: certificate }], discounts: [{ discount: '150.00' }], payments: ['300.00'] },
      expected: { total_neto: '1000.00', discount: '0.00', extra_discount: '150.00', total_pay: '850.00', total_paid: '300.00', total_debt: '550.00', paid: false },
    },
    {
      name: 'a granted amount wins over the percentage stored beside it',
      input: { lines: [{ qty: 1, amount: '1000.00', iva: '0', concept: certificate }], discounts: [{ discount: '150.00', percentage: '0.15' }] },
      expected: { extra_discount: '150.00', total_pay: '850.00' },
    },
    {
      name: 'discounts never take more than the total',
      input: { lines: [{ qty: 1, amount: '100.00', iva: '0', concept: certificate }], discounts: [{ discount: '80.00' }, { discount: '80.00' }] },
      expected: { extra_discount: '100.00', total_pay: '0.00', paid: true },
    },
    {
      name: 'payments covering the total make it paid; the debt never goes below zero',
      input: { lines: [{ qty: 1, amount: '1000.00', iva: '0', concept: certificate }], payments: ['600.00', '400.00'] },
      expected: { total_paid: '1000.00', total_debt: '0.00', paid: true },
    },
    {
      name: 'dollars at the exchange rate, rounded to the cent',
      input: { lines: [{ qty: 1, amount: '1000.00', iva: '0', concept: certificate }], rate: '17.2345' },
      expected: { dollars: '58.02' },
    },
    {
      name: 'no dollar amount at rate 0',
      input: { lines: [{ qty: 1, amount: '1000.00', concept: certificate }], rate: '0' },
      expected: { dollars: null },
    },
    {
      name: 'IVA of lines with different rates after a sale-wide discount adds up to the cent',
      input: {
        lines: [
          { qty: 1, amount: '116.00', iva: '0.16', concept: certificate },
          { qty: 1, amount: '108.00', iva: '0.08', concept: { id: 14, code: 'BOOK' } },
          { qty: 1, amount: '100.00', iva: '0', concept: { id: 15, code: 'EXAM' } },
        ],
        discounts: [{ percentage: '0.5' }],
      },
      // 162.00 to pay: 58.00 of it at 16 % (8.00 IVA), 54.00 at 8 % (4.00), 50.00 at 0 %.
      expected: { total_pay: '162.00', tax: '12.00', subtotal: '150.00' },
    },
    {
      name: 'one cent is never lost: three units at 33.33 less 10 %',
      input: { lines: [{ qty: 3, amount: '33.33', iva: '0', concept: certificate }], discounts: [{ percentage: '0.1' }] },
      // 99.99 less 10.00 (9.999 rounded) = 89.99
      expected: { amount: '99.99', extra_discount: '10.00', total_pay: '89.99', discount: '0.00' },
    },
  ];

  it.each(cases)('$name', ({ input, expected }) => {
    expect(saleTotals(input)).toMatchObject(expected);
  });

  it('every line shows what is left of it and whether it is locked', () => {
    const totals = saleTotals({
      lines: [
        { qty: 1, amount: '2000.00', iva: '0', concept: tuition, id: 3 },
        { qty: 2, amount: '150.00', iva: '0.08', concept: certificate },
      ],
      scholarships: [{ ship_type: 'R', base_type: 'P', base_amount: '25' }],
    });
    expect(totals.lines).toEqual([
      { total: '2000.00', scholarship: '500.00', net: '1500.00', tax: '0.00', locked: true },
      { total: '300.00', scholarship: '0.00', net: '300.00', tax: '22.22', locked: false },
    ]);
  });
});
