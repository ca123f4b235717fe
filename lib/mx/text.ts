// Text rules shared by the CURP and RFC builders: RENAPO and SAT both work on upper-case names
// without accents, but keep Ñ (the CURP then writes it as X; the RFC keeps it).

/** Upper case, accents and diaeresis removed, Ñ kept, anything but letters, digits, & and single spaces dropped. */
export function normalizeName(value: string): string {
  return value
    .toUpperCase()
    .replace(/Ñ/g, '\u0001')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0001/g, 'Ñ')
    .replace(/[.'’´`-]/g, '')
    .replace(/[^A-Z0-9Ñ& ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Articles, prepositions and conjunctions that RENAPO and SAT skip in compound names ("de la Cruz"). */
const PARTICLES = new Set(['DA', 'DAS', 'DE', 'DEL', 'DER', 'DI', 'DIE', 'DD', 'EL', 'LA', 'LOS', 'LAS', 'LE', 'LES', 'MAC', 'MC', 'VAN', 'VON', 'Y']);

/** The words of a name without particles; the particles themselves when nothing else is left. */
export function significantWords(value: string): string[] {
  const words = normalizeName(value).split(' ').filter(Boolean);
  const kept = words.filter((word) => !PARTICLES.has(word));
  return kept.length > 0 ? kept : words;
}

/** María and José are so common that a compound given name is keyed by its second word. */
const COMMON_FIRST_NAMES = new Set(['MARIA', 'MA', 'M', 'JOSE', 'J']);

export function keyGivenName(names: string): string {
  const words = significantWords(names);
  if (words.length > 1 && COMMON_FIRST_NAMES.has(words[0])) return words[1];
  return words[0] ?? '';
}

export const VOWELS = 'AEIOU';

export function firstInternalVowel(word: string): string | null {
  for (let i = 1; i < word.length; i += 1) if (VOWELS.includes(word[i])) return word[i];
  return null;
}

export function firstInternalConsonant(word: string): string | null {
  for (let i = 1; i < word.length; i += 1) if (/[B-DF-HJ-NP-TV-ZÑ]/.test(word[i])) return word[i];
  return null;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date; `year` may be a two-digit year of unknown century (29 February then needs year % 4 = 0). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(day) || month < 1 || month > 12 || day < 1) return false;
  if (day > DAYS_IN_MONTH[month - 1]) return false;
  if (month === 2 && day === 29) return year % 4 === 0 && (year < 100 || year % 100 !== 0 || year % 400 === 0);
  return true;
}

export type DateParts = { year: number; month: number; day: number };

/** Accepts a Date (its UTC calendar day) or "YYYY-MM-DD". */
export function dateParts(value: Date | string): DateParts {
  if (value instanceof Date) return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) throw new Error(`Not a date: ${value}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export const pad2 = (value: number) => String(value).padStart(2, '0');

export function yymmdd(parts: DateParts): string {
  return pad2(parts.year % 100) + pad2(parts.month) + pad2(parts.day);
}
