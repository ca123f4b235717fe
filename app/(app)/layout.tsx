// Every signed-in screen: authentication first (spec section 2), then the session's initial data,
// fetched once per page load. Without initial data the session cannot work: log out.
import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import AppShell from '@/components/shell/AppShell';
import type { InitialData } from '@/lib/session-types';
import { requireActor } from '@/server/pages/guard';
import { shellData } from '@/server/pages/shell-data';

export default async function AppLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor();
  let initial: InitialData | null = null;
  try {
    initial = await shellData(actor);
  } catch (error) {
    console.error('initial data failed for user %d', actor.id, error);
  }
  // Outside the try: redirect() works by throwing.
  if (!initial) redirect('/logout');
  return <AppShell initial={initial}>{children}</AppShell>;
}
