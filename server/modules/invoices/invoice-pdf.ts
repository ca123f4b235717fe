// The printed representation of a stamped CFDI (pdfkit): issuer and receiver, the concepts with
// their taxes and IEDU data, the totals, and what SAT requires on paper — the fiscal folio, the
// seals of the CFDI and of SAT, the certificate numbers, the cadena original of the stamp, and the
// QR code of SAT's verification service.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { stampCadena } from '@/lib/cfdi/document';
import { formatMoney } from '@/lib/format';
import type { Translate } from '@/server/i18n/messages';
import type { InvoiceForCfdi } from './cfdi';

const attribute = (xml: string, element: string, name: string) => new RegExp(`<(?:\\w+:)?${element}\\b[^>]*?\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';

/** SAT's verification address for a CFDI (Anexo 20: id, issuer, receiver, total, last 8 of the seal). */
export function verificationUrl(xml: string): string {
  const seal = attribute(xml, 'Comprobante', 'Sello');
  const query = new URLSearchParams({ id: attribute(xml, 'TimbreFiscalDigital', 'UUID'), re: attribute(xml, 'Emisor', 'Rfc'), rr: attribute(xml, 'Receptor', 'Rfc'), tt: attribute(xml, 'Comprobante', 'Total'), fe: seal.slice(-8) });
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${query.toString().replace(/%2B/g, '+').replace(/%2F/g, '/').replace(/%3D/g, '=')}`;
}

export async function invoicePdf(invoice: InvoiceForCfdi, t: Translate): Promise<Buffer> {
  const xml = invoice.xml ?? '';
  const stamp = {
    UUID: attribute(xml, 'TimbreFiscalDigital', 'UUID'),
    FechaTimbrado: attribute(xml, 'TimbreFiscalDigital', 'FechaTimbrado'),
    RfcProvCertif: attribute(xml, 'TimbreFiscalDigital', 'RfcProvCertif'),
    Leyenda: attribute(xml, 'TimbreFiscalDigital', 'Leyenda') || undefined,
    SelloCFD: attribute(xml, 'TimbreFiscalDigital', 'SelloCFD'),
    NoCertificadoSAT: attribute(xml, 'TimbreFiscalDigital', 'NoCertificadoSAT'),
  };
  const qr = await QRCode.toBuffer(verificationUrl(xml), { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, info: { Title: `${t('invoicing.pdf.title')} ${invoice.serie ?? ''}${invoice.folio ?? ''}`, Author: invoice.fiscal_social_reason } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const label = (key: string, value: string) => doc.font('Helvetica-Bold').text(`${t(key)}: `, { continued: true }).font('Helvetica').text(value);

  doc.font('Helvetica-Bold').fontSize(13).text(invoice.fiscal_social_reason, left, 36, { width: width - 200 });
  doc.font('Helvetica').fontSize(8.5);
  label('invoicing.pdf.rfc', invoice.fiscal_rfc);
  label('invoicing.pdf.regime', invoice.fiscal_regime?.code ?? '');
  label('invoicing.pdf.place', invoice.expedition_place ?? '');
  const boxTop = 36;
  doc.font('Helvetica-Bold').fontSize(11).text(`${t('invoicing.pdf.title')} ${invoice.serie ?? ''}${invoice.folio ?? ''}`, left + width - 190, boxTop, { width: 190, align: 'right' });
  doc.font('Helvetica').fontSize(8).text(`${t('invoicing.pdf.uuid')}: ${stamp.UUID}`, left + width - 190, doc.y, { width: 190, align: 'right' });
  doc.text(`${t('invoicing.pdf.issued')}: ${attribute(xml, 'Comprobante', 'Fecha').replace('T', ' ')}`, { width: 190, align: 'right' });
  doc.text(`${t('invoicing.pdf.stamped')}: ${stamp.FechaTimbrado.replace('T', ' ')}`, { width: 190, align: 'right' });
  if (invoice.status === 'CANCELLED') doc.font('Helvetica-Bold').fillColor('#b00020').text(t('invoicing.pdf.cancelled'), { width: 190, align: 'right' }).fillColor('black');

  doc.moveDown(1.2);
  doc.x = left;
  doc.font('Helvetica-Bold').fontSize(9).text(t('invoicing.pdf.receiver'), left);
  doc.font('Helvetica').fontSize(8.5);
  doc.text(`${invoice.social_reason} · ${invoice.rfc}`);
  doc.text(`${t('invoicing.pdf.receiver_postal')}: ${attribute(xml, 'Receptor', 'DomicilioFiscalReceptor')} · ${t('invoicing.pdf.regime')}: ${attribute(xml, 'Receptor', 'RegimenFiscalReceptor')} · ${t('invoicing.pdf.use')}: ${attribute(xml, 'Receptor', 'UsoCFDI')}`);
  doc.text(`${t('invoicing.pdf.payment_form')}: ${attribute(xml, 'Comprobante', 'FormaPago')} · ${t('invoicing.pdf.payment_method')}: ${attribute(xml, 'Comprobante', 'MetodoPago')} · ${t('invoicing.pdf.currency')}: ${attribute(xml, 'Comprobante', 'Moneda')}`);
  doc.moveDown(0.8);

  const columns = [
    { key: 'code', width: 62, align: 'left' },
    { key: 'qty', width: 40, align: 'right' },
    { key: 'unit', width: 38, align: 'left' },
    { key: 'description', width: width - 62 - 40 - 38 - 70 - 60 - 70, align: 'left' },
    { key: 'price', width: 70, align: 'right' },
    { key: 'discount', width: 60, align: 'right' },
    { key: 'amount', width: 70, align: 'right' },
  ] as const;
  const row = (cells: Record<(typeof columns)[number]['key'], string>, bold = false) => {
    const top = doc.y;
    let x = left;
    let bottom = top;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    for (const column of columns) {
      doc.text(cells[column.key], x, top, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    }
    doc.y = bottom + 3;
  };
  row({ code: t('invoicing.pdf.code'), qty: t('invoicing.pdf.qty'), unit: t('invoicing.pdf.unit'), description: t('invoicing.pdf.description'), price: t('invoicing.pdf.price'), discount: t('invoicing.pdf.discount'), amount: t('invoicing.pdf.amount') }, true);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.moveDown(0.3);
  for (const concept of invoice.concepts) {
    const taxes = concept.taxes.map((tax) => `${tax.is_retention ? t('invoicing.pdf.withheld') : t('invoicing.pdf.transferred')} ${tax.tax === '002' ? 'IVA' : tax.tax === '001' ? 'ISR' : 'IEPS'} ${tax.factor_type === 'Exento' ? t('invoicing.pdf.exempt') : `${Number(tax.rate) * 100}%`}`).join(', ');
    const iedu = concept.iedu as { nombreAlumno?: string; CURP?: string; nivelEducativo?: string; autRVOE?: string } | null;
    const extra = [taxes, iedu ? `IEDU: ${iedu.nombreAlumno} · ${iedu.CURP} · ${iedu.nivelEducativo} · RVOE ${iedu.autRVOE}` : ''].filter(Boolean).join('\n');
    row({
      code: concept.prod_serv.code,
      qty: String(Number(concept.qty)),
      unit: concept.unit.code,
      description: `${concept.description}${extra ? `\n${extra}` : ''}`,
      price: formatMoney(concept.unit_value.toFixed(2)),
      discount: concept.discount.isZero() ? '' : formatMoney(concept.discount.toFixed(2)),
      amount: formatMoney((concept.qty.times(concept.unit_value)).toFixed(2)),
    });
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.moveDown(0.4);
  const total = (key: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).text(`${t(key)}  ${value}`, left, doc.y, { width, align: 'right' });
  };
  total('invoicing.pdf.subtotal', formatMoney(attribute(xml, 'Comprobante', 'SubTotal')));
  if (attribute(xml, 'Comprobante', 'Descuento')) total('invoicing.pdf.discount', formatMoney(attribute(xml, 'Comprobante', 'Descuento')));
  const transferred = attribute(xml, 'Impuestos', 'TotalImpuestosTrasladados');
  if (transferred) total('invoicing.pdf.transferred_total', formatMoney(transferred));
  const withheld = attribute(xml, 'Impuestos', 'TotalImpuestosRetenidos');
  if (withheld) total('invoicing.pdf.withheld_total', formatMoney(withheld));
  total('invoicing.pdf.total', formatMoney(attribute(xml, 'Comprobante', 'Total')), true);

  doc.moveDown(1);
  const sealsTop = doc.y;
  doc.image(qr, left, sealsTop, { width: 110 });
  const textLeft = left + 120;
  const textWidth = width - 120;
  const block = (key: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(7).text(t(key), textLeft, doc.y, { width: textWidth });
    doc.font('Courier').fontSize(6).text(value, textLeft, doc.y, { width: textWidth });
    doc.moveDown(0.3);
  };
  doc.y = sealsTop;
  block('invoicing.pdf.certificate', `${attribute(xml, 'Comprobante', 'NoCertificado')} · ${t('invoicing.pdf.sat_certificate')}: ${stamp.NoCertificadoSAT} · ${t('invoicing.pdf.pac')}: ${stamp.RfcProvCertif}`);
  block('invoicing.pdf.cfdi_seal', attribute(xml, 'Comprobante', 'Sello'));
  block('invoicing.pdf.sat_seal', attribute(xml, 'TimbreFiscalDigital', 'SelloSAT'));
  block('invoicing.pdf.stamp_cadena', stampCadena(stamp));
  if (stamp.Leyenda) block('invoicing.pdf.legend', stamp.Leyenda);
  doc.font('Helvetica').fontSize(7).text(t('invoicing.pdf.representation'), left, Math.max(doc.y, sealsTop + 120), { width, align: 'center' });
  doc.end();
  return done;
}
