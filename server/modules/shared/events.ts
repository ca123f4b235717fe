// Domain events: how an aggregate's owner tells other modules that something happened to it (a
// sale was settled, a student withdrawn) without writing their tables. The owner emits inside its
// transaction; each reacting module registers its handler in its index.ts and writes its own
// tables in the same transaction, returning the history rows of what it changed. registry.ts loads
// every module and then marks the events wired; an event emitted before that loads the registry
// first, so a reaction is never silently missed.
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import type { HistoryEntry } from '@/server/engine/audit';

export type DomainEvents = {
  /** A sale's paid state or its active flag changed (a payment taken or cancelled, the sale cancelled). */
  saleSettled: { saleId: number; paid: boolean; active: boolean; aspirantId: number | null };
};

type Handler<E extends keyof DomainEvents> = (tx: Prisma.TransactionClient, actor: Actor, payload: DomainEvents[E]) => Promise<readonly HistoryEntry[] | void>;

const handlers = new Map<keyof DomainEvents, Handler<never>[]>();
let wired = false;

export function onEvent<E extends keyof DomainEvents>(event: E, handler: Handler<E>): void {
  handlers.set(event, [...(handlers.get(event) ?? []), handler as Handler<never>]);
}

/** Called once by registry.ts after every module (and so every handler) is loaded. */
export function markEventsWired(): void {
  wired = true;
}

/** Runs every handler of the event in the caller's transaction, in turn; their history rows. */
export async function emitEvent<E extends keyof DomainEvents>(tx: Prisma.TransactionClient, actor: Actor, event: E, payload: DomainEvents[E]): Promise<HistoryEntry[]> {
  // Every module registers its handlers as registry.ts loads it: a caller that reached the owner
  // without the registry (a script, a job) loads it now, so no reaction is ever missed.
  if (!wired) await import('@/server/modules/registry');
  if (!wired) throw new Error(`domain event ${event}: the modules did not register their handlers`);
  const history: HistoryEntry[] = [];
  for (const handler of (handlers.get(event) ?? []) as Handler<E>[]) history.push(...((await handler(tx, actor, payload)) ?? []));
  return history;
}
