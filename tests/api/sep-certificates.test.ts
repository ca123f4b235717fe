// SEP's electronic certificate of studies through the API: a fresh demo issues at once (its plans,
// subjects and settings carry SEP's keys); the XML's cadena rebuilt from the XML is the sealed one and
// the seal verifies with the certificate in it; total for a student who passed the whole plan, parcial
// otherwise; the refusals (a missing key 400 on its field, a total with subjects owed 409, a student
// 403); the batch job's zip with one XML per student; the cancellation with its reason; the history.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decCadena } from '@/lib/certificates/dec';
import { readDecXml } from '@/lib/certificates/xml';
import { prisma } from '@/server/db/client';
import { sealVerifies } from '@/server/esign/seal';
import { validateXml } from '@/server/esign/xsd';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';

const BASE = 'academic/api/studies-certificates/';
let admin: string;
/** A sworn student (every subject passed) and students of a group still studying. */
let graduate: number;
let studying: number[];
let groupId: number;
let runner: JobRunner | null = null;

/** Students who still owe subjects of their current group's plan (students of a group, still studying). */
async function studyingStudents(): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT s.id FROM students s
     WHERE s.current_group_id IS NOT NULL AND s.is_active AND s.curp IS NOT NULL AND s.birthday IS NOT NULL AND s.genre IN ('H', 'M')
       AND EXISTS (SELECT 1 FROM student_kardex k WHERE k.student_id = s.id AND k.approved)
       AND EXISTS (SELECT 1 FROM subjects sub JOIN groups g ON g.study_plan_id = sub.study_plan_id
                    WHERE g.id = s.current_group_id AND sub.status
                      AND NOT EXISTS (SELECT 1 FROM student_kardex k WHERE k.student_id = s.id AND k.subject_id = sub.id AND k.approved))
     ORDER BY s.id`;
  return rows.map((row) => row.id);
}

/**
 * A student who passed the whole plan: the demo's graduates have no kardex of their own, so one of
 * the students still studying gets their owed subjects credited (scores recorded in a period after
 * the current one, so they are the kardex's latest attempt).
 */
async function completed(studentId: number): Promise<number> {
  const student = await prisma.student.findUniqueOrThrow({ where: { id: studentId }, select: { current_group: { select: { study_plan_id: true, cicle: { select: { campus_id: true } } } } } });
  const last = await prisma.cicle.findFirstOrThrow({ orderBy: { start: 'desc' }, select: { year: true } });
  const later = await prisma.cicle.create({
    data: { description: `Periodo de prueba ${last.year + 2}`, start: new Date(`${last.year + 2}-01-10`), end: new Date(`${last.year + 2}-06-30`), year: last.year + 2, campus_id: student.current_group!.cicle.campus_id },
    select: { id: true },
  });
  const passed = (await prisma.studentKardex.findMany({ where: { student_id: studentId, approved: true }, select: { subject_id: true } })).map((row) => row.subject_id);
  const owed = await prisma.subject.findMany({ where: { study_plan_id: student.current_group!.study_plan_id!, status: true, id: { notIn: passed } }, select: { id: true } });
  await prisma.studentSubject.createMany({ data: owed.map((subject) => ({ student_id: studentId, subject_id: subject.id, cicle_id: later.id, score: '9', revalid_type: 'Equivalencia' })) });
  return studentId;
}

beforeAll(async () => {
  admin = await tokenFor('admin');
  studying = await studyingStudents();
  graduate = await completed(studying[studying.length - 1]);
  const group = await prisma.student.findUniqueOrThrow({ where: { id: studying[0] }, select: { current_group_id: true } });
  groupId = group.current_group_id!;
});

afterAll(async () => {
  await runner?.stop({ timeoutMs: 1000 });
});

async function historyOf(id: number) {
  return prisma.auditLog.findMany({ where: { resource: 'studies_certificates', record_id: String(id) }, orderBy: { id: 'asc' } });
}

async function xmlOf(id: number): Promise<string> {
  const answer = await call<ArrayBuffer>('GET', `${BASE}${id}/xml/`, { token: admin, raw: true });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('application/xml');
  return Buffer.from(answer.body).toString('utf8');
}

describe('the demo', () => {
  it('has students who finished their plan and students still studying, and SEP keys in its settings', async () => {
    expect(graduate).toBeDefined();
    expect(studying.length).toBeGreaterThan(3);
    const setting = await prisma.setting.findFirstOrThrow({ select: { sep_campus_key: true, sep_state_id: true, sep_signer_entity: true, sep_issue_place: true, certificate_signer_id: true } });
    expect(setting).toMatchObject({ sep_campus_key: expect.stringMatching(/^\d+$/), sep_state_id: expect.stringMatching(/^\d{2}$/), certificate_signer_id: expect.any(Number) });
  });
});

describe('issuing one', () => {
  let issued: { id: number; folio_control: string };

  it('a parcial for a student who still owes subjects: sealed, valid, the cadena from the XML is the one sealed', async () => {
    const answer = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[0] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ type: 'PARCIAL', status: 'SIGNED', student_id: studying[0] });
    expect(answer.body.subjects).toBeLessThan(answer.body.total);
    issued = answer.body;
    const xml = await xmlOf(issued.id);
    expect(await validateXml(xml, 'certificado')).toEqual({ valid: true, problems: [] });
    const { dec, firma } = readDecXml(xml);
    expect(dec.folioControl).toBe(issued.folio_control);
    expect(dec.expedicion.idTipoCertificacion).toBe('80');
    const row = await prisma.studiesCertificate.findUniqueOrThrow({ where: { id: issued.id }, select: { seal: true, cert_no: true, signer: { select: { certificate: true } } } });
    expect(firma.sello).toBe(row.seal);
    expect(firma.certificadoResponsable).toBe(row.signer?.certificate);
    expect(sealVerifies(firma, decCadena(dec))).toBe(true);
    // A grade changed in the XML no longer matches its seal.
    const changed = readDecXml(xml.replace(/calificacion="([\d.]+)"/, (_match, grade: string) => `calificacion="${grade === '10.0' ? '9.0' : '10.0'}"`));
    expect(sealVerifies(changed.firma, decCadena(changed.dec))).toBe(false);
  });

  it('a total for a student who passed the whole plan; a second total waits for the first to be cancelled', async () => {
    const answer = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: graduate, type: 'TOTAL' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ type: 'TOTAL', status: 'SIGNED' });
    expect(answer.body.subjects).toBe(answer.body.total);
    expect(readDecXml(await xmlOf(answer.body.id)).dec.expedicion.idTipoCertificacion).toBe('79');
    const again = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: graduate } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/ya tiene un certificado total/);
  });

  it('never uses a folio twice', async () => {
    const second = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[0] } });
    expect(second.status).toBe(201);
    expect(second.body.folio_control).not.toBe(issued.folio_control);
    const folios = await prisma.studiesCertificate.findMany({ select: { folio_control: true } });
    expect(new Set(folios.map((row) => row.folio_control)).size).toBe(folios.length);
  });

  it('is cancelled with a reason, once, and keeps its history', async () => {
    expect((await call('POST', `${BASE}${issued.id}/cancel/`, { token: admin, body: { reason: ' ' } })).status).toBe(400);
    const cancelled = await call('POST', `${BASE}${issued.id}/cancel/`, { token: admin, body: { reason: 'Promedio capturado con error' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toEqual({ id: issued.id, status: 'CANCELLED' });
    expect((await call('POST', `${BASE}${issued.id}/cancel/`, { token: admin, body: { reason: 'Otra vez' } })).status).toBe(409);
    const state = await call('GET', `${BASE}${issued.id}/state/`, { token: admin });
    expect(state.body).toMatchObject({ state: 'CANCELLED', delete: false, operations: ['xml'] });
    const history = await call('GET', `${BASE}${issued.id}/history/`, { token: admin });
    expect(history.status).toBe(200);
    expect(history.body.map((entry: { type: string }) => entry.type)).toEqual(['~', '+']);
    const rows = await historyOf(issued.id);
    expect(rows[1].reason).toBe('Promedio capturado con error');
    // Its XML is still there to read: cancelling changes its status, not what was issued.
    expect(readDecXml(await xmlOf(issued.id)).dec.folioControl).toBe(issued.folio_control);
  });

  it('is never written through the generic API', async () => {
    const id = (await prisma.studiesCertificate.findFirstOrThrow({ select: { id: true } })).id;
    expect((await call('DELETE', `${BASE}${id}/`, { token: admin })).status).toBe(405);
    expect((await call('PATCH', `${BASE}${id}/`, { token: admin, body: { folio_control: 'X' } })).status).toBe(405);
    expect((await call('POST', BASE, { token: admin, body: { student_id: graduate, type: 'TOTAL' } })).status).toBe(405);
  });
});

describe('refusals', () => {
  it('a TOTAL asked for a student who owes subjects: 409 naming them, nothing written', async () => {
    const before = await prisma.studiesCertificate.count();
    const answer = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[1], type: 'TOTAL' } });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/No se puede expedir un certificado total: falta/);
    expect(await prisma.studiesCertificate.count()).toBe(before);
  });

  it('a subject without SEP key, a career without RVOE date and no campus key: 400, each on its field', async () => {
    const student = await prisma.student.findUniqueOrThrow({ where: { id: studying[1] }, select: { career_id: true, current_group: { select: { study_plan_id: true } } } });
    const subject = await prisma.subject.findFirstOrThrow({ where: { study_plan_id: student.current_group!.study_plan_id!, status: true }, orderBy: { id: 'asc' }, select: { id: true, sep_subject_id: true, code: true } });
    const career = await prisma.career.findUniqueOrThrow({ where: { id: student.career_id! }, select: { rvoe_date: true } });
    const setting = await prisma.setting.findFirstOrThrow({ select: { id: true, sep_campus_key: true } });
    await prisma.subject.update({ where: { id: subject.id }, data: { sep_subject_id: null } });
    await prisma.career.update({ where: { id: student.career_id! }, data: { rvoe_date: null } });
    await prisma.setting.update({ where: { id: setting.id }, data: { sep_campus_key: '' } });
    try {
      const answer = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[1] } });
      expect(answer.status).toBe(400);
      expect(answer.body.sep_subject_id[0]).toContain(subject.code);
      expect(answer.body.rvoe_date).toEqual(['Este campo es obligatorio.']);
      expect(answer.body.sep_campus_key).toEqual(['Este campo es obligatorio.']);
      expect(answer.body.non_field_errors[0]).toMatch(/hay 3 datos faltantes/);
      const english = await call('POST', `${BASE}issue/`, { token: admin, lang: 'en', body: { student_id: studying[1] } });
      expect(english.body.sep_subject_id[0]).toMatch(/has no SEP key/);
    } finally {
      await prisma.subject.update({ where: { id: subject.id }, data: { sep_subject_id: subject.sep_subject_id } });
      await prisma.career.update({ where: { id: student.career_id! }, data: { rvoe_date: career.rvoe_date } });
      await prisma.setting.update({ where: { id: setting.id }, data: { sep_campus_key: setting.sep_campus_key } });
    }
  });

  it('no responsable with an e.firma: 400 on the settings’ signer', async () => {
    const setting = await prisma.setting.findFirstOrThrow({ select: { id: true, certificate_signer_id: true } });
    const bare = await prisma.titleResponsable.findFirst({ where: { certificate: null, charge_id: { not: null } }, select: { id: true } });
    try {
      await prisma.setting.update({ where: { id: setting.id }, data: { certificate_signer_id: null } });
      const none = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[1] } });
      expect(none.status).toBe(400);
      expect(none.body.certificate_signer_id).toEqual(['Este campo es obligatorio.']);
      if (bare) {
        await prisma.setting.update({ where: { id: setting.id }, data: { certificate_signer_id: bare.id } });
        const without = await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[1] } });
        expect(without.status).toBe(400);
        expect(without.body.certificate_signer_id[0]).toMatch(/no tiene cargada su e.firma/);
      }
    } finally {
      await prisma.setting.update({ where: { id: setting.id }, data: { certificate_signer_id: setting.certificate_signer_id } });
    }
  });

  it('bad input is a 400, an unknown student a 404', async () => {
    expect((await call('POST', `${BASE}issue/`, { token: admin, body: {} })).status).toBe(400);
    expect((await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: studying[1], type: 'DOBLE' } })).status).toBe(400);
    expect((await call('POST', `${BASE}issue/`, { token: admin, body: { student_id: 2_000_000_000 } })).status).toBe(404);
    expect((await call('POST', `${BASE}issue_batch/`, { token: admin, body: {} })).status).toBe(400);
    expect((await call('GET', `${BASE}download_zip/`, { token: admin })).status).toBe(400);
  });

  it('a student may not issue or read certificates (403); Control Escolar may', async () => {
    const student = await tokenFor('alumno');
    const own = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true } });
    expect((await call('POST', `${BASE}issue/`, { token: student, body: { student_id: own.id } })).status).toBe(403);
    expect((await call('GET', BASE, { token: student })).status).toBe(403);
    const control = await tokenFor('control');
    const list = await call('GET', `${BASE}?page_size=5`, { token: control });
    expect(list.status).toBe(200);
    expect(list.body.elements).toBeGreaterThan(0);
  });
});

describe('a batch', () => {
  it('issues a group’s certificates as a job; its zip holds one XML per student issued', async () => {
    runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
    const members = await prisma.student.findMany({ where: { current_group_id: groupId, is_active: true }, select: { id: true } });
    const started = await call('POST', `${BASE}issue_batch/`, { token: admin, body: { group_id: groupId } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.students).toBe(members.length);
    const job = await finishedJob(admin, started.body.job_id);
    expect(job.status, JSON.stringify(job)).toBe('DONE');
    expect(job.done).toBe(members.length);
    expect(job.result.issued + job.result.refused_count).toBe(members.length);
    const issued = await prisma.studiesCertificate.findMany({ where: { job_id: started.body.job_id }, select: { folio_control: true, student_id: true } });
    expect(issued).toHaveLength(job.result.issued);
    expect(new Set(issued.map((row) => row.student_id)).size).toBe(issued.length);

    const zip = await call<ArrayBuffer>('GET', `${BASE}download_zip/?job_id=${started.body.job_id}`, { token: admin, raw: true });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const archive = await JSZip.loadAsync(zip.body);
    const names = Object.keys(archive.files).sort();
    expect(names).toEqual(issued.map((row) => `${row.folio_control}.xml`).sort());
    for (const name of names.slice(0, 3)) {
      const { dec, firma } = readDecXml(await archive.files[name].async('string'));
      expect(sealVerifies(firma, decCadena(dec))).toBe(true);
    }
    // Another user does not download someone else's batch.
    const control = await tokenFor('control');
    expect((await call('GET', `${BASE}download_zip/?job_id=${started.body.job_id}`, { token: control })).status).toBe(404);
  });
});
