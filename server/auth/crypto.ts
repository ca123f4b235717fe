// Secrets stored in the database (the e-mail server's password, signing keys) are encrypted with
// AES-256-GCM under a key derived from AUTH_SECRET, and never sent back to a browser.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from './keys';

const PREFIX = 'enc:v1:';

/** `key` is the server's own unless given (the seed passes keyFromSecret(AUTH_SECRET, 'encryption')). */
export function encryptSecret(plain: string, key: Uint8Array = derivedKey('encryption')): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(stored: string): string {
  if (!stored) return '';
  if (!stored.startsWith(PREFIX)) throw new Error('Not an encrypted secret');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey('encryption'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
