// A CFDI 4.0 as Plantel writes it (SAT's Anexo 20): the attributes of each node under SAT's own
// names, in the order SAT's cadena-original stylesheet reads them. One structure feeds both the
// XML (xml.ts) and the cadena original (cadenaOriginal below), so they cannot disagree; tests prove
// the cadena equals the output of SAT's cadenaoriginal_4_0.xslt over the XML.

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const IEDU_NAMESPACE = 'http://www.sat.gob.mx/iedu';
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';

export type CfdiTransfer = { Base: string; Impuesto: string; TipoFactor: string; TasaOCuota?: string; Importe?: string };
export type CfdiRetention = { Base: string; Impuesto: string; TipoFactor: string; TasaOCuota: string; Importe: string };

/** SAT's complement for schools (iedu:instEducativas 1.0), one per concept. */
export type IeduComplement = { nombreAlumno: string; CURP: string; nivelEducativo: string; autRVOE: string; rfcPago?: string };

export type CfdiConcept = {
  ClaveProdServ: string;
  NoIdentificacion?: string;
  Cantidad: string;
  ClaveUnidad: string;
  Unidad?: string;
  Descripcion: string;
  ValorUnitario: string;
  Importe: string;
  Descuento?: string;
  ObjetoImp: string;
  traslados: CfdiTransfer[];
  retenciones: CfdiRetention[];
  iedu?: IeduComplement;
};

export type CfdiDocument = {
  Serie?: string;
  Folio?: string;
  Fecha: string;
  FormaPago?: string;
  NoCertificado: string;
  Certificado: string;
  CondicionesDePago?: string;
  SubTotal: string;
  Descuento?: string;
  Moneda: string;
  Total: string;
  TipoDeComprobante: string;
  Exportacion: string;
  MetodoPago?: string;
  LugarExpedicion: string;
  /** Required when the receiver is the public in general (XAXX010101000). */
  informacionGlobal?: { Periodicidad: string; Meses: string; Año: string };
  relacionados?: { TipoRelacion: string; uuids: string[] };
  emisor: { Rfc: string; Nombre: string; RegimenFiscal: string };
  receptor: { Rfc: string; Nombre: string; DomicilioFiscalReceptor: string; RegimenFiscalReceptor: string; UsoCFDI: string };
  conceptos: CfdiConcept[];
  impuestos?: {
    TotalImpuestosRetenidos?: string;
    TotalImpuestosTrasladados?: string;
    retenciones: { Impuesto: string; Importe: string }[];
    traslados: CfdiTransfer[];
  };
};

/** SAT's "Requerido": always a field, even empty; whitespace collapsed as normalize-space does. */
function required(value: string | undefined): string {
  return `|${(value ?? '').replace(/\s+/g, ' ').trim()}`;
}

/** SAT's "Opcional": a field only when there is a value. */
function optional(value: string | undefined): string {
  return value ? required(value) : '';
}

/** The cadena original of the comprobante (what the seal signs), as SAT's stylesheet writes it. */
export function cadenaOriginal(doc: CfdiDocument): string {
  let out = '|';
  out += required('4.0') + optional(doc.Serie) + optional(doc.Folio) + required(doc.Fecha) + optional(doc.FormaPago) + required(doc.NoCertificado);
  out += optional(doc.CondicionesDePago) + required(doc.SubTotal) + optional(doc.Descuento) + required(doc.Moneda) + required(doc.Total);
  out += required(doc.TipoDeComprobante) + required(doc.Exportacion) + optional(doc.MetodoPago) + required(doc.LugarExpedicion);
  if (doc.informacionGlobal) out += required(doc.informacionGlobal.Periodicidad) + required(doc.informacionGlobal.Meses) + required(doc.informacionGlobal.Año);
  if (doc.relacionados) {
    out += required(doc.relacionados.TipoRelacion);
    for (const uuid of doc.relacionados.uuids) out += required(uuid);
  }
  out += required(doc.emisor.Rfc) + required(doc.emisor.Nombre) + required(doc.emisor.RegimenFiscal);
  const r = doc.receptor;
  out += required(r.Rfc) + required(r.Nombre) + required(r.DomicilioFiscalReceptor) + required(r.RegimenFiscalReceptor) + required(r.UsoCFDI);
  for (const c of doc.conceptos) {
    out += required(c.ClaveProdServ) + optional(c.NoIdentificacion) + required(c.Cantidad) + required(c.ClaveUnidad) + optional(c.Unidad);
    out += required(c.Descripcion) + required(c.ValorUnitario) + required(c.Importe) + optional(c.Descuento) + required(c.ObjetoImp);
    for (const t of c.traslados) out += required(t.Base) + required(t.Impuesto) + required(t.TipoFactor) + optional(t.TasaOCuota) + optional(t.Importe);
    for (const t of c.retenciones) out += required(t.Base) + required(t.Impuesto) + required(t.TipoFactor) + required(t.TasaOCuota) + required(t.Importe);
    if (c.iedu) out += required('1.0') + required(c.iedu.nombreAlumno) + required(c.iedu.CURP) + required(c.iedu.nivelEducativo) + required(c.iedu.autRVOE) + optional(c.iedu.rfcPago);
  }
  if (doc.impuestos) {
    for (const t of doc.impuestos.retenciones) out += required(t.Impuesto) + required(t.Importe);
    out += optional(doc.impuestos.TotalImpuestosRetenidos);
    for (const t of doc.impuestos.traslados) out += required(t.Base) + required(t.Impuesto) + required(t.TipoFactor) + optional(t.TasaOCuota) + optional(t.Importe);
    out += optional(doc.impuestos.TotalImpuestosTrasladados);
  }
  return `${out}||`;
}

/** The stamp a PAC adds (tfd:TimbreFiscalDigital 1.1). */
export type FiscalStamp = {
  UUID: string;
  FechaTimbrado: string;
  RfcProvCertif: string;
  Leyenda?: string;
  SelloCFD: string;
  NoCertificadoSAT: string;
  SelloSAT: string;
};

/** The cadena original of the stamp (SAT's cadenaoriginal_TFD_1_1.xslt), printed on the invoice. */
export function stampCadena(stamp: Omit<FiscalStamp, 'SelloSAT'>): string {
  return `|${required('1.1')}${required(stamp.UUID)}${required(stamp.FechaTimbrado)}${required(stamp.RfcProvCertif)}${optional(stamp.Leyenda)}${required(stamp.SelloCFD)}${required(stamp.NoCertificadoSAT)}||`;
}
