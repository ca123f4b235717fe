// zod issues -> the contract's field errors (design/api.md), with the spec's generic messages.
import type { z } from 'zod';
import { type FieldErrors, type Message, badRequest, msg } from './errors';

/** A custom issue's message may be a message key ("auth.passwords_mismatch"). */
const KEY = /^[a-z_]+\.[a-z0-9_.]+$/;

export function issueMessage(issue: z.core.$ZodIssue): Message {
  if (issue.message && KEY.test(issue.message)) {
    // Values for the message's placeholders: a custom check's params, or a length/size bound.
    const bounds = issue as { minimum?: unknown; maximum?: unknown; params?: Record<string, string | number> };
    const values: Record<string, string | number> = { ...bounds.params };
    if (bounds.minimum !== undefined) values.min = Number(bounds.minimum);
    if (bounds.maximum !== undefined) values.max = Number(bounds.maximum);
    return msg(issue.message, Object.keys(values).length ? values : undefined);
  }
  switch (issue.code) {
    case 'invalid_type': {
      // zod 4 leaves `input` out of issues unless asked; its default message names what it received.
      const missing = 'input' in issue ? issue.input === undefined || issue.input === null || issue.input === '' : /received (undefined|null)/.test(issue.message);
      if (missing) return msg('errors.required');
      const expected = issue.expected;
      if (expected === 'string') return msg('errors.type_text');
      if (expected === 'number' || expected === 'bigint') return msg('errors.type_number');
      if (expected === 'int') return msg('errors.type_integer');
      if (expected === 'boolean') return msg('errors.type_boolean');
      if (expected === 'array') return msg('errors.type_list');
      if (expected === 'date') return msg('errors.date');
      return msg('errors.invalid');
    }
    case 'too_big':
      if (issue.origin === 'string') return msg(issue.inclusive === false ? 'errors.max_length' : 'errors.max_length', { max: Number(issue.maximum) });
      return msg('errors.max_value', { max: Number(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(issue.minimum) === 1) return msg('errors.required');
        return msg('errors.min_length', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return msg('errors.required');
      return msg('errors.min_value', { min: Number(issue.minimum) });
    case 'invalid_format':
      if (issue.format === 'email') return msg('errors.email');
      if (issue.format === 'url') return msg('errors.url');
      if (issue.format === 'date' || issue.format === 'datetime') return msg('errors.date');
      return msg('errors.invalid');
    case 'invalid_value':
      return msg('errors.choice');
    case 'not_multiple_of':
      return msg('errors.type_integer');
    default:
      return msg('errors.invalid');
  }
}

/**
 * The contract's field errors for a failed parse. Given the input, a field it leaves empty is
 * reported as required whatever its schema's own message says (zod 4 does not keep the input in
 * its issues, and a union's message names the type it wanted).
 */
export function zodFieldErrors(error: z.ZodError, input?: unknown): FieldErrors {
  const fields: FieldErrors = {};
  const given = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    const value = given && issue.path.length === 1 ? given[field] : 'present';
    const missing = value === undefined || value === null || value === '';
    const message = missing && issue.code !== 'custom' ? msg('errors.required') : issueMessage(issue);
    const list = (fields[field] ??= []);
    if (!list.some((known) => known.key === message.key)) list.push(message);
  }
  return fields;
}

/** Parses a payload with its schema; a refusal is the contract's 400 with field messages. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(zodFieldErrors(result.error, input));
}
