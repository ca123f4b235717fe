// A spreadsheet cell as the API would receive it. Control-escolar offices type dates as
// dd/mm/yyyy, decimals with a comma ("8,5"), yes/no as "Sí"/"No", and Excel hands dates over as
// dates or serial numbers: each is turned into the wire form the resource's own zod schema then
// judges (`YYYY-MM-DD`, "8.5", true), so an imported row obeys exactly the API's rules. A value that
// cannot be read as its type is refused here with the API's message key. Pure and table-tested.
import { isCalendarDate } from '@/lib/dates';

export type ImportValueType = 'text' | 'date' | 'decimal' | 'integer' | 'boolean' | 'catalog';

export type CellRead = { ok: true; value: string | boolean | null } | { ok: false; message: string };

/** What a reader hands over for one cell: text from a CSV; text, a number, a date or a boolean from xlsx. */
export type RawCell = string | number | boolean | Date | null | undefined;

const ok = (value: string | boolean | null): CellRead => ({ ok: true, value });
const refused = (message: string): CellRead => ({ ok: false, message });

/** Excel's day 0 (its serial numbers count days from 30/12/1899, with the 1900 leap-year bug). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const pad = (value: number) => String(value).padStart(2, '0');

function dayOf(year: number, month: number, day: number): string | null {
  return isCalendarDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** A date cell as `YYYY-MM-DD`: dd/mm/yyyy (also d/m/yyyy, with - or .), ISO, an Excel date or serial. */
export function readDate(raw: RawCell): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 1 || raw > 2_958_465) return null;
    return new Date(EXCEL_EPOCH + Math.floor(raw) * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return dayOf(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (match) return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  return null;
}

/**
 * A decimal as text with a point: "8,5" and "8.5" are 8.5; "$1,234.50" and "1.234,50" are 1234.50
 * (the last of comma and point is the decimal mark when both appear). A lone comma is a decimal
 * comma, as Mexican spreadsheets in Spanish write it; thousands come with a point or not at all.
 */
export function readDecimal(raw: RawCell): string | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw !== 'string') return null;
  let text = raw.trim().replace(/[\s$]/g, '');
  if (text === '') return null;
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  // Thousands come in groups of three digits; anything else ("8,5,") is not a number.
  const grouped = (digits: string, mark: string) => new RegExp(`^-?\\d{1,3}(\\${mark}\\d{3})*$`).test(digits);
  if (comma >= 0 && point >= 0) {
    const [decimalAt, thousands] = comma > point ? [comma, '.'] : [point, ','];
    const whole = text.slice(0, decimalAt);
    if (!grouped(whole, thousands)) return null;
    text = `${whole.split(thousands).join('')}.${text.slice(decimalAt + 1)}`;
  } else if (comma >= 0) {
    // Several commas are thousands (1,234,567); one is the decimal comma.
    if (text.split(',').length > 2) {
      if (!grouped(text, ',')) return null;
      text = text.replace(/,/g, '');
    } else text = text.replace(',', '.');
  }
  return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
}

const YES = new Set(['si', 's', 'yes', 'y', 'true', 'verdadero', '1', 'x']);
const NO = new Set(['no', 'n', 'false', 'falso', '0']);

/** Sí/No, Yes/No, true/false, 1/0 (accents and case ignored). */
export function readBoolean(raw: RawCell): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : null;
  if (typeof raw !== 'string') return null;
  const word = raw.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return null;
}

/** A cell's plain text (a number as typed, a date as dd/mm/yyyy). */
export function cellString(raw: RawCell): string {
  if (raw === null || raw === undefined) return '';
  if (raw instanceof Date) {
    const day = readDate(raw);
    return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';
  }
  return String(raw).trim();
}

/** One cell read as its column's type: an empty cell is null (the schema decides whether it may be). */
export function readCell(type: ImportValueType, raw: RawCell): CellRead {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return ok(null);
  switch (type) {
    case 'date': {
      const day = readDate(raw);
      return day ? ok(day) : refused('errors.date');
    }
    case 'decimal': {
      const value = readDecimal(raw);
      return value !== null ? ok(value) : refused('errors.type_decimal');
    }
    case 'integer': {
      const value = readDecimal(raw);
      return value !== null && /^-?\d+$/.test(value) ? ok(value) : refused('errors.type_integer');
    }
    case 'boolean': {
      const value = readBoolean(raw);
      return value !== null ? ok(value) : refused('imports.errors.boolean');
    }
    default:
      // Numbers in text columns (a control number typed as 20260001) keep their digits.
      return ok(typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : cellString(raw));
  }
}
