// zod issues -> the contract's field errors (design/api.md), with the spec's generic messages.
import type { z } from 'zod';
import { issueMessage as issueRef } from '@/lib/field-schema';
import { type FieldErrors, type Message, badRequest, msg } from './errors';

/** The contract's message for a zod issue: the one mapping, shared with the forms. */
export function issueMessage(issue: z.core.$ZodIssue): Message {
  return issueRef(issue);
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

/**
 * A record id in a query parameter (`?group_id=12`): a positive integer that fits the database's
 * integer, else the field's 400 (required when missing, invalid otherwise); null when optional
 * and absent.
 */
export function idParam(query: URLSearchParams, name: string, required: true): number;
export function idParam(query: URLSearchParams, name: string, required?: boolean): number | null;
export function idParam(query: URLSearchParams, name: string, required = true): number | null {
  const raw = query.get(name);
  if (!raw) {
    if (required) throw badRequest({ [name]: [msg('errors.required')] });
    return null;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 2_147_483_647) throw badRequest({ [name]: [msg('errors.invalid')] });
  return value;
}

/** A file format asked with `?format=` among those offered (the first when none is asked). */
export function formatParam<F extends string>(query: URLSearchParams, offered: readonly F[]): F {
  const value = (query.get('format') ?? offered[0]) as F;
  if (!offered.includes(value)) throw badRequest({ format: [msg('errors.choice')] });
  return value;
}
