// The TituloElectronico 1.0 document, written with xmlbuilder2 in the order of SEP's schema
// (server/standards/sep-titulo/TituloElectronico.xsd). An absent optional attribute is left out of
// the XML (its place in the cadena stays, empty). Attribute values are exactly those the cadena
// was built from, so a verifier that rebuilds each cadena from the XML finds the sealed text.
import { create } from 'xmlbuilder2';
import { type Firmante, TITULO_NAMESPACE, TITULO_VERSION, type Titulo } from './cadena';

/** A FirmaResponsable once sealed with the signer's e.firma. */
export type FirmaResponsable = Firmante & { sello: string; certificadoResponsable: string; noCertificadoResponsable: string };

type Attributes = Record<string, string | null>;

/** The attributes with a value, in the order given. */
function present(attributes: Attributes): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== ''));
}

export function tituloXml(titulo: Titulo, firmas: readonly FirmaResponsable[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(TITULO_NAMESPACE, 'TituloElectronico', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${TITULO_NAMESPACE} https://www.siged.sep.gob.mx/titulos/schema.xsd`,
    version: TITULO_VERSION,
    folioControl: titulo.folioControl,
  });
  const signatures = root.ele('FirmaResponsables');
  for (const firma of firmas) {
    signatures.ele(
      'FirmaResponsable',
      present({
        nombre: firma.nombre,
        primerApellido: firma.primerApellido,
        segundoApellido: firma.segundoApellido,
        curp: firma.curp,
        idCargo: firma.idCargo,
        cargo: firma.cargo,
        abrTitulo: firma.abrTitulo,
        sello: firma.sello,
        certificadoResponsable: firma.certificadoResponsable,
        noCertificadoResponsable: firma.noCertificadoResponsable,
      }),
    );
  }
  root.ele('Institucion', present({ ...titulo.institucion }));
  root.ele('Carrera', present({ ...titulo.carrera }));
  root.ele('Profesionista', present({ ...titulo.profesionista }));
  root.ele('Expedicion', present({ ...titulo.expedicion }));
  root.ele('Antecedente', present({ ...titulo.antecedente }));
  return root.end({ prettyPrint: true });
}

type Node = Record<string, unknown>;

function attributesOf(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (node && typeof node === 'object') for (const [name, value] of Object.entries(node as Node)) if (name.startsWith('@') && typeof value === 'string') out[name.slice(1)] = value;
  return out;
}

/**
 * A TituloElectronico read back: its data and its signatures as the XML states them (what SEP, or
 * anyone checking a seal, rebuilds each cadena from). Throws when the text is not such a document.
 */
export function readTituloXml(xml: string): { titulo: Titulo; firmas: FirmaResponsable[] } {
  const doc = create(xml).toObject() as Node;
  const root = doc.TituloElectronico as Node | undefined;
  if (!root) throw new Error('Not a TituloElectronico');
  const element = (name: string) => attributesOf(root[name]);
  const value = (attributes: Record<string, string>, name: string) => attributes[name] ?? null;
  const firmasNode = (root.FirmaResponsables as Node | undefined)?.FirmaResponsable;
  const firmas = (Array.isArray(firmasNode) ? firmasNode : firmasNode ? [firmasNode] : []).map((node) => {
    const a = attributesOf(node);
    return {
      nombre: a.nombre ?? '',
      primerApellido: a.primerApellido ?? '',
      segundoApellido: value(a, 'segundoApellido'),
      curp: a.curp ?? '',
      idCargo: a.idCargo ?? '',
      cargo: a.cargo ?? '',
      abrTitulo: value(a, 'abrTitulo'),
      sello: a.sello ?? '',
      certificadoResponsable: a.certificadoResponsable ?? '',
      noCertificadoResponsable: a.noCertificadoResponsable ?? '',
    };
  });
  const i = element('Institucion');
  const c = element('Carrera');
  const p = element('Profesionista');
  const e = element('Expedicion');
  const a = element('Antecedente');
  const rootAttributes = attributesOf(root);
  return {
    firmas,
    titulo: {
      folioControl: rootAttributes.folioControl ?? '',
      institucion: { cveInstitucion: i.cveInstitucion ?? '', nombreInstitucion: i.nombreInstitucion ?? '' },
      carrera: {
        cveCarrera: c.cveCarrera ?? '',
        nombreCarrera: c.nombreCarrera ?? '',
        fechaInicio: value(c, 'fechaInicio'),
        fechaTerminacion: c.fechaTerminacion ?? '',
        idAutorizacionReconocimiento: c.idAutorizacionReconocimiento ?? '',
        autorizacionReconocimiento: c.autorizacionReconocimiento ?? '',
        numeroRvoe: value(c, 'numeroRvoe'),
      },
      profesionista: { curp: p.curp ?? '', nombre: p.nombre ?? '', primerApellido: p.primerApellido ?? '', segundoApellido: value(p, 'segundoApellido'), correoElectronico: p.correoElectronico ?? '' },
      expedicion: {
        fechaExpedicion: e.fechaExpedicion ?? '',
        idModalidadTitulacion: e.idModalidadTitulacion ?? '',
        modalidadTitulacion: e.modalidadTitulacion ?? '',
        fechaExamenProfesional: value(e, 'fechaExamenProfesional'),
        fechaExencionExamenProfesional: value(e, 'fechaExencionExamenProfesional'),
        cumplioServicioSocial: e.cumplioServicioSocial === '0' ? '0' : '1',
        idFundamentoLegalServicioSocial: e.idFundamentoLegalServicioSocial ?? '',
        fundamentoLegalServicioSocial: e.fundamentoLegalServicioSocial ?? '',
        idEntidadFederativa: e.idEntidadFederativa ?? '',
        entidadFederativa: e.entidadFederativa ?? '',
      },
      antecedente: {
        institucionProcedencia: a.institucionProcedencia ?? '',
        idTipoEstudioAntecedente: a.idTipoEstudioAntecedente ?? '',
        tipoEstudioAntecedente: a.tipoEstudioAntecedente ?? '',
        idEntidadFederativa: a.idEntidadFederativa ?? '',
        entidadFederativa: value(a, 'entidadFederativa'),
        fechaInicio: value(a, 'fechaInicio'),
        fechaTerminacion: a.fechaTerminacion ?? '',
        noCedula: value(a, 'noCedula'),
      },
    },
  };
}
