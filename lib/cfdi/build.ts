// From an invoice as Plantel keeps it (codes of SAT's catalogues, amounts as text) to the
// CfdiDocument SAT expects: amounts computed by totals.ts, rates with six decimals, the public in
// general's global information, the related invoices, and the IEDU complement per concept.
import type { CfdiConcept, CfdiDocument } from './document';
import { type ConceptInput, invoiceTotals, type TaxInput } from './totals';

/** SAT's generic RFC of the public in general (ventas a público en general). */
export const PUBLIC_RFC = 'XAXX010101000';
/** SAT's generic RFC of a foreign receiver. */
export const FOREIGN_RFC = 'XEXX010101000';

export type InvoiceFacts = {
  serie?: string | null;
  folio?: string | null;
  /** Local time of issue, "YYYY-MM-DDTHH:mm:ss" (CFDI dates carry no zone). */
  fecha: string;
  payment_form?: string | null;
  payment_method?: string | null;
  conditions?: string | null;
  /** c_Moneda; the spec's "MX" is SAT's MXN. */
  coin_type?: string | null;
  type_voucher: string;
  expedition_place: string;
  issuer: { rfc: string; name: string; regime: string };
  receiver: { rfc: string; name: string; postal_code: string; regime: string; cfdi_use: string };
  related?: { type_relation: string; uuids: string[] } | null;
  concepts: (ConceptInput & {
    prod_serv: string;
    unit: string;
    unit_name?: string | null;
    no_identification?: string | null;
    description: string;
    taxes: readonly TaxInput[];
    iedu?: { nombreAlumno: string; CURP: string; nivelEducativo: string; autRVOE: string; rfcPago?: string | null } | null;
  })[];
};

/** CFDI text: whitespace collapsed (SAT's cadena does it too) and never empty when required. */
const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

export function buildCfdiDocument(invoice: InvoiceFacts, certificate: { number: string; base64: string }): CfdiDocument {
  const totals = invoiceTotals(invoice.concepts);
  const conceptos = invoice.concepts.map((concept, index): CfdiConcept => {
    const amounts = totals.concepts[index];
    return {
      ClaveProdServ: concept.prod_serv,
      NoIdentificacion: clean(concept.no_identification) || undefined,
      Cantidad: trimQuantity(concept.qty),
      ClaveUnidad: concept.unit,
      Unidad: clean(concept.unit_name) || undefined,
      Descripcion: clean(concept.description),
      ValorUnitario: toMoney(concept.unit_value),
      Importe: amounts.amount,
      Descuento: amounts.discount !== '0.00' ? amounts.discount : undefined,
      ObjetoImp: concept.object_imp,
      traslados: amounts.taxes
        .filter((tax) => !tax.is_retention)
        .map((tax) => ({ Base: tax.base, Impuesto: tax.tax, TipoFactor: tax.factor_type, TasaOCuota: tax.rate ?? undefined, Importe: tax.amount ?? undefined })),
      retenciones: amounts.taxes
        .filter((tax) => tax.is_retention)
        .map((tax) => ({ Base: tax.base, Impuesto: tax.tax, TipoFactor: tax.factor_type, TasaOCuota: tax.rate ?? '0.000000', Importe: tax.amount ?? '0.00' })),
      iedu: concept.iedu
        ? { nombreAlumno: clean(concept.iedu.nombreAlumno), CURP: concept.iedu.CURP, nivelEducativo: concept.iedu.nivelEducativo, autRVOE: clean(concept.iedu.autRVOE), rfcPago: concept.iedu.rfcPago || undefined }
        : undefined,
    };
  });
  const anyDiscount = totals.descuento !== '0.00';
  const publicReceiver = invoice.receiver.rfc === PUBLIC_RFC;
  const [year, month] = invoice.fecha.split('-');
  return {
    Serie: clean(invoice.serie) || undefined,
    Folio: clean(invoice.folio) || undefined,
    Fecha: invoice.fecha,
    FormaPago: invoice.payment_form || undefined,
    NoCertificado: certificate.number,
    Certificado: certificate.base64,
    CondicionesDePago: clean(invoice.conditions) || undefined,
    SubTotal: totals.subtotal,
    Descuento: anyDiscount ? totals.descuento : undefined,
    Moneda: !invoice.coin_type || invoice.coin_type === 'MX' ? 'MXN' : invoice.coin_type,
    Total: totals.total,
    TipoDeComprobante: invoice.type_voucher,
    Exportacion: '01',
    MetodoPago: invoice.payment_method || undefined,
    LugarExpedicion: invoice.expedition_place,
    // A sale to the public in general says which period it covers (monthly, that month).
    informacionGlobal: publicReceiver ? { Periodicidad: '04', Meses: month, Año: year } : undefined,
    relacionados: invoice.related?.uuids.length ? { TipoRelacion: invoice.related.type_relation, uuids: invoice.related.uuids } : undefined,
    emisor: { Rfc: invoice.issuer.rfc, Nombre: clean(invoice.issuer.name), RegimenFiscal: invoice.issuer.regime },
    receptor: {
      Rfc: invoice.receiver.rfc,
      Nombre: clean(invoice.receiver.name),
      // The public in general is received at the issuer's own postal code, under regime 616, use S01.
      DomicilioFiscalReceptor: publicReceiver ? invoice.expedition_place : invoice.receiver.postal_code,
      RegimenFiscalReceptor: publicReceiver ? '616' : invoice.receiver.regime,
      UsoCFDI: publicReceiver ? 'S01' : invoice.receiver.cfdi_use,
    },
    conceptos,
    impuestos: totals.has_taxes
      ? {
          TotalImpuestosRetenidos: totals.retentions.length ? totals.isp_retention : undefined,
          // Exempt transfers alone carry no total.
          TotalImpuestosTrasladados: totals.transfers.some((line) => line.amount !== null) ? totals.isp_transfer : undefined,
          retenciones: totals.retentions.map((line) => ({ Impuesto: line.tax, Importe: line.amount })),
          traslados: totals.transfers.map((line) => ({ Base: line.base, Impuesto: line.tax, TipoFactor: line.factor_type, TasaOCuota: line.rate ?? undefined, Importe: line.amount ?? undefined })),
        }
      : undefined,
  };
}

/** Quantities keep up to six decimals and drop trailing zeros: "1.0000" -> "1". */
function trimQuantity(qty: string): string {
  const [whole, part = ''] = String(qty).trim().split('.');
  const decimals = part.replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : whole;
}

function toMoney(value: string): string {
  const [whole, part = ''] = String(value).trim().split('.');
  return `${whole}.${part.padEnd(2, '0').slice(0, 2)}`;
}
