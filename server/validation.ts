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
