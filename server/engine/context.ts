// What every engine operation and action receives: who acts, in which language, with which list
// parameters, and (when the caller has one open) the transaction to run in. Route handlers build it
// from the HTTP request (server/http/dispatch.ts); a server component or a job builds it with
// operationContext(). Nothing here knows about HTTP.
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { type Translate, translator } from '@/server/i18n/messages';

export type OperationContext = {
  actor: Actor;
  locale: Locale;
  t: Translate;
  /** List parameters (filters, page, ordering) and an action's query parameters. */
  query: URLSearchParams;
  /** Writes join this transaction instead of opening their own (an action that creates several records). */
  tx?: Prisma.TransactionClient;
  /** Ties a log line to the answer the user saw. */
  requestId: string;
  ip: string;
  userAgent: string;
  /** Why the user makes this change (a deactivation's reason), kept in the record's history. */
  reason?: string;
};

/** An action's context: its path parameters (`{id}`) and its parsed body. */
export type ActionContext = OperationContext & {
  params: Record<string, string>;
  body: unknown;
  /** The body as the action's contract parsed it (lib/contracts), when it has one. */
  input?: unknown;
  /** The query parameters as the contract parsed them. */
  queryInput?: unknown;
};

/** A context for calls from outside HTTP: a server component's first page, a job. */
export function operationContext(actor: Actor, options: { locale?: Locale; query?: URLSearchParams | Record<string, string>; tx?: Prisma.TransactionClient; requestId?: string } = {}): OperationContext {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const query = options.query instanceof URLSearchParams ? options.query : new URLSearchParams(options.query ?? {});
  return { actor, locale, t: translator(locale), query, tx: options.tx, requestId: options.requestId ?? 'internal', ip: '', userAgent: '' };
}
