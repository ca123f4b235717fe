// Every signed-in screen: authentication first (spec section 2), then the session's initial data,
// fetched once per page load. Without initial data the session cannot work: log out.
import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import AppShell from '@/components/shell/AppShell';
import { CAMPUS_COOKIE, CICLE_COOKIE, type InitialData } from '@/lib/session-types';
import { requireActor } from '@/server/pages/guard';
import { buildInitialData } from '@/server/session/initial-data';

function cookieId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export default async function AppLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor();
  const store = await cookies();
  const selection = { campus_id: cookieId(store.get(CAMPUS_COOKIE)?.value), cicle_id: cookieId(store.get(CICLE_COOKIE)?.value) };
  let initial: InitialData | null = null;
  try {
    initial = await buildInitialData(actor, selection);
  } catch (error) {
    console.error('initial data failed for user %d', actor.id, error);
  }
  // Outside the try: redirect() works by throwing.
  if (!initial) redirect('/logout');
  return <AppShell initial={initial}>{children}</AppShell>;
}
