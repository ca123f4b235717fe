// A title signer's e.firma as the school hands it in (the .cer and .key as Base64, the key's
// password). Both ways of storing one — the signers' form and update_title_certs/ — check that it
// reads, opens and belongs together, so neither keeps a key that would only fail on the day a
// title is signed. Renewing (update_title_certs/) also asks that it be valid now and name that
// signer's CURP; the form keeps one uploaded ahead of its validity, and signing judges it then.
import { isoDay } from '@/lib/dates';
import { decryptSecret } from '@/server/auth/crypto';
import { badRequest, conflict, msg } from '@/server/errors';
import { type CertificateInfo, type Credential, CredentialError, openCredential, readCertificate } from '@/server/esign/credential';

/** The certificate of a credential that opens, or the 400 on the field at fault. */
export function checkedCredential(given: { certificate: string; key: string; password: string }): CertificateInfo {
  let credential;
  try {
    credential = openCredential(given.certificate, given.key, given.password);
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    // The password is what a person mistypes; a key of another certificate is the key's fault.
    const field = error.part === 'certificate' ? 'certificate' : error.part === 'key' ? 'key_password' : 'key';
    throw badRequest({ [field]: [msg(`titles.errors.credential_${error.part}`)] });
  }
  return credential.certificate;
}

/** A certificate alone (its key comes later): it must read. */
export function checkedCertificate(certificate: string): CertificateInfo {
  try {
    return readCertificate(certificate).info;
  } catch {
    throw badRequest({ certificate: [msg('titles.errors.credential_certificate')] });
  }
}

/** The certificate is valid at that moment and names the signer (400 on the certificate otherwise). */
export function checkHolder(info: CertificateInfo, curp: string | null, at = new Date()) {
  if (at < info.validFrom || at > info.validTo) throw badRequest({ certificate: [msg('titles.errors.certificate_expired', { date: isoDay(info.validTo) })] });
  // A person's e.firma names them; a company's certificate names no CURP.
  if (info.curp && curp && info.curp !== curp) throw badRequest({ certificate: [msg('titles.errors.certificate_curp')] });
}

/** What opening a stored signer's e.firma reads of their record. */
export type StoredSigner = {
  names: string;
  first_name: string;
  second_name: string | null;
  curp: string;
  status: boolean;
  certificate: string | null;
  key: string | null;
  key_password: string | null;
};

export const signerName = (signer: { names: string; first_name: string; second_name: string | null }) => [signer.names, signer.first_name, signer.second_name].filter(Boolean).join(' ');

/**
 * A responsable's stored e.firma opened to seal at a moment (a title, a certificate of studies), or
 * the 409 that says, naming them, why it cannot: inactive, no e.firma, a key that does not open,
 * expired, or another person's certificate.
 */
export function openSignerEfirma(row: StoredSigner, at: Date): Credential {
  const name = signerName(row);
  if (!row.status) throw conflict('titles.errors.signer_inactive', { name });
  if (!row.certificate || !row.key || !row.key_password) throw conflict('titles.errors.signer_no_certificate', { name });
  let credential: Credential;
  try {
    credential = openCredential(row.certificate, decryptSecret(row.key), decryptSecret(row.key_password));
  } catch (error) {
    if (error instanceof Error) throw conflict('titles.errors.signer_key', { name });
    throw error;
  }
  if (!credential.validAt(at)) throw conflict('titles.errors.signer_expired', { name, date: isoDay(credential.certificate.validTo) });
  // An e.firma names its holder: another person's certificate cannot seal in this signer's name.
  if (credential.certificate.curp && credential.certificate.curp !== row.curp) throw conflict('titles.errors.signer_curp', { name });
  return credential;
}
