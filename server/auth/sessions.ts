// Sessions and refresh-token rotation. A reused (already rotated) refresh token revokes its
// session: whoever holds a stolen copy and the owner both have to sign in again.
import { randomUUID } from 'node:crypto';
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

export async function revokeUserSessions(userId: number, exceptSessionId?: string): Promise<void> {
  await prisma.authSession.updateMany({
    where: { user_id: userId, revoked_at: null, ...(exceptSessionId ? { NOT: { id: exceptSessionId } } : {}) },
    data: { revoked_at: new Date(), refresh_token_hash: null },
  });
  await forgetActor();
}
