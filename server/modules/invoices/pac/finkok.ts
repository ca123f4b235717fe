// Finkok's SOAP web services (wiki.finkok.com): `stamp` on {url}/stamp and `cancel` /
// `get_sat_status` on {url}/cancel, with the account's username and password. The CFDI travels as
// Base64; the stamped XML comes back escaped inside the answer. A cancellation carries the CSD's
// certificate and its key as PEM (the key encrypted with the account's password, DES3, as Finkok asks).
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { type CancelAnswer, type CancelRequest, type Pac, PacUnavailable, type StampAnswer } from './types';

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const STAMP_NS = 'http://facturacion.finkok.com/stamp';
const CANCEL_NS = 'http://facturacion.finkok.com/cancel';
const VIEWS_NS = 'apps.services.soap.core.views';

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_m, code) => String.fromCodePoint(Number(code))).replace(/&amp;/g, '&');

/** The text of every element with that local name, whatever its prefix. */
export function elementTexts(xml: string, name: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g');
  for (const match of xml.matchAll(pattern)) found.push(unescapeXml(match[1].trim()));
  return found;
}

export type FinkokService = 'stamp' | 'cancel';
/** Sends one SOAP envelope to a Finkok service and gives back the answer's text. */
export type FinkokTransport = (service: FinkokService, envelope: string) => Promise<string>;

/** Finkok over HTTPS: {url}/stamp and {url}/cancel. */
export function httpTransport(url: string, timeoutMs = 30_000): FinkokTransport {
  return async (service, envelope) => {
    let answer: Response;
    try {
      answer = await fetch(`${url.replace(/\/$/, '')}/${service}`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: envelope,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PacUnavailable(`Finkok ${service}: ${(error as Error).message}`);
    }
    const text = await answer.text();
    if (!answer.ok && !text.includes('Envelope')) throw new PacUnavailable(`Finkok ${service}: HTTP ${answer.status}`);
    return text;
  };
}

export class FinkokPac implements Pac {
  constructor(
    private readonly transport: FinkokTransport,
    private readonly username: string,
    private readonly password: string,
    readonly name = 'finkok',
  ) {}

  private async call(service: FinkokService, body: string): Promise<string> {
    const text = await this.transport(service, `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP}" xmlns:s="${service === 'stamp' ? STAMP_NS : CANCEL_NS}" xmlns:apps="${VIEWS_NS}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`);
    const fault = elementTexts(text, 'faultstring')[0];
    if (fault) throw new PacUnavailable(`Finkok ${service}: ${fault}`);
    return text;
  }

  private credentials() {
    return `<s:username>${escapeXml(this.username)}</s:username><s:password>${escapeXml(this.password)}</s:password>`;
  }

  async stamp(xml: string): Promise<StampAnswer> {
    const answer = await this.call('stamp', `<s:stamp><s:xml>${Buffer.from(xml, 'utf8').toString('base64')}</s:xml>${this.credentials()}</s:stamp>`);
    const stamped = elementTexts(answer, 'xml')[0];
    const uuid = elementTexts(answer, 'UUID')[0];
    if (stamped && uuid) return { ok: true, xml: stamped, uuid: uuid.toUpperCase(), stampedAt: elementTexts(answer, 'Fecha')[0] ?? '' };
    const code = elementTexts(answer, 'CodigoError')[0] ?? 'PAC';
    const message = elementTexts(answer, 'MensajeIncidencia')[0] ?? elementTexts(answer, 'CodEstatus')[0] ?? 'Finkok did not stamp the invoice';
    return { ok: false, code, message };
  }

  async cancel(request: CancelRequest): Promise<CancelAnswer> {
    const certificate = new X509Certificate(Buffer.from(request.csd.certificate, 'base64')).toString();
    const key = createPrivateKey({ key: request.csd.keyDer, format: 'der', type: 'pkcs8', passphrase: request.csd.password }).export({ type: 'pkcs1', format: 'pem', cipher: 'des-ede3-cbc', passphrase: this.password });
    const uuid = `<apps:UUID UUID="${escapeXml(request.uuid)}" Motivo="${request.reason}" FolioSustitucion="${escapeXml(request.substitute ?? '')}"/>`;
    const answer = await this.call(
      'cancel',
      `<s:cancel><s:UUIDS>${uuid}</s:UUIDS>${this.credentials()}<s:taxpayer_id>${escapeXml(request.issuerRfc)}</s:taxpayer_id><s:cer>${Buffer.from(certificate).toString('base64')}</s:cer><s:key>${Buffer.from(String(key)).toString('base64')}</s:key><s:store_pending>false</s:store_pending></s:cancel>`,
    );
    return readCancel(answer);
  }

  async cancelStatus(request: Pick<CancelRequest, 'uuid' | 'issuerRfc' | 'receiverRfc' | 'total'>): Promise<CancelAnswer> {
    const answer = await this.call(
      'cancel',
      `<s:get_sat_status>${this.credentials()}<s:taxpayer_id>${escapeXml(request.issuerRfc)}</s:taxpayer_id><s:rtaxpayer_id>${escapeXml(request.receiverRfc)}</s:rtaxpayer_id><s:uuid>${escapeXml(request.uuid)}</s:uuid><s:total>${escapeXml(request.total)}</s:total></s:get_sat_status>`,
    );
    const state = elementTexts(answer, 'Estado')[0] ?? '';
    const progress = elementTexts(answer, 'EstatusCancelacion')[0] ?? '';
    if (state === 'Cancelado') return { ok: true, status: 'CANCELLED', message: progress || state };
    if (state === 'Vigente') return { ok: true, status: 'CANCEL_REQUESTED', message: progress || state };
    return { ok: false, code: elementTexts(answer, 'CodigoEstatus')[0] ?? 'PAC', message: elementTexts(answer, 'error')[0] ?? (state || 'Finkok did not answer the status') };
  }
}

/** Finkok's cancel answer: per folio EstatusUUID (201 received, 202 already cancelled) and its progress. */
export function readCancel(answer: string): CancelAnswer {
  const status = elementTexts(answer, 'EstatusUUID')[0];
  const progress = elementTexts(answer, 'EstatusCancelacion')[0] ?? '';
  if (status === '201' || status === '202') {
    const pending = /proceso|pendiente|solicitud/i.test(progress);
    return { ok: true, status: pending ? 'CANCEL_REQUESTED' : 'CANCELLED', message: progress || status };
  }
  return { ok: false, code: status ?? 'PAC', message: elementTexts(answer, 'CodEstatus')[0] ?? (progress || 'Finkok did not cancel the invoice') };
}
