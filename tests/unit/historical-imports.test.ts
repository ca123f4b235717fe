// The pure rules of the historical imports (lib/grades/historical.ts): scores compared as decimals,
// and what an imported opening balance may do to the stored charge of its key.
import { describe, expect, it } from 'vitest';
import { type StoredCharge, balanceDecision, sameDecimal } from '@/lib/grades/historical';

describe('sameDecimal', () => {
  it.each([
    ['8.5', '8.50', true],
    ['10', '10.00', true],
    ['7', '7.01', false],
    ['0', '0.0', true],
    ['9.25', '9.2', false],
    ['ocho', '8', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameDecimal(a, b)).toBe(same);
  });
});

describe('balanceDecision', () => {
  const open: StoredCharge = { amount: '1000.00', total_paid: '0.00', paid: false, cancelled: false };
  it.each<[string, StoredCharge | null, string, ReturnType<typeof balanceDecision>]>([
    ['no charge of its key yet', null, '1000', 'create'],
    ['the same amount', open, '1000.0', 'unchanged'],
    ['another amount, nothing paid', open, '1200', 'update'],
    ['another amount, partly paid', { ...open, total_paid: '0.01' }, '1200', 'refuse_paid'],
    ['another amount, paid in full', { ...open, total_paid: '1000.00', paid: true }, '900', 'refuse_paid'],
    ['the same amount, paid in full', { ...open, total_paid: '1000.00', paid: true }, '1000', 'unchanged'],
    ['another amount, cancelled', { ...open, cancelled: true }, '5', 'refuse_cancelled'],
    ['a cent apart', open, '1000.01', 'update'],
  ])('%s', (_, stored, amount, decision) => {
    expect(balanceDecision(stored, amount)).toBe(decision);
  });
});
