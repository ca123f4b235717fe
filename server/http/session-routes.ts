// The sign-in and session calls of design/api.md: manage/login/, manage/aspirants/,
// manage/token-refresh/, manage/check_session/, manage/initial_data/, manage/logout/,
// manage/signup/. Failures of login, aspirant login and refresh carry `status: 1` (spec section 8).
// And one's own sessions ("My sessions", for every kind of user): manage/api/sessions/ lists them,
// {id}/end/ ends one, end_others/ ends all but the one asking.
import type { ActionContract } from '@/lib/contracts/contract';
import * as contracts from '@/lib/contracts/session';
import { CAMPUS_COOKIE, CICLE_COOKIE } from '@/lib/session-types';
import { SESSION_COOKIE } from '@/server/auth/actor';
import { assertNotLocked, checkAspirantCredentials, checkCredentials, recordFailure } from '@/server/auth/login';
import { endOwnSession, openSession, revokeSession, revokeUserSessions, rotateRefreshToken, sessionViews } from '@/server/auth/sessions';
import { prisma } from '@/server/db/client';
import { notAuthenticated, notFound } from '@/server/errors';
import { json } from './respond';
import { sendWebCodeReminder, signUpAspirant } from '@/server/modules/inscription';
import type { Route } from './routes';
import { buildInitialData, sessionUser } from '@/server/session/initial-data';
import { loadActor } from '@/server/auth/actor';
import { StatusResult } from '@/server/engine/results';
import { env } from '@/server/env';
import { checkAnswer } from './answer-check';
import { verificationRoutes } from './verification-routes';

/** A route at its contract's place: its method, its path (the contract's base and path) and the contract. */
function at<C extends ActionContract>(contract: C) {
  return { method: contract.method, path: `${contract.base}${contract.path}`, contract };
}

/** The route's JSON answer; test runs check it against the route's contract, as the actions' are. */
function answer(contract: ActionContract, data: unknown, status = 200): Response {
  if (env.CHECK_ANSWERS) checkAnswer(contract, status === 200 ? data : new StatusResult(status, data));
  return json(data, status);
}

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
function signedOut(contract: ActionContract): Response {
  if (env.CHECK_ANSWERS) checkAnswer(contract, new StatusResult(204));
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
    ...at(contracts.login),
    public: true,
    handler: async (ctx) => {
      const input = contracts.login.input.safeParse(ctx.body);
      if (!input.success) throw input.error;
      const userId = await checkCredentials(input.data.username, input.data.password);
      return answer(contracts.login, await signedIn(userId, ctx));
    },
  },
  {
    ...at(contracts.aspirantLogin),
    public: true,
    handler: async (ctx) => {
      const input = contracts.aspirantLogin.input.parse(ctx.body);
      const { userId, aspirantId } = await checkAspirantCredentials(input.web_code, input.web_pass);
      const aspirant = await prisma.aspirant.findUnique({
        where: { id: aspirantId },
        select: { id: true, web_code: true, names: true, first_name: true, second_name: true, status: true, email: true },
      });
      return answer(contracts.aspirantLogin, { ...(await signedIn(userId, ctx)), aspirant });
    },
  },
  {
    ...at(contracts.tokenRefresh),
    public: true,
    handler: async (ctx) => {
      // Not parsed with the contract: whatever is wrong with the token, the answer is the same 401.
      const token = (ctx.body as { refresh_token?: unknown } | null)?.refresh_token;
      const rotated = await rotateRefreshToken(token);
      if (!rotated) throw notAuthenticated('auth.invalid_refresh', { status: 1 });
      return answer(contracts.tokenRefresh, { token: rotated.token, refresh_token: rotated.refresh_token, exp: rotated.exp });
    },
  },
  {
    ...at(contracts.checkSession),
    handler: async ({ actor }) => answer(contracts.checkSession, { user: sessionUser(actor) }),
  },
  {
    ...at(contracts.initialData),
    handler: async ({ actor, request, url }) => {
      const cookie = request.headers.get('cookie') ?? '';
      const campus = Number(url.searchParams.get('campus_id')) || parseCookieNumber(cookie, CAMPUS_COOKIE);
      const cicle = Number(url.searchParams.get('cicle_id')) || parseCookieNumber(cookie, CICLE_COOKIE);
      return answer(contracts.initialData, await buildInitialData(actor, { campus_id: campus, cicle_id: cicle }));
    },
  },
  {
    ...at(contracts.logout),
    handler: async ({ actor }) => {
      await revokeSession(actor.sessionId);
      return signedOut(contracts.logout);
    },
  },
  {
    // GET manage/api/sessions/ – the caller's own sessions that still work, the one asking marked `current`.
    ...at(contracts.ownSessions),
    handler: async ({ actor, t }) => answer(contracts.ownSessions, await sessionViews(actor, t('account.sessions.unknown_device'))),
  },
  {
    // POST manage/api/sessions/{id}/end/ – ends one of the caller's sessions (404 for any other id);
    // ending the one asking signs the caller out.
    ...at(contracts.endSession),
    params: { id: { type: 'string', format: 'uuid' } },
    handler: async ({ actor, params }) => {
      if (!(await endOwnSession(actor.id, params.id))) throw notFound();
      return params.id === actor.sessionId ? signedOut(contracts.endSession) : new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    },
  },
  {
    // POST manage/api/sessions/end_others/ – ends every session of the caller but the one asking.
    ...at(contracts.endOtherSessions),
    handler: async ({ actor }) => answer(contracts.endOtherSessions, { ended: await revokeUserSessions(actor.id, actor.sessionId) }),
  },
  {
    // Aspirant self-registration from the aspirant portal: creates the aspirant (status PRE), its
    // sign-in account with the remote_aspirant role, and signs it in.
    ...at(contracts.aspirantSignup),
    public: true,
    handler: async (ctx) => {
      // Parsed by signUpAspirant with the contract's schema (its refusals carry `status: 1`).
      const created = await signUpAspirant(ctx.body);
      return answer(contracts.aspirantSignup, { status: 0, ...(await signedIn(created.userId, ctx)), aspirant: created.aspirant }, 201);
    },
  },
  {
    // An applicant's web code, sent again to their registered e-mail: the answer is the same whether
    // or not there is an application with that e-mail, and it never carries the code. Each request
    // counts against the e-mail as a failed sign-in does (LOGIN_MAX_FAILURES, then a pause of
    // LOGIN_LOCK_MINUTES), so nobody can flood an inbox.
    ...at(contracts.recoverWebCode),
    public: true,
    handler: async (ctx) => {
      const input = contracts.recoverWebCode.input.safeParse(ctx.body);
      if (!input.success) throw input.error;
      const { email, curp } = input.data;
      const key = `recover:${email ? email.trim().toLowerCase() : curp!.trim().toUpperCase()}`;
      await assertNotLocked(key);
      await recordFailure(key);
      await sendWebCodeReminder({ email, curp });
      return answer(contracts.recoverWebCode, { detail: ctx.t('auth.web_code_sent') });
    },
  },
  // Anyone verifies an issued document, by its QR code's token or its PDF (issue 30).
  ...verificationRoutes,
];
