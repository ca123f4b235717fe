// A week of classes as a grid (time bands × weekdays), a teacher's weekly minutes, and the dates a
// class meets in a period.
import { describe, expect, it } from 'vitest';
import { classDates, weekGrid, weekMinutes, type WeekClass } from '@/lib/scholar/week';

const item = (schedule_id: number, subject: string, hours: [number, number, number][]): WeekClass => ({
  schedule_id,
  subject,
  group: 'ISC-1A',
  teacher: null,
  hours: hours.map(([week_day, start, end]) => ({ week_day, start, end })),
});

describe('a week as a grid', () => {
  it('puts each class in its band and day, Monday to Friday, Saturday when a class meets then', () => {
    const math = item(1, 'Cálculo', [[1, 420, 540], [3, 420, 540]]);
    const english = item(2, 'Inglés', [[2, 540, 600], [6, 540, 600]]);
    const grid = weekGrid([english, math]);
    expect(grid.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(grid.rows.map((row) => [row.label, row.cells.map((cell) => cell?.subject ?? '')])).toEqual([
      ['07:00–09:00', ['Cálculo', '', 'Cálculo', '', '', '']],
      ['09:00–10:00', ['', 'Inglés', '', '', '', 'Inglés']],
    ]);
  });

  it('is empty for no classes, and counts weekly minutes', () => {
    expect(weekGrid([])).toEqual({ days: [1, 2, 3, 4, 5], rows: [] });
    expect(weekMinutes([item(1, 'a', [[1, 420, 540], [3, 420, 480]]), item(2, 'b', [[2, 540, 600]])])).toBe(240);
  });
});

describe('the dates a class meets', () => {
  it.each([
    ['2026-08-10', '2026-08-21', [1, 3], ['2026-08-10', '2026-08-12', '2026-08-17', '2026-08-19']],
    ['2026-08-10', '2026-08-10', [1], ['2026-08-10']],
    ['2026-08-10', '2026-08-16', [7], ['2026-08-16']],
    ['2026-08-11', '2026-08-09', [1, 2], []],
    ['2026-08-10', '2026-08-16', [], []],
  ] as const)('%s to %s on %j', (from, to, days, expected) => {
    expect(classDates(from, to, days)).toEqual(expected);
  });
});
