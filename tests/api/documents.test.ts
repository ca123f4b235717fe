// A person's file through the API: the checklist of the types that apply to a national or a
// foreign applicant, staff's review (a rejection needs its reason, tells the applicant by e-mail,
// and the applicant hands the document in again), the originals received and lent until a date,
// the comment and contact log, and who may do what: an applicant reads only their own file and
// never reviews; staff's review fields are not set by a plain save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { withSmtpSink } from './smtp-sink';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const BASE = 'students/api/student-documents/';

let admin: string;
let career: { id: number; campus_id: number };
const types: Record<'both' | 'national' | 'foreign' | 'optional', number> = { both: 0, national: 0, foreign: 0, optional: 0 };

beforeAll(async () => {
  admin = await tokenFor('admin');
  const row = await prisma.career.findFirstOrThrow({ where: { status: true }, orderBy: { id: 'asc' }, select: { id: true, campus_id: true } });
  career = { id: row.id, campus_id: row.campus_id };
  // Types of this file only: the seeded ones stay as they are.
  await prisma.documentType.updateMany({ where: { name: { startsWith: 'Prueba expediente' } }, data: { status: false } });
  const make = (name: string, extra: Record<string, unknown>) => prisma.documentType.create({ data: { name: `Prueba expediente ${name}`, category: 'aspirants', mandatory: true, ...extra }, select: { id: true } });
  types.both = (await make('acta', { is_foreign: 'B' })).id;
  types.national = (await make('CURP', { is_foreign: 'M' })).id;
  types.foreign = (await make('pasaporte', { is_foreign: 'F' })).id;
  types.optional = (await make('fotografía', { is_foreign: 'B', mandatory: false, multiple: true })).id;
});

afterAll(async () => {
  await prisma.documentType.updateMany({ where: { id: { in: Object.values(types) } }, data: { status: false } });
  await prisma.setting.updateMany({ data: { email_host: '' } });
});

/** An applicant signed up from the portal, with their token. */
async function signedUp(name: string, isForeign = false) {
  const answer = await call('POST', 'manage/signup/', {
    body: { names: name, first_name: 'Expediente', email: `${name.toLowerCase()}.expediente@example.com`, campus_id: career.campus_id, career_id: career.id, web_pass: 'segura-123', web_pass_confirm: 'segura-123' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const id = answer.body.aspirant.id as number;
  if (isForeign) await prisma.aspirant.update({ where: { id }, data: { is_foreign: true } });
  return { id, token: answer.body.token as string };
}

function upload(token: string, docTypeId: number, extra: Record<string, unknown> = {}) {
  const form = new FormData();
  form.append('data', JSON.stringify({ doc_type_id: docTypeId, ...extra }));
  form.append('document', new Blob([PDF], { type: 'application/pdf' }), 'documento.pdf');
  return call('POST', BASE, { token, form });
}

/** A message body as read: soft line breaks joined and =XX bytes decoded as UTF-8. */
function quotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

const checklist = (token: string, aspirantId: number) => call('GET', `${BASE}checklist/?aspirant_id=${aspirantId}`, { token });
const ours = (body: { items: { doc_type: { id: number }; state: string; pending: boolean }[] }) =>
  Object.fromEntries(body.items.filter((item) => Object.values(types).includes(item.doc_type.id)).map((item) => [item.doc_type.id, [item.state, item.pending]]));

describe('the checklist', () => {
  it('lists the types that apply to a national or a foreign applicant, each with its state', async () => {
    const national = await signedUp('Nacional');
    const foreign = await signedUp('Extranjera', true);
    const mine = await checklist(national.token, national.id);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(ours(mine.body)).toEqual({ [types.both]: ['MISSING', true], [types.national]: ['MISSING', true], [types.optional]: ['MISSING', false] });
    const theirs = await checklist(foreign.token, foreign.id);
    expect(ours(theirs.body)).toEqual({ [types.both]: ['MISSING', true], [types.foreign]: ['MISSING', true], [types.optional]: ['MISSING', false] });

    expect((await upload(national.token, types.both)).status).toBe(201);
    const after = await checklist(national.token, national.id);
    expect(ours(after.body)[types.both]).toEqual(['PENDING', false]);
    expect(after.body.to_review).toBeGreaterThanOrEqual(1);

    // Their own file only, and never a student's.
    expect((await checklist(national.token, foreign.id)).status).toBe(403);
    expect((await call('GET', `${BASE}checklist/?student_id=1`, { token: national.token })).status).toBe(403);
    expect((await call('GET', `${BASE}checklist/`, { token: admin })).status).toBe(400);
    expect((await call('GET', `${BASE}checklist/?aspirant_id=2147483000`, { token: admin })).status).toBe(404);
  });
});

describe('the review', () => {
  it('accepts, or asks again with the reason e-mailed to the applicant, who hands it in again', async () => {
    await withSmtpSink(async (received) => {
      const applicant = await signedUp('Revisada');
      const first = await upload(applicant.token, types.both);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.review_status).toBe('PENDING');
      // Handed in once: a second copy of a single type is refused while the first stands.
      expect((await upload(applicant.token, types.both)).status).toBe(400);

      // The applicant does not review their own documents.
      expect((await call('POST', `${BASE}${first.body.id}/review_document/`, { token: applicant.token, body: { review_status: 'ACCEPTED' } })).status).toBe(403);

      const noReason = await call('POST', `${BASE}${first.body.id}/review_document/`, { token: admin, body: { review_status: 'REJECTED', review_notes: '  ' } });
      expect(noReason.status).toBe(400);
      expect(noReason.body.review_notes).toEqual(['Escriba qué debe corregirse para pedir el documento de nuevo.']);
      const bad = await call('POST', `${BASE}${first.body.id}/review_document/`, { token: admin, body: { review_status: 'MAYBE' } });
      expect(bad.status).toBe(400);
      expect((await prisma.studentDocument.findUniqueOrThrow({ where: { id: first.body.id } })).review_status).toBe('PENDING');

      const rejected = await call('POST', `${BASE}${first.body.id}/review_document/`, { token: admin, body: { review_status: 'REJECTED', review_notes: 'La copia está cortada.' } });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(rejected.body).toMatchObject({ review_status: 'REJECTED', review_notes: 'La copia está cortada.' });
      const mail = received.find((item) => item.to.includes('revisada.expediente@example.com'));
      expect(quotedPrintable(mail?.text ?? '')).toContain('Revisamos tu documento «Prueba expediente acta» y necesitamos que lo entregues de nuevo: La copia está cortada.');
      expect(ours((await checklist(applicant.token, applicant.id)).body)[types.both]).toEqual(['REJECTED', true]);

      // Handed in again: the new one supersedes the rejected one, which stays in the file.
      const again = await upload(applicant.token, types.both);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const file = await checklist(applicant.token, applicant.id);
      const item = file.body.items.find((row: { doc_type: { id: number } }) => row.doc_type.id === types.both);
      expect(item.state).toBe('PENDING');
      expect(item.documents.map((document: { id: number }) => document.id)).toEqual([again.body.id, first.body.id]);

      const accepted = await call('POST', `${BASE}${again.body.id}/review_document/`, { token: admin, body: { review_status: 'ACCEPTED', review_notes: 'sobra' } });
      expect(accepted.body).toMatchObject({ review_status: 'ACCEPTED', review_notes: null });
      const history = await prisma.auditLog.findMany({ where: { resource: 'student_documents', record_id: String(first.body.id), type: '~' } });
      expect(history.some((row) => JSON.stringify(row.changes).includes('REJECTED'))).toBe(true);

      // A plain save does not set the review: it is refused whole (409 naming the field).
      const plain = await call('PUT', `${BASE}${again.body.id}/`, { token: admin, body: { doc_type_id: types.both, aspirant_id: applicant.id, review_status: 'REJECTED' } });
      expect(plain.status, JSON.stringify(plain.body)).toBe(409);
      expect(plain.body.field).toBe('review_status');
      expect((await prisma.studentDocument.findUniqueOrThrow({ where: { id: again.body.id } })).review_status).toBe('ACCEPTED');
    });
  });
});

describe('originals', () => {
  it('are received into the file, lent until a date from today on, and received back', async () => {
    const applicant = await signedUp('Originales');
    const document = await upload(applicant.token, types.both);
    const id = document.body.id as number;
    const post = (name: string, body: unknown = {}) => call('POST', `${BASE}${id}/${name}/`, { token: admin, body });

    const early = await post('lend_original', { date_limit: '2099-01-01' });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('El original no está en el archivo: regístrelo como recibido antes de prestarlo.');

    expect((await post('receive_original')).body).toMatchObject({ archived: true, lent_at: null });
    expect((await post('receive_original')).status).toBe(409);
    const past = await post('lend_original', { date_limit: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.date_limit).toEqual(['La fecha de devolución no puede ser anterior a hoy.']);
    expect((await post('lend_original', { date_limit: 'mañana' })).status).toBe(400);
    expect((await post('lend_original', {})).status).toBe(400);

    const lent = await post('lend_original', { date_limit: '2099-01-01' });
    expect(lent.status, JSON.stringify(lent.body)).toBe(200);
    expect(lent.body).toMatchObject({ archived: false, date_limit: '2099-01-01', lent_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), overdue: false });
    expect((await post('lend_original', { date_limit: '2099-02-01' })).status).toBe(409);
    // An original lent past its date is overdue.
    await prisma.studentDocument.update({ where: { id }, data: { date_limit: new Date('2020-01-01T00:00:00Z') } });
    const file = await checklist(admin, applicant.id);
    const item = file.body.items.find((row: { doc_type: { id: number } }) => row.doc_type.id === types.both);
    expect(item.documents[0]).toMatchObject({ overdue: true });
    expect((await post('receive_original')).body).toMatchObject({ archived: true, lent_at: null, date_limit: null, overdue: false });

    expect((await call('POST', `${BASE}${id}/receive_original/`, { token: applicant.token })).status).toBe(403);
    expect((await call('POST', `${BASE}2147483000/receive_original/`, { token: admin })).status).toBe(404);
  });
});

describe('the comment and contact log', () => {
  it('keeps notes and contacts with their channel and author', async () => {
    const applicant = await signedUp('Contactada');
    const contact = await call('POST', 'students/api/comments/', { token: admin, body: { category: 'aspirant', item_id: applicant.id, comment: 'Se le llamó para recordarle el pago.', contact_channel: 'PHONE' } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const note = await call('POST', 'students/api/comments/', { token: admin, body: { category: 'aspirant', item_id: applicant.id, comment: 'Pidió informes de becas.' } });
    expect(note.status).toBe(201);
    expect((await call('POST', 'students/api/comments/', { token: admin, body: { category: 'aspirant', item_id: applicant.id, comment: 'x', contact_channel: 'FAX' } })).status).toBe(400);
    const log = await call('GET', `students/api/comments/?category=aspirant&item_id=${applicant.id}&ordering=-created_at`, { token: admin });
    expect(log.body.data.map((row: { comment: string; contact_channel: string | null }) => [row.comment, row.contact_channel])).toEqual([
      ['Pidió informes de becas.', null],
      ['Se le llamó para recordarle el pago.', 'PHONE'],
    ]);
    expect(log.body.data[0].user_id).toBe((await prisma.user.findUniqueOrThrow({ where: { username: 'admin' } })).id);
    // Applicants do not read staff's notes on them.
    expect((await call('GET', `students/api/comments/?category=aspirant&item_id=${applicant.id}`, { token: applicant.token })).status).toBe(403);
  });
});

describe('originals lent', () => {
  it('lists the loans soonest due first, the overdue ones marked, for staff only', async () => {
    const applicant = await signedUp('Prestamo');
    const document = await upload(applicant.token, types.both);
    await call('POST', `${BASE}${document.body.id}/receive_original/`, { token: admin });
    await call('POST', `${BASE}${document.body.id}/lend_original/`, { token: admin, body: { date_limit: '2099-12-31' } });
    const all = await call('GET', `${BASE}lent/`, { token: admin });
    expect(all.status).toBe(200);
    const mine = all.body.find((row: { id: number }) => row.id === document.body.id);
    expect(mine).toMatchObject({ overdue: false, date_limit: '2099-12-31', doc_type: 'Prueba expediente acta', owner: { kind: 'aspirant', id: applicant.id } });
    const dates = all.body.map((row: { date_limit: string }) => row.date_limit);
    expect(dates).toEqual([...dates].sort());
    await prisma.studentDocument.update({ where: { id: document.body.id }, data: { date_limit: new Date('2020-02-01T00:00:00Z') } });
    const overdue = await call('GET', `${BASE}lent/?overdue=true`, { token: admin });
    expect(overdue.body.every((row: { overdue: boolean }) => row.overdue)).toBe(true);
    expect(overdue.body.map((row: { id: number }) => row.id)).toContain(document.body.id);
    expect((await call('GET', `${BASE}lent/`, { token: applicant.token })).status).toBe(403);
  });
});

describe("a student's pending documents", () => {
  it('count a document asked for again as pending, in the report view and in the checklist alike', async () => {
    const type = await prisma.documentType.create({ data: { name: `Prueba expediente alumno ${Date.now() % 100000}`, category: 'students', mandatory: true }, select: { id: true } });
    const student = await prisma.student.create({ data: { no_control: `PD${Date.now() % 1_000_000}`, names: 'Pendiente', first_name: 'Prueba' }, select: { id: true } });
    const document = await prisma.studentDocument.create({ data: { student_id: student.id, doc_type_id: type.id }, select: { id: true } });
    const pending = async () => {
      const view = await call('GET', `reports/api/pending-documents/?student_id=${student.id}&no_paginate=true`, { token: admin });
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      const file = await call('GET', `${BASE}checklist/?student_id=${student.id}`, { token: admin });
      const item = file.body.items.find((row: { doc_type: { id: number } }) => row.doc_type.id === type.id);
      return [view.body.some((row: { doc_type_id: number }) => row.doc_type_id === type.id), item.pending];
    };
    expect(await pending()).toEqual([false, false]);
    await call('POST', `${BASE}${document.id}/review_document/`, { token: admin, body: { review_status: 'REJECTED', review_notes: 'Vencido' } });
    expect(await pending()).toEqual([true, true]);
    await prisma.documentType.update({ where: { id: type.id }, data: { status: false } });
  });
});
