// The states of the sale aggregate, as tables: each combination of stored facts gives one state,
// and the shop's offer keeps one concept per code at the student's own price.
import { describe, expect, it } from 'vitest';
import { ownPrices } from '@/lib/finance/shop-offer';
import { paymentState, referenceState, sameAmount, saleState, tuitionMonthState } from '@/lib/finance/sale-states';

describe('saleState', () => {
  // status, is_locked, paid, active payments, stamped invoice -> state
  const table: [boolean, boolean, boolean, number, boolean, string][] = [
    [true, false, false, 0, false, 'OPEN'],
    [true, false, true, 0, false, 'OPEN'], // a sale of 0.00 (a full scholarship): no money came in
    [true, true, false, 0, false, 'LOCKED'],
    [true, false, false, 1, false, 'PAYING'],
    [true, true, false, 2, false, 'PAYING'],
    [true, false, true, 1, false, 'PAID'],
    [true, true, true, 1, false, 'PAID'],
    [true, false, true, 1, true, 'INVOICED'],
    [true, true, true, 3, true, 'INVOICED'],
    [false, false, false, 0, false, 'CANCELLED'],
    [false, true, false, 0, true, 'CANCELLED'],
    [false, false, true, 1, false, 'CANCELLED'],
  ];
  it.each(table)('status %s, locked %s, paid %s, %i payments, invoiced %s -> %s', (status, is_locked, paid, active_payments, stamped_invoice, expected) => {
    expect(saleState({ status, is_locked, paid, active_payments, stamped_invoice })).toBe(expected);
  });
});

describe('paymentState', () => {
  it.each([
    [true, false, 'ACTIVE'],
    [true, true, 'INVOICED'],
    [false, false, 'CANCELLED'],
    [false, true, 'CANCELLED'],
  ] as const)('status %s, invoiced %s -> %s', (status, stamped_invoice, expected) => {
    expect(paymentState({ status, stamped_invoice })).toBe(expected);
  });
});

describe('referenceState', () => {
  const sale = (total_debt: string, status = true) => ({ status, total_debt });
  it.each([
    [{ paid: false, status: true, is_deleted: false, amount: '300.00', sale: sale('300.00') }, 'OPEN'],
    [{ paid: false, status: true, is_deleted: false, amount: '300', sale: sale('300.00') }, 'OPEN'],
    [{ paid: false, status: true, is_deleted: false, amount: '300.00', sale: sale('280.00') }, 'STALE'],
    [{ paid: false, status: true, is_deleted: false, amount: '300.00', sale: sale('0.00') }, 'STALE'],
    [{ paid: true, status: true, is_deleted: false, amount: '300.00', sale: sale('0.00') }, 'PAID'],
    [{ paid: true, status: false, is_deleted: false, amount: '300.00', sale: sale('0.00', false) }, 'PAID'],
    [{ paid: false, status: false, is_deleted: false, amount: '300.00', sale: sale('300.00') }, 'CANCELLED'],
    [{ paid: false, status: true, is_deleted: true, amount: '300.00', sale: sale('300.00') }, 'CANCELLED'],
    [{ paid: false, status: true, is_deleted: false, amount: '300.00', sale: sale('0.00', false) }, 'CANCELLED'],
    [{ paid: false, status: true, is_deleted: false, amount: '300.00', sale: null }, 'OPEN'],
  ])('%j -> %s', (reference, expected) => {
    expect(referenceState(reference)).toBe(expected);
  });

  it('compares amounts in whole cents', () => {
    expect(sameAmount('280', '280.00')).toBe(true);
    expect(sameAmount('280.1', '280.10')).toBe(true);
    expect(sameAmount('280.01', '280.10')).toBe(false);
    expect(sameAmount('abc', 'abc')).toBe(false);
  });
});

describe('tuitionMonthState', () => {
  it.each([
    [false, null, 'PENDING'],
    [false, 12, 'BILLED'],
    [true, 12, 'PAID'],
    [true, null, 'PAID'],
  ] as const)('paid %s, sale %s -> %s', (paid, sale_id, expected) => {
    expect(tuitionMonthState({ paid, sale_id })).toBe(expected);
  });
});

describe('ownPrices', () => {
  const concept = (id: number, code: string, is_general: boolean) => ({ id, code, price_list: { is_general } });
  it.each([
    ['the career list over the general one', [concept(1, 'COL', true), concept(2, 'COL', false)], [2]],
    ['the career list even when older', [concept(9, 'COL', true), concept(3, 'COL', false)], [3]],
    ['the newest of two general ones', [concept(4, 'CONST', true), concept(5, 'CONST', true)], [5]],
    ['one per code, codes compared without case or spaces', [concept(6, 'kard ', true), concept(7, 'KARD', false), concept(8, 'UNIF', true)], [7, 8]],
  ] as const)('%s', (_name, concepts, ids) => {
    expect(ownPrices(concepts).map((row) => row.id)).toEqual(ids);
  });
});
