// One field's validation, built by one function for both sides: the API derives each resource's
// write schema from the data model's metadata with it (server/engine/model.ts), and a form checks
// what is typed with the very same schema (lib/resource-ui/validation.ts), so the browser and the
// server never disagree on a decimal, an e-mail or a date. Also the one mapping of zod's issues to
// the contract's message keys (spec section 5).
import { z } from 'zod';
import { parseDateText } from './dates';
import { wholeNumber } from './validation';

/**
 * What validating a field needs to know: its type as the data model has it, its limits and its
 * required-ness. The server fills it from the Prisma schema's metadata (fieldSpec), a form carries
 * it on each field; hand-written forms state it (specOfFormField).
 */
export type FieldSpec = {
  name: string;
  kind: 'scalar' | 'enum';
  /** Prisma's scalar type (String, Int, BigInt, Decimal, Boolean, DateTime, Json) or the enum's name. */
  type: string;
  optional: boolean;
  hasDefault: boolean;
  maxLength?: number;
  minLength?: number;
  precision?: number;
  scale?: number;
  dateKind?: 'Date' | 'Time';
  /** An enum's values. */
  values?: readonly string[];
  /** Bounds of a number (a money amount is never negative). */
  min?: number;
  max?: number;
  format?: 'email';
  /** A password keeps its spaces (they are part of it). */
  keepSpaces?: boolean;
  /** A pattern a text must match (the source of a regular expression), else "invalid". */
  pattern?: string;
};

/** A message key and the values of its placeholders (the shape of server/errors.ts's Message). */
export type MessageRef = { key: string; values?: Record<string, string | number> };

const INT4 = 2_147_483_647;

const EMAIL = z.email();

/** Decimal fields that hold money (shown as money, never negative), by their names. */
const MONEY = /(amount|total|price|cost|balance|surcharge|subtotal|import|pay|debt|discount|charge)/;

export function isMoneyName(name: string): boolean {
  return MONEY.test(name);
}

/** A field's spec from the data model's metadata (any object with the metadata's field shape). */
export function fieldSpec(field: Omit<FieldSpec, 'values' | 'min' | 'max' | 'format' | 'kind' | 'minLength' | 'keepSpaces' | 'pattern'> & { kind: string }, enums: Record<string, readonly string[]>): FieldSpec {
  const spec: FieldSpec = {
    name: field.name,
    kind: field.kind === 'enum' ? 'enum' : 'scalar',
    type: field.type,
    optional: field.optional,
    hasDefault: field.hasDefault,
    maxLength: field.maxLength,
    precision: field.precision,
    scale: field.scale,
    dateKind: field.dateKind,
  };
  if (spec.kind === 'enum') spec.values = enums[field.type] ?? [];
  if (field.type === 'Decimal' && isMoneyName(field.name)) spec.min = 0;
  if (field.type === 'String' && field.name.includes('email')) spec.format = 'email';
  return spec;
}


/** A decimal as text or number, kept as its exact text ("6.50"): no float ever holds an amount. */
function decimalText(spec: FieldSpec): z.ZodType {
  const scale = spec.scale ?? 2;
  const whole = (spec.precision ?? 12) - scale;
  let schema = z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => /^-?\d+(\.\d+)?$/.test(value), { message: 'errors.type_decimal' })
    .refine((value) => (value.split('.')[1]?.length ?? 0) <= scale, { message: 'errors.max_decimals', params: { places: scale } })
    .refine((value) => value.replace('-', '').split('.')[0].replace(/^0+(?=\d)/, '').length <= whole, {
      message: 'errors.max_value',
      params: { max: `${'9'.repeat(whole)}` },
    });
  // Bounds compared as numbers: they are small limits, not amounts being stored.
  if (spec.min !== undefined) schema = schema.refine((value) => Number(value) >= spec.min!, { message: 'errors.min_value', params: { min: spec.min } });
  if (spec.max !== undefined) schema = schema.refine((value) => Number(value) <= spec.max!, { message: 'errors.max_value', params: { max: spec.max } });
  return schema;
}

function integer(spec: FieldSpec): z.ZodType {
  // A number, or its digits as text (forms); never a boolean (`true` is not 1) nor a list.
  let number = z.number().int({ message: 'errors.type_integer' }).max(INT4, { message: 'errors.out_of_range' });
  // A foreign key names a record: a positive id.
  number = spec.name.endsWith('_id') ? number.positive() : number.min(-INT4, { message: 'errors.out_of_range' });
  if (spec.min !== undefined) number = number.min(spec.min);
  if (spec.max !== undefined) number = number.max(spec.max);
  return wholeNumber.pipe(number);
}

function dateTime(spec: FieldSpec): z.ZodType {
  if (spec.dateKind === 'Time') {
    // "HH:MM" or "HH:MM:SS", also as the time part of an ISO date-time.
    return z
      .string()
      .transform((value) => value.replace(/^\d{4}-\d{2}-\d{2}T/, '').replace(/(\.\d+)?Z$/, ''))
      .pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: 'errors.invalid' }))
      .transform((value) => new Date(`1970-01-01T${value.length === 5 ? `${value}:00` : value}Z`));
  }
  if (spec.dateKind === 'Date') {
    // YYYY-MM-DD (or the date of an ISO date-time); a day the calendar lacks is refused.
    return z
      .string({ message: 'errors.date' })
      .refine((value) => parseDateText(value) !== null, { message: 'errors.date' })
      .transform((value) => new Date(`${value.trim().slice(0, 10)}T00:00:00Z`));
  }
  return z.union([z.date(), z.string({ message: 'errors.date' })]).transform((value, context) => {
    const date = value instanceof Date ? value : parseDateText(value);
    if (!date || Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'errors.date' });
      return z.NEVER;
    }
    return date;
  });
}

/** Validation of one field: type, length, precision, bounds, required-ness. */
export function fieldSchema(spec: FieldSpec): z.ZodType {
  const required = !spec.optional && !spec.hasDefault;
  let schema: z.ZodType;
  if (spec.kind === 'enum') {
    schema = z.enum((spec.values ?? []) as [string, ...string[]]);
  } else {
    switch (spec.type) {
      case 'String': {
        let text = spec.keepSpaces ? z.string() : z.string().trim();
        if (spec.maxLength) text = text.max(spec.maxLength);
        // A shortest length, a pattern and an e-mail's form apply to what is typed; empty is the required rule's.
        const minLength = spec.minLength;
        if (minLength) text = text.refine((value) => value === '' || value.length >= minLength, { message: 'errors.min_length', params: { min: minLength } });
        if (spec.pattern) {
          const pattern = new RegExp(spec.pattern);
          text = text.refine((value) => value === '' || pattern.test(value), { message: 'errors.invalid' });
        }
        // An e-mail is checked by zod's own rule, as the users' e-mail is (lib/validation.ts).
        const checked = spec.format === 'email' ? text.refine((value) => value === '' || EMAIL.safeParse(value).success, { message: 'errors.email' }) : text;
        if (required) return checked.refine((value) => value !== '', { message: 'errors.required' });
        // An empty optional text is stored as null; a defaulted one left out keeps the database default.
        if (spec.optional) return checked.nullish().transform((value) => (value ? value : null));
        return checked.nullish().transform((value) => value ?? undefined);
      }
      case 'Int':
        schema = integer(spec);
        break;
      case 'BigInt':
        schema = z.union([z.bigint(), z.number().int(), z.string().trim().regex(/^-?\d{1,19}$/, { message: 'errors.type_integer' })]).transform((value) => BigInt(value));
        break;
      case 'Decimal':
        schema = decimalText(spec);
        break;
      case 'Boolean':
        schema = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
        break;
      case 'DateTime':
        schema = dateTime(spec);
        break;
      default:
        schema = z.unknown();
    }
  }
  // An input left empty arrives as "" (a form's text): for anything but text that means no value.
  const emptyIsNothing = (inner: z.ZodType) => z.preprocess((value) => (value === '' ? null : value), inner);
  if (required) return emptyIsNothing(schema);
  if (spec.optional) return emptyIsNothing(schema.nullish());
  // A field with a database default that is left out or null keeps that default.
  return emptyIsNothing(schema.nullish().transform((value) => value ?? undefined));
}

/** A custom issue's message may be a message key ("auth.passwords_mismatch"). */
const KEY = /^[a-z_]+\.[a-z0-9_.]+$/;

/** The contract's message for a zod issue (spec section 5's generic messages). */
export function issueMessage(issue: z.core.$ZodIssue): MessageRef {
  const ref = (key: string, values?: Record<string, string | number>): MessageRef => (values ? { key, values } : { key });
  if (issue.message && KEY.test(issue.message)) {
    // Values for the message's placeholders: a custom check's params, or a length/size bound.
    const bounds = issue as { minimum?: unknown; maximum?: unknown; params?: Record<string, string | number> };
    const values: Record<string, string | number> = { ...bounds.params };
    if (bounds.minimum !== undefined) values.min = Number(bounds.minimum);
    if (bounds.maximum !== undefined) values.max = Number(bounds.maximum);
    return ref(issue.message, Object.keys(values).length ? values : undefined);
  }
  switch (issue.code) {
    case 'invalid_type': {
      // zod 4 leaves `input` out of issues unless asked; its default message names what it received.
      const missing = 'input' in issue ? issue.input === undefined || issue.input === null || issue.input === '' : /received (undefined|null)/.test(issue.message);
      if (missing) return ref('errors.required');
      const expected = issue.expected;
      if (expected === 'string') return ref('errors.type_text');
      if (expected === 'number' || expected === 'bigint') return ref('errors.type_number');
      if (expected === 'int') return ref('errors.type_integer');
      if (expected === 'boolean') return ref('errors.type_boolean');
      if (expected === 'array') return ref('errors.type_list');
      if (expected === 'date') return ref('errors.date');
      return ref('errors.invalid');
    }
    case 'too_big':
      if (issue.origin === 'string') return ref('errors.max_length', { max: Number(issue.maximum) });
      // int()'s own bound is JavaScript's, not one a person chose: the number is just too big.
      if (Math.abs(Number(issue.maximum)) === Number.MAX_SAFE_INTEGER) return ref('errors.out_of_range');
      return ref(issue.inclusive === false ? 'errors.less_than' : 'errors.max_value', { max: Number(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(issue.minimum) === 1) return ref('errors.required');
        return ref('errors.min_length', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return ref('errors.required');
      if (Math.abs(Number(issue.minimum)) === Number.MAX_SAFE_INTEGER) return ref('errors.out_of_range');
      // positive() refuses 0 itself: "at least 0" would contradict the refusal.
      return ref(issue.inclusive === false ? 'errors.more_than' : 'errors.min_value', { min: Number(issue.minimum) });
    case 'invalid_format':
      if (issue.format === 'email') return ref('errors.email');
      if (issue.format === 'url') return ref('errors.url');
      if (issue.format === 'date' || issue.format === 'datetime') return ref('errors.date');
      return ref('errors.invalid');
    case 'invalid_value':
      return ref('errors.choice');
    case 'not_multiple_of':
      return ref('errors.type_integer');
    default:
      return ref('errors.invalid');
  }
}
