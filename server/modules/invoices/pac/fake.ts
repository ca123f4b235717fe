// A local stand-in for Finkok that speaks its SOAP protocol, for the demo and the tests (no PAC
// accepts the demo's fictitious CSD). It checks what a PAC checks first — the XML against SAT's
// schemas, the certificate against NoCertificado and the issuer's RFC, the certificate's validity
// and SAT's 72-hour window for Fecha — and stamps: a tfd:TimbreFiscalDigital 1.1 with a new UUID,
// sealed with SAT's public test CSD standing in for SAT's own certificate. Cancelling follows SAT's
// rule that an invoice over $1,000 to a named receiver waits for the receiver to accept.
// One documented trigger makes a PAC error on purpose: a receiver's fiscal postal code 00000
// answers CFDI40147 (the receiver's address does not match SAT's records).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stampCadena } from '@/lib/cfdi/document';
import { mexicoTime } from '@/lib/cfdi/time';
import { type Credential, openCredential, readCertificate } from '@/server/esign/credential';
import { standardsPath, validateXml } from '@/server/esign/xsd';
import { elementTexts, escapeXml, type FinkokService, type FinkokTransport } from './finkok';

/** SAT's RFC for a PAC in SAT's own test examples. */
export const FAKE_PAC_RFC = 'SPR190613I52';
const LEGEND = 'Timbrado por el PAC de pruebas de Plantel: sin validez fiscal';

let satStandIn: Credential | null = null;
function satCredential(): Credential {
  satStandIn ??= openCredential(readFileSync(standardsPath('sat-test-csd', 'EKU9003173C9.cer')), readFileSync(standardsPath('sat-test-csd', 'EKU9003173C9.key')), readFileSync(standardsPath('sat-test-csd', 'EKU9003173C9-password.txt'), 'utf8'));
  return satStandIn;
}

const attribute = (xml: string, element: string, name: string) => new RegExp(`<cfdi:${element}\\b[^>]*?\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';


const envelope = (service: FinkokService, method: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="http://facturacion.finkok.com/${service}" xmlns:s0="apps.services.soap.core.views"><senv:Body><tns:${method}Response><tns:${method}Result>${inner}</tns:${method}Result></tns:${method}Response></senv:Body></senv:Envelope>`;

const incident = (code: string, message: string) =>
  envelope('stamp', 'stamp', `<s0:xml></s0:xml><s0:Incidencias><s0:Incidencia><s0:CodigoError>${escapeXml(code)}</s0:CodigoError><s0:MensajeIncidencia>${escapeXml(message)}</s0:MensajeIncidencia></s0:Incidencia></s0:Incidencias>`);

/**
 * The fake's stamp: a TimbreFiscalDigital with that UUID and time, sealed by SAT's test CSD (the
 * demo seed stamps its invoices with it too, keeping the UUIDs of its data).
 */
export function fakeStamp(xml: string, { uuid, at }: { uuid: string; at: Date }) {
  const sat = satCredential();
  const fields = { UUID: uuid, FechaTimbrado: mexicoTime(at), RfcProvCertif: FAKE_PAC_RFC, Leyenda: LEGEND, SelloCFD: attribute(xml, 'Comprobante', 'Sello'), NoCertificadoSAT: sat.certificate.number };
  const seal = sat.sign(stampCadena(fields));
  stampedFolios.set(fields.UUID, { total: Number(attribute(xml, 'Comprobante', 'Total')), receiver: attribute(xml, 'Receptor', 'Rfc') });
  const attributes = Object.entries({ Version: '1.1', ...fields, SelloSAT: seal })
    .map(([name, value]) => `${name}="${escapeXml(value)}"`)
    .join(' ');
  const tfd = `<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" ${attributes}/>`;
  const stamped = xml.includes('</cfdi:Complemento>') ? xml.replace('</cfdi:Complemento>', `${tfd}</cfdi:Complemento>`) : xml.replace('</cfdi:Comprobante>', `<cfdi:Complemento>${tfd}</cfdi:Complemento></cfdi:Comprobante>`);
  return { xml: stamped, fields, seal };
}

async function stamp(request: string, now: Date): Promise<string> {
  const xml = Buffer.from(elementTexts(request, 'xml')[0] ?? '', 'base64').toString('utf8');
  const schema = await validateXml(xml, 'cfdi40');
  if (!schema.valid) return incident('301', `XML mal formado: ${schema.problems[0]?.message ?? ''}`);
  let certificate;
  try {
    certificate = readCertificate(attribute(xml, 'Comprobante', 'Certificado')).info;
  } catch {
    return incident('303', 'Sello no corresponde a emisor: el certificado no se puede leer');
  }
  if (certificate.number !== attribute(xml, 'Comprobante', 'NoCertificado')) return incident('303', 'Sello no corresponde a emisor: NoCertificado no es el del certificado');
  if (certificate.rfc && certificate.rfc !== attribute(xml, 'Emisor', 'Rfc')) return incident('303', 'Sello no corresponde a emisor: el RFC del emisor no es el del certificado');
  const issued = new Date(`${attribute(xml, 'Comprobante', 'Fecha')}-06:00`);
  if (issued < certificate.validFrom || issued > certificate.validTo) return incident('304', 'Certificado revocado o caduco');
  if (Math.abs(now.getTime() - issued.getTime()) > 72 * 3_600_000) return incident('401', 'Fecha y hora de generación fuera de rango');
  if (attribute(xml, 'Receptor', 'DomicilioFiscalReceptor') === '00000') {
    return incident('CFDI40147', 'El campo DomicilioFiscalReceptor del receptor no coincide con el valor del código postal registrado en el SAT.');
  }
  const { xml: stamped, fields, seal } = fakeStamp(xml, { uuid: randomUUID().toUpperCase(), at: now });
  return envelope(
    'stamp',
    'stamp',
    `<s0:xml>${escapeXml(stamped)}</s0:xml><s0:UUID>${fields.UUID}</s0:UUID><s0:Fecha>${fields.FechaTimbrado}</s0:Fecha><s0:CodEstatus>Comprobante timbrado satisfactoriamente</s0:CodEstatus><s0:SatSeal>${seal}</s0:SatSeal><s0:NoCertificadoSAT>${fields.NoCertificadoSAT}</s0:NoCertificadoSAT>`,
  );
}

function cancel(request: string): string {
  const uuid = /<(?:\w+:)?UUID\s+UUID="([^"]*)"/.exec(request)?.[1] ?? '';
  const reason = /Motivo="([^"]*)"/.exec(request)?.[1] ?? '';
  const substitute = /FolioSustitucion="([^"]*)"/.exec(request)?.[1] ?? '';
  const folio = (status: string, progress: string) =>
    envelope('cancel', 'cancel', `<s0:Folios><s0:Folio><s0:EstatusUUID>${status}</s0:EstatusUUID><s0:UUID>${escapeXml(uuid)}</s0:UUID><s0:EstatusCancelacion>${progress}</s0:EstatusCancelacion></s0:Folio></s0:Folios>`);
  if (!/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i.test(uuid)) return folio('205', 'UUID no existe');
  if (reason === '01' && !substitute) return envelope('cancel', 'cancel', `<s0:CodEstatus>CA301 El motivo 01 requiere el folio fiscal que lo sustituye</s0:CodEstatus>`);
  // SAT asks the receiver to accept the cancellation of an invoice over $1,000 made out to them.
  const stamped = stampedFolios.get(uuid.toUpperCase());
  if (stamped && stamped.total > 1000 && stamped.receiver !== 'XAXX010101000') {
    pendingAcceptance.add(uuid.toUpperCase());
    return folio('201', 'En proceso');
  }
  return folio('201', 'Cancelado sin aceptación');
}

function status(request: string): string {
  const uuid = (elementTexts(request, 'uuid')[0] ?? '').toUpperCase();
  // The receiver accepts a requested cancellation by the next time it is asked about.
  const waited = pendingAcceptance.delete(uuid);
  return envelope('cancel', 'get_sat_status', `<s0:sat><s0:Estado>Cancelado</s0:Estado><s0:EstatusCancelacion>${waited ? 'Cancelado con aceptación' : 'Cancelado sin aceptación'}</s0:EstatusCancelacion><s0:EsCancelable>No cancelable</s0:EsCancelable><s0:CodigoEstatus>S - Comprobante obtenido satisfactoriamente.</s0:CodigoEstatus></s0:sat>`);
}

/** What the fake stamped (as a PAC keeps it), and the cancellations waiting for the receiver. */
const stampedFolios = new Map<string, { total: number; receiver: string }>();
const pendingAcceptance = new Set<string>();

export function fakeFinkok(clock: () => Date = () => new Date()): FinkokTransport {
  return async (service, request) => {
    if (service === 'stamp') return stamp(request, clock());
    if (request.includes('get_sat_status')) return status(request);
    return cancel(request);
  };
}
