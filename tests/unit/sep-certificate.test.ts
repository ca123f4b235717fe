// SEP's electronic certificate of studies, the pure parts: a Dec built by hand from the standard and
// its cadena original written out literally, the XML (valid against the schema, read back to the
// same data), the seal made with SAT's test CSD and verified with the certificate, by Node and by
// `openssl dgst -sha256 -verify`, a changed grade that breaks it, the mapping from what the school
// knows with the problems that stop a certificate, and the status machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Dec, decCadena, decCadenaFields } from '@/lib/certificates/dec';
import { type CertificateSource, type PlanSubject, certificateTypeFor, decOf, missingForTotal } from '@/lib/certificates/fields';
import { CERTIFICATE_STATUSES, nextCertificateStatus } from '@/lib/certificates/status';
import { decXml, readDecXml } from '@/lib/certificates/xml';
import { openCredential } from '@/server/esign/credential';
import { sealCadena, sealVerifies } from '@/server/esign/seal';
import { validateXml } from '@/server/esign/xsd';

const CSD = path.join(process.cwd(), 'server', 'standards', 'sat-test-csd');
const credential = openCredential(readFileSync(path.join(CSD, 'EKU9003173C9.cer')), readFileSync(path.join(CSD, 'EKU9003173C9.key')), readFileSync(path.join(CSD, 'EKU9003173C9-password.txt'), 'utf8').trim());

/** A certificate of two subjects, each value typed from the standard's list (issue 30). */
function fixture(): Dec {
  return {
    version: '3.0',
    tipoCertificado: '5',
    folioControl: 'CE202600017',
    servicioFirmante: { idEntidad: '141234' },
    ipes: {
      idNombreInstitucion: '141234',
      idCampus: '140101',
      idEntidadFederativa: '14',
      responsable: { curp: 'COAM750203MJCVCN09', idCargo: '3', nombre: 'MÓNICA', primerApellido: 'COVARRUBIAS', segundoApellido: null },
    },
    rvoe: { numero: '20190101', fechaExpedicion: '2019-03-15T00:00:00' },
    carrera: { idCarrera: '610301', idTipoPeriodo: '91', clavePlan: '2019', idNivelEstudios: '81', calificacionMinima: '5.0', calificacionMaxima: '10.0', calificacionMinimaAprobatoria: '6.0' },
    alumno: { numeroControl: '20190042', curp: 'VIIR620914HJCLXC07', nombre: 'JOSÉ ÑOÑO', primerApellido: 'PEÑA', segundoApellido: 'LÓPEZ', idGenero: '251', fechaNacimiento: '2001-02-03T00:00:00' },
    expedicion: { idTipoCertificacion: '80', fecha: '2026-01-15T00:00:00', idLugarExpedicion: '14' },
    asignaturas: { total: '48', asignadas: '2', promedio: '8.75', totalCreditos: '360.00', creditosObtenidos: '15.50', numeroCiclos: '1' },
    asignatura: [
      { idAsignatura: '1001', ciclo: '2019-2', calificacion: '9.5', idTipoAsignatura: '263', creditos: '8.00', idObservaciones: null },
      { idAsignatura: '1002', ciclo: '2019-2', calificacion: '8.0', idTipoAsignatura: '264', creditos: '7.50', idObservaciones: '101' },
    ],
  };
}

const CADENA =
  '||3.0|5|CE202600017|141234|141234|140101|14|COAM750203MJCVCN09|3|MÓNICA|COVARRUBIAS||20190101|2019-03-15T00:00:00|' +
  '610301|91|2019|81|5.0|10.0|6.0|20190042|VIIR620914HJCLXC07|JOSÉ ÑOÑO|PEÑA|LÓPEZ|251|2001-02-03T00:00:00|' +
  '80|2026-01-15T00:00:00|14|48|2|8.75|360.00|15.50|1|1001|2019-2|9.5|263|8.00||1002|2019-2|8.0|264|7.50|101||';

const scratch = mkdtempSync(path.join(tmpdir(), 'plantel-dec-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `openssl dgst -sha256 -verify` of a Base64 seal over a text, with the public key of a Base64 certificate. */
function opensslVerifies(certificateBase64: string, text: string, seal: string): boolean {
  const name = (file: string) => path.join(scratch, file);
  writeFileSync(name('cert.der'), Buffer.from(certificateBase64, 'base64'));
  writeFileSync(name('pub.pem'), execFileSync('openssl', ['x509', '-inform', 'DER', '-in', name('cert.der'), '-pubkey', '-noout']));
  writeFileSync(name('cadena.txt'), text, 'utf8');
  writeFileSync(name('seal.bin'), Buffer.from(seal, 'base64'));
  const run = spawnSync('openssl', ['dgst', '-sha256', '-verify', name('pub.pem'), '-signature', name('seal.bin'), name('cadena.txt')], { encoding: 'utf8' });
  return run.status === 0 && run.stdout.includes('Verified OK');
}

describe('cadena original', () => {
  it('joins the standard’s values in order between || and ||, an absent optional value keeping its empty place', () => {
    expect(decCadena(fixture())).toBe(CADENA);
  });

  it.each([
    ['no subject', 0, 37],
    ['one subject', 1, 43],
    ['two subjects', 2, 49],
  ])('has 37 fields plus 6 per subject (%s)', (_label, subjects, count) => {
    const dec = fixture();
    expect(decCadenaFields({ ...dec, asignatura: dec.asignatura.slice(0, subjects) })).toHaveLength(count);
  });

  it.each([
    ['the responsable’s segundoApellido', (dec: Dec) => dec.ipes.responsable.segundoApellido, 11],
    ['the student’s segundoApellido', (dec: Dec) => dec.alumno.segundoApellido, 25],
    ['a subject’s idObservaciones', (dec: Dec) => dec.asignatura[0].idObservaciones, 42],
  ])('%s is a field of its own', (_label, _read, index) => {
    expect(decCadenaFields(fixture())[index]).toBe(_read(fixture()));
  });
});

describe('the XML', () => {
  it('is valid against the schema and reads back to the same data and cadena', async () => {
    const dec = fixture();
    const xml = decXml(dec, sealCadena(credential, decCadena(dec)));
    expect(await validateXml(xml, 'certificado')).toEqual({ valid: true, problems: [] });
    const read = readDecXml(xml);
    expect(read.dec).toEqual(dec);
    expect(decCadena(read.dec)).toBe(CADENA);
    expect(xml).toContain('xmlns="https://www.siged.sep.gob.mx/certificados/"');
    expect(xml).not.toContain('segundoApellido=""');
  });

  it.each([
    ['a lower-case name', (dec: Dec) => ({ ...dec, alumno: { ...dec.alumno, nombre: 'José' } }), /nombre/],
    ['a bad CURP', (dec: Dec) => ({ ...dec, alumno: { ...dec.alumno, curp: 'XXXX' } }), /curp/],
    ['a date without its time', (dec: Dec) => ({ ...dec, expedicion: { ...dec.expedicion, fecha: '2026-01-15' } }), /fecha/],
    ['no subject', (dec: Dec) => ({ ...dec, asignatura: [] }), /Asignatura/],
  ])('the schema refuses %s', async (_label, change, problem) => {
    const dec = change(fixture());
    const result = await validateXml(decXml(dec, sealCadena(credential, decCadena(dec))), 'certificado');
    expect(result.valid).toBe(false);
    expect(result.problems.map((one) => one.message).join(' ')).toMatch(problem);
  });
});

describe('the seal', () => {
  const dec = fixture();
  const seal = sealCadena(credential, decCadena(dec));

  it('is SHA256withRSA in Base64 with the certificate and its number', () => {
    expect(Buffer.from(seal.sello, 'base64')).toHaveLength(256);
    expect(seal.noCertificadoResponsable).toBe('30001000000400002434');
    expect(seal.certificadoResponsable).toBe(credential.certificate.base64);
  });

  it('verifies with the certificate, in Node and with openssl', () => {
    expect(sealVerifies(seal, CADENA)).toBe(true);
    expect(opensslVerifies(seal.certificadoResponsable, CADENA, seal.sello)).toBe(true);
  });

  it('verifies from the XML alone: the cadena rebuilt from the document is the sealed one', () => {
    const { dec: read, firma } = readDecXml(decXml(dec, seal));
    expect(sealVerifies(firma, decCadena(read))).toBe(true);
  });

  it.each([
    ['a changed grade', (xml: string) => xml.replace('calificacion="8.0"', 'calificacion="9.0"')],
    ['a changed folio', (xml: string) => xml.replace('folioControl="CE202600017"', 'folioControl="CE202600018"')],
    ['a removed observation', (xml: string) => xml.replace(' idObservaciones="101"', '')],
  ])('%s breaks it, for Node and for openssl', (_label, tamper) => {
    const xml = tamper(decXml(dec, seal));
    const { dec: read, firma } = readDecXml(xml);
    const cadena = decCadena(read);
    expect(cadena).not.toBe(CADENA);
    expect(sealVerifies(firma, cadena)).toBe(false);
    expect(opensslVerifies(firma.certificadoResponsable, cadena, firma.sello)).toBe(false);
  });

  it('is not proved by a certificate that does not read', () => {
    expect(sealVerifies({ ...seal, certificadoResponsable: 'bm90IGEgY2VydA==' }, CADENA)).toBe(false);
    expect(sealVerifies({ ...seal, sello: '' }, CADENA)).toBe(false);
  });
});

const subject = (code: string, change: Partial<PlanSubject> = {}): PlanSubject => ({
  code,
  description: `MATERIA ${code}`,
  sep_subject_id: code.replace(/\D/g, ''),
  sep_subject_type: null,
  is_mandatory: true,
  credit: '8',
  score: '9',
  approved: true,
  cicle: { year: 2024, cicle_in_year: 1 },
  observation: null,
  ...change,
});

function source(change: Partial<CertificateSource> = {}): CertificateSource {
  return {
    folio_control: 'CE202600001',
    type: 'PARCIAL',
    issued_on: '2026-01-15',
    settings: { sep_institution_key: '141234', sep_campus_key: '140101', sep_state_id: '9', sep_signer_entity: '141234', sep_issue_place: '14', min_cal: '0', max_cal: '10', min_approve: '6', precision_cal: 1 },
    signer: { names: 'Mónica', first_name: 'Covarrubias', second_name: 'Aceves', curp: 'COAM750203MJCVCN09', charge: { code: '3' } },
    career: { cve: '610301', rvoe: '20190101', rvoe_date: '2019-03-15' },
    plan: { sep_plan_key: '2019', sep_period_type: '91', sep_level_id: '81' },
    student: { no_control: '20190042', curp: 'VIIR620914HJCLXC07', names: 'José', first_name: 'Peña', second_name: null, genre: 'H', birthday: '2001-02-03' },
    subjects: [
      subject('M101', { score: '8.75', cicle: { year: 2023, cicle_in_year: 2 } }),
      subject('M102', { is_mandatory: false, credit: '4.5' }),
      subject('M201', { score: '5', approved: false }),
      subject('M202', { score: null, approved: false, cicle: null }),
    ],
    ...change,
  };
}

describe('from the school’s records', () => {
  it('lists the passed subjects with SEP’s keys and the plan’s totals, exactly', () => {
    const mapped = decOf(source());
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    const dec = mapped.value;
    expect(dec.ipes).toMatchObject({ idEntidadFederativa: '09', responsable: { nombre: 'MÓNICA', idCargo: '3', segundoApellido: 'ACEVES' } });
    expect(dec.carrera).toMatchObject({ calificacionMinima: '0.0', calificacionMaxima: '10.0', calificacionMinimaAprobatoria: '6.0' });
    expect(dec.alumno).toMatchObject({ nombre: 'JOSÉ', segundoApellido: null, idGenero: '251', fechaNacimiento: '2001-02-03T00:00:00' });
    expect(dec.expedicion).toEqual({ idTipoCertificacion: '80', fecha: '2026-01-15T00:00:00', idLugarExpedicion: '14' });
    expect(dec.asignatura).toEqual([
      { idAsignatura: '101', ciclo: '2023-2', calificacion: '8.8', idTipoAsignatura: '263', creditos: '8.00', idObservaciones: null },
      { idAsignatura: '102', ciclo: '2024-1', calificacion: '9.0', idTipoAsignatura: '264', creditos: '4.50', idObservaciones: null },
    ]);
    // (8.8 + 9.0) / 2; credits of the whole plan and of what was passed; two periods.
    expect(dec.asignaturas).toEqual({ total: '4', asignadas: '2', promedio: '8.90', totalCreditos: '28.50', creditosObtenidos: '12.50', numeroCiclos: '2' });
  });

  it.each([
    ['a subject without SEP’s key', { subjects: [subject('M101'), subject('M102', { sep_subject_id: null })] }, { field: 'sep_subject_id', key: 'certificates.errors.subjects_without_key', values: { count: 1, list: 'M102 MATERIA M102' } }],
    ['no RVOE', { career: { cve: '610301', rvoe: null, rvoe_date: '2019-03-15' } }, { field: 'rvoe', key: 'errors.required' }],
    ['no RVOE date', { career: { cve: '610301', rvoe: '20190101', rvoe_date: null } }, { field: 'rvoe_date', key: 'errors.required' }],
    ['no signer', { signer: null }, { field: 'certificate_signer_id', key: 'errors.required' }],
    ['a signer without cargo', { signer: { names: 'A', first_name: 'B', second_name: null, curp: 'COAM750203MJCVCN09', charge: null } }, { field: 'certificate_signer_id', key: 'certificates.errors.signer_charge' }],
    ['no plan key', { plan: { sep_plan_key: ' ', sep_period_type: '91', sep_level_id: '81' } }, { field: 'sep_plan_key', key: 'errors.required' }],
    ['a campus key that is not SEP’s', { settings: { ...source().settings, sep_campus_key: 'NORTE' } }, { field: 'sep_campus_key', key: 'certificates.errors.digits' }],
    ['a student without CURP', { student: { ...source().student, curp: null } }, { field: 'curp', key: 'errors.required' }],
    ['a student without birthday', { student: { ...source().student, birthday: null } }, { field: 'birthday', key: 'errors.required' }],
    ['nothing passed', { subjects: [subject('M101', { approved: false })] }, { field: 'student_id', key: 'certificates.errors.nothing_passed' }],
  ] as const)('refuses %s, naming the field', (_label, change, problem) => {
    const mapped = decOf(source(change as Partial<CertificateSource>));
    expect(mapped.ok).toBe(false);
    if (!mapped.ok) expect(mapped.problems).toContainEqual(problem);
  });

  it('names every problem at once', () => {
    const mapped = decOf(source({ signer: null, career: null, plan: null }));
    expect(mapped.ok || mapped.problems.map((problem) => problem.field)).toEqual(['certificate_signer_id', 'rvoe', 'rvoe_date', 'career_cve', 'sep_period_type', 'sep_plan_key', 'sep_level_id']);
  });

  it.each([
    ['every subject passed', [subject('A1'), subject('A2')], 'TOTAL', []],
    ['one failed', [subject('A1'), subject('A2', { approved: false })], 'PARCIAL', ['A2 MATERIA A2']],
    ['one never taken', [subject('A1', { score: null, approved: false })], 'PARCIAL', ['A1 MATERIA A1']],
    ['a plan without subjects', [], 'PARCIAL', []],
  ] as const)('%s: %s', (_label, subjects, type, missing) => {
    expect(certificateTypeFor(subjects)).toBe(type);
    expect(missingForTotal([...subjects])).toEqual(missing);
  });
});

describe('status machine', () => {
  it.each([
    ['DRAFT', 'sign', 'SIGNED'],
    ['SIGNED', 'cancel', 'CANCELLED'],
    ['SIGNED', 'sign', null],
    ['CANCELLED', 'cancel', null],
    ['DRAFT', 'cancel', null],
  ] as const)('%s + %s = %s', (status, step, expected) => {
    expect(nextCertificateStatus(status, step)).toBe(expected);
  });

  it('knows three states', () => {
    expect(CERTIFICATE_STATUSES).toEqual(['DRAFT', 'SIGNED', 'CANCELLED']);
  });
});
