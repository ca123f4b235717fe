// Keys derived from AUTH_SECRET, one per purpose, so that a leak of one use does not expose another.
import { hkdfSync } from 'node:crypto';
import { authSecret } from '@/server/env';

const cache = new Map<string, Uint8Array>();

export type KeyPurpose = 'access-token' | 'encryption' | 'next-auth';

/** The key of a purpose under a given secret (the seed encrypts before the server's env exists). */
export function keyFromSecret(secret: string, purpose: KeyPurpose): Uint8Array {
  if (!secret) throw new Error('AUTH_SECRET is not set');
  return new Uint8Array(hkdfSync('sha256', secret, 'plantel', purpose, 32));
}

export function derivedKey(purpose: KeyPurpose): Uint8Array {
  let key = cache.get(purpose);
  if (!key) {
    key = keyFromSecret(authSecret(), purpose);
    cache.set(purpose, key);
  }
  return key;
}

export function nextAuthSecret(): string {
  return Buffer.from(derivedKey('next-auth')).toString('base64url');
}
