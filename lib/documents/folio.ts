// Folios of issued documents: the type's prefix and its counter, PREFIX-000001. The counter lives
// on the type's row and is taken under a lock (server/modules/documents), so a number is never
// handed out twice; the text is what the paper and the verification page print.

export const FOLIO_DIGITS = 6;

/** A type's folio prefix: 1 to 10 capital letters or digits. */
export const FOLIO_PREFIX = /^[A-Z0-9]{1,10}$/;

export function formatFolio(prefix: string, number: number): string {
  if (!FOLIO_PREFIX.test(prefix)) throw new Error(`folio prefix "${prefix}": 1 to 10 capital letters or digits`);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`folio number ${number}: a whole number from 1`);
  return `${prefix}-${String(number).padStart(FOLIO_DIGITS, '0')}`;
}

/** The prefix and number of a folio's text, or null when it is not one. */
export function parseFolio(text: string): { prefix: string; number: number } | null {
  const match = /^([A-Z0-9]{1,10})-(\d{6,})$/.exec(text.trim().toUpperCase());
  if (!match) return null;
  const number = Number(match[2]);
  return number >= 1 && Number.isSafeInteger(number) ? { prefix: match[1], number } : null;
}
