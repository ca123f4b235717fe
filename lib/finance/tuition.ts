// Monthly tuition (colegiatura recurrente, design/domain.md "Money"): the months a period charges,
// each month's last day to pay without surcharge, and the surcharge of a late month from the
// concept's fields. "Today" is always an argument (the school's day), so the rules are tested on
// fixed dates and the server passes its clock.
import { fromCents, toCents } from './balance';

export type Month = { year: number; month: number };

export type SurchargeRule = {
  /** No surcharge for months due before this day (YYYY-MM-DD); null: from the start. */
  surcharge_start_date: string | null;
  /** Day of the month up to which the month is paid without surcharge; null: no surcharge. */
  surcharge_day: number | null;
  surcharge_amount: string;
  surcharge_by_day: boolean;
  surcharge_max_days: number;
  surcharge_amount_by_day: string;
};

export const MONTH_NAMES_ES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every month a period touches, from its first day's month to its last day's. */
export function monthsOfPeriod(start: string, end: string): Month[] {
  const [startYear, startMonth] = start.split('-').map(Number);
  const [endYear, endMonth] = end.split('-').map(Number);
  const months: Month[] = [];
  // Counted as months since year 0: the last is included; three years at most.
  const first = startYear * 12 + (startMonth - 1);
  const last = Math.min(endYear * 12 + (endMonth - 1), first + 35);
  for (let index = first; index <= last; index += 1) months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  return months;
}

/** The month's last day to pay without surcharge: its surcharge day (the month's last day when shorter), else its last day. */
export function limitDate({ year, month }: Month, surchargeDay: number | null): string {
  const last = daysIn(year, month);
  return iso(year, month, surchargeDay ? Math.min(Math.max(1, surchargeDay), last) : last);
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What a month owes for paying late on `today`: nothing up to its limit day; after it, the fixed
 * surcharge, or with `surcharge_by_day` the daily amount for each late day up to the maximum days
 * (no maximum when 0). Months due before `surcharge_start_date` never carry one.
 */
export function surchargeFor(rule: SurchargeRule, month: Month, today: string): string {
  if (!rule.surcharge_day) return '0.00';
  const limit = limitDate(month, rule.surcharge_day);
  if (rule.surcharge_start_date && limit < rule.surcharge_start_date) return '0.00';
  const late = daysBetween(limit, today);
  if (late <= 0) return '0.00';
  if (!rule.surcharge_by_day) return fromCents(toCents(rule.surcharge_amount) ?? 0n);
  const days = rule.surcharge_max_days > 0 ? Math.min(late, rule.surcharge_max_days) : late;
  return fromCents((toCents(rule.surcharge_amount_by_day) ?? 0n) * BigInt(days));
}
