// Field rules every module's definitions share (CURP, RFC, CLABE, scores, money), and the small
// write helpers they have in common. A module reaches another module only through its index.ts;
// these common rules live here instead, so no module depends on another for them.
import { z } from 'zod';
import { isValidClabe, isValidCurp, isValidRfc } from '@/lib/mx';
import { decimal, integer } from '@/lib/validation';
import { Prisma } from '@/server/db/client';
import type { Row, WriteContext } from '@/server/engine/types';
import { fieldError } from '@/server/errors';

/** An empty text counts as "no value", so optional identity fields can be cleared from a form. */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullish());
}

/** A column with a database default: an empty or null value leaves it as it is (or at its default). */
export function orDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), schema.optional());
}

// The identity checks themselves are pure and shared (lib/mx), so forms, seeds and the API agree.
export const curp = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value.length === 18, { message: 'errors.exact_length', params: { length: 18 } })
  .refine((value) => value.length !== 18 || isValidCurp(value), { message: 'errors.invalid' });

/** 13 characters for a person, 12 for a company; the check digit is not enforced (many real RFCs fail it). */
export const rfc = z
  .string()
  .trim()
  .toUpperCase()
  .min(12)
  .max(13)
  .refine((value) => isValidRfc(value), { message: 'errors.invalid' });

/** Interbank key: 18 digits with its check digit. */
export const clabe = z
  .string()
  .trim()
  .refine((value) => value.length === 18, { message: 'errors.exact_length', params: { length: 18 } })
  .refine((value) => value.length !== 18 || isValidClabe(value), { message: 'errors.invalid' });

export const cardNumber = z
  .string()
  .trim()
  .regex(/^\d{15,19}$/, { message: 'errors.invalid' });

export const email = z.string().trim().max(254).pipe(z.email());

export const postalCode = z
  .string()
  .trim()
  .refine((value) => /^\d{5}$/.test(value), { message: 'errors.exact_length', params: { length: 5 } });

/** As on the CURP: H (hombre), M (mujer) or X (no binario). */
export const genre = z.enum(['H', 'M', 'X']);

/** The career categories that decide which documents a student owes (a document type names the
 * category it applies to; spec: category_career, default GENERAL). */
export const CAREER_CATEGORIES = ['GENERAL', 'SALUD'] as const;
export const careerCategory = z.enum(CAREER_CATEGORIES);

/** A family member's title (spec: Sr. or Sra.). */
export const familyTitle = z.enum(['Sr.', 'Sra.']);

/** A grade on the 0–10 scale with two decimals. */
export const score = decimal({ min: 0, max: 10, places: 2 });

export const positiveAmount = (max = 9_999_999_999) => decimal({ min: 0, max, places: 2 });

export const count = (max: number) => integer(0, max);

/** The value a field will have after the write: a PUT leaves out what it does not change, so
 * cross-field rules check the record as it will be (the payload's value, else the stored one). */
export function valueAfterWrite<I extends object, K extends keyof I & string>(input: I, existing: Row | null, field: K): I[K] {
  return input[field] !== undefined ? input[field] : (existing?.[field] as I[K]);
}

/**
 * Refuses an end date before its start (both taken as they will be stored). A pair may name the
 * rule's own message (a title's dates have SEP's); otherwise the end must be at least the start.
 */
export function checkDateOrder(input: Row, existing: Row | null, pairs: readonly (readonly [string, string, string?])[]): void {
  for (const [from, to, message] of pairs) {
    const start = valueAfterWrite(input, existing, from);
    const end = valueAfterWrite(input, existing, to);
    if (start instanceof Date && end instanceof Date && end < start) {
      throw message ? fieldError(to, message) : fieldError(to, 'errors.min_value', { min: start.toISOString().slice(0, 10) });
    }
  }
}

/** The staff user who recorded a row is the signed-in one, set once when it is created. */
export function recordedBy(input: Row, { actor, existing }: WriteContext): Row {
  return existing ? input : { ...input, user_id: actor.id };
}


// Money is validated and kept as decimal text, never a float.
/** A peso amount of a Decimal(12, 2) column, never negative. */
export const money = decimal({ min: 0, max: 9_999_999_999.99, places: 2 });

/** A payment: more than zero (spec section 5, "Payment must be greater than zero"). */
export const positiveMoney = decimal({ min: 0.01, max: 9_999_999_999.99, places: 2, minMessage: 'finance.payment.not_positive' });

/** A rate stored as a fraction in a Decimal(6, 4) column: IVA 0.08, a 10 % discount 0.1. */
export const fraction = decimal({ min: 0, max: 1, places: 4 });

/** Pesos per dollar in a Decimal(12, 4) column; 0 means "no dollar amount" on a sale. */
export const exchangeRate = decimal({ min: 0, max: 99_999_999.9999, places: 4 });

/** Exact decimal of a validated text or a stored Prisma.Decimal. */
export function dec(value: unknown, fallback = '0'): Prisma.Decimal {
  return new Prisma.Decimal(value === null || value === undefined || value === '' ? fallback : String(value));
}

/** A key SEP assigned (a subject's idAsignatura, a plan's idTipoPeriodo): digits only. */
export const sepKey = (max: number) => z.string().trim().max(max, { message: 'errors.max_length' }).regex(/^\d+$/, { message: 'certificates.errors.digits' });

/** A code the school gives SEP (a plan's clavePlan): no spaces and no «|», which would split the cadena's fields. */
export const sepCode = (max: number) => z.string().trim().max(max, { message: 'errors.max_length' }).regex(/^[^|\s]+$/, { message: 'certificates.errors.code' });
