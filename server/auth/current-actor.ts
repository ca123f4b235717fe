// The actor of the page being rendered. Kept apart from actor.ts because next/headers needs Next's
// request context: the production server's API bundle (server/serve.ts) must not load it.
import { cookies } from 'next/headers';
import { type Actor, SESSION_COOKIE, actorFromSessionCookie } from './actor';

/** For server components, server actions and page routes. */
export async function currentActor(): Promise<Actor | null> {
  const store = await cookies();
  return actorFromSessionCookie(store.get(SESSION_COOKIE)?.value);
}
