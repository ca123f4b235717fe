// The TituloElectronico 1.0 document, written with xmlbuilder2 in the order of SEP's schema
// (server/standards/sep-titulo/TituloElectronico.xsd). An absent optional attribute is left out of
// the XML (its place in the cadena stays, empty). Attribute values are exactly those the cadena
// was built from, so a verifier that rebuilds each cadena from the XML finds the sealed text.
import { create } from 'xmlbuilder2';
import { attributesInOrder, listOf, readAttributes } from '@/lib/sep/document';
import { type Firmante, TITULO_NAMESPACE, TITULO_VERSION, type Titulo } from './cadena';

/** A FirmaResponsable once sealed with the signer's e.firma. */
export type FirmaResponsable = Firmante & { sello: string; certificadoResponsable: string; noCertificadoResponsable: string };

/** Each element's attributes in the schema's order, and which of them may be absent. */
const ELEMENTS = {
  FirmaResponsable: {
    names: ['nombre', 'primerApellido', 'segundoApellido', 'curp', 'idCargo', 'cargo', 'abrTitulo', 'sello', 'certificadoResponsable', 'noCertificadoResponsable'],
    optional: ['segundoApellido', 'abrTitulo'],
  },
  Institucion: { names: ['cveInstitucion', 'nombreInstitucion'], optional: [] },
  Carrera: { names: ['cveCarrera', 'nombreCarrera', 'fechaInicio', 'fechaTerminacion', 'idAutorizacionReconocimiento', 'autorizacionReconocimiento', 'numeroRvoe'], optional: ['fechaInicio', 'numeroRvoe'] },
  Profesionista: { names: ['curp', 'nombre', 'primerApellido', 'segundoApellido', 'correoElectronico'], optional: ['segundoApellido'] },
  Expedicion: {
    names: ['fechaExpedicion', 'idModalidadTitulacion', 'modalidadTitulacion', 'fechaExamenProfesional', 'fechaExencionExamenProfesional', 'cumplioServicioSocial', 'idFundamentoLegalServicioSocial', 'fundamentoLegalServicioSocial', 'idEntidadFederativa', 'entidadFederativa'],
    optional: ['fechaExamenProfesional', 'fechaExencionExamenProfesional'],
  },
  Antecedente: {
    names: ['institucionProcedencia', 'idTipoEstudioAntecedente', 'tipoEstudioAntecedente', 'idEntidadFederativa', 'entidadFederativa', 'fechaInicio', 'fechaTerminacion', 'noCedula'],
    optional: ['entidadFederativa', 'fechaInicio', 'noCedula'],
  },
} as const satisfies Record<string, { names: readonly string[]; optional: readonly string[] }>;

type ElementName = keyof typeof ELEMENTS;

/** The element's attributes with a value, in the schema's order. */
function attributesFor(element: ElementName, values: object): Record<string, string> {
  return attributesInOrder(ELEMENTS[element].names, values);
}

export function tituloXml(titulo: Titulo, firmas: readonly FirmaResponsable[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(TITULO_NAMESPACE, 'TituloElectronico', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${TITULO_NAMESPACE} https://www.siged.sep.gob.mx/titulos/schema.xsd`,
    version: TITULO_VERSION,
    folioControl: titulo.folioControl,
  });
  const signatures = root.ele('FirmaResponsables');
  for (const firma of firmas) signatures.ele('FirmaResponsable', attributesFor('FirmaResponsable', firma));
  root.ele('Institucion', attributesFor('Institucion', titulo.institucion));
  root.ele('Carrera', attributesFor('Carrera', titulo.carrera));
  root.ele('Profesionista', attributesFor('Profesionista', titulo.profesionista));
  root.ele('Expedicion', attributesFor('Expedicion', titulo.expedicion));
  root.ele('Antecedente', attributesFor('Antecedente', titulo.antecedente));
  return root.end({ prettyPrint: true });
}

type Node = Record<string, unknown>;

/** An element's attributes as read: a required one absent reads as '', an optional one as null. */
function readElement<T>(element: ElementName, node: unknown): T {
  return readAttributes<T>(ELEMENTS[element].names, ELEMENTS[element].optional, node);
}

/**
 * A TituloElectronico read back: its data and its signatures as the XML states them (what SEP, or
 * anyone checking a seal, rebuilds each cadena from). Throws when the text is not such a document.
 */
export function readTituloXml(xml: string): { titulo: Titulo; firmas: FirmaResponsable[] } {
  const doc = create(xml).toObject() as Node;
  const root = doc.TituloElectronico as Node | undefined;
  if (!root) throw new Error('Not a TituloElectronico');
  const signed = (root.FirmaResponsables as Node | undefined)?.FirmaResponsable;
  return {
    firmas: listOf(signed).map((node) => readElement<FirmaResponsable>('FirmaResponsable', node)),
    titulo: {
      folioControl: typeof root['@folioControl'] === 'string' ? root['@folioControl'] : '',
      institucion: readElement('Institucion', root.Institucion),
      carrera: readElement('Carrera', root.Carrera),
      profesionista: readElement('Profesionista', root.Profesionista),
      expedicion: readElement('Expedicion', root.Expedicion),
      antecedente: readElement('Antecedente', root.Antecedente),
    },
  };
}
