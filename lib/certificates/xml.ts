// The Dec document written with xmlbuilder2 in the order of its schema
// (server/standards/sep-certificado/CertificadoElectronico.xsd), and read back. An absent optional
// attribute is left out of the XML (its place in the cadena stays, empty); the values are exactly
// those the cadena was built from, so whoever rebuilds the cadena from the XML finds the sealed text.
import { create } from 'xmlbuilder2';
import { attributesInOrder, listOf, readAttributes } from '@/lib/sep/document';
import { DEC_NAMESPACE, type Dec, type DecFirma } from './dec';

/** Each element's attributes in the schema's order, and which of them may be absent. */
const ELEMENTS = {
  Dec: { names: ['version', 'tipoCertificado', 'folioControl', 'sello', 'certificadoResponsable', 'noCertificadoResponsable'], optional: [] },
  ServicioFirmante: { names: ['idEntidad'], optional: [] },
  Ipes: { names: ['idNombreInstitucion', 'idCampus', 'idEntidadFederativa'], optional: [] },
  Responsable: { names: ['curp', 'idCargo', 'nombre', 'primerApellido', 'segundoApellido'], optional: ['segundoApellido'] },
  Rvoe: { names: ['numero', 'fechaExpedicion'], optional: [] },
  Carrera: { names: ['idCarrera', 'idTipoPeriodo', 'clavePlan', 'idNivelEstudios', 'calificacionMinima', 'calificacionMaxima', 'calificacionMinimaAprobatoria'], optional: [] },
  Alumno: { names: ['numeroControl', 'curp', 'nombre', 'primerApellido', 'segundoApellido', 'idGenero', 'fechaNacimiento'], optional: ['segundoApellido'] },
  Expedicion: { names: ['idTipoCertificacion', 'fecha', 'idLugarExpedicion'], optional: [] },
  Asignaturas: { names: ['total', 'asignadas', 'promedio', 'totalCreditos', 'creditosObtenidos', 'numeroCiclos'], optional: [] },
  Asignatura: { names: ['idAsignatura', 'ciclo', 'calificacion', 'idTipoAsignatura', 'creditos', 'idObservaciones'], optional: ['idObservaciones'] },
} as const satisfies Record<string, { names: readonly string[]; optional: readonly string[] }>;

type ElementName = keyof typeof ELEMENTS;

const attributes = (element: ElementName, values: object) => attributesInOrder(ELEMENTS[element].names, values);
const read = <T>(element: ElementName, node: unknown) => readAttributes<T>(ELEMENTS[element].names, ELEMENTS[element].optional, node);

/** The certificate's XML; without a signature its sello, certificate and number are empty (for a preview or a test). */
export function decXml(dec: Dec, firma: DecFirma | null): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(DEC_NAMESPACE, 'Dec', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${DEC_NAMESPACE} ${DEC_NAMESPACE}schema.xsd`,
  });
  const signature = firma ?? { sello: '', certificadoResponsable: '', noCertificadoResponsable: '' };
  // Written one by one: the three signature attributes are required even while empty.
  for (const name of ELEMENTS.Dec.names) root.att(name, String({ ...dec, ...signature }[name] ?? ''));
  root.ele('ServicioFirmante', attributes('ServicioFirmante', dec.servicioFirmante));
  root.ele('Ipes', attributes('Ipes', dec.ipes)).ele('Responsable', attributes('Responsable', dec.ipes.responsable));
  root.ele('Rvoe', attributes('Rvoe', dec.rvoe));
  root.ele('Carrera', attributes('Carrera', dec.carrera));
  root.ele('Alumno', attributes('Alumno', dec.alumno));
  root.ele('Expedicion', attributes('Expedicion', dec.expedicion));
  const subjects = root.ele('Asignaturas', attributes('Asignaturas', dec.asignaturas));
  for (const subject of dec.asignatura) subjects.ele('Asignatura', attributes('Asignatura', subject));
  return root.end({ prettyPrint: true });
}

type Node = Record<string, unknown>;

/**
 * A Dec read back: its data and its signature as the XML states them (what SEP, or anyone checking
 * the seal, rebuilds the cadena from). Throws when the text is not such a document.
 */
export function readDecXml(xml: string): { dec: Dec; firma: DecFirma } {
  const root = (create(xml).toObject() as Node).Dec as Node | undefined;
  if (!root || typeof root !== 'object') throw new Error('Not a Dec');
  const head = read<Record<(typeof ELEMENTS.Dec.names)[number], string>>('Dec', root);
  const ipes = (root.Ipes ?? {}) as Node;
  const subjects = (root.Asignaturas ?? {}) as Node;
  return {
    firma: { sello: head.sello, certificadoResponsable: head.certificadoResponsable, noCertificadoResponsable: head.noCertificadoResponsable },
    dec: {
      version: head.version,
      tipoCertificado: head.tipoCertificado,
      folioControl: head.folioControl,
      servicioFirmante: read('ServicioFirmante', root.ServicioFirmante),
      ipes: { ...read<Omit<Dec['ipes'], 'responsable'>>('Ipes', ipes), responsable: read('Responsable', ipes.Responsable) },
      rvoe: read('Rvoe', root.Rvoe),
      carrera: read('Carrera', root.Carrera),
      alumno: read('Alumno', root.Alumno),
      expedicion: read('Expedicion', root.Expedicion),
      asignaturas: read('Asignaturas', subjects),
      asignatura: listOf(subjects.Asignatura).map((node) => read('Asignatura', node)),
    },
  };
}
