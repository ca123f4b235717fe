// The counter's rules for how a payment came in, and percentages typed as 0–100 against the
// fractions the discounts store.
import { describe, expect, it } from 'vitest';
import { changeDue, methodKind, needsAuthorization, paymentProblems } from '@/lib/finance/payment-method';
import { fractionToPercent, percentOf, percentToFraction } from '@/lib/finance/percent';

describe('methodKind', () => {
  it.each([
    ['01', 'cash'],
    ['02', 'cheque'],
    ['03', 'transfer'],
    ['04', 'card'],
    ['28', 'card'],
    ['REF', 'deposit'],
    ['ref', 'deposit'],
    ['99', 'other'],
    [null, 'other'],
  ] as const)('%s is %s', (code, kind) => {
    expect(methodKind(code)).toBe(kind);
  });

  it('asks an authorization of cards and transfers only', () => {
    expect((['cash', 'card', 'transfer', 'cheque', 'deposit', 'other'] as const).filter(needsAuthorization)).toEqual(['card', 'transfer']);
  });
});

describe('paymentProblems', () => {
  it.each([
    ['cash without what was handed over', { kind: 'cash', amount: '100.00' }, []],
    ['cash covered', { kind: 'cash', amount: '100.00', received: '100.00' }, []],
    ['cash short', { kind: 'cash', amount: '100.00', received: '99.99' }, ['received']],
    ['cash unreadable', { kind: 'cash', amount: '100.00', received: 'cien' }, ['received']],
    ['card with authorization', { kind: 'card', amount: '100.00', authorization_code: 'A1' }, []],
    ['card without', { kind: 'card', amount: '100.00', authorization_code: ' ' }, ['authorization_code']],
    ['transfer without, and cash received', { kind: 'transfer', amount: '1.00', received: '5.00' }, ['received', 'authorization_code']],
    ['cheque without number', { kind: 'cheque', amount: '1.00' }, []],
    ['no method', { kind: 'other', amount: '1.00' }, []],
  ] as const)('%s', (_name, details, fields) => {
    expect(paymentProblems(details).map((problem) => problem.field)).toEqual(fields);
  });
});

describe('changeDue', () => {
  it.each([
    ['100.00', '500.00', '400.00'],
    ['0.10', '0.30', '0.20'],
    ['100.00', '100.00', '0.00'],
    ['100.00', null, '0.00'],
    ['100.00', '50.00', '0.00'],
  ])('%s paid with %s gives back %s', (amount, received, change) => {
    expect(changeDue(amount, received)).toBe(change);
  });
});

describe('percentages', () => {
  it.each([
    ['10', '0.1000'],
    ['12.5', '0.1250'],
    ['0.01', '0.0001'],
    ['100', '1.0000'],
    ['0', '0.0000'],
    ['100.01', null],
    ['-1', null],
    ['diez', null],
  ])('%s %% is stored as %s', (percent, fraction) => {
    expect(percentToFraction(percent)).toBe(fraction);
  });

  it.each([
    ['0.1000', '10.00'],
    ['0.125', '12.50'],
    ['1', '100.00'],
    ['1.0001', null],
  ])('%s reads as %s %%', (fraction, percent) => {
    expect(fractionToPercent(fraction)).toBe(percent);
  });
});

describe('percentOf', () => {
  it.each([
    ['540.00', '10', '54.00'],
    ['0.05', '10', '0.01'],
    ['0.04', '10', '0.00'],
    ['1234.56', '12.5', '154.32'],
    ['100.00', '100', '100.00'],
    ['100.00', '101', null],
  ])('%s × %s %% = %s', (amount, percent, share) => {
    expect(percentOf(amount, percent)).toBe(share);
  });
});
