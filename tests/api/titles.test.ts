// SEP electronic titles through the API: signing with the two demo signers' e.firma (the XML valid
// against SEP's schema, each seal verifying with its signer's certificate over their own cadena), a
// title with missing data refused and left in DRAFT, the round trip with the fake SEP (accepted, and
// rejected with SEP's message in the log), the signed XML one by one and as a zip, renewing a
// signer's certificate, who may do it, and the history row of every write.
import fc from 'fast-check';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadenaOriginal } from '@/lib/titles/cadena';
import { tituloOf } from '@/lib/titles/fields';
import { readTituloXml } from '@/lib/titles/xml';
import { prisma } from '@/server/db/client';
import { verifySeal } from '@/server/esign/credential';
import { validateXml } from '@/server/esign/xsd';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { fakeSep } from '@/server/modules/academic/sep-titles';
import { titleRecord, titleSelect } from '@/server/modules/academic/title-actions';
import { demoCredential } from '@/prisma/seed/credentials/demo';
import { call, finishedJob, tokenFor } from './client';

const BASE = 'academic/api/electronic-titles/';
let admin: string;
let signers: number[];
const drafts: number[] = [];

/** DRAFT titles of the demo whose data SEP would take (the seed makes them from sworn students). */
async function readyDrafts(count: number): Promise<number[]> {
  const rows = await prisma.electronicTitle.findMany({
    where: { status: 'DRAFT', swear: { is_swear: true } },
    orderBy: { id: 'asc' },
    take: 200,
    select: titleSelect,
  });
  return rows.filter((row) => tituloOf(titleRecord(row)).ok).slice(0, count).map((row) => row.id);
}

async function historyOf(resource: string, id: number) {
  return prisma.auditLog.findMany({ where: { resource, record_id: String(id) }, orderBy: { id: 'desc' } });
}

beforeAll(async () => {
  admin = await tokenFor('admin');
  const rows = await prisma.titleResponsable.findMany({ where: { status: true, certificate: { not: null } }, orderBy: { id: 'asc' }, select: { id: true } });
  signers = rows.map((row) => row.id);
  drafts.push(...(await readyDrafts(6)));
});

let runner: JobRunner | null = null;

afterAll(async () => {
  fakeSep().pendingPolls = 0;
  await runner?.stop({ timeoutMs: 1000 });
});

describe('the demo', () => {
  it('has two signers with their e.firma and sworn students with DRAFT titles ready to sign', () => {
    expect(signers).toHaveLength(2);
    expect(drafts.length).toBeGreaterThanOrEqual(6);
  });
});

describe('signing', () => {
  it('seals a title with two signers: the XML meets SEP schema and each seal verifies over its own cadena', async () => {
    const id = drafts[0];
    const signed = await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe('SIGNED');
    const row = await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { xml: true, status: true } });
    expect(row.status).toBe('SIGNED');
    expect(await validateXml(row.xml!, 'titulo')).toEqual({ valid: true, problems: [] });
    const { titulo, firmas } = readTituloXml(row.xml!);
    expect(firmas).toHaveLength(2);
    const cadenas = firmas.map((firma) => cadenaOriginal(titulo, firma));
    expect(cadenas[0]).not.toBe(cadenas[1]);
    for (const [index, firma] of firmas.entries()) {
      expect(firma.noCertificadoResponsable).toMatch(/^\d{20}$/);
      expect(verifySeal(firma.certificadoResponsable, cadenas[index], firma.sello)).toBe(true);
      // A seal is bound to its own signer's cadena.
      expect(verifySeal(firma.certificadoResponsable, cadenas[1 - index], firma.sello)).toBe(false);
    }
    const logs = await prisma.titleLog.findMany({ where: { title_id: id }, orderBy: { id: 'desc' }, take: 1 });
    expect(logs[0]).toMatchObject({ status: 'SIGNED' });
    expect((await historyOf('electronic_titles', id))[0]).toMatchObject({ type: '~', username: 'admin' });
    // Signed: the generic update refuses it and signing again is a conflict.
    expect((await call('PUT', `${BASE}${id}/`, { token: admin, body: { id, notes: 'x' } })).status).toBe(409);
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } })).status).toBe(409);
  });

  it('refuses a title missing a required field with its message, and leaves it in DRAFT', async () => {
    const id = drafts[1];
    await prisma.electronicTitle.update({ where: { id }, data: { curp: null, test_date: null, exemption_date: null } });
    const answer = await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } });
    expect(answer.status).toBe(400);
    expect(answer.body.curp).toEqual(['Este campo es obligatorio.']);
    expect(answer.body.test_date[0]).toMatch(/examen profesional/);
    expect(answer.body.non_field_errors[0]).toMatch(/no puede firmarse: hay 2 datos/);
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true, xml: true } })).status).toBe('DRAFT');
    const facts = await call('GET', `${BASE}${id}/signing/`, { token: admin });
    expect(facts.body.problems.map((problem: { field: string }) => problem.field)).toEqual(['curp', 'test_date']);
  });

  it('needs two different signers with a usable e.firma', async () => {
    const id = drafts[2];
    const one = await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: [signers[0]] } });
    expect(one.status).toBe(400);
    expect(one.body.responsable_ids[0]).toMatch(/al menos dos/);
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: [signers[0], signers[0]] } })).status).toBe(400);
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: {} })).status).toBe(400);
    const bare = await prisma.titleResponsable.findFirstOrThrow({ where: { certificate: null }, select: { id: true } });
    const missing = await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: [signers[0], bare.id] } });
    expect(missing.status).toBe(409);
    expect(missing.body.detail).toMatch(/no tiene cargada su e.firma|ya no es responsable activo/);
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe('DRAFT');
  });

  it('a broken XML (a required attribute removed) fails SEP schema', async () => {
    const row = await prisma.electronicTitle.findUniqueOrThrow({ where: { id: drafts[0] }, select: { xml: true } });
    const broken = row.xml!.replace(/ curp="[A-Z0-9]{18}"(?=[^>]*correoElectronico)/, '');
    expect(broken).not.toBe(row.xml);
    const result = await validateXml(broken, 'titulo');
    expect(result.valid).toBe(false);
    expect(result.problems[0].message).toMatch(/curp/);
  });
});

describe('from the oath', () => {
  it("a sworn student's title is filled from what the school knows, completed on its form and signed", async () => {
    const swear = await prisma.swearCareer.findFirstOrThrow({ where: { is_swear: true, has_title: false, electronic_titles: { none: {} }, student: { curp: { not: null }, email: { not: null } } }, orderBy: { id: 'asc' }, select: { id: true, student: { select: { no_control: true, curp: true } } } });
    // The titles screen offers the sworn students without a title.
    const offered = await call('GET', `academic/api/swear-careers/?is_swear=true&has_title=false&no_paginate=true`, { token: await tokenFor('control') });
    expect(offered.status).toBe(200);
    expect(offered.body.every((row: { is_swear: boolean; has_title: boolean }) => row.is_swear && !row.has_title)).toBe(true);
    const made = await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: swear.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'DRAFT', swear_id: swear.id, no_control: swear.student.no_control, curp: swear.student.curp });
    expect(made.body.career_cve).toBeTruthy();
    expect((await prisma.swearCareer.findUniqueOrThrow({ where: { id: swear.id }, select: { has_title: true } })).has_title).toBe(true);
    expect((await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: swear.id } })).status).toBe(409);
    // What only staff know is asked for before signing.
    const facts = await call('GET', `${BASE}${made.body.id}/signing/`, { token: admin });
    expect(facts.body.problems.map((problem: { field: string }) => problem.field)).toEqual(expect.arrayContaining(['modality_id', 'legal_basis_id', 'entity_id', 'antecedent_type_id']));
    const code = async (value: string) => (await prisma.catalog.findFirstOrThrow({ where: { clas_id: 666, code: value }, select: { id: true } })).id;
    const completed = await call('PUT', `${BASE}${made.body.id}/`, {
      token: admin,
      body: { id: made.body.id, modality_id: await code('MOD-2'), exemption_date: made.body.exp_date, legal_basis_id: await code('FUN-1'), entity_id: await code('ENT-14'), antecedent_type_id: await code('ANT-4'), antecedent_entity_id: await code('ENT-14'), antecedent_institution: 'PREPARATORIA 5', antecedent_start: '2010-08-20', antecedent_end: '2011-06-28' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const signed = await call('POST', `${BASE}${made.body.id}/sign/`, { token: admin, body: { responsable_ids: signers } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const notSworn = await prisma.swearCareer.findFirst({ where: { is_swear: false }, select: { id: true } });
    if (notSworn) expect((await call('POST', `${BASE}from_swear/`, { token: admin, body: { swear_id: notSworn.id } })).status).toBe(409);
    expect((await call('POST', `${BASE}from_swear/`, { token: admin, body: {} })).status).toBe(400);
  });
});

describe('files', () => {
  it('export_xml hands over the signed XML; a draft has none', async () => {
    const file = await call<ArrayBuffer>('GET', `${BASE}export_xml/?id=${drafts[0]}`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/xml/);
    expect(file.headers.get('content-disposition')).toMatch(/\.xml/);
    const stored = await prisma.electronicTitle.findUniqueOrThrow({ where: { id: drafts[0] }, select: { xml: true } });
    expect(Buffer.from(file.body).toString('utf8')).toBe(stored.xml);
    expect((await call('GET', `${BASE}export_xml/?id=${drafts[2]}`, { token: admin })).status).toBe(409);
    expect((await call('GET', `${BASE}export_xml/?id=abc`, { token: admin })).status).toBe(400);
  });

  it('download_zip streams the signed XMLs of the ids or of the filters', async () => {
    await call('POST', `${BASE}${drafts[3]}/sign/`, { token: admin, body: { responsable_ids: [...signers].reverse() } });
    const answer = await call<ArrayBuffer>('GET', `${BASE}download_zip/?ids=${drafts[0]},${drafts[3]},${drafts[2]}`, { token: admin, raw: true });
    expect(answer.status).toBe(200);
    const zip = await JSZip.loadAsync(answer.body);
    const names = Object.keys(zip.files).sort();
    const folios = await prisma.electronicTitle.findMany({ where: { id: { in: [drafts[0], drafts[3]] } }, select: { folio_control: true } });
    expect(names).toEqual(folios.map((row) => `${row.folio_control}.xml`).sort());
    const text = await zip.file(names[0])!.async('string');
    expect((await validateXml(text, 'titulo')).valid).toBe(true);
    const byStatus = await call<ArrayBuffer>('GET', `${BASE}download_zip/?status=SIGNED`, { token: admin, raw: true });
    expect(byStatus.status).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(byStatus.body)).files).length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', `${BASE}download_zip/?ids=1,x`, { token: admin })).status).toBe(400);
  });
});

describe('SEP', () => {
  it('send → batch number → status → accepted, each step in the log', async () => {
    const id = drafts[0];
    fakeSep().pendingPolls = 1;
    const sent = await call('POST', `${BASE}${id}/post_to_sep/`, { token: admin });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'SENT' });
    expect(sent.body.batch_no).toMatch(/^\d+$/);
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { is_posted: true, batch_no: true } })).batch_no).toBe(sent.body.batch_no);
    // SEP still processing: the title stays SENT.
    const pending = await call('POST', `${BASE}${id}/sep_status/`, { token: admin });
    expect(pending.body).toMatchObject({ status: 'SENT' });
    const done = await call('POST', `${BASE}${id}/sep_status/`, { token: admin });
    expect(done.body).toMatchObject({ status: 'ACCEPTED', message: 'Título electrónico registrado' });
    const logs = await prisma.titleLog.findMany({ where: { title_id: id }, orderBy: { id: 'asc' }, select: { status: true, item_no: true } });
    expect(logs.slice(-3).map((log) => log.status)).toEqual(['SIGNED', 'SENT', 'ACCEPTED']);
    expect(logs.at(-1)!.item_no).toBe(sent.body.batch_no);
    const history = await historyOf('electronic_titles', id);
    expect(history.length).toBeGreaterThanOrEqual(3);
    // Accepted: nothing to send again.
    expect((await call('POST', `${BASE}${id}/post_to_sep/`, { token: admin })).status).toBe(409);
  });

  it('an accepted title is cancelled at SEP with its reason', async () => {
    const id = drafts[0];
    expect((await call('POST', `${BASE}${id}/cancel_at_sep/`, { token: admin, body: { reason: ' ' } })).status).toBe(400);
    const cancelled = await call('POST', `${BASE}${id}/cancel_at_sep/`, { token: admin, body: { reason: 'Error en el nombre del profesionista' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', message: 'Título cancelado' });
    expect(await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true, is_active: true } })).toEqual({ status: 'CANCELLED', is_active: false });
    const last = await prisma.titleLog.findFirstOrThrow({ where: { title_id: id }, orderBy: { id: 'desc' } });
    expect(last.message).toBe('Error en el nombre del profesionista — Título cancelado');
    expect((await call('POST', `${BASE}${id}/cancel_at_sep/`, { token: admin, body: { reason: 'otra vez' } })).status).toBe(409);
  });

  it('a rejection leaves SEP message in the log, and the title may be corrected and signed again', async () => {
    const id = drafts[3];
    const row = await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { folio_control: true } });
    fakeSep().pendingPolls = 0;
    fakeSep().reject(row.folio_control, 'La CURP del profesionista no existe en RENAPO');
    expect((await call('POST', `${BASE}${id}/post_to_sep/`, { token: admin })).status).toBe(200);
    const checked = await call('POST', `${BASE}${id}/sep_status/`, { token: admin });
    expect(checked.body).toMatchObject({ status: 'REJECTED', message: 'La CURP del profesionista no existe en RENAPO' });
    const last = await prisma.titleLog.findFirstOrThrow({ where: { title_id: id }, orderBy: { id: 'desc' } });
    expect(last).toMatchObject({ status: 'REJECTED', message: 'La CURP del profesionista no existe en RENAPO' });
    // Rejected titles are edited and signed again.
    expect((await call('PUT', `${BASE}${id}/`, { token: admin, body: { id, notes: 'CURP corregida' } })).status).toBe(200);
    expect((await call('POST', `${BASE}${id}/sign/`, { token: admin, body: { responsable_ids: signers } })).body.status).toBe('SIGNED');
  });

  it('SEP not answering is told as such (502) and changes nothing', async () => {
    const id = drafts[3];
    const logs = await prisma.titleLog.count({ where: { title_id: id } });
    fakeSep().unavailable = true;
    try {
      const answer = await call('POST', `${BASE}${id}/post_to_sep/`, { token: admin });
      expect(answer.status).toBe(502);
      expect(answer.body.detail).toMatch(/servicio de títulos de la SEP no respondió.*sin respuesta/);
    } finally {
      fakeSep().unavailable = false;
    }
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe('SIGNED');
    expect(await prisma.titleLog.count({ where: { title_id: id } })).toBe(logs);
  });

  it('a draft cannot be sent', async () => {
    const answer = await call('POST', `${BASE}${drafts[2]}/post_to_sep/`, { token: admin });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/DRAFT/);
  });
});

describe('a signer certificate', () => {
  it('is renewed only with a .cer and .key that open and belong to that signer', async () => {
    const { cer, key, password } = demoCredential('signer-1');
    const responsable = await prisma.titleResponsable.findFirstOrThrow({ where: { cert_no: '00001000000700001001' }, select: { id: true } });
    const body = { responsable_id: responsable.id, certificate: cer.toString('base64'), key: key.toString('base64'), key_password: password };
    const wrong = await call('POST', `${BASE}update_title_certs/`, { token: admin, body: { ...body, key_password: 'otra' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key_password[0]).toMatch(/no abre/);
    const other = demoCredential('signer-2');
    const pair = await call('POST', `${BASE}update_title_certs/`, { token: admin, body: { ...body, key: other.key.toString('base64') } });
    expect(pair.status).toBe(400);
    expect(pair.body.key[0]).toMatch(/no corresponde/);
    const someoneElse = await call('POST', `${BASE}update_title_certs/`, { token: admin, body: { ...body, responsable_id: signers.find((id) => id !== responsable.id) } });
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body.certificate[0]).toMatch(/otra CURP/);
    expect((await call('POST', `${BASE}update_title_certs/`, { token: admin, body: { responsable_id: responsable.id } })).status).toBe(400);
    const renewed = await call('POST', `${BASE}update_title_certs/`, { token: admin, body });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ cert_no: '00001000000700001001', valid_to: '2030-12-31' });
    const history = await historyOf('title_responsables', responsable.id);
    expect(JSON.stringify(history[0].changes)).not.toContain(password);
    // The signers' own form checks a new key or password against the rest of the stored e.firma.
    const formKey = await call('PUT', `academic/api/title-responsables/${responsable.id}/`, { token: admin, body: { id: responsable.id, key: other.key.toString('base64') } });
    expect(formKey.status).toBe(400);
    expect(formKey.body.key[0]).toMatch(/no corresponde/);
    const formPassword = await call('PUT', `academic/api/title-responsables/${responsable.id}/`, { token: admin, body: { id: responsable.id, key_password: 'otra' } });
    expect(formPassword.status).toBe(400);
    expect(formPassword.body.key_password[0]).toMatch(/no abre/);
    // The renewed e.firma still signs.
    expect((await call('POST', `${BASE}${drafts[4]}/sign/`, { token: admin, body: { responsable_ids: signers } })).status).toBe(200);
  });
});

describe('a batch', () => {
  it('is signed as a job: the able ones signed, the others listed with why', async () => {
    runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
    // Three drafts of the batch's own, copies of a ready one under new folios.
    const { id: _id, created_at: _created, updated_at: _updated, search_text: _search, ...model } = await prisma.electronicTitle.findUniqueOrThrow({ where: { id: drafts[2] } });
    const ids: number[] = [];
    for (const suffix of ['A', 'B', 'C']) ids.push((await prisma.electronicTitle.create({ data: { ...model, folio_control: `${model.folio_control}${suffix}` }, select: { id: true } })).id);
    await prisma.electronicTitle.update({ where: { id: ids[2] }, data: { email: null } });
    const bare = await prisma.titleResponsable.findFirstOrThrow({ where: { certificate: null }, select: { id: true } });
    expect((await call('POST', `${BASE}sign_batch/`, { token: admin, body: { ids, responsable_ids: [signers[0], bare.id] } })).status).toBe(409);
    expect((await call('POST', `${BASE}sign_batch/`, { token: admin, body: { ids: [], responsable_ids: signers } })).status).toBe(400);
    const started = await call('POST', `${BASE}sign_batch/`, { token: admin, body: { ids, responsable_ids: signers } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finishedJob(admin, started.body.job_id);
    expect(job.status, JSON.stringify(job)).toBe('DONE');
    expect(job.result).toMatchObject({ signed: 2, refused_count: 1, refused: [{ id: ids[2] }] });
    expect(job.result.refused[0].reason).toMatch(/Correo electrónico: Este campo es obligatorio/);
    const statuses = await prisma.electronicTitle.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' }, select: { id: true, status: true } });
    expect(statuses.map((row) => row.status)).toEqual(ids.map((id) => (id === ids[2] ? 'DRAFT' : 'SIGNED')));
  });
});

describe('bad input', () => {
  it('never answers 5xx nor changes a draft, whatever the body', async () => {
    const id = drafts[5];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('sign', 'post_to_sep', 'sep_status', 'cancel_at_sep'), fc.jsonValue(), async (action, body) => {
        const answer = await call('POST', `${BASE}${id}/${action}/`, { token: admin, body });
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 40, seed: 20261126 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('update_title_certs', 'from_swear'), fc.jsonValue(), async (action, body) => {
        expect((await call('POST', `${BASE}${action}/`, { token: admin, body })).status).toBeLessThan(500);
      }),
      { numRuns: 40, seed: 20261126 },
    );
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe('DRAFT');
  });
});

describe('who may', () => {
  it('a teacher or a student reaches none of these actions', async () => {
    for (const user of ['docente', 'alumno']) {
      const token = await tokenFor(user);
      const id = drafts[5];
      const answers = await Promise.all([
        call('POST', `${BASE}${id}/sign/`, { token, body: { responsable_ids: signers } }),
        call('GET', `${BASE}${id}/signing/`, { token }),
        call('GET', `${BASE}export_xml/?id=${drafts[0]}`, { token }),
        call('GET', `${BASE}download_zip/?ids=${drafts[0]}`, { token }),
        call('POST', `${BASE}${drafts[4]}/post_to_sep/`, { token }),
        call('POST', `${BASE}${drafts[0]}/sep_status/`, { token }),
        call('POST', `${BASE}${drafts[0]}/cancel_at_sep/`, { token, body: { reason: 'x' } }),
        call('POST', `${BASE}update_title_certs/`, { token, body: {} }),
        call('POST', `${BASE}from_swear/`, { token, body: { swear_id: 1 } }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403]);
    }
    expect((await prisma.electronicTitle.findUniqueOrThrow({ where: { id: drafts[5] }, select: { status: true } })).status).toBe('DRAFT');
  });

  it('without a token nothing answers', async () => {
    expect((await call('POST', `${BASE}${drafts[5]}/sign/`, { body: { responsable_ids: signers } })).status).toBe(401);
  });
});
