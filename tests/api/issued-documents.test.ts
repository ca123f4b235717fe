// School documents anyone can verify (issue 30): each type issued for the demo student, its PDF read
// back (the student's name and the folio in its text, its QR code decoded to the verification URL),
// the public page's answer (valid; revoked with its reason; the same 404 for a malformed and an
// unknown token), the PDF uploaded there (the original is the issued one, one changed byte is not),
// revocation and reissue in the history, the period's report cards as a job and a zip, who reads
// what, the rate limit, and the generic PUT/DELETE refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { JOBS } from '@/server/modules/registry';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { stopJobSender } from '@/server/jobs/queue';
import { closeRateLimiter } from '@/server/rate-limit/limiter';
import { call, finishedJob, tokenFor } from './client';
import { pdfText } from './pdf-text';
import { pdfQrCodes } from './pdf-qr';

const BASE = 'documents/api/issued-documents/';
const VERIFY = 'documents/api/verify/';

let control = '';
let student = '';
let demo: { id: number; names: string; first_name: string; second_name: string | null; no_control: string };
let other: { id: number };
const types: Record<string, number> = {};
let runner: JobRunner | null = null;

/** Each test's calls to the public pages from an address of its own: the per-address limit is the rate-limit test's business. */
let addressNo = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${(addressNo += 1)}` });

async function issue(type: string, body: Record<string, unknown> = {}, token = control) {
  return call('POST', `${BASE}issue/`, { token, body: { type_id: types[type], student_id: demo.id, ...body } });
}

async function pdfOf(id: number, token = control): Promise<Uint8Array> {
  const answer = await call('GET', `${BASE}${id}/pdf/`, { token, raw: true });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/application\/pdf/);
  return new Uint8Array(answer.body as ArrayBuffer);
}

function upload(bytes: Uint8Array, headers = fromNewAddress()) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'documento.pdf');
  return call('POST', `${VERIFY}upload/`, { form, headers });
}

beforeAll(async () => {
  control = await tokenFor('control');
  student = await tokenFor('alumno');
  demo = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, names: true, first_name: true, second_name: true, no_control: true } });
  other = await prisma.student.findFirstOrThrow({ where: { id: { not: demo.id }, current_group_id: { not: null } }, orderBy: { id: 'asc' }, select: { id: true } });
  for (const row of await prisma.issuedDocumentType.findMany({ select: { id: true, code: true } })) types[row.code] = row.id;
});

afterAll(async () => {
  await runner?.stop({ timeoutMs: 1000 });
  await stopJobSender();
  await closeRateLimiter();
});

describe('the catalogue', () => {
  it('has a constancia, a report card and a certified transcript, each with its template and signer', async () => {
    const answer = await call('GET', 'documents/api/document-types/?no_paginate=true', { token: control });
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: any) => row.kind).sort()).toEqual(['BOLETA', 'CERTIFICADO', 'CONSTANCIA']);
    for (const row of answer.body) expect(row).toMatchObject({ template: expect.stringContaining('{nombre}'), signer_name: expect.any(String), folio_prefix: expect.any(String) });
  });
});

describe('issuing each type for the demo student', () => {
  for (const type of ['CONSTANCIA', 'BOLETA', 'CERTIFICADO']) {
    it(`${type}: a folio, a 128-bit token, a PDF with the student's name, the folio and a QR code of the verification URL; the page says valid`, async () => {
      const issued = await issue(type, { purpose: 'Trámite de beca' });
      expect(issued.status, JSON.stringify(issued.body)).toBe(201);
      const { id, folio, token, verification_url: url } = issued.body;
      expect(folio).toMatch(/^[A-Z]+-\d{6}$/);
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      expect(url).toBe(`http://localhost:3000/verificar/${token}`);

      const bytes = await pdfOf(id);
      const text = await pdfText(bytes);
      expect(text).toContain(folio);
      expect(text).toContain(demo.names);
      expect(text).toContain(demo.first_name);
      expect(text).toContain(demo.no_control);
      expect(await pdfQrCodes(bytes)).toEqual([url]);

      const page = await call('GET', `${VERIFY}${token}/`, { headers: fromNewAddress() });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ state: 'VALID', folio, type: { code: type }, revoked_at: null, revoke_reason: null });
      expect(page.body.holder).toContain(demo.names);
      expect(page.body.statement).toMatchObject({ folio, type: { code: type, kind: type }, holder: { no_control: demo.no_control } });

      // The stored bytes are the ones downloaded: their SHA-256 is what the upload compares.
      const row = await prisma.issuedDocument.findUniqueOrThrow({ where: { id }, select: { pdf_sha256: true, cicle_id: true, status: true } });
      expect(row.pdf_sha256).toBe(issued.body.pdf_sha256);
      expect(row.status).toBe('ISSUED');
      if (type === 'CERTIFICADO') expect(row.cicle_id).toBeNull();
      else expect(row.cicle_id).not.toBeNull();
    });
  }

  it('a report card shows the period’s partial and final scores per subject; a transcript every subject with credits and the average', async () => {
    const card = await issue('BOLETA');
    const statement = (await call('GET', `${VERIFY}${card.body.token}/`, { headers: fromNewAddress() })).body.statement;
    expect(statement.partials).toBeGreaterThanOrEqual(1);
    expect(statement.subjects.length).toBeGreaterThan(0);
    for (const subject of statement.subjects) expect(subject.partials).toHaveLength(statement.partials);
    const transcript = await issue('CERTIFICADO');
    const facts = (await call('GET', `${VERIFY}${transcript.body.token}/`, { headers: fromNewAddress() })).body.statement;
    expect(facts.subjects.length).toBeGreaterThan(0);
    for (const subject of facts.subjects) expect(subject).toMatchObject({ code: expect.any(String), credits: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(facts.summary).toMatchObject({ credits: expect.any(String) });
  });

  it('numbers each type on its own, never twice', async () => {
    const first = await issue('CONSTANCIA');
    const second = await issue('CONSTANCIA');
    const [a, b] = [first.body.folio, second.body.folio].map((folio: string) => Number(folio.split('-')[1]));
    expect(b).toBe(a + 1);
    const all = await prisma.issuedDocument.findMany({ select: { folio: true, token: true } });
    expect(new Set(all.map((row) => row.folio)).size).toBe(all.length);
    expect(new Set(all.map((row) => row.token)).size).toBe(all.length);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await prisma.issuedDocument.count();
    expect((await call('POST', `${BASE}issue/`, { token: control, body: { student_id: demo.id } })).body).toHaveProperty('type_id');
    expect((await issue('CONSTANCIA', { student_id: 999_999 })).status).toBe(400);
    expect((await issue('CONSTANCIA', { cicle_id: 999_999 })).status).toBe(400);
    expect((await issue('CONSTANCIA', { student_id: 'x' })).status).toBe(400);
    expect((await issue('CONSTANCIA', { purpose: 'x'.repeat(300) })).status).toBe(400);
    expect(await prisma.issuedDocument.count()).toBe(before);
  });
});

describe('the public verification', () => {
  it('answers a malformed and an unknown token alike (404, the same body), and a guessed token finds nothing', async () => {
    const malformed = await call('GET', `${VERIFY}not-a-token/`, { headers: fromNewAddress() });
    const unknown = await call('GET', `${VERIFY}${Buffer.alloc(16, 7).toString('base64url')}/`, { headers: fromNewAddress() });
    expect(malformed.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
    expect(malformed.body.detail).toMatch(/No existe un documento/);
  });

  it('after revocation says revoked with the date and the reason; revoking again is 409', async () => {
    const issued = await issue('CONSTANCIA');
    const revoked = await call('POST', `${BASE}${issued.body.id}/revoke/`, { token: control, body: { reason: 'Datos del grupo equivocados' } });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const page = await call('GET', `${VERIFY}${issued.body.token}/`, { headers: fromNewAddress() });
    expect(page.body).toMatchObject({ state: 'REVOKED', revoke_reason: 'Datos del grupo equivocados', revoked_at: expect.stringMatching(/^\d{4}-/) });
    const again = await call('POST', `${BASE}${issued.body.id}/revoke/`, { token: control, body: { reason: 'otra vez' } });
    expect(again.status).toBe(409);
    expect((await call('POST', `${BASE}${issued.body.id}/revoke/`, { token: control, body: { reason: '  ' } })).status).toBe(400);
    const history = await prisma.auditLog.findMany({ where: { resource: 'issued_documents', record_id: String(issued.body.id) }, orderBy: { id: 'asc' } });
    expect(history.map((row) => row.type)).toEqual(['+', '~']);
    expect(history[1].reason).toBe('Datos del grupo equivocados');
  });

  it('reissues with a reason: a new folio and token, the old one revoked naming its replacement', async () => {
    const old = await issue('BOLETA');
    const answer = await call('POST', `${BASE}${old.body.id}/reissue/`, { token: control, body: { reason: 'Calificación corregida' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { issued } = answer.body;
    expect(issued.folio).not.toBe(old.body.folio);
    expect(issued.token).not.toBe(old.body.token);
    const oldPage = (await call('GET', `${VERIFY}${old.body.token}/`, { headers: fromNewAddress() })).body;
    expect(oldPage).toMatchObject({ state: 'REVOKED', replaced_by: issued.folio });
    expect(oldPage.revoke_reason).toContain('Calificación corregida');
    expect((await call('GET', `${VERIFY}${issued.token}/`, { headers: fromNewAddress() })).body.state).toBe('VALID');
    expect((await prisma.issuedDocument.findUniqueOrThrow({ where: { id: issued.id } })).replaces_id).toBe(old.body.id);
    expect((await call('POST', `${BASE}${old.body.id}/reissue/`, { token: control, body: { reason: 'otra' } })).status).toBe(409);
  });

  it('tells the issued PDF from a tampered copy (one byte changed) uploaded to the page', async () => {
    const issued = await issue('CONSTANCIA');
    const bytes = await pdfOf(issued.body.id);
    const original = await upload(bytes);
    expect(original.status, JSON.stringify(original.body)).toBe(200);
    expect(original.body).toMatchObject({ issued: true, document: { folio: issued.body.folio, state: 'VALID', token: issued.body.token } });
    const tampered = new Uint8Array(bytes);
    tampered[Math.floor(tampered.length / 2)] ^= 0x01;
    const answer = await upload(tampered);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ issued: false, document: null });
  });

  it('refuses an upload without a file (400) and one over 10 MB (413)', async () => {
    expect((await call('POST', `${VERIFY}upload/`, { form: new FormData(), headers: fromNewAddress() })).status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    expect((await upload(big)).status).toBe(413);
  });

  it('says invalid when the stored data no longer matches its seal', async () => {
    const issued = await issue('CONSTANCIA');
    const row = await prisma.issuedDocument.findUniqueOrThrow({ where: { id: issued.body.id }, select: { data: true } });
    await prisma.$executeRaw`UPDATE issued_documents SET data = ${row.data.replace(demo.no_control, '99999999')} WHERE id = ${issued.body.id}`;
    expect((await call('GET', `${VERIFY}${issued.body.token}/`, { headers: fromNewAddress() })).body).toMatchObject({ state: 'INVALID', statement: null });
  });

  it('limits the calls of one address (429 with Retry-After), whatever it asks', async () => {
    const address = { 'x-forwarded-for': '203.0.113.99' };
    const unknown = `${VERIFY}${Buffer.alloc(16, 3).toString('base64url')}/`;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await call('GET', unknown, { headers: address })).status);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const refused = await call('GET', unknown, { headers: address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(new Uint8Array([1, 2, 3]), address)).status).toBe(429);
    expect((await call('GET', unknown, { headers: fromNewAddress() })).status).toBe(404);
  });
});

describe('who reads what', () => {
  it('a student lists and downloads their own documents, and gets 404 for another’s', async () => {
    const own = await issue('CONSTANCIA');
    const others = await issue('CONSTANCIA', { student_id: other.id });
    expect(others.status, JSON.stringify(others.body)).toBe(201);
    const list = await call('GET', `${BASE}?no_paginate=true`, { token: student });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((row: any) => (row.student_id ?? row.student?.id) === demo.id)).toBe(true);
    expect(list.body[0]).not.toHaveProperty('seal');
    expect(list.body[0]).not.toHaveProperty('data');
    const bytes = await pdfOf(own.body.id, student);
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect((await call('GET', `${BASE}${others.body.id}/pdf/`, { token: student })).status).toBe(404);
    expect((await call('GET', `${BASE}${others.body.id}/`, { token: student })).status).toBe(404);
    expect((await call('POST', `${BASE}issue/`, { token: student, body: { type_id: types.CONSTANCIA, student_id: demo.id } })).status).toBe(403);
    expect((await call('POST', `${BASE}${own.body.id}/revoke/`, { token: student, body: { reason: 'x' } })).status).toBe(403);
    expect((await call('GET', `${BASE}`)).status).toBe(401);
  });

  it('nothing edits or deletes an issued document through the generic API (409), nor creates one (405)', async () => {
    const issued = await issue('CONSTANCIA');
    const put = await call('PUT', `${BASE}${issued.body.id}/`, { token: control, body: { purpose: 'Otro' } });
    expect(put.status).toBe(409);
    expect((await call('PUT', `${BASE}${issued.body.id}/`, { token: control, body: { status: 'REVOKED' } })).status).toBe(409);
    expect((await call('DELETE', `${BASE}${issued.body.id}/`, { token: control })).status).toBe(409);
    expect((await call('POST', BASE, { token: control, body: { folio: 'X-1' } })).status).toBe(405);
    expect((await call('DELETE', `documents/api/document-types/${types.CONSTANCIA}/`, { token: control })).status).toBe(409);
    const state = await call('GET', `${BASE}${issued.body.id}/state/`, { token: control });
    expect(state.body).toMatchObject({ state: 'ISSUED', delete: false, operations: ['revoke', 'reissue'] });
    expect((await prisma.issuedDocument.findUniqueOrThrow({ where: { id: issued.body.id } })).status).toBe('ISSUED');
  });
});

describe('a period’s report cards as one job', () => {
  it('issues one per enrolled student with progress, and zips their PDFs', async () => {
    const group = await prisma.group.findFirstOrThrow({ where: { student_groups: { some: { student_id: demo.id } }, cicle: { is_active: true } }, select: { id: true, cicle_id: true } });
    runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
    const started = await call('POST', `${BASE}issue_batch/`, { token: control, body: { cicle_id: group.cicle_id, group_id: group.id } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finishedJob(control, started.body.job_id);
    expect(job.status, JSON.stringify(job)).toBe('DONE');
    expect(job.total).toBeGreaterThan(0);
    expect(job.done).toBe(job.total);
    expect(job.result.issued + job.result.refused_count).toBe(job.total);
    const zip = await call('GET', `${BASE}download_zip/?job_id=${started.body.job_id}`, { token: control, raw: true });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toMatch(/application\/zip/);
    const bytes = Buffer.from(zip.body as ArrayBuffer);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const entries = bytes.toString('latin1').match(/BOL-\d{6}\.pdf/g) ?? [];
    expect(new Set(entries).size).toBe(job.result.issued);
    expect((await call('GET', `${BASE}download_zip/?job_id=${started.body.job_id}`, { token: await tokenFor('coordinacion'), raw: true })).status).toBe(403);
    expect((await call('POST', `${BASE}issue_batch/`, { token: control, body: { cicle_id: group.cicle_id, group_id: 999_999 } })).status).toBe(400);
  });
});

describe("the school's logo (Settings › Logotipo)", () => {
  const putLogo = async (form: FormData) => {
    const admin = await tokenFor('admin');
    const list = await call('GET', 'manage/api/settings/', { token: admin });
    return call('PATCH', `manage/api/settings/${list.body.data[0].id}/`, { token: admin, form });
  };
  const image = (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('logo_path', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    return form;
  };

  it('refuses an image PDFKit cannot draw (webp) with the accepted types, and keeps what was stored', async () => {
    const before = await prisma.setting.findFirstOrThrow({ select: { logo_path: true } });
    const webp = new Uint8Array([...Buffer.from('RIFF'), 0x1a, 0, 0, 0, ...Buffer.from('WEBPVP8 '), ...new Array(16).fill(0)]);
    const answer = await putLogo(image(webp, 'logo.webp'));
    expect(answer.status).toBe(400);
    expect(answer.body.logo_path).toEqual([expect.stringContaining('.png, .jpg')]);
    expect((await prisma.setting.findFirstOrThrow({ select: { logo_path: true } })).logo_path).toBe(before.logo_path);
  });

  it('heads every document issued after it is uploaded, without entering what the seal covers', async () => {
    // A PNG the test can recognise inside the PDF: a QR code of a known text.
    const { qrPng } = await import('@/server/modules/documents/pdf');
    const saved = await putLogo(image(new Uint8Array(qrPng('Logotipo de la escuela')), 'escudo.png'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ logo_set: true });
    expect(saved.body.logo_path).toEqual(expect.stringMatching(/^school-logo\/.*escudo\.png$/));

    const issued = await issue('CONSTANCIA');
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const codes = await pdfQrCodes(await pdfOf(issued.body.id));
    expect(codes.sort()).toEqual([issued.body.verification_url, 'Logotipo de la escuela'].sort());
    const page = await call('GET', `${VERIFY}${issued.body.token}/`, { headers: fromNewAddress() });
    expect(page.body.state).toBe('VALID');
    expect(JSON.stringify(page.body.statement)).not.toContain('logo');

    // Removed: the next document has only its QR code.
    const removed = await call('PATCH', `manage/api/settings/${(await prisma.setting.findFirstOrThrow({ select: { id: true } })).id}/`, { token: await tokenFor('admin'), body: { logo_path: null } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.logo_set).toBe(false);
    const plain = await issue('CONSTANCIA');
    expect(await pdfQrCodes(await pdfOf(plain.body.id))).toEqual([plain.body.verification_url]);
  });

  it('a damaged picture that passed as a png never stops the school issuing: the document goes without it', async () => {
    const header = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    expect((await putLogo(image(header, 'roto.png'))).status).toBe(200);
    const issued = await issue('CONSTANCIA');
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(await pdfQrCodes(await pdfOf(issued.body.id))).toEqual([issued.body.verification_url]);
  });
});
