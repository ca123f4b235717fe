// Keys derived from AUTH_SECRET, one per purpose, so that a leak of one use does not expose another.
import { hkdfSync } from 'node:crypto';
import { authSecret } from '@/server/env';

const cache = new Map<string, Uint8Array>();

export function derivedKey(purpose: 'access-token' | 'encryption' | 'next-auth'): Uint8Array {
  let key = cache.get(purpose);
  if (!key) {
    const secret = authSecret();
    if (!secret) throw new Error('AUTH_SECRET is not set');
    key = new Uint8Array(hkdfSync('sha256', secret, 'plantel', purpose, 32));
    cache.set(purpose, key);
  }
  return key;
}

export function nextAuthSecret(): string {
  return Buffer.from(derivedKey('next-auth')).toString('base64url');
}
