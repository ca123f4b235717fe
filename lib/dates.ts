// Dates as people and clients type them: a calendar date must exist (2026-02-30 is refused, never
// rolled over to 2 March), with an optional time of day in ISO form.

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether year-month-day names a day of the calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last;
}

/** A date or date-time text as a Date, or null when it is not one (or names a day that does not exist). */
export function parseDateText(raw: string): Date | null {
  const match = DATE.exec(raw.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
  if (hours !== undefined && (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59)) return null;
  const date = new Date(hours === undefined ? `${raw.trim().slice(0, 10)}T00:00:00Z` : raw.trim().replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Full years between a birth date (`YYYY-MM-DD`) and a day (both calendar days); null for no valid date or a future one. */
export function ageOn(birth: string | null | undefined, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birth ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day)) return null;
  const [y, m, d] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const age = y - year - (m < month || (m === month && d < day) ? 1 : 0);
  return age < 0 ? null : age;
}

/** A date column's value as the API writes it: `2026-11-24`. */
export function isoDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}
