// Sealing a SEP document's cadena original with a responsable's e.firma, as the title and the
// certificate of studies both do: SHA256withRSA over the cadena's UTF-8 bytes, in Base64, with the
// certificate (Base64 of the .cer) and its 20-digit number that go into the XML beside the seal.
import { type Credential, verifySeal } from './credential';

/** What a sealed SEP document carries about its seal. */
export type SepSeal = { sello: string; certificadoResponsable: string; noCertificadoResponsable: string };

export function sealCadena(credential: Credential, cadena: string): SepSeal {
  return { sello: credential.sign(cadena), certificadoResponsable: credential.certificate.base64, noCertificadoResponsable: credential.certificate.number };
}

/** Whether a seal read from a document is the seal of that cadena by the certificate the document names. */
export function sealVerifies(seal: SepSeal, cadena: string): boolean {
  if (!seal.sello || !seal.certificadoResponsable) return false;
  try {
    return verifySeal(seal.certificadoResponsable, cadena, seal.sello);
  } catch {
    // A certificate that does not read proves nothing.
    return false;
  }
}
