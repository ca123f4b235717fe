// The school's CSD (certificado de sello digital), kept in the settings row: the certificate as
// Base64, the private key and its password encrypted. Uploading checks that the three open
// together and belong to the school's RFC; sealing opens them again and refuses a certificate
// outside its validity (SAT rejects an invoice sealed with one).
import { decryptSecret, encryptSecret } from '@/server/auth/crypto';
import { badRequest, conflict, msg } from '@/server/errors';
import { type Credential, CredentialError, openCredential } from './credential';

type StoredCsd = { csd_certificate: string | null; csd_key: string | null; csd_password: string | null; fiscal_rfc: string };

/**
 * The columns a settings update writes for the CSD parts it carries (a part left out keeps the
 * stored one). Throws 400 naming the field when the parts do not open together.
 */
export function csdColumns(input: { csd_certificate?: unknown; csd_key?: unknown; csd_password?: unknown; fiscal_rfc?: unknown }, stored: StoredCsd | null): Record<string, unknown> {
  const sent = (value: unknown) => typeof value === 'string' && value !== '';
  if (!sent(input.csd_certificate) && !sent(input.csd_key) && !sent(input.csd_password)) return {};
  const certificate = sent(input.csd_certificate) ? String(input.csd_certificate) : stored?.csd_certificate;
  const key = sent(input.csd_key) ? String(input.csd_key) : stored?.csd_key ? decryptSecret(stored.csd_key) : null;
  const password = sent(input.csd_password) ? String(input.csd_password) : stored?.csd_password ? decryptSecret(stored.csd_password) : null;
  const missing = Object.entries({ csd_certificate: certificate, csd_key: key, csd_password: password }).filter(([, value]) => !value);
  if (missing.length) throw badRequest(Object.fromEntries(missing.map(([name]) => [name, [msg('invoicing.csd.part_required')]])));
  let credential: Credential;
  try {
    credential = openCredential(certificate!, key!, password!);
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    const field = error.part === 'certificate' ? 'csd_certificate' : error.part === 'pair' ? 'csd_key' : 'csd_password';
    throw badRequest({ [field]: [msg(`invoicing.csd.${error.part === 'certificate' ? 'certificate_unreadable' : error.part === 'pair' ? 'pair_mismatch' : 'key_unopened'}`)] });
  }
  const rfc = String(input.fiscal_rfc ?? stored?.fiscal_rfc ?? '');
  if (rfc && credential.certificate.rfc && credential.certificate.rfc !== rfc) {
    throw badRequest({ csd_certificate: [msg('invoicing.csd.other_rfc', { rfc: credential.certificate.rfc, school: rfc })] });
  }
  return {
    csd_certificate: credential.certificate.base64,
    csd_key: encryptSecret(key!),
    csd_password: encryptSecret(password!),
    csd_number: credential.certificate.number,
    csd_valid_from: credential.certificate.validFrom,
    csd_valid_to: credential.certificate.validTo,
  };
}

/** The school's CSD, open and valid at `at`; 409 with what staff must do when it is not. */
export function openSchoolCsd(stored: StoredCsd | null, at: Date): Credential {
  if (!stored?.csd_certificate || !stored.csd_key || !stored.csd_password) throw conflict('invoicing.csd.missing');
  const credential = openCredential(stored.csd_certificate, decryptSecret(stored.csd_key), decryptSecret(stored.csd_password));
  if (!credential.validAt(at)) {
    const day = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');
    throw conflict('invoicing.csd.out_of_validity', { from: day(credential.certificate.validFrom), to: day(credential.certificate.validTo) });
  }
  return credential;
}
