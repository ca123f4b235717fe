// From what the school knows (the settings' SEP keys, the career's RVOE, the plan's and subjects' SEP
// keys, the student, the responsable, the kardex) to SEP's Dec, with every problem that stops the
// certificate, each named by the field where staff fix it. Pure and exact: grades and credits are
// decimals, never floats.
import { add, divide, fraction, parseDecimal, roundHalfUp } from '@/lib/grades/decimal';
import { isValidCurp } from '@/lib/mx/curp';
import { sepText } from '@/lib/sep/document';
import { type Asignatura, DEC_VERSION, type Dec, TIPO_CERTIFICADO_IPES } from './dec';

export const CERTIFICATE_TYPES = ['TOTAL', 'PARCIAL'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/**
 * SEP's catalogue keys the certificate writes from Plantel's own values, as public implementations
 * of the standard use them (idTipoAsignatura 263 for a mandatory subject, tipoCertificado 5 for an
 * IPES). Kept here, in one place, to be corrected against SEP's current catalogues.
 */
export const SEP_CATALOGS = {
  /** Expedicion.idTipoCertificacion. */
  certification: { TOTAL: '79', PARCIAL: '80' } satisfies Record<CertificateType, string>,
  /** Alumno.idGenero from the CURP's sex (H hombre, M mujer). */
  gender: { M: '250', H: '251' } as Record<string, string>,
  /** Asignatura.idTipoAsignatura. */
  subjectType: { OBLIGATORIA: '263', OPTATIVA: '264', ADICIONAL: '265', COMPLEMENTARIA: '266' },
} as const;

export const SEP_SUBJECT_TYPES = Object.values(SEP_CATALOGS.subjectType);

/** A subject of the student's plan with the student's result in it (the kardex). */
export type PlanSubject = {
  code: string;
  description: string;
  /** SEP's idAsignatura. */
  sep_subject_id: string | null;
  /** SEP's idTipoAsignatura when set; otherwise is_mandatory decides (obligatoria / optativa). */
  sep_subject_type: string | null;
  is_mandatory: boolean;
  credit: string;
  /** The score that counts (the best attempt) and whether it passes. */
  score: string | null;
  approved: boolean;
  /** The period it was passed in: its year and its ordinal within the year. */
  cicle: { year: number; cicle_in_year: number } | null;
  /** SEP's idObservaciones of this result, when one applies. */
  observation: string | null;
};

export type CertificateSource = {
  folio_control: string;
  type: CertificateType;
  /** YYYY-MM-DD. */
  issued_on: string;
  settings: {
    sep_institution_key: string | null;
    sep_campus_key: string | null;
    sep_state_id: string | null;
    sep_signer_entity: string | null;
    sep_issue_place: string | null;
    min_cal: string;
    max_cal: string;
    min_approve: string;
    precision_cal: number;
  };
  signer: { names: string; first_name: string; second_name: string | null; curp: string; charge: { code: string | null } | null } | null;
  career: { cve: string | null; rvoe: string | null; rvoe_date: string | null } | null;
  plan: { sep_plan_key: string | null; sep_period_type: string | null; sep_level_id: string | null } | null;
  student: { no_control: string; curp: string | null; names: string; first_name: string; second_name: string | null; genre: string | null; birthday: string | null };
  subjects: readonly PlanSubject[];
};

export type CertificateProblem = { field: string; key: string; values?: Record<string, string | number> };
export type Mapped<T> = { ok: true; value: T } | { ok: false; problems: CertificateProblem[] };

const DIGITS = /^\d{1,10}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SEP's dates are dateTimes at midnight. */
export const sepDateTime = (day: string) => `${day}T00:00:00`;

const subjectName = (subject: Pick<PlanSubject, 'code' | 'description'>) => `${subject.code} ${subject.description}`;

/** TOTAL when every subject of the plan is passed, PARCIAL otherwise. */
export function certificateTypeFor(subjects: readonly Pick<PlanSubject, 'approved'>[]): CertificateType {
  return subjects.length > 0 && subjects.every((subject) => subject.approved) ? 'TOTAL' : 'PARCIAL';
}

/** The plan's subjects not yet passed (what a TOTAL certificate still lacks), as people read them. */
export function missingForTotal(subjects: readonly PlanSubject[]): string[] {
  return subjects.filter((subject) => !subject.approved).map(subjectName);
}

/** A decimal text at fixed places (half up), or null when it is no number. */
function fixed(text: string | null, places: number): string | null {
  const value = text === null ? null : parseDecimal(text);
  return value ? roundHalfUp(value, places) : null;
}

class Collector {
  readonly problems: CertificateProblem[] = [];
  add(field: string, key: string, values?: CertificateProblem['values']) {
    if (!this.problems.some((problem) => problem.field === field)) this.problems.push({ field, key, ...(values ? { values } : {}) });
  }
  /** SEP's numeric key, required. */
  key(field: string, value: string | null | undefined, pad = 0): string {
    const text = (value ?? '').trim();
    if (!text) this.add(field, 'errors.required');
    else if (!DIGITS.test(text)) this.add(field, 'certificates.errors.digits');
    return pad ? text.padStart(pad, '0') : text;
  }
  /** A code of the school's (a plan key, an RVOE number): required, no pipe, no spaces at the ends. */
  code(field: string, value: string | null | undefined): string {
    const text = (value ?? '').trim();
    if (!text) this.add(field, 'errors.required');
    else if (/[|\s]/.test(text)) this.add(field, 'certificates.errors.code');
    return text;
  }
  text(field: string, value: string | null | undefined, required = true): string | null {
    const text = sepText(value);
    if (!text && required) this.add(field, 'errors.required');
    if (text?.includes('|')) this.add(field, 'titles.errors.pipe');
    return text;
  }
  day(field: string, value: string | null | undefined): string {
    if (!value) this.add(field, 'errors.required');
    else if (!DAY.test(value)) this.add(field, 'errors.date');
    return value ? sepDateTime(value) : '';
  }
}

/** The certificate's Dec (without its signature), or every problem that stops it. */
export function decOf(source: CertificateSource): Mapped<Dec> {
  const c = new Collector();
  const { settings: s, signer, career, plan, student } = source;
  const places = s.precision_cal;

  const idNombreInstitucion = c.key('sep_institution_key', s.sep_institution_key);
  const idCampus = c.key('sep_campus_key', s.sep_campus_key);
  const idEntidadFederativa = c.key('sep_state_id', s.sep_state_id, 2);
  const idEntidad = c.key('sep_signer_entity', s.sep_signer_entity);
  const idLugarExpedicion = c.key('sep_issue_place', s.sep_issue_place, 2);

  // The responsable who seals: the settings' signer, with SEP's cargo from the catalogue.
  const responsable = { curp: '', idCargo: '', nombre: '', primerApellido: '', segundoApellido: null as string | null };
  if (!signer) c.add('certificate_signer_id', 'errors.required');
  else {
    responsable.curp = signer.curp.trim().toUpperCase();
    responsable.idCargo = (signer.charge?.code ?? '').replace(/^[A-Z]+-/, '').trim();
    responsable.nombre = c.text('certificate_signer_id', signer.names) ?? '';
    responsable.primerApellido = c.text('certificate_signer_id', signer.first_name) ?? '';
    responsable.segundoApellido = c.text('certificate_signer_id', signer.second_name, false);
    if (!DIGITS.test(responsable.idCargo)) c.add('certificate_signer_id', 'certificates.errors.signer_charge');
    if (!isValidCurp(responsable.curp)) c.add('certificate_signer_id', 'titles.errors.curp');
  }

  const numero = c.code('rvoe', career?.rvoe);
  const fechaRvoe = c.day('rvoe_date', career?.rvoe_date);
  const idCarrera = c.code('career_cve', career?.cve);
  const idTipoPeriodo = c.key('sep_period_type', plan?.sep_period_type);
  const clavePlan = c.code('sep_plan_key', plan?.sep_plan_key);
  const idNivelEstudios = c.key('sep_level_id', plan?.sep_level_id);

  const curp = (student.curp ?? '').trim().toUpperCase();
  if (!curp) c.add('curp', 'errors.required');
  else if (!isValidCurp(curp)) c.add('curp', 'titles.errors.curp');
  const nombre = c.text('names', student.names) ?? '';
  const primerApellido = c.text('first_name', student.first_name) ?? '';
  const segundoApellido = c.text('second_name', student.second_name, false);
  const idGenero = SEP_CATALOGS.gender[(student.genre ?? '').trim().toUpperCase()];
  if (!idGenero) c.add('genre', 'errors.required');
  const fechaNacimiento = c.day('birthday', student.birthday);
  const numeroControl = c.code('no_control', student.no_control);

  // Every subject of the plan needs SEP's key (the total counts them all); the listed ones are those passed.
  const withoutKey = source.subjects.filter((subject) => !subject.sep_subject_id?.trim());
  if (withoutKey.length) c.add('sep_subject_id', 'certificates.errors.subjects_without_key', { count: withoutKey.length, list: withoutKey.slice(0, 10).map(subjectName).join(', ') });
  const badKey = source.subjects.filter((subject) => subject.sep_subject_id?.trim() && !DIGITS.test(subject.sep_subject_id.trim()));
  if (badKey.length) c.add('sep_subject_id', 'certificates.errors.digits');
  const passed = source.subjects.filter((subject) => subject.approved && subject.score !== null);
  if (!passed.length) c.add('student_id', 'certificates.errors.nothing_passed');
  const undated = passed.filter((subject) => !subject.cicle);
  if (undated.length) c.add('cicle', 'certificates.errors.subjects_without_period', { list: undated.slice(0, 10).map(subjectName).join(', ') });

  const minima = fixed(s.min_cal, places);
  const maxima = fixed(s.max_cal, places);
  const aprobatoria = fixed(s.min_approve, places);
  if (!minima || !maxima || !aprobatoria) c.add('min_approve', 'errors.invalid');
  if (c.problems.length) return { ok: false, problems: c.problems };

  const asignatura: Asignatura[] = passed.map((subject) => ({
    idAsignatura: subject.sep_subject_id!.trim(),
    ciclo: `${subject.cicle!.year}-${subject.cicle!.cicle_in_year}`,
    calificacion: fixed(subject.score, places)!,
    idTipoAsignatura: subject.sep_subject_type?.trim() || (subject.is_mandatory ? SEP_CATALOGS.subjectType.OBLIGATORIA : SEP_CATALOGS.subjectType.OPTATIVA),
    creditos: fixed(subject.credit, 2) ?? '0.00',
    idObservaciones: subject.observation?.trim() || null,
  }));
  const sum = (texts: readonly string[]) => texts.reduce((total, text) => add(total, parseDecimal(text) ?? fraction(0n)), fraction(0n));
  const average = divide(sum(asignatura.map((subject) => subject.calificacion)), BigInt(asignatura.length));

  return {
    ok: true,
    value: {
      version: DEC_VERSION,
      tipoCertificado: TIPO_CERTIFICADO_IPES,
      folioControl: source.folio_control,
      servicioFirmante: { idEntidad },
      ipes: { idNombreInstitucion, idCampus, idEntidadFederativa, responsable },
      rvoe: { numero, fechaExpedicion: fechaRvoe },
      carrera: { idCarrera, idTipoPeriodo, clavePlan, idNivelEstudios, calificacionMinima: minima!, calificacionMaxima: maxima!, calificacionMinimaAprobatoria: aprobatoria! },
      alumno: { numeroControl, curp, nombre, primerApellido, segundoApellido, idGenero, fechaNacimiento },
      expedicion: { idTipoCertificacion: SEP_CATALOGS.certification[source.type], fecha: sepDateTime(source.issued_on), idLugarExpedicion },
      asignaturas: {
        total: String(source.subjects.length),
        asignadas: String(asignatura.length),
        promedio: roundHalfUp(average, 2),
        totalCreditos: roundHalfUp(sum(source.subjects.map((subject) => subject.credit)), 2),
        creditosObtenidos: roundHalfUp(sum(asignatura.map((subject) => subject.creditos)), 2),
        numeroCiclos: String(new Set(asignatura.map((subject) => subject.ciclo)).size),
      },
      asignatura,
    },
  };
}
