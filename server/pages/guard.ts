// The check every page runs on the server before it renders (spec section 2: authentication,
// then route authorization). Not signed in -> /login; a route the user may not open -> /.
import { redirect } from 'next/navigation';
import { canOpenRoute } from '@/lib/auth/access';
import { routeForPath } from '@/lib/menu';
import type { Actor } from '@/server/auth/actor';
import { currentActor } from '@/server/auth/current-actor';

export async function requireActor(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect('/login');
  return actor;
}

/** `route` is a route name ("scholar-students") or a URL path ("/scholar/students/7"). */
export async function guardPage(route: string): Promise<Actor> {
  const actor = await requireActor();
  const name = route.startsWith('/') ? routeForPath(route) : route;
  if (!canOpenRoute(actor, name)) redirect('/');
  return actor;
}
