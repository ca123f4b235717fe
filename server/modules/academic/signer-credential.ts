// A title signer's e.firma as the school hands it in (the .cer and .key as Base64, the key's
// password). Both ways of storing one — the signers' form and update_title_certs/ — check that it
// reads, opens and belongs together, so neither keeps a key that would only fail on the day a
// title is signed. Renewing (update_title_certs/) also asks that it be valid now and name that
// signer's CURP; the form keeps one uploaded ahead of its validity, and signing judges it then.
import { isoDay } from '@/lib/dates';
import { badRequest, msg } from '@/server/errors';
import { type CertificateInfo, CredentialError, openCredential, readCertificate } from '@/server/esign/credential';

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
