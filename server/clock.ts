// The school's "today" as the server's rules read it (surcharges, due dates, what is late). One
// place to ask, so a test fixes the day for the code it calls instead of waiting for a calendar.
import { schoolToday } from '@/lib/grades/window';

const holder = globalThis as { plantelFixedDay?: string | null };

/** Today in the school's time zone, `YYYY-MM-DD` (or the day a test fixed). */
export function today(): string {
  return holder.plantelFixedDay ?? schoolToday();
}

/** Fixes "today" for the rules (tests only); `null` gives the real calendar back. */
export function fixToday(day: string | null): void {
  if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`fixToday: ${day} is not YYYY-MM-DD`);
  holder.plantelFixedDay = day;
}
