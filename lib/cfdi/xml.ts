// The CFDI 4.0 XML of a CfdiDocument (xmlbuilder2): cfdi:Comprobante with its nodes in the order
// of SAT's schema, the IEDU complement inside each concept that carries one, the seal, and, once
// a PAC stamps it, the tfd:TimbreFiscalDigital in cfdi:Complemento.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { CFDI_NAMESPACE, type CfdiDocument, type FiscalStamp, IEDU_NAMESPACE, TFD_NAMESPACE } from './document';

type Attributes = Record<string, string | undefined>;

/** Attributes without the empty optional ones (SAT refuses empty attributes). */
function attrs(values: Attributes): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

const SCHEMA_LOCATIONS = [
  [CFDI_NAMESPACE, 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd'],
  [IEDU_NAMESPACE, 'http://www.sat.gob.mx/sitio_internet/cfd/iedu/iedu.xsd'],
] as const;

export function cfdiXml(doc: CfdiDocument, seal: string, stamp?: FiscalStamp): string {
  const withIedu = doc.conceptos.some((concept) => concept.iedu);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(CFDI_NAMESPACE, 'cfdi:Comprobante');
  root.att('http://www.w3.org/2000/xmlns/', 'xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance');
  if (withIedu) root.att('http://www.w3.org/2000/xmlns/', 'xmlns:iedu', IEDU_NAMESPACE);
  root.att(
    'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation',
    SCHEMA_LOCATIONS.filter(([namespace]) => namespace !== IEDU_NAMESPACE || withIedu)
      .flat()
      .join(' '),
  );
  const { emisor, receptor, conceptos, impuestos, informacionGlobal, relacionados, ...head } = doc;
  for (const [name, value] of Object.entries(attrs({ Version: '4.0', ...head, Sello: seal }))) root.att(name, value);
  if (informacionGlobal) root.ele(CFDI_NAMESPACE, 'cfdi:InformacionGlobal').att(attrs(informacionGlobal));
  if (relacionados) {
    const related = root.ele(CFDI_NAMESPACE, 'cfdi:CfdiRelacionados').att({ TipoRelacion: relacionados.TipoRelacion });
    for (const uuid of relacionados.uuids) related.ele(CFDI_NAMESPACE, 'cfdi:CfdiRelacionado').att({ UUID: uuid });
  }
  root.ele(CFDI_NAMESPACE, 'cfdi:Emisor').att(attrs(emisor));
  root.ele(CFDI_NAMESPACE, 'cfdi:Receptor').att(attrs(receptor));
  const concepts = root.ele(CFDI_NAMESPACE, 'cfdi:Conceptos');
  for (const { traslados, retenciones, iedu, ...concept } of conceptos) {
    const node = concepts.ele(CFDI_NAMESPACE, 'cfdi:Concepto').att(attrs(concept));
    if (traslados.length || retenciones.length) {
      const taxes = node.ele(CFDI_NAMESPACE, 'cfdi:Impuestos');
      if (traslados.length) {
        const list = taxes.ele(CFDI_NAMESPACE, 'cfdi:Traslados');
        for (const tax of traslados) list.ele(CFDI_NAMESPACE, 'cfdi:Traslado').att(attrs(tax));
      }
      if (retenciones.length) {
        const list = taxes.ele(CFDI_NAMESPACE, 'cfdi:Retenciones');
        for (const tax of retenciones) list.ele(CFDI_NAMESPACE, 'cfdi:Retencion').att(attrs(tax));
      }
    }
    if (iedu) node.ele(CFDI_NAMESPACE, 'cfdi:ComplementoConcepto').ele(IEDU_NAMESPACE, 'iedu:instEducativas').att(attrs({ version: '1.0', ...iedu }));
  }
  if (impuestos) {
    const taxes: XMLBuilder = root.ele(CFDI_NAMESPACE, 'cfdi:Impuestos').att(attrs({ TotalImpuestosRetenidos: impuestos.TotalImpuestosRetenidos, TotalImpuestosTrasladados: impuestos.TotalImpuestosTrasladados }));
    if (impuestos.retenciones.length) {
      const list = taxes.ele(CFDI_NAMESPACE, 'cfdi:Retenciones');
      for (const tax of impuestos.retenciones) list.ele(CFDI_NAMESPACE, 'cfdi:Retencion').att(attrs(tax));
    }
    if (impuestos.traslados.length) {
      const list = taxes.ele(CFDI_NAMESPACE, 'cfdi:Traslados');
      for (const tax of impuestos.traslados) list.ele(CFDI_NAMESPACE, 'cfdi:Traslado').att(attrs(tax));
    }
  }
  if (stamp) {
    const tfd = root.ele(CFDI_NAMESPACE, 'cfdi:Complemento').ele(TFD_NAMESPACE, 'tfd:TimbreFiscalDigital');
    tfd.att('http://www.w3.org/2000/xmlns/', 'xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance');
    tfd.att('http://www.w3.org/2001/XMLSchema-instance', 'xsi:schemaLocation', `${TFD_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`);
    tfd.att(attrs({ Version: '1.1', ...stamp }));
  }
  return root.end({ prettyPrint: false });
}
