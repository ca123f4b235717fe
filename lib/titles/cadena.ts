// SEP's TituloElectronico 1.0: the attribute values of one title, and the cadena original each
// responsable signs. Pure, shared by the signing service, the tests and any screen that previews it.
//
// The cadena of one signer is `||` + the fields below joined by `|` + `||`; a field left empty keeps
// its empty place (`|...|a||b|...`). SEP's standard documents the order; we checked it against public
// implementations of the standard before relying on it: a C# title sealer (GenerarCadenaOriginal: the
// signer's curp|idCargo|cargo|abrTitulo right after version|folioControl, then Institucion, Carrera,
// Profesionista, Expedicion, Antecedente, writing "|" for an unspecified fechaInicio or exam date),
// Java title generators that write the literal `||1.0|folio|curp|idCargo|cargo|abrTitulo|cveInstitucion|
// ...|fechaTerminacion|noCedula||`, and omarzavaleta01/certificaciones (xml/MET/generarXML.php), whose
// field list follows the same order. Note the signer's curp comes before the graduate's, and
// Antecedente's idEntidadFederativa/entidadFederativa come before its dates.

import { type SepValue, joinCadena, sepText } from '@/lib/sep/document';

export { sepText };

export const TITULO_VERSION = '1.0';
export const TITULO_NAMESPACE = 'https://www.siged.sep.gob.mx/titulos/';

type Value = SepValue;

export type Institucion = { cveInstitucion: string; nombreInstitucion: string };
export type Carrera = {
  cveCarrera: string;
  nombreCarrera: string;
  fechaInicio: Value;
  fechaTerminacion: string;
  idAutorizacionReconocimiento: string;
  autorizacionReconocimiento: string;
  numeroRvoe: Value;
};
export type Profesionista = { curp: string; nombre: string; primerApellido: string; segundoApellido: Value; correoElectronico: string };
export type Expedicion = {
  fechaExpedicion: string;
  idModalidadTitulacion: string;
  modalidadTitulacion: string;
  fechaExamenProfesional: Value;
  fechaExencionExamenProfesional: Value;
  cumplioServicioSocial: '0' | '1';
  idFundamentoLegalServicioSocial: string;
  fundamentoLegalServicioSocial: string;
  idEntidadFederativa: string;
  entidadFederativa: string;
};
export type Antecedente = {
  institucionProcedencia: string;
  idTipoEstudioAntecedente: string;
  tipoEstudioAntecedente: string;
  idEntidadFederativa: string;
  entidadFederativa: Value;
  fechaInicio: Value;
  fechaTerminacion: string;
  noCedula: Value;
};

/** Everything of a title except its signatures. */
export type Titulo = {
  folioControl: string;
  institucion: Institucion;
  carrera: Carrera;
  profesionista: Profesionista;
  expedicion: Expedicion;
  antecedente: Antecedente;
};

/** One FirmaResponsable before it is sealed. */
export type Firmante = {
  nombre: string;
  primerApellido: string;
  segundoApellido: Value;
  curp: string;
  idCargo: string;
  cargo: string;
  abrTitulo: Value;
};

/** The fields of one signer's cadena, in SEP's order (see the header). */
export function cadenaFields(titulo: Titulo, firmante: Firmante): Value[] {
  const { institucion: i, carrera: c, profesionista: p, expedicion: e, antecedente: a } = titulo;
  return [
    TITULO_VERSION,
    titulo.folioControl,
    firmante.curp,
    firmante.idCargo,
    firmante.cargo,
    firmante.abrTitulo,
    i.cveInstitucion,
    i.nombreInstitucion,
    c.cveCarrera,
    c.nombreCarrera,
    c.fechaInicio,
    c.fechaTerminacion,
    c.idAutorizacionReconocimiento,
    c.autorizacionReconocimiento,
    c.numeroRvoe,
    p.curp,
    p.nombre,
    p.primerApellido,
    p.segundoApellido,
    p.correoElectronico,
    e.fechaExpedicion,
    e.idModalidadTitulacion,
    e.modalidadTitulacion,
    e.fechaExamenProfesional,
    e.fechaExencionExamenProfesional,
    e.cumplioServicioSocial,
    e.idFundamentoLegalServicioSocial,
    e.fundamentoLegalServicioSocial,
    e.idEntidadFederativa,
    e.entidadFederativa,
    a.institucionProcedencia,
    a.idTipoEstudioAntecedente,
    a.tipoEstudioAntecedente,
    a.idEntidadFederativa,
    a.entidadFederativa,
    a.fechaInicio,
    a.fechaTerminacion,
    a.noCedula,
  ];
}

/** The cadena original one signer seals. */
export function cadenaOriginal(titulo: Titulo, firmante: Firmante): string {
  return joinCadena(cadenaFields(titulo, firmante));
}

/** An e-mail keeps its case (mailboxes may be case-sensitive); only surrounding spaces go. */
export function sepEmail(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text || null;
}
