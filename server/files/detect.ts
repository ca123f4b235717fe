// What a file is, read from its bytes: an upload's name and the browser's content type are only
// claims. Pure functions over the first bytes (certificates are parsed whole by node:crypto).
import { X509Certificate } from 'node:crypto';

export type FileKind = 'pdf' | 'image' | 'certificate' | 'private-key';

export type DetectedFile = { kind: FileKind; mime: string; extension: string };

/** The largest file an upload may carry (spec: "Upload files must be under 5MB"). */
export { MAX_UPLOAD_BYTES } from '@/lib/limits';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) => prefix.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// OID 1.2.840.113549.1.5.13 (PBES2), how SAT's e.firma keys (.key, PKCS#8) are encrypted.
const PBES2_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d];

function isEncryptedPkcs8(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x30) return false;
  const head = Array.from(bytes.subarray(0, 24));
  return head.some((_, i) => startsWith(bytes, PBES2_OID, i));
}

function isCertificate(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x30) return false;
  try {
    new X509Certificate(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return true;
  } catch {
    return false;
  }
}

export function detectFile(bytes: Uint8Array): DetectedFile | null {
  if (startsWith(bytes, ascii('%PDF-'))) return { kind: 'pdf', mime: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { kind: 'image', mime: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { kind: 'image', mime: 'image/webp', extension: 'webp' };
  if (isEncryptedPkcs8(bytes)) return { kind: 'private-key', mime: 'application/pkcs8', extension: 'key' };
  if (isCertificate(bytes)) return { kind: 'certificate', mime: 'application/pkix-cert', extension: 'cer' };
  return null;
}

/** The content type of a stored file, from the extension it was stored with (its detected kind). */
export function mimeOfStored(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', cer: 'application/pkix-cert', key: 'application/pkcs8' };
  return known[extension] ?? 'application/octet-stream';
}

/**
 * A file name safe to store and to send back: no folders, no control or reserved characters,
 * accents kept, at most 120 characters, ending in the extension of what the bytes are. Invisible
 * direction marks go too: with a right-to-left override, "factura\u202Efdp.png" reads as
 * "facturagnp.pdf" in a file list.
 */
export function safeFileName(original: string, extension: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const clean = stem
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"|?*\\/\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return `${clean || 'archivo'}.${extension}`;
}
