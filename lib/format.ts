// Display formats of the product (spec section 9): dates day/month/year, money with $, two
// decimals and thousands commas. Pure, so server and client render the same text (no hydration
// mismatch) and unit tests can pin them down.

/** The school's clock: server and browser must agree, whatever the machine's own zone is. */
export const DISPLAY_TIME_ZONE = 'America/Mexico_City';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type DateInput = string | number | Date | null | undefined;

// Building a DateTimeFormat costs far more than using one, and a grid formats a date per cell.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

const HOUR_MS = 3_600_000;
// A zone's offset from UTC (ms) through each hour it was the same at both ends of; a grid or an
// export formats thousands of instants, and Intl's formatToParts costs microseconds each (an
// export of every student spent seconds in it). An hour with a change of offset inside it is never
// kept: its instants are read from Intl one by one.
const steadyOffsets = new Map<string, Map<number, number>>();

function offsetByIntl(ms: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatterFor(timeZone, true).formatToParts(new Date(ms))) p[part.type] = part.value;
  // Intl answers to the minute: the instant's own seconds are put back.
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return wall - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

function zoneOffset(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  let hours = steadyOffsets.get(timeZone);
  if (!hours) steadyOffsets.set(timeZone, (hours = new Map()));
  const kept = hours.get(hour);
  if (kept !== undefined) return kept;
  const atStart = offsetByIntl(hour, timeZone);
  if (offsetByIntl(hour + HOUR_MS - 60_000, timeZone) !== atStart) return offsetByIntl(ms, timeZone);
  if (hours.size > 50_000) hours.clear();
  hours.set(hour, atStart);
  return atStart;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Year, month and day of a count of days since 1970-01-01 (the proleptic Gregorian calendar's civil-from-days). */
function civilDay(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** An instant's milliseconds, read without making a Date (Next wraps the Date constructor, which a grid or an export calls per cell). */
function instantMs(value: Exclude<DateInput, null | undefined>): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/**
 * An instant's wall clock in the zone, to the minute, as milliseconds of a UTC clock showing it
 * (what a spreadsheet keeps: it has no time zones); null when it is no instant.
 */
export function wallClockMs(value: Exclude<DateInput, null | undefined>, timeZone: string = DISPLAY_TIME_ZONE): number | null {
  const ms = instantMs(value);
  if (Number.isNaN(ms)) return null;
  return Math.floor((ms + zoneOffset(ms, timeZone)) / 60_000) * 60_000;
}

function parts(value: Exclude<DateInput, null | undefined>, timeZone: string) {
  const wall = wallClockMs(value, timeZone);
  if (wall === null) return null;
  const days = Math.floor(wall / 86_400_000);
  const [year, month, day] = civilDay(days);
  if (year < 1000 || year > 9999) {
    const out: Record<string, string> = {};
    for (const part of formatterFor(timeZone, true).formatToParts(new Date(instantMs(value)))) out[part.type] = part.value;
    return out;
  }
  const minutes = Math.floor((wall - days * 86_400_000) / 60_000);
  return { year: String(year), month: two(month), day: two(day), hour: two(Math.floor(minutes / 60)), minute: two(minutes % 60) };
}

/**
 * `2026-03-05` or an ISO date-time -> `05/03/2026`. A bare date is a calendar day, not an
 * instant: it is never shifted by a time zone (a birthday must not move to the day before).
 */
export function formatDate(value: DateInput, timeZone: string = DISPLAY_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim());
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const p = parts(value, timeZone);
  return p ? `${p.day}/${p.month}/${p.year}` : String(value);
}

/**
 * What a person types in a date field -> the API's `YYYY-MM-DD`, or null when it is no calendar
 * day. Day first (`5/3/2026`, `05-03-2026`, `05.03.2026`); an ISO date is taken as it is.
 */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = DATE_ONLY.exec(trimmed);
  const match = iso ? [iso[3], iso[2], iso[1]] : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed)?.slice(1);
  if (!match) return null;
  const [day, month, year] = match.map(Number);
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (February of leap years included).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Typing help for dd/mm/yyyy: digits only get their slashes (`05032026` -> `05/03/2026`). */
export function maskDateTyping(text: string): string {
  if (/[^\d]/.test(text.replace(/\//g, ''))) return text.slice(0, 10);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits + (text.endsWith('/') && digits.length === 2 ? '/' : '');
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** The year selector (spec section 9): the current year and the 4 before it, newest first. */
export function yearChoices(now: Date = new Date()): number[] {
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric' }).format(now));
  return [0, 1, 2, 3, 4].map((back) => year - back);
}

/** Month 1 to 12 -> its message key (`common.month_3`: "Marzo"). */
export function monthKey(month: number): string {
  return `common.month_${month}`;
}

/** An instant -> `05/03/2026 14:07` (24 h) in the school's time zone. */
export function formatDateTime(value: DateInput, timeZone: string = DISPLAY_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) return formatDate(value, timeZone);
  const p = parts(value, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : String(value);
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Adds one to a string of digits (`"0999"` -> `"1000"`), keeping its length when it can. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Rounds a decimal string to `places` digits, half away from zero, working on the digits
 * themselves: money comes from the API as strings ("1234.565") precisely so that no binary
 * float ever touches it. Returns null when the text is not a plain decimal number.
 */
export function roundDecimalString(value: string, places = 2): { sign: '' | '-'; integer: string; fraction: string } | null {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const sign = match[1] === '-' ? '-' : '';
  let integer = (match[2] || '0').replace(/^0+(?=\d)/, '');
  const rawFraction = match[3] ?? '';
  let fraction = rawFraction.padEnd(places, '0').slice(0, places);
  const next = rawFraction.charAt(places);
  if (next !== '' && Number(next) >= 5) {
    const bumped = incrementDigits(integer + fraction);
    integer = bumped.slice(0, bumped.length - places) || '0';
    fraction = places > 0 ? bumped.slice(bumped.length - places) : '';
  }
  const isZero = /^0*$/.test(integer + fraction);
  return { sign: isZero ? '' : sign, integer, fraction };
}

/** Numbers are turned into their shortest exact decimal text before any rounding. */
function decimalText(value: string | number): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '';
  // toString() uses exponents from 1e21 and below 1e-6; toFixed(20) covers both ranges exactly
  // enough for money, without affecting the common case.
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20) : text;
}

/** `"1234.5"` -> `$1,234.50`; `"-0.004"` -> `$0.00`; not a number -> the text as given. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const rounded = roundDecimalString(decimalText(value), 2);
  if (!rounded) return String(value);
  return `${rounded.sign}$${groupThousands(rounded.integer)}.${rounded.fraction}`;
}

/** A plain number for a grid cell: thousands commas, decimals kept as sent. */
export function formatNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const match = DECIMAL.exec(decimalText(value).trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return String(value);
  const integer = groupThousands((match[2] || '0').replace(/^0+(?=\d)/, ''));
  return `${match[1] === '-' ? '-' : ''}${integer}${match[3] ? `.${match[3]}` : ''}`;
}

/** The message key of a yes/no value (namespace "resource"): translated by the caller. */
export function booleanKey(value: unknown): 'resource.yes' | 'resource.no' {
  return value === true || value === 'true' || value === 1 ? 'resource.yes' : 'resource.no';
}

/** The message key of an active flag (namespace "resource"). */
export function statusKey(value: unknown): 'resource.status_active' | 'resource.status_inactive' {
  return value === true || value === 'true' || value === 1 ? 'resource.status_active' : 'resource.status_inactive';
}
