// Field rules shared by the people records of the academic and students modules (CURP, RFC, CLABE,
// scores), and small write helpers their definitions have in common. Candidates for lib/validation.ts
// once the forms need the same messages.
import { z } from 'zod';
import { decimal } from '@/lib/validation';
import type { ResourceDefinition, Row, WriteContext } from '@/server/engine/types';
import { fieldError } from '@/server/http/errors';

/** An empty text counts as "no value", so optional identity fields can be cleared from a form. */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullish());
}

/** A column with a database default: an empty or null value leaves it as it is (or at its default). */
export function orDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), schema.optional());
}

const CURP_FORMAT =
  /^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[HMX](AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/;
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** RENAPO's check digit: weights 18..2 over the first 17 characters. */
function curpCheckDigitOk(curp: string): boolean {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += CURP_ALPHABET.indexOf(curp[i]) * (18 - i);
  return (10 - (sum % 10)) % 10 === Number(curp[17]);
}

export const curp = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value.length === 18, { message: 'errors.exact_length', params: { length: 18 } })
  .refine((value) => value.length !== 18 || (CURP_FORMAT.test(value) && curpCheckDigitOk(value)), { message: 'errors.invalid' });

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The RFC's YYMMDD is a real date; the century is unknown, so 29 February needs a year divisible by 4. */
function rfcDateOk(yymmdd: string): boolean {
  const year = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return false;
  return !(month === 2 && day === 29 && year % 4 !== 0);
}

/** 13 characters for a person, 12 for a company; the check digit is not enforced (many real RFCs fail it). */
export const rfc = z
  .string()
  .trim()
  .toUpperCase()
  .min(12)
  .max(13)
  .refine(
    (value) => {
      const match = /^([A-ZÑ&]{3,4})(\d{6})[A-Z\d]{2}[A\d]$/.exec(value);
      return !!match && rfcDateOk(match[2]);
    },
    { message: 'errors.invalid' },
  );

/** Interbank key: 18 digits, weights 3, 7, 1 repeated, check = (10 - sum mod 10) mod 10. */
export const clabe = z
  .string()
  .trim()
  .refine((value) => value.length === 18, { message: 'errors.exact_length', params: { length: 18 } })
  .refine(
    (value) => {
      if (!/^\d{18}$/.test(value)) return value.length !== 18;
      const weights = [3, 7, 1];
      let sum = 0;
      for (let i = 0; i < 17; i += 1) sum += ((Number(value[i]) * weights[i % 3]) % 10);
      return (10 - (sum % 10)) % 10 === Number(value[17]);
    },
    { message: 'errors.invalid' },
  );

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

/** A grade on the 0–10 scale with two decimals. */
export const score = decimal({ min: 0, max: 10, places: 2 });

export const positiveAmount = (max = 9_999_999_999) => decimal({ min: 0, max, places: 2 });

export const count = (max: number) => z.coerce.number().int().min(0).max(max);

/** The value a field will have after the write: the payload's, else the stored one. */
export function after(input: Row, existing: Row | null, field: string): unknown {
  return field in input && input[field] !== undefined ? input[field] : existing?.[field];
}

/** Refuses an end date before its start (both taken as they will be stored). */
export function checkDateOrder(input: Row, existing: Row | null, pairs: readonly (readonly [string, string])[]): void {
  for (const [from, to] of pairs) {
    const start = after(input, existing, from);
    const end = after(input, existing, to);
    if (start instanceof Date && end instanceof Date && end < start) {
      throw fieldError(to, 'errors.min_value', { min: start.toISOString().slice(0, 10) });
    }
  }
}

/** The staff user who recorded a row is the signed-in one, set once when it is created. */
export function recordedBy(input: Row, { actor, existing }: WriteContext): Row {
  return existing ? input : { ...input, user_id: actor.id };
}

/**
 * Accepts fields the model has no column for (a relation list, a secret to encrypt): the derived
 * create and update schemas are objects, extended here; `toData` turns them into Prisma data.
 */
export function withWriteFields(definition: ResourceDefinition, extra: Record<string, z.ZodType>): ResourceDefinition {
  const extend = (schema: z.ZodType | undefined) => {
    if (!(schema instanceof z.ZodObject)) throw new Error(`${definition.base}: write schema is not an object`);
    return schema.extend(extra);
  };
  return { ...definition, createSchema: extend(definition.createSchema), updateSchema: extend(definition.updateSchema) };
}

/** Lets `search` match fields of related records too, e.g. "student.no_control". */
export function withSearch(definition: ResourceDefinition, paths: readonly string[]): ResourceDefinition {
  return { ...definition, searchFields: [...definition.searchFields, ...paths] };
}

/** Search paths for a record that belongs to a student. */
export const STUDENT_SEARCH = ['student.no_control', 'student.names', 'student.first_name', 'student.second_name'] as const;
