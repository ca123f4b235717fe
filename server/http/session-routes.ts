// The sign-in and session calls of design/api.md: manage/login/, manage/aspirants/,
// manage/token-refresh/, manage/check_session/, manage/initial_data/, manage/logout/,
// manage/signup/. Failures of login, aspirant login and refresh carry `status: 1` (spec section 8).
// And one's own sessions ("My sessions", for every kind of user): manage/api/sessions/ lists them,
// {id}/end/ ends one, end_others/ ends all but the one asking.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { CAMPUS_COOKIE, CICLE_COOKIE } from '@/lib/session-types';
import { email, id, nullableText, password, text } from '@/lib/validation';
import { SESSION_COOKIE } from '@/server/auth/actor';
import { checkAspirantCredentials, checkCredentials } from '@/server/auth/login';
import { hashPassword } from '@/server/auth/password';
import { endOwnSession, openSession, revokeSession, revokeUserSessions, rotateRefreshToken, sessionViews } from '@/server/auth/sessions';
import { prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import { ApiError, badRequest, msg, notAuthenticated, notFound } from '@/server/errors';
import { json } from './respond';
import type { Route } from './routes';
import { zodFieldErrors } from '@/server/validation';
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

/** A web code people can read out on the phone: A + year + 5 digits. */
function newWebCode(): string {
  return `A${new Date().getFullYear()}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

const signupSchema = z
  .object({
    names: text(100),
    first_name: text(100),
    second_name: nullableText(100),
    email: email.pipe(z.string().min(1)),
    curp: nullableText(18),
    telephone: nullableText(20),
    campus_id: id,
    career_id: id,
    cicle_id: id.nullish(),
    web_pass: password,
    web_pass_confirm: z.string(),
  })
  .refine((value) => value.web_pass === value.web_pass_confirm, { path: ['web_pass_confirm'], message: 'auth.passwords_mismatch' });

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
      const parsed = signupSchema.safeParse(ctx.body);
      if (!parsed.success) throw badRequest(zodFieldErrors(parsed.error), { status: 1 });
      const input = parsed.data;
      const career = await prisma.career.findFirst({ where: { id: input.career_id, campus_id: input.campus_id, status: true }, select: { id: true } });
      if (!career) throw new ApiError(400, null, { career_id: [msg('errors.unknown_reference')] }, { status: 1 });
      const role = await prisma.role.findUnique({ where: { short: 'remote_aspirant' }, select: { id: true } });
      if (!role) throw new ApiError(409, msg('auth.signup_closed'), null, { status: 1 });
      const hash = await hashPassword(input.web_pass);
      // An application is for a period: the one chosen, else the campus's active one (the
      // admissions board of that period lists it from the first day).
      const cicleId = input.cicle_id ?? (await prisma.cicle.findFirst({ where: { campus_id: input.campus_id, is_active: true, status: true }, orderBy: { start: 'desc' }, select: { id: true } }))?.id ?? null;
      const created = await prisma.$transaction(async (tx) => {
        let webCode = newWebCode();
        while (await tx.aspirant.findUnique({ where: { web_code: webCode }, select: { id: true } })) webCode = newWebCode();
        const user = await tx.user.create({
          data: {
            username: webCode.toLowerCase(),
            first_name: input.names,
            last_name: [input.first_name, input.second_name].filter(Boolean).join(' '),
            email: input.email,
            password: hash,
            roles: { create: [{ role_id: role.id }] },
          },
          select: { id: true },
        });
        const aspirant = await tx.aspirant.create({
          data: {
            web_code: webCode,
            web_pass: hash,
            names: input.names,
            first_name: input.first_name,
            second_name: input.second_name,
            email: input.email,
            curp: input.curp ? input.curp.toUpperCase() : null,
            telephone: input.telephone,
            campus_id: input.campus_id,
            career_id: input.career_id,
            cicle_id: cicleId,
            user_id: user.id,
          },
          select: { id: true, web_code: true, status: true },
        });
        await recordHistory(tx, { table: 'aspirants', recordId: aspirant.id, type: '+', actor: null, changes: [{ field: 'web_code', old: null, new: webCode }] });
        return { userId: user.id, aspirant };
      });
      return json({ status: 0, ...(await signedIn(created.userId, ctx)), aspirant: created.aspirant }, 201);
    },
  },
];

