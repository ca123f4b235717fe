// One signing credential of SAT's PKI: a certificate (.cer, DER) and its private key (.key, DER
// PKCS#8 encrypted with a password), as SAT hands them out — the school's CSD seals invoices, a
// title signer's e.firma seals titles. Node's own crypto reads both and signs SHA256withRSA; the
// seal is always computed over the cadena's UTF-8 bytes (accents and Ñ included).
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify, X509Certificate } from 'node:crypto';

export class CredentialError extends Error {
  constructor(
    /** certificate: the .cer does not read; key: the .key or its password; pair: they do not match. */
    readonly part: 'certificate' | 'key' | 'pair',
    message: string,
  ) {
    super(message);
  }
}

export type CertificateInfo = {
  /** SAT's 20-digit certificate number (NoCertificado / noCertificadoResponsable). */
  number: string;
  /** The holder's RFC, from the subject's x500UniqueIdentifier ("RFC / RFC of the legal representative"). */
  rfc: string | null;
  /** The holder's name (CN). */
  name: string | null;
  /** CURP for a person's e.firma (the subject's serialNumber), null for a company's CSD. */
  curp: string | null;
  validFrom: Date;
  validTo: Date;
  /** The .cer as Base64: the invoice's Certificado, the title's certificadoResponsable. */
  base64: string;
  issuer: string;
};

function subjectField(subject: string, names: string[]): string | null {
  for (const line of subject.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && names.includes(line.slice(0, at))) return line.slice(at + 1).trim();
  }
  return null;
}

/** Reads a certificate (DER, or Base64 of the DER) as SAT publishes it. */
export function readCertificate(cer: Uint8Array | string): { info: CertificateInfo; x509: X509Certificate } {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(typeof cer === 'string' ? Buffer.from(cer.replace(/\s+/g, ''), 'base64') : Buffer.from(cer));
  } catch {
    throw new CredentialError('certificate', 'The certificate cannot be read');
  }
  // SAT writes the 20-digit number as the ASCII digits of the serial's bytes.
  const serial = Buffer.from(x509.serialNumber.length % 2 ? `0${x509.serialNumber}` : x509.serialNumber, 'hex').toString('latin1');
  const number = /^\d{20}$/.test(serial) ? serial : x509.serialNumber;
  const unique = subjectField(x509.subject, ['x500UniqueIdentifier', '2.5.4.45']);
  const serialNumber = subjectField(x509.subject, ['serialNumber']);
  const curp = serialNumber?.split('/').map((part) => part.trim()).find((part) => /^[A-Z]{4}\d{6}[HM][A-Z]{5}[0-9A-Z]\d$/.test(part)) ?? null;
  return {
    x509,
    info: {
      number,
      rfc: unique ? unique.split('/')[0].trim() || null : null,
      name: subjectField(x509.subject, ['CN', 'name', '2.5.4.41']),
      curp,
      validFrom: new Date(x509.validFrom),
      validTo: new Date(x509.validTo),
      base64: x509.raw.toString('base64'),
      issuer: subjectField(x509.issuer, ['CN']) ?? x509.issuer,
    },
  };
}

export type Credential = {
  certificate: CertificateInfo;
  /** SHA256withRSA over the text's UTF-8 bytes, as Base64. */
  sign(text: string): string;
  verify(text: string, seal: string): boolean;
  /** Whether the certificate is valid at that moment (its own dates; SAT's revocation list is not consulted). */
  validAt(at: Date): boolean;
};

/** Verifies a Base64 seal over a text with the public key of a certificate (DER or Base64). */
export function verifySeal(certificate: Uint8Array | string, text: string, seal: string): boolean {
  const { x509 } = readCertificate(certificate);
  return verify('sha256', Buffer.from(text, 'utf8'), x509.publicKey, Buffer.from(seal, 'base64'));
}

/** Opens a certificate and its password-protected key, checking that they belong together. */
export function openCredential(cer: Uint8Array | string, key: Uint8Array | string, password: string): Credential {
  const { info, x509 } = readCertificate(cer);
  let privateKey: KeyObject;
  try {
    const der = typeof key === 'string' ? Buffer.from(key.replace(/\s+/g, ''), 'base64') : Buffer.from(key);
    privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase: password });
  } catch {
    throw new CredentialError('key', 'The private key cannot be opened with that password');
  }
  const publicOfKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  if (!publicOfKey.equals(x509.publicKey.export({ format: 'der', type: 'spki' }))) throw new CredentialError('pair', 'The key does not belong to the certificate');
  return {
    certificate: info,
    sign: (text) => sign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64'),
    verify: (text, seal) => verify('sha256', Buffer.from(text, 'utf8'), x509.publicKey, Buffer.from(seal, 'base64')),
    validAt: (at) => at >= info.validFrom && at <= info.validTo,
  };
}
