import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '@/server/auth/password';
import { composeRefreshToken, hashMatches, parseRefreshToken, sha256, signAccessToken, verifyAccessToken } from '@/server/auth/tokens';

const key = new TextEncoder().encode('k'.repeat(32));
const otherKey = new TextEncoder().encode('o'.repeat(32));
const settings = { key, issuer: 'plantel', audience: 'plantel-api', minutes: 15 };
const claims = { userId: 7, sessionId: '9b2f8a3e-52c1-4a4b-8a0e-0c2b7d0f4e11' };

describe('access tokens', () => {
  it('a token it signed verifies and carries exp', async () => {
    const { token, exp } = await signAccessToken(claims, settings);
    expect(await verifyAccessToken(token, settings)).toMatchObject(claims);
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.exp).toBe(exp);
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it('rejects alg none', async () => {
    const unsigned = new UnsecuredJWT({ sid: claims.sessionId, typ: 'access' })
      .setSubject('7')
      .setIssuer('plantel')
      .setAudience('plantel-api')
      .setExpirationTime('10m')
      .encode();
    expect(await verifyAccessToken(unsigned, settings)).toBeNull();
  });

  it('rejects an expired token', async () => {
    const { token } = await signAccessToken(claims, settings, new Date(Date.now() - 60 * 60 * 1000));
    expect(await verifyAccessToken(token, settings)).toBeNull();
  });

  it('rejects a wrong audience or issuer', async () => {
    const { token } = await signAccessToken(claims, { ...settings, audience: 'someone-else' });
    expect(await verifyAccessToken(token, settings)).toBeNull();
    const { token: foreign } = await signAccessToken(claims, { ...settings, issuer: 'evil' });
    expect(await verifyAccessToken(foreign, settings)).toBeNull();
  });

  it('rejects a token signed with another key', async () => {
    const { token } = await signAccessToken(claims, { ...settings, key: otherKey });
    expect(await verifyAccessToken(token, settings)).toBeNull();
  });

  it('rejects a token without exp, and a refresh-type token', async () => {
    const noExp = await new SignJWT({ sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('plantel')
      .setAudience('plantel-api')
      .sign(key);
    expect(await verifyAccessToken(noExp, settings)).toBeNull();
    const wrongType = await new SignJWT({ sid: claims.sessionId, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('plantel')
      .setAudience('plantel-api')
      .setExpirationTime('10m')
      .sign(key);
    expect(await verifyAccessToken(wrongType, settings)).toBeNull();
  });

  it('rejects garbage', async () => {
    expect(await verifyAccessToken('not.a.token', settings)).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('round-trips and compares hashes in constant time', () => {
    const token = composeRefreshToken(claims.sessionId, 'A'.repeat(43));
    expect(parseRefreshToken(token)).toEqual({ sessionId: claims.sessionId, secret: 'A'.repeat(43) });
    expect(hashMatches('A'.repeat(43), sha256('A'.repeat(43)))).toBe(true);
    expect(hashMatches('B'.repeat(43), sha256('A'.repeat(43)))).toBe(false);
    expect(hashMatches('A'.repeat(43), null)).toBe(false);
  });
  it.each([[undefined], [''], ['abc'], [42], [`${claims.sessionId}.short`]])('refuses malformed %s', (value) => {
    expect(parseRefreshToken(value)).toBeNull();
  });
});

describe('passwords', () => {
  const django = 'pbkdf2_sha256$180000$btQDcwXF2RoK6Q$D4cC7bgbaIZGHsTdw9TYhRfuLfLGbsZlI4Rp802e7kU=';

  it.each([
    ['hello', true],
    ['Hello', false],
    ['hello ', false],
    ['', false],
    ['goodbye', false],
  ])('the Django vector with %j verifies: %s', async (password, expected) => {
    expect(await verifyPassword(password, django)).toBe(expected);
  });

  it('a malformed Django hash never verifies', async () => {
    expect(await verifyPassword('hello', 'pbkdf2_sha256$abc$salt$hash')).toBe(false);
    expect(await verifyPassword('hello', 'pbkdf2_sha256$180000$btQDcwXF2RoK6Q')).toBe(false);
  });

  it('argon2id hashes verify only their password and need no rehash', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(django)).toBe(true);
  });

  it('unknown hash formats never verify', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
