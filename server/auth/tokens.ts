// Access tokens: short-lived JWTs, HS256 only, issuer and audience pinned, `exp` required.
// Refresh tokens: `<session id>.<random>`; only a SHA-256 of the random part is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { userId: number; sessionId: string };

export type TokenSettings = { key: Uint8Array | CryptoKey; issuer: string; audience: string; minutes: number };

const ALGORITHM = 'HS256';

export async function signAccessToken(claims: AccessClaims, settings: TokenSettings, now = new Date()): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + settings.minutes * 60;
  const token = await new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(settings.key);
  return { token, exp };
}

/** Returns the claims of a valid token and when it expires (ms), or null for any invalid one (never throws). */
export async function verifyAccessToken(token: string, settings: Omit<TokenSettings, 'minutes'>, now?: Date): Promise<(AccessClaims & { expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: [ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['exp', 'sub', 'sid'],
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid, expiresAt: payload.exp! * 1000 };
  } catch {
    return null;
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function composeRefreshToken(sessionId: string, secret: string): string {
  return `${sessionId}.${secret}`;
}

export function parseRefreshToken(token: unknown): { sessionId: string; secret: string } | null {
  if (typeof token !== 'string') return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,})$/.exec(token);
  return match ? { sessionId: match[1], secret: match[2] } : null;
}

export function hashMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
