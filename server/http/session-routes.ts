// The sign-in and session calls of design/api.md: manage/login/, manage/aspirants/,
// manage/token-refresh/, manage/check_session/, manage/initial_data/, manage/logout/,
// manage/signup/. Failures of login, aspirant login and refresh carry `status: 1` (spec section 8).
// And one's own sessions ("My sessions", for every kind of user): manage/api/sessions/ lists them,
// {id}/end/ ends one, end_others/ ends all but the one asking.
import { z } from 'zod';
import { CAMPUS_COOKIE, CICLE_COOKIE } from '@/lib/session-types';
import { SESSION_COOKIE } from '@/server/auth/actor';
import { checkAspirantCredentials, checkCredentials } from '@/server/auth/login';
import { endOwnSession, openSession, revokeSession, revokeUserSessions, rotateRefreshToken, sessionViews } from '@/server/auth/sessions';
import { prisma } from '@/server/db/client';
import { notAuthenticated, notFound } from '@/server/errors';
import { json } from './respond';
import { signUpAspirant } from '@/server/modules/inscription';
import type { Route } from './routes';
import { buildInitialData, sessionUser } from '@/server/session/initial-data';
import { loadActor } from '@/server/auth/actor';

const loginSchema = z.object({ username: z.string().trim().min(1).max(150), password: z.string().min(1).max(256) });
const aspirantLoginSchema = z.object({ web_code: z.string().trim().min(1).max(20), web_pass: z.string().min(1).max(256) });

async function signedIn(userId: number, ctx: { ip: string; userAgent: string }) {
  const tokens = await openSession(userId, 'api', ctx);
  const actor = await loadActor(userId, tokens.sessionId);
  if (!actor) throw notAuthenticated();
  return { user: sessionUser(actor), token: tokens.token, refresh_token: tokens.refresh_token, exp: tokens.exp };
}

function expire(name: string) {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/** 204 that also clears the browser's session and selection cookies (an API client drops its tokens). */
function signedOut(): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of [SESSION_COOKIE, CAMPUS_COOKIE, CICLE_COOKIE]) headers.append('set-cookie', expire(name));
  return new Response(null, { status: 204, headers });
}

function parseCookieNumber(header: string, name: string): number | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name.replace('.', '\\.')}=(\\d+)`).exec(header);
  return match ? Number(match[1]) : undefined;
}

export const sessionRoutes: Route[] = [
  {
    method: 'POST',
    path: 'manage/login/',
    public: true,
    handler: async (ctx) => {
      const input = loginSchema.safeParse(ctx.body);
      if (!input.success) throw input.error;
      const userId = await checkCredentials(input.data.username, input.data.password);
      return json(await signedIn(userId, ctx));
    },
  },
  {
    method: 'POST',
    path: 'manage/aspirants/',
    public: true,
    handler: async (ctx) => {
      const input = aspirantLoginSchema.parse(ctx.body);
      const { userId, aspirantId } = await checkAspirantCredentials(input.web_code, input.web_pass);
      const aspirant = await prisma.aspirant.findUnique({
        where: { id: aspirantId },
        select: { id: true, web_code: true, names: true, first_name: true, second_name: true, status: true, email: true },
      });
      return json({ ...(await signedIn(userId, ctx)), aspirant });
    },
  },
  {
    method: 'POST',
    path: 'manage/token-refresh/',
    public: true,
    handler: async (ctx) => {
      const token = (ctx.body as { refresh_token?: unknown } | null)?.refresh_token;
      const rotated = await rotateRefreshToken(token);
      if (!rotated) throw notAuthenticated('auth.invalid_refresh', { status: 1 });
      return json({ token: rotated.token, refresh_token: rotated.refresh_token, exp: rotated.exp });
    },
  },
  {
    method: 'GET',
    path: 'manage/check_session/',
    handler: async ({ actor }) => json({ user: sessionUser(actor) }),
  },
  {
    method: 'GET',
    path: 'manage/initial_data/',
    handler: async ({ actor, request, url }) => {
      const cookie = request.headers.get('cookie') ?? '';
      const campus = Number(url.searchParams.get('campus_id')) || parseCookieNumber(cookie, CAMPUS_COOKIE);
      const cicle = Number(url.searchParams.get('cicle_id')) || parseCookieNumber(cookie, CICLE_COOKIE);
      return json(await buildInitialData(actor, { campus_id: campus, cicle_id: cicle }));
    },
  },
  {
    method: 'POST',
    path: 'manage/logout/',
    handler: async ({ actor }) => {
      await revokeSession(actor.sessionId);
      return signedOut();
    },
  },
  {
    // GET manage/api/sessions/ – the caller's own sessions that still work, the one asking marked `current`.
    method: 'GET',
    path: 'manage/api/sessions/',
    handler: async ({ actor, t }) => json(await sessionViews(actor, t('account.sessions.unknown_device'))),
  },
  {
    // POST manage/api/sessions/{id}/end/ – ends one of the caller's sessions (404 for any other id);
    // ending the one asking signs the caller out.
    method: 'POST',
    path: 'manage/api/sessions/{id}/end/',
    params: { id: { type: 'string', format: 'uuid' } },
    handler: async ({ actor, params }) => {
      if (!(await endOwnSession(actor.id, params.id))) throw notFound();
      return params.id === actor.sessionId ? signedOut() : new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    },
  },
  {
    // POST manage/api/sessions/end_others/ – ends every session of the caller but the one asking.
    method: 'POST',
    path: 'manage/api/sessions/end_others/',
    handler: async ({ actor }) => json({ ended: await revokeUserSessions(actor.id, actor.sessionId) }),
  },
  {
    // Aspirant self-registration from the aspirant portal: creates the aspirant (status PRE), its
    // sign-in account with the remote_aspirant role, and signs it in.
    method: 'POST',
    path: 'manage/signup/',
    public: true,
    handler: async (ctx) => {
      const created = await signUpAspirant(ctx.body);
      return json({ status: 0, ...(await signedIn(created.userId, ctx)), aspirant: created.aspirant }, 201);
    },
  },
];

