// The one place that turns any thrown error into the contract's answer (design/api.md).
import { ZodError } from 'zod';
import { Prisma } from '@/server/db/client';
import { META } from '@/server/engine/model';
import type { RequestContext } from './context';
import { ApiError, type FieldErrors, type Message, msg } from '@/server/errors';
import { json } from './respond';
import { zodFieldErrors } from '@/server/validation';

function translateFields(fields: FieldErrors, ctx: RequestContext): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) out[field] = messages.map((m) => translate(m, ctx));
  return out;
}

function translate(message: Message, ctx: RequestContext): string {
  try {
    return ctx.t(message.key, message.values);
  } catch {
    return message.key;
  }
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

function tableLabel(table: string, ctx: RequestContext): string {
  try {
    return ctx.t(`tables.${table}`);
  } catch {
    return table;
  }
}

function prismaError(error: Prisma.PrismaClientKnownRequestError, ctx: RequestContext, method: string): ApiError | null {
  switch (error.code) {
    case 'P2002': {
      const target = (error.meta?.target as string[] | string | undefined) ??
        (error.meta as { driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } | undefined)?.driverAdapterError?.cause?.constraint?.fields;
      const fields = (Array.isArray(target) ? target : target ? [target] : []).map((f) => f.replace(/"/g, ''));
      const field = fields[0] ?? 'non_field_errors';
      return new ApiError(409, msg('errors.duplicate', { fields: fields.join(', ') || '—' }), null, {
        [field]: [translate(msg('errors.duplicate', { fields: fields.join(', ') || '—' }), ctx)],
      });
    }
    case 'P2003': {
      if (method === 'DELETE') {
        const table = referencingTable(error);
        return new ApiError(409, msg('errors.still_referenced', { tables: table ? tableLabel(table, ctx) : '—' }));
      }
      return new ApiError(400, null, { non_field_errors: [msg('errors.unknown_reference')] });
    }
    case 'P2025':
      return new ApiError(404, msg('errors.not_found'));
    default:
      return null;
  }
}

export function errorResponse(error: unknown, ctx: RequestContext): Response {
  let apiError: ApiError | null = null;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof ZodError) apiError = new ApiError(400, null, zodFieldErrors(error));
  else if (error instanceof Prisma.PrismaClientKnownRequestError) apiError = prismaError(error, ctx, ctx.request.method);
  else if (error instanceof SyntaxError && /JSON/i.test(error.message)) apiError = new ApiError(400, null, { non_field_errors: [msg('errors.bad_json')] });

  if (!apiError) {
    // Never a stack trace or SQL in the answer; the request id ties the log line to the report.
    console.error(`[api] ${ctx.requestId} ${ctx.request.method} ${ctx.url.pathname}`, error);
    return json({ detail: ctx.t('errors.server', { requestId: ctx.requestId }), request_id: ctx.requestId }, 500);
  }
  const body: Record<string, unknown> = { ...apiError.extra };
  if (apiError.fields) Object.assign(body, translateFields(apiError.fields, ctx));
  if (apiError.detail) body.detail = translate(apiError.detail, ctx);
  return json(body, apiError.status, apiError.headers);
}
