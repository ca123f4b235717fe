// A sale's balance and prices with IVA included (lib/finance/balance.ts): tables of cases, in cents.
import { describe, expect, it } from 'vitest';
import { debtByLine, fromCents, saleBalance, toCents, withoutTax } from '@/lib/finance/balance';

describe('amounts as cents', () => {
  it.each<[string, bigint | null]>([
    ['450', 45_000n],
    ['450.5', 45_050n],
    ['0.1', 10n],
    ['0.01', 1n],
    ['1234.56', 123_456n],
    ['-3.5', -350n],
    ['12.345', 1_234n],
    ['', null],
    ['1,5', null],
    ['abc', null],
  ])('%s -> %s', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each<[bigint, string]>([
    [0n, '0.00'],
    [5n, '0.05'],
    [45_050n, '450.50'],
    [-350n, '-3.50'],
  ])('%s -> %s', (cents, text) => {
    expect(fromCents(cents)).toBe(text);
  });
});

describe("a sale's balance from its active payments", () => {
  it.each<[string, string, string[], string, string, boolean]>([
    ['nothing paid', '450.00', [], '0.00', '450.00', false],
    ['half', '450.00', ['225.00'], '225.00', '225.00', false],
    ['paid in two', '450.00', ['225.00', '225.00'], '450.00', '0.00', true],
    ['a cent short', '450.00', ['449.99'], '449.99', '0.01', false],
    ['overpaid: no negative debt', '450.00', ['500.00'], '500.00', '0.00', true],
    ['0.1 + 0.2 is exactly 0.3', '0.30', ['0.10', '0.20'], '0.30', '0.00', true],
    ['a free sale is never "paid"', '0.00', [], '0.00', '0.00', false],
  ])('%s', (_, totalPay, payments, paid, debt, isPaid) => {
    expect(saleBalance(totalPay, payments)).toEqual({ total_paid: paid, total_debt: debt, paid: isPaid });
  });
});

describe('the amount before tax of a price with IVA', () => {
  it.each<[string, string, string, string]>([
    ['no IVA', '450.00', '0', '450.00'],
    ['16 %', '116.00', '0.16', '100.00'],
    ['8 % (border zone)', '108.00', '0.08', '100.00'],
    ['half up at the cent: 150 / 1.08 = 138.888…', '150.00', '0.08', '138.89'],
    ['100 / 1.16 = 86.2068…', '100.00', '0.16', '86.21'],
    ['exactly half a cent goes up: 0.54 / 1.08 = 0.5', '0.54', '0.08', '0.50'],
  ])('%s', (_, total, iva, expected) => {
    expect(withoutTax(total, iva)).toBe(expected);
  });
});

describe('what each line of a sale still owes (a debt told per concept)', () => {
  it.each<[string, bigint, bigint[], bigint[]]>([
    ['nothing paid: every line owes its total', 350_000n, [315_000n, 35_000n], [315_000n, 35_000n]],
    ['a payment settles the first lines first', 130_000n, [365_000n, 35_000n], [95_000n, 35_000n]],
    ['the debt fits in the last line', 20_000n, [315_000n, 35_000n, 420_000n], [0n, 0n, 20_000n]],
    ['a line owes at most its total', 420_000n, [315_000n, 35_000n, 420_000n], [0n, 0n, 420_000n]],
    ['paid: no line owes', 0n, [315_000n, 35_000n], [0n, 0n]],
    ['a negative debt is none', -500n, [1_000n], [0n]],
    ['a line with no total owes nothing', 1_000n, [1_000n, 0n], [1_000n, 0n]],
    ['no lines', 1_000n, [], []],
  ])('%s', (_, debt, lines, owed) => {
    expect(debtByLine(debt, lines)).toEqual(owed);
  });

  it('never owes more than the debt, and owes all of it when the lines cover it', () => {
    const lines = [123_45n, 67_89n, 1_00n, 500_00n];
    const whole = lines.reduce((sum, line) => sum + line, 0n);
    for (let debt = 0n; debt <= whole; debt += 97n) expect(debtByLine(debt, lines).reduce((sum, line) => sum + line, 0n)).toBe(debt);
  });
});
