// The session's initial data (the user, the campuses and periods, the top bar's selection) for the
// current request. The shell's layout and a page that follows the top bar both need it: React's
// cache reads it once per request.
import { cookies } from 'next/headers';
import { cache } from 'react';
import { CAMPUS_COOKIE, CICLE_COOKIE, type InitialData } from '@/lib/session-types';
import type { Actor } from '@/server/auth/actor';
import { buildInitialData } from '@/server/session/initial-data';

function cookieId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

async function read(actor: Actor): Promise<InitialData> {
  const store = await cookies();
  return buildInitialData(actor, { campus_id: cookieId(store.get(CAMPUS_COOKIE)?.value), cicle_id: cookieId(store.get(CICLE_COOKIE)?.value) });
}

// Keyed by the user's id: each caller holds its own actor object for the same user.
const slotOf = cache((_actorId: number): { data?: Promise<InitialData> } => ({}));

export function shellData(actor: Actor): Promise<InitialData> {
  const slot = slotOf(actor.id);
  slot.data ??= read(actor);
  return slot.data;
}
