// Age from the birth date, as forms show it read-only: full years, the birthday itself counts.
import { describe, expect, it } from 'vitest';
import { ageOn } from '@/lib/dates';

describe('ageOn', () => {
  const today = new Date(2026, 10, 25); // 25 Nov 2026
  it.each([
    ['2008-03-12', 18],
    ['2008-11-25', 18], // birthday today
    ['2008-11-26', 17], // tomorrow
    ['2008-12-01', 17],
    ['2000-02-29', 26],
    ['2026-11-25', 0],
    ['2027-01-01', null], // not born yet
    ['2008-02-30', null], // no such day
    ['', null],
    [null, null],
  ])('%s -> %s', (birth, expected) => {
    expect(ageOn(birth, today)).toBe(expected);
  });
});
