// The check every page runs on the server before it renders (spec section 2: authentication,
// then route authorization). Not signed in -> /login; a route the user may not open -> / with
// ?denied=<route>, where the start page says which screen their role does not open.
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
  // Home says why it opened instead (components/home/DeniedNotice.tsx): never a silent bounce.
  if (!canOpenRoute(actor, name)) redirect(name ? `/?denied=${encodeURIComponent(name)}` : '/?denied=');
  return actor;
}

/**
 * Whose portal screen a page shows (kardex, schedule): a student sees their own (null: the API
 * answers for the caller); staff who may open it name the student with ?student_id=. Undefined
 * when staff named nobody, so the page asks for a student instead.
 */
export function portalStudent(actor: Actor, searchParams: Record<string, string | string[] | undefined>): string | null | undefined {
  if (actor.kind === 'student') return null;
  const requested = searchParams.student_id;
  return typeof requested === 'string' && /^[1-9]\d{0,9}$/.test(requested) ? requested : undefined;
}
