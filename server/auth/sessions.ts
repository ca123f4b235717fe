// Sessions and refresh-token rotation. A reused (already rotated) refresh token revokes its
// session: whoever holds a stolen copy and the owner both have to sign in again.
import { randomUUID } from 'node:crypto';
import type { OwnSessionView } from '@/lib/session-types';
import { describeUserAgent } from '@/lib/user-agent';
import { prisma } from '@/server/db/client';
import { env } from '@/server/env';
import { forgetActor } from './actor';
import { derivedKey } from './keys';
import { composeRefreshToken, hashMatches, newRefreshSecret, parseRefreshToken, sha256, signAccessToken } from './tokens';

export type SessionKind = 'browser' | 'api';
export type IssuedTokens = { token: string; refresh_token: string; exp: number; sessionId: string };

const DAY = 24 * 60 * 60 * 1000;

function accessSettings() {
  return { key: derivedKey('access-token'), issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, minutes: env.ACCESS_TOKEN_MINUTES };
}

export async function openSession(userId: number, kind: SessionKind, meta: { ip: string; userAgent: string }): Promise<IssuedTokens> {
  const sessionId = randomUUID();
  const secret = newRefreshSecret();
  const lifetime = kind === 'browser' ? env.SESSION_HOURS * 60 * 60 * 1000 : env.REFRESH_TOKEN_DAYS * DAY;
  await prisma.authSession.create({
    data: {
      id: sessionId,
      user_id: userId,
      kind,
      refresh_token_hash: sha256(secret),
      expires_at: new Date(Date.now() + lifetime),
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 300),
    },
  });
  const { token, exp } = await signAccessToken({ userId, sessionId }, accessSettings());
  return { token, exp, refresh_token: composeRefreshToken(sessionId, secret), sessionId };
}

/** Returns new tokens, or null when the refresh token is unknown, rotated, revoked or expired. */
export async function rotateRefreshToken(refreshToken: unknown): Promise<(IssuedTokens & { userId: number }) | null> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) return null;
  const session = await prisma.authSession.findUnique({ where: { id: parsed.sessionId }, include: { user: { select: { is_active: true } } } });
  if (!session || session.revoked_at || session.expires_at < new Date() || !session.user.is_active) return null;
  if (!hashMatches(parsed.secret, session.refresh_token_hash)) {
    await revokeSession(session.id);
    return null;
  }
  const secret = newRefreshSecret();
  // Compare-and-set on the old hash: two concurrent refreshes with one token cannot both win.
  const { count } = await prisma.authSession.updateMany({
    where: { id: session.id, refresh_token_hash: session.refresh_token_hash, revoked_at: null },
    data: { refresh_token_hash: sha256(secret), last_used_at: new Date() },
  });
  if (count !== 1) return null;
  const { token, exp } = await signAccessToken({ userId: session.user_id, sessionId: session.id }, accessSettings());
  return { token, exp, refresh_token: composeRefreshToken(session.id, secret), sessionId: session.id, userId: session.user_id };
}

export async function revokeSession(sessionId: string): Promise<void> {
  await prisma.authSession.updateMany({ where: { id: sessionId, revoked_at: null }, data: { revoked_at: new Date(), refresh_token_hash: null } });
  await forgetActor(sessionId);
}

/** Ends every session of the user (but one, when given); answers how many still worked. */
export async function revokeUserSessions(userId: number, exceptSessionId?: string): Promise<number> {
  const { count } = await prisma.authSession.updateMany({
    // Expired ones work no more already.
    where: { user_id: userId, revoked_at: null, expires_at: { gt: new Date() }, ...(exceptSessionId ? { NOT: { id: exceptSessionId } } : {}) },
    data: { revoked_at: new Date(), refresh_token_hash: null },
  });
  await forgetActor();
  return count;
}

export type OwnSession = {
  id: string;
  kind: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  ip: string;
  user_agent: string;
};

/** A user's sessions that still work (not ended, not expired), the most recently used first. */
export async function activeSessions(userId: number): Promise<OwnSession[]> {
  return prisma.authSession.findMany({
    where: { user_id: userId, revoked_at: null, expires_at: { gt: new Date() } },
    select: { id: true, kind: true, created_at: true, last_used_at: true, expires_at: true, ip: true, user_agent: true },
    orderBy: [{ last_used_at: 'desc' }, { created_at: 'desc' }],
    // An API client that signs in on every run and never logs out leaves many; the screen shows the recent ones.
    take: 200,
  });
}

/** The user's working sessions for the screen and its API; `unknownDevice` names an agent nothing recognises. */
export async function sessionViews(user: { id: number; sessionId: string }, unknownDevice: string): Promise<OwnSessionView[]> {
  return (await activeSessions(user.id)).map((session) => {
    const device = describeUserAgent(session.user_agent);
    return {
      ...session,
      created_at: session.created_at.toISOString(),
      last_used_at: session.last_used_at.toISOString(),
      expires_at: session.expires_at.toISOString(),
      device: device.label || unknownDevice,
      device_kind: device.kind,
      current: session.id === user.sessionId,
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ends one of the user's own sessions. False when the id names no session of theirs that still
 * works (another user's, an unknown one, one already over): the caller answers 404 alike, so
 * nobody learns whether someone else's session exists.
 */
export async function endOwnSession(userId: number, sessionId: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const { count } = await prisma.authSession.updateMany({
    where: { id: sessionId, user_id: userId, revoked_at: null, expires_at: { gt: new Date() } },
    data: { revoked_at: new Date(), refresh_token_hash: null },
  });
  // Its cached actor goes at once: the next call with its token is refused (401).
  await forgetActor(sessionId);
  return count === 1;
}
