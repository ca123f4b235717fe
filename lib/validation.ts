// Field schemas shared by the API and the forms, so both give the same messages (spec section 5).
import { z } from 'zod';
import { parseDateText } from './dates';
import { INT4_MAX, PASSWORD_MIN } from './limits';

export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
export const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
export const email = z.string().trim().max(254).pipe(z.union([z.literal(''), z.email()]));
export const flag = z.boolean();
/** A whole number as JSON gives it, or its digits as a form's or a query's text gives them; never a
 * boolean (`true` is not 1), an empty text (not 0) nor a list, which z.coerce would all turn into numbers. */
export const wholeNumber = z.union([z.number(), z.string().trim().regex(/^-?\d+$/, { message: 'errors.type_integer' }).transform(Number)], { message: 'errors.type_integer' });
/** A record's id: a positive whole number the database's integer holds. A bigger one is refused as
 * out of range here; in a query it would be a database error (a 500). */
export const positiveId = wholeNumber.pipe(z.number().int().positive().max(INT4_MAX, { message: 'errors.out_of_range' }));
export const id = positiveId;
/** A calendar day as `YYYY-MM-DD`: one the calendar has (2026-02-30 and 2026-13-01 are refused). */
export const calendarDay = z
  .string({ message: 'errors.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'errors.date' })
  .refine((value) => parseDateText(value) !== null, { message: 'errors.date' });
export const ids = z.array(id).max(1000);
export const integer = (min: number, max: number) => wholeNumber.pipe(z.number().int().min(min).max(max));
/** A percentage as people type it, 0 to 100 with at most two decimals ("10", "12.5"), kept as text. */
export const percent = z
  .union([z.number(), z.string().trim()], { message: 'errors.percent_range' })
  .transform(String)
  .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, { message: 'errors.percent_range' });
/** A decimal typed as text or number, kept as a string so no float ever touches it. */
/** `minMessage`: the rule's own words for a value under the minimum ("Payment must be greater than zero."). */
export const decimal = (options: { min?: number; max?: number; places: number; minMessage?: string }) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => /^-?\d+(\.\d+)?$/.test(value), { message: 'errors.type_decimal' })
    .refine((value) => (value.split('.')[1]?.length ?? 0) <= options.places, { message: 'errors.max_decimals', params: { places: options.places } })
    // Comparing the bounds as numbers is safe: they are small limits, not amounts being stored.
    .refine((value) => options.min === undefined || Number(value) >= options.min, { message: options.minMessage ?? 'errors.min_value', params: { min: options.min ?? 0 } })
    .refine((value) => options.max === undefined || Number(value) <= options.max, { message: 'errors.max_value', params: { max: options.max ?? 0 } });

/**
 * A PUT's schema from a create's fields: every field optional and none defaulted, so a field a PUT
 * leaves out keeps its value (a default would silently reset it: zod applies defaults under
 * `.partial()` too).
 */
export function forUpdate(shape: Readonly<Record<string, z.ZodType>>): z.ZodObject<Record<string, z.ZodType>> {
  const fields: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) fields[name] = (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional();
  return z.object(fields);
}

export { PASSWORD_MIN };
export const password = z.string().min(PASSWORD_MIN, { message: 'auth.password_too_short' }).max(128);

export const changePasswordSchema = z
  .object({ password, password_confirm: z.string(), current_password: z.string().optional() })
  .refine((value) => value.password === value.password_confirm, { path: ['password_confirm'], message: 'auth.passwords_mismatch' });
