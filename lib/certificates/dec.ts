// SEP's electronic certificate of studies (Módulo Electrónico de Certificación, "Dec", namespace
// https://www.siged.sep.gob.mx/certificados/) of an institution with a federal RVOE: the typed data
// of one certificate and the cadena original its responsable seals. Pure: the issuing service, the
// XML reader, the tests and a screen's preview share it.
//
// The cadena is `||` + the values below joined by `|` + `||` (SEP's rule for its electronic
// documents, as for the title), in the order of the standard's elements: Dec (version,
// tipoCertificado, folioControl), ServicioFirmante, Ipes and its Responsable, Rvoe, Carrera, Alumno,
// Expedicion, Asignaturas, then each Asignatura. Dec's sello, certificadoResponsable and
// noCertificadoResponsable carry the signature and stay out of what it signs. An absent optional value
// keeps its place as an empty field. We read the order in public implementations of the standard (a
// PL/SQL generator of version 3.0, a C# service, an XSLT of the cadena); they differ in what they
// leave out — the XSLT drops folioControl, the responsable's names and idObservaciones — and Plantel
// follows the field list of issue 30, which keeps them: the folio is bound to its seal, and a changed
// observation breaks it as a changed grade does.
import { type SepValue, joinCadena } from '@/lib/sep/document';

export const DEC_VERSION = '3.0';
export const DEC_NAMESPACE = 'https://www.siged.sep.gob.mx/certificados/';
/** SEP's tipoCertificado of a private higher-education institution (IPES) with a federal RVOE. */
export const TIPO_CERTIFICADO_IPES = '5';

type Value = SepValue;

export type ServicioFirmante = { idEntidad: string };
export type Responsable = { curp: string; idCargo: string; nombre: string; primerApellido: string; segundoApellido: Value };
export type Ipes = { idNombreInstitucion: string; idCampus: string; idEntidadFederativa: string; responsable: Responsable };
export type Rvoe = { numero: string; fechaExpedicion: string };
export type Carrera = {
  idCarrera: string;
  idTipoPeriodo: string;
  clavePlan: string;
  idNivelEstudios: string;
  calificacionMinima: string;
  calificacionMaxima: string;
  calificacionMinimaAprobatoria: string;
};
export type Alumno = { numeroControl: string; curp: string; nombre: string; primerApellido: string; segundoApellido: Value; idGenero: string; fechaNacimiento: string };
export type Expedicion = { idTipoCertificacion: string; fecha: string; idLugarExpedicion: string };
export type Asignaturas = { total: string; asignadas: string; promedio: string; totalCreditos: string; creditosObtenidos: string; numeroCiclos: string };
export type Asignatura = { idAsignatura: string; ciclo: string; calificacion: string; idTipoAsignatura: string; creditos: string; idObservaciones: Value };

/** Everything of a certificate except its signature. */
export type Dec = {
  version: string;
  tipoCertificado: string;
  folioControl: string;
  servicioFirmante: ServicioFirmante;
  ipes: Ipes;
  rvoe: Rvoe;
  carrera: Carrera;
  alumno: Alumno;
  expedicion: Expedicion;
  asignaturas: Asignaturas;
  asignatura: Asignatura[];
};

/** Dec's signature: the seal over the cadena, the responsable's certificate (Base64) and its number. */
export type DecFirma = { sello: string; certificadoResponsable: string; noCertificadoResponsable: string };

/** The values of the cadena, in SEP's order (see the header). */
export function decCadenaFields(dec: Dec): Value[] {
  const { servicioFirmante: s, ipes: i, rvoe: v, carrera: c, alumno: a, expedicion: e, asignaturas: t } = dec;
  const r = i.responsable;
  return [
    dec.version,
    dec.tipoCertificado,
    dec.folioControl,
    s.idEntidad,
    i.idNombreInstitucion,
    i.idCampus,
    i.idEntidadFederativa,
    r.curp,
    r.idCargo,
    r.nombre,
    r.primerApellido,
    r.segundoApellido,
    v.numero,
    v.fechaExpedicion,
    c.idCarrera,
    c.idTipoPeriodo,
    c.clavePlan,
    c.idNivelEstudios,
    c.calificacionMinima,
    c.calificacionMaxima,
    c.calificacionMinimaAprobatoria,
    a.numeroControl,
    a.curp,
    a.nombre,
    a.primerApellido,
    a.segundoApellido,
    a.idGenero,
    a.fechaNacimiento,
    e.idTipoCertificacion,
    e.fecha,
    e.idLugarExpedicion,
    t.total,
    t.asignadas,
    t.promedio,
    t.totalCreditos,
    t.creditosObtenidos,
    t.numeroCiclos,
    ...dec.asignatura.flatMap((subject) => [subject.idAsignatura, subject.ciclo, subject.calificacion, subject.idTipoAsignatura, subject.creditos, subject.idObservaciones]),
  ];
}

/** The cadena original the responsable seals. */
export function decCadena(dec: Dec): string {
  return joinCadena(decCadenaFields(dec));
}
