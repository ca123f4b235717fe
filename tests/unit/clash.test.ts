// Timetable clashes, as a table: same weekday and overlapping hours clash; touching hours, other
// days, the same class, and modular subjects taught on dates that do not overlap do not.
import { describe, expect, it } from 'vitest';
import { type ClassSlot, clashesWithin, clock, firstClash, minutesOf, slotsClash } from '@/lib/scholar/clash';

const slot = (schedule_id: number, week_day: number, start: string, end: string, dates?: [string | null, string | null]): ClassSlot => ({
  schedule_id,
  week_day,
  start: minutesOf(start),
  end: minutesOf(end),
  date_from: dates?.[0] ?? null,
  date_to: dates?.[1] ?? null,
});

describe('two slots', () => {
  it.each([
    ['the same hours', slot(1, 1, '07:00', '09:00'), slot(2, 1, '07:00', '09:00'), true],
    ['one inside the other', slot(1, 1, '07:00', '10:00'), slot(2, 1, '08:00', '09:00'), true],
    ['overlapping by a minute', slot(1, 1, '07:00', '09:01'), slot(2, 1, '09:00', '10:00'), true],
    ['touching (one ends as the other starts)', slot(1, 1, '07:00', '09:00'), slot(2, 1, '09:00', '10:00'), false],
    ['touching the other way', slot(1, 1, '09:00', '10:00'), slot(2, 1, '07:00', '09:00'), false],
    ['another weekday', slot(1, 1, '07:00', '09:00'), slot(2, 2, '07:00', '09:00'), false],
    ['slots of one class', slot(1, 1, '07:00', '09:00'), slot(1, 1, '08:00', '10:00'), false],
    ['modular subjects on separate dates', slot(1, 3, '07:00', '09:00', ['2026-08-10', '2026-09-30']), slot(2, 3, '07:00', '09:00', ['2026-10-01', '2026-11-30']), false],
    ['modular subjects sharing a day', slot(1, 3, '07:00', '09:00', ['2026-08-10', '2026-10-01']), slot(2, 3, '07:00', '09:00', ['2026-10-01', '2026-11-30']), true],
    ['a modular subject and a regular one', slot(1, 3, '07:00', '09:00', ['2026-08-10', '2026-09-30']), slot(2, 3, '08:00', '09:00'), true],
    ['a modular subject with an open end', slot(1, 3, '07:00', '09:00', ['2026-08-10', null]), slot(2, 3, '08:00', '09:00', ['2026-12-01', '2026-12-15']), true],
  ] as const)('%s -> %s', (_label, a, b, expected) => {
    expect(slotsClash(a, b)).toBe(expected);
    expect(slotsClash(b, a)).toBe(expected);
  });
});

describe('a week', () => {
  it('finds the first clash of a new slot', () => {
    const week = [slot(1, 1, '07:00', '08:00'), slot(2, 1, '08:00', '09:00'), slot(3, 2, '08:00', '09:00')];
    expect(firstClash(slot(9, 1, '08:30', '09:30'), week)?.schedule_id).toBe(2);
    expect(firstClash(slot(9, 1, '09:00', '10:00'), week)).toBeNull();
  });

  it('lists each clashing pair once', () => {
    const week = [slot(1, 1, '07:00', '09:00'), slot(2, 1, '08:00', '10:00'), slot(3, 1, '08:30', '08:45'), slot(4, 2, '07:00', '09:00'), slot(5, 1, '10:00', '11:00')];
    expect(clashesWithin(week).map(([a, b]) => [a.schedule_id, b.schedule_id])).toEqual([
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
  });
});

describe('times', () => {
  it.each([
    ['07:30', 450],
    ['7:05', 425],
    ['21:00:00', 1260],
    ['xx', Number.NaN],
  ] as const)('%s is %s minutes', (text, minutes) => expect(minutesOf(text)).toBe(minutes));
  it('reads a TIME column and writes a clock', () => {
    expect(minutesOf(new Date('1970-01-01T13:45:00Z'))).toBe(825);
    expect(clock(450)).toBe('07:30');
    expect(clock(1260)).toBe('21:00');
  });
});
