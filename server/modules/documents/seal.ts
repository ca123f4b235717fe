// The cryptography of an issued document, as small pure functions: the SHA-256 of its canonical
// JSON and of its PDF's bytes, the seal (SHA256withRSA with the school's CSD, Base64) and its
// verification against the certificate kept with the document, and the token its QR code carries.
import { createHash, randomBytes } from 'node:crypto';
import { type Credential, verifySeal } from '@/server/esign/credential';

/** 128 random bits: nobody can reach a document's page by trying tokens. */
export const TOKEN_BYTES = 16;
/** 16 bytes as base64url without padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function sha256Hex(bytes: string | Uint8Array): string {
  return createHash('sha256').update(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).digest('hex');
}

/** A new verification token (base64url of 16 random bytes). */
export function newToken(random: (size: number) => Buffer = randomBytes): string {
  return random(TOKEN_BYTES).toString('base64url');
}

/** Whether a text has a token's shape; the page answers anything else as it answers an unknown token. */
export function isToken(text: unknown): text is string {
  return typeof text === 'string' && TOKEN_PATTERN.test(text) && Buffer.from(text, 'base64url').length === TOKEN_BYTES;
}

export type Seal = { data_sha256: string; seal: string; cert_number: string; certificate: string };

/** Seals a document's canonical JSON with the school's credential. */
export function sealData(data: string, credential: Pick<Credential, 'sign' | 'certificate'>): Seal {
  return { data_sha256: sha256Hex(data), seal: credential.sign(data), cert_number: credential.certificate.number, certificate: credential.certificate.base64 };
}

/**
 * Whether a stored document still says what was sealed: its hash matches its data and the seal
 * verifies with the certificate's public key. Any unreadable part is a failed check, never a throw.
 */
export function verifySealedData(stored: { data: string; data_sha256: string; seal: string; certificate: string }): boolean {
  if (sha256Hex(stored.data) !== stored.data_sha256) return false;
  try {
    return verifySeal(stored.certificate, stored.data, stored.seal);
  } catch {
    return false;
  }
}
