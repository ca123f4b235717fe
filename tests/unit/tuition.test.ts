// Monthly tuition (lib/finance/tuition.ts): a period's months, each month's limit day and the
// surcharge of a late month on fixed "today"s.
import { describe, expect, it } from 'vitest';
import { type SurchargeRule, daysBetween, limitDate, monthsOfPeriod, surchargeFor } from '@/lib/finance/tuition';

describe("a period's months", () => {
  it.each([
    ['2026-08-10', '2026-12-18', ['2026-8', '2026-9', '2026-10', '2026-11', '2026-12']],
    ['2026-11-30', '2027-02-01', ['2026-11', '2026-12', '2027-1', '2027-2']],
    ['2027-01-07', '2027-01-28', ['2027-1']],
  ])('%s to %s', (start, end, months) => {
    expect(monthsOfPeriod(start, end).map(({ year, month }) => `${year}-${month}`)).toEqual(months);
  });
});

describe("a month's limit day", () => {
  it.each([
    [{ year: 2026, month: 9 }, 10, '2026-09-10'],
    [{ year: 2027, month: 2 }, 31, '2027-02-28'],
    [{ year: 2028, month: 2 }, 30, '2028-02-29'],
    [{ year: 2026, month: 11 }, null, '2026-11-30'],
  ])('%o with surcharge day %s -> %s', (month, day, limit) => {
    expect(limitDate(month, day)).toBe(limit);
  });

  it('counts whole days', () => {
    expect(daysBetween('2026-09-10', '2026-09-11')).toBe(1);
    expect(daysBetween('2026-10-31', '2026-11-03')).toBe(3);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
  });
});

describe('the surcharge of a late month', () => {
  const fixed: SurchargeRule = { surcharge_start_date: null, surcharge_day: 10, surcharge_amount: '250.00', surcharge_by_day: false, surcharge_max_days: 0, surcharge_amount_by_day: '0' };
  const daily: SurchargeRule = { ...fixed, surcharge_by_day: true, surcharge_amount_by_day: '35.50', surcharge_max_days: 10 };
  const september = { year: 2026, month: 9 };
  it.each([
    ['fixed, on the limit day', fixed, '2026-09-10', '0.00'],
    ['fixed, a day late', fixed, '2026-09-11', '250.00'],
    ['fixed, months late: still once', fixed, '2026-12-24', '250.00'],
    ['by day, 3 days late', daily, '2026-09-13', '106.50'],
    ['by day, past the maximum', daily, '2026-10-20', '355.00'],
    ['by day, no maximum', { ...daily, surcharge_max_days: 0 }, '2026-10-10', '1065.00'],
    ['no surcharge day: no surcharge', { ...fixed, surcharge_day: null }, '2026-12-24', '0.00'],
    ['a month due before the surcharges started', { ...fixed, surcharge_start_date: '2026-10-01' }, '2026-12-24', '0.00'],
    ['a month due after they started', { ...fixed, surcharge_start_date: '2026-09-01' }, '2026-12-24', '250.00'],
  ])('%s', (_name, rule, today, amount) => {
    expect(surchargeFor(rule, september, today)).toBe(amount);
  });
});
