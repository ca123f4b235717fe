// The one error mapper: turns anything thrown by an operation, an action or a job into the
// contract's answer (design/api.md), translated into the caller's language. server/http answers a
// request with it; the job runner stores it as a failed job's error, so a job refused by the same
// rules as a request says the same thing.
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '@/server/db/availability';
import { Prisma } from '@/server/db/client';
import { META } from '@/server/engine/model';
import { ApiError, type FieldErrors, type Message, msg } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import { zodFieldErrors } from '@/server/validation';

export type ErrorAnswer = { status: number; body: Record<string, unknown>; headers: Record<string, string> };

function translate(message: Message, t: Translate): string {
  try {
    return t(message.key, message.values);
  } catch {
    return message.key;
  }
}

function translateFields(fields: FieldErrors, t: Translate): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) out[field] = messages.map((m) => translate(m, t));
  return out;
}

const TABLES = Object.values(META.models)
  .map((model) => model.table)
  .sort((a, b) => b.length - a.length);

/** The table a foreign-key constraint belongs to: "student_documents_student_id_fkey" -> "student_documents". */
export function referencingTable(error: { meta?: unknown; message: string }): string | null {
  const haystack = JSON.stringify(error.meta ?? {}) + ' ' + error.message;
  for (const constraint of haystack.match(/[a-z0-9_]+_fkey/g) ?? []) {
    const table = TABLES.find((name) => constraint.startsWith(`${name}_`));
    if (table) return table;
  }
  return null;
}

function tableLabel(table: string, t: Translate): string {
  return t.has(`tables.${table}`) ? t(`tables.${table}`) : table;
}

function prismaError(error: Prisma.PrismaClientKnownRequestError, t: Translate, method: string): ApiError | null {
  switch (error.code) {
    case 'P2002': {
      const cause = (error.meta as { driverAdapterError?: { cause?: { table?: string; constraint?: { fields?: string[]; index?: string } } } } | undefined)?.driverAdapterError?.cause;
      // Through the pg adapter a unique index is named, not its columns: "students_no_control_key".
      const index = cause?.constraint?.index;
      const indexed = index && cause?.table && index.startsWith(`${cause.table}_`) && index.endsWith('_key') ? index.slice(cause.table.length + 1, -4) : undefined;
      const target = (error.meta?.target as string[] | string | undefined) ?? cause?.constraint?.fields ?? indexed;
      const fields = (Array.isArray(target) ? target : target ? [target] : []).map((f) => f.replace(/"/g, ''));
      const field = fields[0] ?? 'non_field_errors';
      return new ApiError(409, msg('errors.duplicate', { fields: fields.join(', ') || '—' }), null, {
        [field]: [translate(msg('errors.duplicate', { fields: fields.join(', ') || '—' }), t)],
      });
    }
    case 'P2003': {
      if (method === 'DELETE') {
        const table = referencingTable(error);
        return new ApiError(409, msg('errors.still_referenced', { tables: table ? tableLabel(table, t) : '—' }));
      }
      return new ApiError(400, null, { non_field_errors: [msg('errors.unknown_reference')] });
    }
    case 'P2025':
      return new ApiError(404, msg('errors.not_found'));
    default:
      return null;
  }
}

/** What a 503 for an unavailable database asks the client to wait: a restart takes seconds. */
export const DATABASE_RETRY_SECONDS = 5;

/** The answer for a known kind of failure; null for a defect (the caller logs it and says so). */
export function errorAnswer(error: unknown, t: Translate, method = 'POST'): ErrorAnswer | null {
  let apiError: ApiError | null = null;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof ZodError) apiError = new ApiError(400, null, zodFieldErrors(error));
  else if (error instanceof Prisma.PrismaClientKnownRequestError) apiError = prismaError(error, t, method);
  else if (error instanceof SyntaxError && /JSON/i.test(error.message)) apiError = new ApiError(400, null, { non_field_errors: [msg('errors.bad_json')] });
  // Before Prisma's codes: an unreachable database arrives as P2010 and other request errors too.
  if (isDatabaseUnavailable(error)) apiError = new ApiError(503, msg('errors.database_unavailable'), null, {}, { 'retry-after': String(DATABASE_RETRY_SECONDS) });
  if (!apiError) return null;
  const body: Record<string, unknown> = { ...apiError.extra };
  if (apiError.fields) Object.assign(body, translateFields(apiError.fields, t));
  if (apiError.detail) body.detail = translate(apiError.detail, t);
  return { status: apiError.status, body, headers: apiError.headers };
}
