// GET /logout – ends the browser session without the client's help: used when a signed-in page
// cannot load the session's initial data, or when the logout call could not reach the server.
import { NextResponse } from 'next/server';
import { CAMPUS_COOKIE, CICLE_COOKIE } from '@/lib/session-types';
import { SESSION_COOKIE } from '@/server/auth/actor';
import { currentActor } from '@/server/auth/current-actor';

export async function GET() {
  const actor = await currentActor().catch(() => null);
  const destination = actor?.kind === 'aspirant' ? '/aspirants' : '/login';
  // A relative Location keeps the redirect right behind any proxy, whatever host it forwards.
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: `${destination}?session=ended`, 'Cache-Control': 'no-store' },
  });
  for (const name of [SESSION_COOKIE, CAMPUS_COOKIE, CICLE_COOKIE]) response.cookies.delete(name);
  return response;
}
