// Calendar arithmetic on UTC days, so the data never depends on the machine's time zone. Dates
// travel as "YYYY-MM-DD" and timestamps as "YYYY-MM-DD HH:MM:SS" (PostgreSQL timestamp(3)
// without zone, which Prisma reads as UTC).

const DAY_MS = 86_400_000;

export type Day = number; // days since 1970-01-01

export function dayOf(year: number, month: number, date: number): Day {
  return Math.floor(Date.UTC(year, month - 1, date) / DAY_MS);
}

export function iso(value: Day): string {
  return new Date(value * DAY_MS).toISOString().slice(0, 10);
}

/** A timestamp at the given minute of the day. */
export function stamp(value: Day, minuteOfDay = 9 * 60): string {
  const minutes = Math.max(0, Math.min(24 * 60 - 1, Math.floor(minuteOfDay)));
  return `${iso(value)} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** ISO weekday: 1 Monday ... 7 Sunday. */
export function weekday(value: Day): number {
  return ((((value + 3) % 7) + 7) % 7) + 1;
}

export function mondayOnOrAfter(value: Day): Day {
  return value + ((8 - weekday(value)) % 7);
}

export function parts(value: Day): { year: number; month: number; date: number } {
  const d = new Date(value * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

/** Whole years between a birthday and a day. */
export function age(birthday: Day, at: Day): number {
  const b = parts(birthday);
  const a = parts(at);
  return a.year - b.year - (a.month < b.month || (a.month === b.month && a.date < b.date) ? 1 : 0);
}

export const MONTH_NAMES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** The next working day (Monday to Saturday) on or after a day. */
export function workingDay(value: Day): Day {
  return weekday(value) === 7 ? value + 1 : value;
}

/**
 * The day a data set generated on `today` is as of. The active period is August-December of the
 * current year (the demo's promise): outside those months the data is placed as of a day inside it,
 * so partials, charges and captures agree. Two days with the same data day give the same data,
 * which is what a prepared demo snapshot is keyed by.
 */
export function dataDay(today: Date): Day {
  const real = Math.floor(today.getTime() / 86_400_000);
  const { year } = parts(real);
  return Math.min(Math.max(real, dayOf(year, 9, 21)), dayOf(year, 12, 18));
}
