// From Plantel's electronic title record (spec names: folio_control, career_cve, test_date...) to
// SEP's TituloElectronico attributes, with every problem that would stop SEP from taking it, each
// named by the record's field so the form shows it where it is typed. Pure: the record comes with
// its catalogue entries ({code, name}) already read.
import { isValidCurp } from '@/lib/mx/curp';
import { type Firmante, type Titulo, sepEmail, sepText } from './cadena';

export type CatalogEntry = { code: string | null; name: string } | null;

/** Dates as YYYY-MM-DD text (the API's wire form). */
export type TitleRecord = {
  folio_control: string | null;
  institution: string | null;
  institution_name: string | null;
  authorization: CatalogEntry;
  career_cve: string | null;
  career_name: string | null;
  career_start: string | null;
  career_end: string | null;
  rvoe: string | null;
  curp: string | null;
  names: string | null;
  first_name: string | null;
  second_name: string | null;
  email: string | null;
  exp_date: string | null;
  modality: CatalogEntry;
  test_date: string | null;
  exemption_date: string | null;
  social_service: boolean;
  legal_basis: CatalogEntry;
  entity: CatalogEntry;
  antecedent_institution: string | null;
  antecedent_type: CatalogEntry;
  antecedent_entity: CatalogEntry;
  antecedent_start: string | null;
  antecedent_end: string | null;
  antecedent_cedula: string | null;
};

export type SignerRecord = {
  names: string;
  first_name: string;
  second_name: string | null;
  curp: string;
  abr_title: string | null;
  charge: CatalogEntry;
};

/** A field of the record and the message (key of messages/<locale>/*.json) that says what is wrong. */
export type TitleProblem = { field: string; key: string; values?: Record<string, string | number> };

export type Mapped<T> = { ok: true; value: T } | { ok: false; problems: TitleProblem[] };

/**
 * SEP's id of a catalogue entry. The SEP catalogues that share classification 666 prefix their
 * official ids (MOD-1, FUN-1, ENT-09, ANT-4) because the ids collide; the others are the bare id.
 */
export function sepId(entry: CatalogEntry): string | null {
  const code = entry?.code?.trim();
  if (!code) return null;
  return code.replace(/^[A-Z]+-/, '');
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@|]+@[^\s@|]+\.[^\s@|]+$/;

class Collector {
  readonly problems: TitleProblem[] = [];
  private add(field: string, key: string, values?: TitleProblem['values']) {
    if (!this.problems.some((problem) => problem.field === field)) this.problems.push({ field, key, ...(values ? { values } : {}) });
  }
  /** Upper-case text; required unless said. A `|` would break the cadena's fields apart. */
  text(field: string, value: string | null | undefined, required = true): string | null {
    const text = sepText(value);
    if (!text) {
      if (required) this.add(field, 'errors.required');
      return null;
    }
    if (text.includes('|')) this.add(field, 'titles.errors.pipe');
    return text;
  }
  day(field: string, value: string | null | undefined, required = true): string | null {
    if (!value) {
      if (required) this.add(field, 'errors.required');
      return null;
    }
    if (!DAY.test(value)) this.add(field, 'errors.date');
    return value;
  }
  id(field: string, entry: CatalogEntry, pad = 0): { id: string; name: string } | null {
    const id = sepId(entry);
    if (!entry || !id) {
      this.add(field, 'errors.required');
      return null;
    }
    return { id: pad ? id.padStart(pad, '0') : id, name: sepText(entry.name) ?? '' };
  }
  check(ok: boolean, field: string, key: string, values?: TitleProblem['values']) {
    if (!ok) this.add(field, key, values);
  }
}

/** The title's SEP document (without signatures), or every problem that stops it. */
export function tituloOf(record: TitleRecord): Mapped<Titulo> {
  const c = new Collector();
  const folioControl = c.text('folio_control', record.folio_control);
  const cveInstitucion = c.text('institution', record.institution);
  const nombreInstitucion = c.text('institution_name', record.institution_name);
  const authorization = c.id('authorization_id', record.authorization);
  const cveCarrera = c.text('career_cve', record.career_cve);
  const nombreCarrera = c.text('career_name', record.career_name);
  const careerStart = c.day('career_start', record.career_start, false);
  const careerEnd = c.day('career_end', record.career_end);
  // The RVOE number is required when the authorization is an RVOE (federal 1 or state 2).
  const rvoeRequired = authorization?.id === '1' || authorization?.id === '2';
  const numeroRvoe = c.text('rvoe', record.rvoe, rvoeRequired);
  const curp = c.text('curp', record.curp);
  if (curp) c.check(isValidCurp(curp), 'curp', 'titles.errors.curp');
  const nombre = c.text('names', record.names);
  const primerApellido = c.text('first_name', record.first_name);
  const segundoApellido = c.text('second_name', record.second_name, false);
  const correo = sepEmail(record.email);
  c.check(Boolean(correo), 'email', 'errors.required');
  if (correo) c.check(EMAIL.test(correo), 'email', 'errors.email');
  const expDate = c.day('exp_date', record.exp_date);
  const modality = c.id('modality_id', record.modality);
  const testDate = c.day('test_date', record.test_date, false);
  const exemptionDate = c.day('exemption_date', record.exemption_date, false);
  // Issued after a professional exam or exempt from it: SEP takes exactly one of the two dates.
  c.check(Boolean(testDate) || Boolean(exemptionDate), 'test_date', 'titles.errors.exam_or_exemption');
  c.check(!(testDate && exemptionDate), 'exemption_date', 'titles.errors.exam_and_exemption');
  const legal = c.id('legal_basis_id', record.legal_basis);
  const entity = c.id('entity_id', record.entity, 2);
  const institucionProcedencia = c.text('antecedent_institution', record.antecedent_institution);
  const antecedentType = c.id('antecedent_type_id', record.antecedent_type);
  const antecedentEntity = c.id('antecedent_entity_id', record.antecedent_entity, 2);
  const antecedentStart = c.day('antecedent_start', record.antecedent_start, false);
  const antecedentEnd = c.day('antecedent_end', record.antecedent_end);
  const noCedula = c.text('antecedent_cedula', record.antecedent_cedula, false);
  // SEP's consistency rules between the dates (the same the form applies when they are typed).
  const before = (a: string | null, b: string | null) => !a || !b || a <= b;
  c.check(before(careerStart, careerEnd), 'career_end', 'titles.errors.career_end');
  c.check(before(antecedentStart, antecedentEnd), 'antecedent_end', 'titles.errors.antecedent_end');
  c.check(before(antecedentEnd, careerStart), 'antecedent_end', 'titles.errors.antecedent_before_career');
  c.check(before(careerEnd, expDate), 'exp_date', 'titles.errors.exp_after_end');
  c.check(before(testDate ?? exemptionDate, expDate), 'exp_date', 'titles.errors.exp_after_exam');
  if (c.problems.length) return { ok: false, problems: c.problems };
  return {
    ok: true,
    value: {
      folioControl: folioControl!,
      institucion: { cveInstitucion: cveInstitucion!, nombreInstitucion: nombreInstitucion! },
      carrera: {
        cveCarrera: cveCarrera!,
        nombreCarrera: nombreCarrera!,
        fechaInicio: careerStart,
        fechaTerminacion: careerEnd!,
        idAutorizacionReconocimiento: authorization!.id,
        autorizacionReconocimiento: authorization!.name,
        numeroRvoe,
      },
      profesionista: { curp: curp!, nombre: nombre!, primerApellido: primerApellido!, segundoApellido, correoElectronico: correo! },
      expedicion: {
        fechaExpedicion: expDate!,
        idModalidadTitulacion: modality!.id,
        modalidadTitulacion: modality!.name,
        fechaExamenProfesional: testDate,
        fechaExencionExamenProfesional: exemptionDate,
        cumplioServicioSocial: record.social_service ? '1' : '0',
        idFundamentoLegalServicioSocial: legal!.id,
        fundamentoLegalServicioSocial: legal!.name,
        idEntidadFederativa: entity!.id,
        entidadFederativa: entity!.name,
      },
      antecedente: {
        institucionProcedencia: institucionProcedencia!,
        idTipoEstudioAntecedente: antecedentType!.id,
        tipoEstudioAntecedente: antecedentType!.name,
        idEntidadFederativa: antecedentEntity!.id,
        entidadFederativa: antecedentEntity!.name || null,
        fechaInicio: antecedentStart,
        fechaTerminacion: antecedentEnd!,
        noCedula,
      },
    },
  };
}

/** A responsable as a FirmaResponsable (before the seal), or what their record lacks. */
export function firmanteOf(signer: SignerRecord): Mapped<Firmante> {
  const c = new Collector();
  const nombre = c.text('names', signer.names);
  const primerApellido = c.text('first_name', signer.first_name);
  const segundoApellido = c.text('second_name', signer.second_name, false);
  const curp = c.text('curp', signer.curp);
  if (curp) c.check(isValidCurp(curp), 'curp', 'titles.errors.curp');
  const charge = c.id('charge_id', signer.charge);
  const abrTitulo = c.text('abr_title', signer.abr_title, false);
  if (c.problems.length) return { ok: false, problems: c.problems };
  return { ok: true, value: { nombre: nombre!, primerApellido: primerApellido!, segundoApellido, curp: curp!, idCargo: charge!.id, cargo: charge!.name, abrTitulo } };
}
