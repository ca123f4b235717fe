// Password hashing. New hashes are argon2id (OWASP's minimum profile: 19 MiB, 2 passes). Users
// imported from the old Django system keep `pbkdf2_sha256$iterations$salt$hash` until they sign
// in once, when the caller rehashes them (see needsRehash).
import { pbkdf2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { argon2Verify, argon2id } from 'hash-wasm';

const pbkdf2Async = promisify(pbkdf2);

const ARGON2 = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...ARGON2, password, salt: randomBytes(16), outputType: 'encoded' });
}

async function verifyDjangoPbkdf2(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 4) return false;
  const [, iterationsText, salt, expectedBase64] = parts;
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 10_000_000 || !salt || !expectedBase64) return false;
  const expected = Buffer.from(expectedBase64, 'base64');
  if (expected.length === 0) return false;
  const actual = await pbkdf2Async(password, salt, iterations, expected.length, 'sha256');
  return timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (!encoded) return false;
  if (encoded.startsWith('pbkdf2_sha256$')) return verifyDjangoPbkdf2(password, encoded);
  if (encoded.startsWith('$argon2id$')) {
    try {
      return await argon2Verify({ password, hash: encoded });
    } catch {
      return false;
    }
  }
  return false;
}

/** True when a stored hash is not (current) argon2id and should be replaced after a good login. */
export function needsRehash(encoded: string): boolean {
  return !encoded.startsWith(`$argon2id$v=19$m=${ARGON2.memorySize},t=${ARGON2.iterations},p=${ARGON2.parallelism}$`);
}

/** A hash that no password matches, compared against when the username does not exist. */
export const UNUSABLE_PASSWORD = '!unusable';

/** Letters and digits that cannot be mistaken for one another on paper (no 0/O, 1/l/I). */
const READABLE = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random first password to print or e-mail (10 characters of 55: about 58 bits). */
export function randomPassword(length = 10): string {
  let password = '';
  for (let index = 0; index < length; index += 1) password += READABLE[randomInt(READABLE.length)];
  return password;
}
