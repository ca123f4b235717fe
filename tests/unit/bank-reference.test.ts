// Bank references' check digits (lib/finance/bank-reference.ts): the bank's published example of
// the algorithm with due date and amount, the classic base 10 example, hand-worked base 97 sums,
// and round trips of generated references (a changed digit, amount or day is caught).
import { describe, expect, it } from 'vitest';
import {
  REFERENCE_ALGORITHMS,
  bankReference,
  base10CheckDigit,
  base97CheckDigits,
  base97WeightedSum,
  condensedAmount,
  condensedDate,
  isValidReference,
} from '@/lib/finance/bank-reference';

describe('base 10 (weights 2, 1 from the right, digits of the products added)', () => {
  it.each([
    // The classic worked example of this scheme: 7992739871 -> 3.
    ['7992739871', '3'],
    ['0', '0'],
    ['1', '8'],
    ['18', '2'],
    ['00012345', '5'],
  ])('%s -> %s', (base, digit) => {
    expect(base10CheckDigit(base)).toBe(digit);
  });
});

describe('base 97 (weights 11, 13, 17, 19, 23 from the right, sum mod 97 + 1)', () => {
  it.each([
    // 1*23 + 2*19 + 3*17 + 4*13 + 5*11 = 219; 219 mod 97 = 25 -> 26
    ['12345', 219, '26'],
    // 9*11 = 99; 99 mod 97 = 2 -> 03
    ['9', 99, '03'],
    // 6 digits: the weights start over: 1*11 + 0*23 + ... = 11 -> 12
    ['100000', 11, '12'],
    ['000000', 0, '01'],
  ])('%s sums %i -> %s', (base, sum, digits) => {
    expect(base97WeightedSum(base)).toBe(sum);
    expect(base97CheckDigits(base)).toBe(digits);
  });
});

describe('base 97 with due date and amount (the bank published example)', () => {
  it('reference 067591119700, $4,256.50, due 23/05/1997, base year 1988', () => {
    expect(condensedDate('1997-05-23', 1988)).toBe('3494');
    expect(condensedAmount('4256.50')).toBe('6');
    expect(base97WeightedSum('067591119700349462')).toBe(1286);
    expect(bankReference({ base: '067591119700', algorithm: 'base97_date_amount', dueDate: '1997-05-23', amount: '4256.50', baseYear: 1988 })).toBe('06759111970034946226');
  });

  it.each([
    ['1988-01-01', 1988, '0000'],
    ['2014-11-14', 1988, '9995'],
    ['2014-11-18', 1988, '9999'],
    ['2026-12-10', 2014, '4814'],
  ])('the condensed date of %s from %i is %s', (day, baseYear, condensed) => {
    expect(condensedDate(day, baseYear)).toBe(condensed);
  });

  it('a due date past the four digits is refused, not wrapped', () => {
    expect(() => condensedDate('2014-11-19', 1988)).toThrow();
  });

  it.each([
    ['0.01', '7'],
    ['1', '1'],
    ['12.3', '8'],
    ['4256.5', '6'],
  ])('the condensed amount of %s is %s', (amount, digit) => {
    expect(condensedAmount(amount)).toBe(digit);
  });
});

describe('round trips', () => {
  const dueDate = '2026-12-10';
  const amount = '3850.00';
  it.each(REFERENCE_ALGORITHMS)('%s: a generated reference checks, a changed digit does not', (algorithm) => {
    for (const base of ['1', '20260145', '000000987654', '4512345678901']) {
      const options = { algorithm, dueDate, amount, baseYear: 2014 };
      const reference = bankReference({ base, ...options });
      expect(reference.startsWith(base)).toBe(true);
      expect(isValidReference(reference, options)).toBe(true);
      // Every single changed digit is caught.
      for (let position = 0; position < reference.length; position += 1) {
        const digit = Number(reference[position]);
        const changed = reference.slice(0, position) + String((digit + 1) % 10) + reference.slice(position + 1);
        expect(isValidReference(changed, options), `${changed} (${algorithm})`).toBe(false);
      }
    }
  });

  it('with due date and amount, another amount or another day does not check', () => {
    const options = { algorithm: 'base97_date_amount' as const, dueDate, amount, baseYear: 2014 };
    const reference = bankReference({ base: '20260145', ...options });
    expect(isValidReference(reference, { ...options, amount: '3850.01' })).toBe(false);
    expect(isValidReference(reference, { ...options, dueDate: '2026-12-11' })).toBe(false);
  });

  it('refuses what is not digits', () => {
    expect(() => bankReference({ base: '12A4', algorithm: 'base10' })).toThrow();
    expect(isValidReference('12 34', { algorithm: 'base10' })).toBe(false);
  });
});
