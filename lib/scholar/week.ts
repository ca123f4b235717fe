// A week of classes as people read it on paper and on screen: one row per distinct time band, one
// column per weekday with classes, each cell the class taught then. And the days a class meets in a
// period (the columns of an attendance list). Pure functions shared by the files and the screens.
import { clock } from './clash';

export type WeekClass = { schedule_id: number; subject: string; group: string; teacher: string | null; hours: { week_day: number; start: number; end: number }[] };

export type WeekGrid = {
  /** ISO weekdays shown: Monday to Friday, and Saturday or Sunday when a class meets then. */
  days: number[];
  rows: { start: number; end: number; label: string; cells: (WeekClass | null)[] }[];
};

export function weekGrid(classes: readonly WeekClass[]): WeekGrid {
  const slots = classes.flatMap((item) => item.hours.map((hour) => ({ ...hour, item })));
  const days = [1, 2, 3, 4, 5, ...[6, 7].filter((day) => slots.some((slot) => slot.week_day === day))];
  const bands = [...new Map(slots.map((slot) => [`${slot.start}-${slot.end}`, { start: slot.start, end: slot.end }])).values()].sort((a, b) => a.start - b.start || a.end - b.end);
  return {
    days,
    rows: bands.map((band) => ({
      ...band,
      label: `${clock(band.start)}–${clock(band.end)}`,
      cells: days.map((day) => slots.find((slot) => slot.week_day === day && slot.start === band.start && slot.end === band.end)?.item ?? null),
    })),
  };
}

/** Weekly minutes of a set of classes (a teacher's load). */
export function weekMinutes(classes: readonly WeekClass[]): number {
  return classes.reduce((sum, item) => sum + item.hours.reduce((inner, hour) => inner + (hour.end - hour.start), 0), 0);
}

/**
 * The dates a class meets between two days (a period, or a modular subject's dates), on its
 * weekdays, in order. `2026-08-10`..`2026-08-21` on Monday and Wednesday -> the 10th, 12th, 17th
 * and 19th.
 */
export function classDates(from: string, to: string, weekdays: readonly number[]): string[] {
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  const end = new Date(`${to}T00:00:00Z`).getTime();
  for (let day = new Date(`${from}T00:00:00Z`); day.getTime() <= end; day = new Date(day.getTime() + 86_400_000)) {
    const iso = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
    if (wanted.has(iso)) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}
