// The actor: the signed-in user behind a request, with everything authorization needs. Resolved
// from a Bearer access token or from the next-auth session cookie, the same user either way.
import { decode } from 'next-auth/jwt';
import { type AccessSubject, hasRole, unionRoutes } from '@/lib/auth/access';
import { prisma } from '@/server/db/client';
import { listening, publish, subscribe } from '@/server/db/notify';
import { logger } from '@/server/log';
import { env } from '@/server/env';
import { derivedKey, nextAuthSecret } from './keys';
import { verifyAccessToken } from './tokens';

export const SESSION_COOKIE = 'plantel.session';

export type ActorKind = 'staff' | 'teacher' | 'student' | 'aspirant';

export type Actor = AccessSubject & {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  full_name: string;
  initials: string;
  email: string;
  is_staff: boolean;
  is_active: boolean;
  language: string;
  role_list: { id: number; name: string; short: string }[];
  kind: ActorKind;
  is_admin: boolean;
  student_id: number | null;
  teacher_id: number | null;
  aspirant_id: number | null;
  sessionId: string;
};

export function fullName(first: string, last: string): string {
  return `${first} ${last}`.replace(/\s+/g, ' ').trim();
}

export function initials(first: string, last: string, username: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`;
  return (letters || username.slice(0, 2)).toUpperCase();
}

/** Which shell the user gets: students and remote aspirants get their portals unless admins. */
export function actorKind(subject: AccessSubject & { is_admin: boolean }, links: { student: boolean; teacher: boolean; aspirant: boolean }): ActorKind {
  if (subject.is_admin) return 'staff';
  if (links.aspirant && hasRole(subject, 'remote_aspirant')) return 'aspirant';
  if (links.student && hasRole(subject, 'student')) return 'student';
  const staffRoutes = subject.routes.filter((route) => !route.startsWith('teacher-') && !route.startsWith('portal-'));
  if (links.teacher && hasRole(subject, 'teacher') && staffRoutes.length === 0) return 'teacher';
  return 'staff';
}

// Short-lived per-process cache: a list page fetches several calls per second for one user. Kept on
// globalThis so that the production server's API bundle and Next's bundle of this module share it.
// Several instances may serve one user: forgetActor() tells every instance through the database
// (server/db/notify.ts), and while this process cannot hear those messages it does not cache.
const CACHE_MS = 5_000;
const ACTOR_CHANNEL = 'plantel_actor';
const EVERYONE = '*';
// Messages carry the sender: an instance has already forgotten what it tells the others to.
const INSTANCE = ((globalThis as { plantelInstanceId?: string }).plantelInstanceId ??= crypto.randomUUID());
const actorCacheHolder = globalThis as unknown as { plantelActorCache?: Map<string, { actor: Actor | null; at: number }>; plantelActorListening?: boolean };
const cache = (actorCacheHolder.plantelActorCache ??= new Map());

function forgetHere(sessionId?: string) {
  if (!sessionId || sessionId === EVERYONE) return cache.clear();
  for (const key of cache.keys()) if (key.endsWith(`:${sessionId}`)) cache.delete(key);
}

function listenForForgets() {
  if (actorCacheHolder.plantelActorListening) return;
  actorCacheHolder.plantelActorListening = true;
  void subscribe(ACTOR_CHANNEL, {
    onMessage: (payload) => {
      const [sender, sessionId] = payload.split('|');
      if (sender !== INSTANCE) forgetHere(sessionId);
    },
    onGap: () => cache.clear(),
  });
}

/** Drops cached actors (one session's, or everyone's after a role change) in every instance. */
export async function forgetActor(sessionId?: string): Promise<void> {
  forgetHere(sessionId);
  await publish(ACTOR_CHANNEL, `${INSTANCE}|${sessionId ?? EVERYONE}`).catch((error: unknown) => {
    // The database is gone: so is every other instance's listening connection, and each of them
    // stops caching until it hears again.
    logger().warn({ err: error }, 'could not tell other instances to forget an actor');
  });
}

export async function loadActor(userId: number, sessionId: string): Promise<Actor | null> {
  listenForForgets();
  const key = `${userId}:${sessionId}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS && listening()) return hit.actor;
  const actor = await queryActor(userId, sessionId);
  if (listening()) {
    cache.set(key, { actor, at: Date.now() });
    if (cache.size > 5_000) cache.clear();
  }
  return actor;
}

/**
 * The actor of an active user outside any session: work the user started that runs later (a job)
 * acts with their rights as they are when it runs. Never for a request: requests carry a session.
 */
export async function actorForUser(userId: number): Promise<Actor | null> {
  return queryActor(userId, null);
}

async function queryActor(userId: number, sessionId: string | null): Promise<Actor | null> {
  const [user, session, student, teacher, aspirant] = await Promise.all([
    prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        username: true,
        first_name: true,
        last_name: true,
        email: true,
        is_superuser: true,
        is_staff: true,
        is_active: true,
        language: true,
        roles: { select: { role: { select: { id: true, name: true, short: true, routes: true, status: true } } } },
        permissions: { select: { permission: { select: { short: true, status: true } } } },
      },
    }),
    sessionId === null ? null : prisma.authSession.findUnique({ where: { id: sessionId }, select: { user_id: true, revoked_at: true, expires_at: true, last_used_at: true } }),
    prisma.student.findFirst({ where: { user_id: userId }, select: { id: true } }),
    prisma.teacher.findFirst({ where: { user_id: userId }, select: { id: true } }),
    prisma.aspirant.findFirst({ where: { user_id: userId }, select: { id: true } }),
  ]);
  if (!user || !user.is_active) return null;
  if (sessionId !== null && (!session || session.user_id !== userId || session.revoked_at || session.expires_at < new Date())) return null;
  if (sessionId !== null && session) await touchSession(sessionId, session.last_used_at);
  const roles = user.roles.map(({ role }) => role).filter((role) => role.status);
  const subject: AccessSubject = {
    is_superuser: user.is_superuser,
    routes: unionRoutes(roles),
    permissions: user.permissions.filter(({ permission }) => permission.status).map(({ permission }) => permission.short),
    roles: roles.map((role) => role.short),
  };
  const is_admin = user.is_superuser || subject.roles.includes('admin');
  return {
    ...subject,
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user.first_name, user.last_name) || user.username,
    initials: initials(user.first_name, user.last_name, user.username),
    email: user.email,
    is_staff: user.is_staff,
    is_active: user.is_active,
    language: user.language,
    role_list: roles.map(({ id, name, short }) => ({ id, name, short })),
    is_admin,
    kind: actorKind({ ...subject, is_admin }, { student: !!student, teacher: !!teacher, aspirant: !!aspirant }),
    student_id: student?.id ?? null,
    teacher_id: teacher?.id ?? null,
    aspirant_id: aspirant?.id ?? null,
    sessionId: sessionId ?? '',
  };
}

/**
 * A session's last activity ("My sessions"), to within LAST_USED_STEP_MS: a browser session has no
 * refresh to date it, so its use does. Written only when the stored time is older than the step,
 * and reached only when the actor is not cached: at most one small write per session every few
 * minutes, never one per request.
 */
export const LAST_USED_STEP_MS = 5 * 60_000;

async function touchSession(sessionId: string, lastUsed: Date): Promise<void> {
  const now = Date.now();
  if (now - lastUsed.getTime() < LAST_USED_STEP_MS) return;
  // Conditional: concurrent requests of one session write once.
  await prisma.authSession.updateMany({ where: { id: sessionId, last_used_at: { lt: new Date(now - LAST_USED_STEP_MS) } }, data: { last_used_at: new Date(now) } });
}

// Imported once: jose would otherwise import the raw secret as a WebCrypto key on every request.
let verifyKey: Promise<CryptoKey> | undefined;

async function tokenSettings() {
  verifyKey ??= crypto.subtle.importKey('raw', derivedKey('access-token') as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return { key: await verifyKey, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE };
}

// Checking a token's signature (WebCrypto) cost more than anything but the SQL of a list call. A
// token string that verified once is remembered until it expires; revocation is still checked on
// its session by loadActor.
const verifiedTokens = new Map<string, { userId: number; sessionId: string; expiresAt: number }>();

async function verifiedClaims(token: string) {
  const known = verifiedTokens.get(token);
  if (known && known.expiresAt > Date.now()) return known;
  const claims = await verifyAccessToken(token, await tokenSettings());
  if (claims) {
    if (verifiedTokens.size >= 10_000) verifiedTokens.clear();
    verifiedTokens.set(token, claims);
  }
  return claims;
}

export async function actorFromBearer(header: string | null): Promise<Actor | null> {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) return null;
  const claims = await verifiedClaims(match[1]);
  return claims ? loadActor(claims.userId, claims.sessionId) : null;
}

export async function actorFromSessionCookie(value: string | undefined): Promise<Actor | null> {
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret: nextAuthSecret() });
    const userId = Number(token?.uid);
    const sessionId = token?.sid;
    if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
    return loadActor(userId, sessionId);
  } catch {
    return null;
  }
}

/** For route handlers: a Bearer token wins over the cookie. */
export async function actorFromRequest(request: Request): Promise<Actor | null> {
  const authorization = request.headers.get('authorization');
  if (authorization) return actorFromBearer(authorization);
  const cookie = parseCookie(request.headers.get('cookie') ?? '', SESSION_COOKIE);
  return actorFromSessionCookie(cookie);
}

function parseCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}
