// Documents requested from the student portal through the API (issue 30): a constancia with a price
// is charged as a sale of copies × the student's price with its bank reference; its payment (at the
// counter or by reconciliation) makes the request PAID and a cancelled payment takes that back;
// staff issue it (one document per copy) and the student downloads the very bytes the verification
// knows; a free type is ready at once; the cancel rules; a batch issues every paid request; and a
// student reaches neither another student's requests nor their documents, nor asks in their name.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, finishedJob, tokenFor } from './client';

const BASE = 'documents/api/document-requests/';

let admin: string;
let control: string;
let cashier: string;
let ana: { id: number; token: string };
let other: { id: number; token: string };
let constancia: number;
let freeType: number;
let runner: JobRunner;

beforeAll(async () => {
  [admin, control, cashier] = await Promise.all([tokenFor('admin'), tokenFor('control'), tokenFor('finanzas')]);
  const alumno = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true } });
  ana = { id: alumno.id, token: await tokenFor('alumno') };
  // Another active student of a current group, who signs in with their control number.
  const found = await prisma.student.findFirstOrThrow({
    where: { id: { not: alumno.id }, is_active: true, current_group_id: { not: null }, user: { is_active: true, roles: { some: {} } } },
    orderBy: { id: 'asc' },
    select: { id: true, user: { select: { username: true } } },
  });
  other = { id: found.id, token: await tokenFor(found.user!.username) };
  constancia = (await prisma.issuedDocumentType.findUniqueOrThrow({ where: { code: 'CONSTANCIA' }, select: { id: true } })).id;
  const template = (await prisma.issuedDocumentType.findUniqueOrThrow({ where: { id: constancia }, select: { template: true, signer_name: true, signer_position: true } }));
  // A type the school gives away (no concept), and one whose concept no price list has.
  freeType = (await prisma.issuedDocumentType.create({ data: { code: 'CONSTANCIA_SIMPLE', name: 'Constancia simple', kind: 'CONSTANCIA', folio_prefix: 'CSI', ...template }, select: { id: true } })).id;
  await prisma.issuedDocumentType.create({ data: { code: 'SIN_PRECIO', name: 'Constancia sin precio', kind: 'CONSTANCIA', folio_prefix: 'CSP', concept_code: 'NO-EXISTE', ...template } });
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
});

function ask(token: string, body: Record<string, unknown>) {
  return call('POST', `${BASE}request/`, { token, body });
}

async function priceOfConstancia(token: string): Promise<string> {
  const offer = await call('GET', `${BASE}offer/`, { token });
  expect(offer.status, JSON.stringify(offer.body)).toBe(200);
  const item = offer.body.results.find((row: { type_id: number }) => row.type_id === constancia);
  expect(item).toMatchObject({ code: 'CONSTANCIA', available: true });
  return item.unit_price;
}

const read = (id: number, token = admin) => call('GET', `${BASE}${id}/`, { token });
const pay = (saleId: number, amount: string) => call('POST', 'finance/api/payments/', { token: cashier, body: { sale_id: saleId, amount } });
const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

describe('a constancia requested from the portal', () => {
  let requestId: number;
  let saleId: number;
  let total: string;

  it('is charged as a sale of copies × the student’s price, with the reference to pay it', async () => {
    const unit = await priceOfConstancia(ana.token);
    expect(Number(unit)).toBeGreaterThan(0);
    const asked = await ask(ana.token, { type_id: constancia, copies: 2, purpose: 'Trámite de beca' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ student_id: ana.id, type_id: constancia, copies: 2, purpose: 'Trámite de beca', status: 'PENDING_PAYMENT' });
    // Decimals travel exact, without trailing zeros.
    expect(Number(asked.body.unit_price)).toBe(Number(unit));
    requestId = asked.body.id;
    saleId = asked.body.sale_id;
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: saleId }, include: { details: { include: { concept: true } }, references: true } });
    expect(sale.student_id).toBe(ana.id);
    expect(sale.is_locked).toBe(true);
    expect(sale.notes).toBe('Solicitud de documento: Constancia de estudios (2 copias)');
    expect(sale.details).toHaveLength(1);
    expect(sale.details[0]).toMatchObject({ qty: 2 });
    expect(sale.details[0].concept?.code).toBe('CONST');
    total = (Number(unit) * 2).toFixed(2);
    expect(sale.total_pay.toFixed(2)).toBe(total);
    expect(Number(asked.body.total)).toBe(Number(total));
    // The open reference comes with the request, for the student's slip.
    expect(asked.body.sale.references).toHaveLength(1);
    expect(asked.body.sale.references[0].bank_ref).toBe(sale.references[0].bank_ref);
    expect(Number(asked.body.sale.references[0].amount)).toBe(Number(total));
    // It is not issued before it is paid, nor downloaded.
    expect((await call('POST', `${BASE}${requestId}/issue/`, { token: control })).status).toBe(409);
    expect((await call('GET', `${BASE}${requestId}/pdf/`, { token: ana.token, raw: true })).status).toBe(409);
  });

  it('is paid at the counter (PAID), back to waiting when the payment is cancelled, and paid again', async () => {
    const payment = await pay(saleId, total);
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect((await read(requestId)).body).toMatchObject({ status: 'PAID' });
    expect((await read(requestId)).body.paid_at).toBeTruthy();

    const cancelled = await call('POST', `finance/api/payments/${payment.body.id}/cancel/`, { token: admin, body: { reason: 'Pago con billete falso' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await read(requestId)).body).toMatchObject({ status: 'PENDING_PAYMENT', paid_at: null });

    expect((await pay(saleId, total)).status).toBe(201);
    expect((await read(requestId)).body.status).toBe('PAID');
  });

  it('is not cancelled once paid (the payment is cancelled first), nor edited or deleted', async () => {
    const byStudent = await call('POST', `${BASE}${requestId}/cancel/`, { token: ana.token, body: { reason: 'Ya no la necesito' } });
    expect(byStudent.status).toBe(409);
    expect(byStudent.body.detail).toBe('La solicitud ya está pagada: para cancelarla, Finanzas cancela antes el pago con su motivo.');
    expect((await call('POST', `${BASE}${requestId}/cancel/`, { token: control, body: { reason: 'x' } })).status).toBe(409);
    const record = (await read(requestId)).body;
    expect((await call('PUT', `${BASE}${requestId}/`, { token: admin, body: { ...record, copies: 5 } })).status).toBe(409);
    expect((await call('PUT', `${BASE}${requestId}/`, { token: admin, body: { id: requestId } })).status).toBe(409);
    expect((await call('DELETE', `${BASE}${requestId}/`, { token: admin })).status).toBe(409);
    expect((await call('POST', BASE, { token: admin, body: { student_id: ana.id, type_id: constancia } })).status).toBe(405);
    expect((await read(requestId)).body).toMatchObject({ status: 'PAID', copies: 2 });
  });

  it('is issued by staff (a document per copy) and downloaded by the student: the bytes the verification knows', async () => {
    const issued = await call('POST', `${BASE}${requestId}/issue/`, { token: control });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.status).toBe('ISSUED');
    expect(issued.body.documents).toHaveLength(2);
    const [first, second] = issued.body.documents;
    expect(first.folio).not.toBe(second.folio);
    expect((await call('POST', `${BASE}${requestId}/issue/`, { token: control })).status).toBe(409);

    const mine = await read(requestId, ana.token);
    expect(mine.status).toBe(200);
    expect(mine.body.status).toBe('ISSUED');
    expect(mine.body.documents.map((row: { copy: number; document: { folio: string } }) => [row.copy, row.document.folio])).toEqual([
      [1, first.folio],
      [2, second.folio],
    ]);

    const pdf = await call<ArrayBuffer>('GET', `${BASE}${requestId}/pdf/`, { token: ana.token, raw: true });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(pdf.body)).toBe(first.pdf_sha256);
    expect((await prisma.issuedDocument.findUniqueOrThrow({ where: { id: first.id } })).pdf_sha256).toBe(first.pdf_sha256);
    const copy2 = await call<ArrayBuffer>('GET', `${BASE}${requestId}/pdf/?copy=2`, { token: ana.token, raw: true });
    expect(sha256(copy2.body)).toBe(second.pdf_sha256);
    expect((await call('GET', `${BASE}${requestId}/pdf/?copy=3`, { token: ana.token })).status).toBe(400);

    // The verification page (no sign-in) says valid, by its QR code's token and by the PDF itself.
    const verified = await call('GET', `documents/api/verify/${first.token}/`);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ state: 'VALID', folio: first.folio });
    const form = new FormData();
    form.append('file', new Blob([pdf.body], { type: 'application/pdf' }), 'constancia.pdf');
    const uploaded = await call('POST', 'documents/api/verify/upload/', { form });
    expect(uploaded.body).toMatchObject({ issued: true, document: { folio: first.folio, state: 'VALID' } });

    // Issued: it is not cancelled (its documents are revoked on their own page instead).
    expect((await call('POST', `${BASE}${requestId}/cancel/`, { token: control, body: { reason: 'error' } })).status).toBe(409);
  });

  it('is delivered once, and its history keeps every step with who took it', async () => {
    const delivered = await call('POST', `${BASE}${requestId}/deliver/`, { token: control });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.status).toBe('DELIVERED');
    expect((await call('POST', `${BASE}${requestId}/deliver/`, { token: control })).status).toBe(409);
    // Still downloadable once delivered.
    expect((await call('GET', `${BASE}${requestId}/pdf/`, { token: ana.token, raw: true })).status).toBe(200);
    const history = await call('GET', `${BASE}${requestId}/history/`, { token: admin });
    expect(history.status).toBe(200);
    const statuses = history.body.flatMap((row: { changes: { field: string; new: unknown }[] }) => row.changes.filter((change) => change.field === 'status').map((change) => change.new));
    expect(statuses).toEqual(expect.arrayContaining(['PENDING_PAYMENT', 'PAID', 'ISSUED', 'DELIVERED']));
    const row = await prisma.documentRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(row.issued_by_id).not.toBeNull();
    expect(row.delivered_by_id).toBe(row.issued_by_id);
  });

  it('hands over a copy’s reissue, and refuses a revoked copy', async () => {
    const [one, two] = await prisma.documentRequestDocument.findMany({ where: { request_id: requestId }, orderBy: { copy: 'asc' } });
    const reissued = await call('POST', `documents/api/issued-documents/${one.document_id}/reissue/`, { token: control, body: { reason: 'El nombre estaba mal escrito' } });
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(201);
    const pdf = await call<ArrayBuffer>('GET', `${BASE}${requestId}/pdf/?copy=1`, { token: ana.token, raw: true });
    expect(pdf.status).toBe(200);
    expect(sha256(pdf.body)).toBe(reissued.body.issued.pdf_sha256);
    expect((await read(requestId, ana.token)).body.documents[0].document.replaced_by).toMatchObject({ folio: reissued.body.issued.folio, status: 'ISSUED' });

    expect((await call('POST', `documents/api/issued-documents/${two.document_id}/revoke/`, { token: control, body: { reason: 'Entregada por error' } })).status).toBe(200);
    const revoked = await call('GET', `${BASE}${requestId}/pdf/?copy=2`, { token: ana.token });
    expect(revoked.status).toBe(409);
    expect(revoked.body.detail).toContain('fue revocado');
  });

  it('reaches no other student: neither their request, nor its PDF, nor its documents', async () => {
    const list = await call('GET', `${BASE}?page_size=100`, { token: other.token });
    expect(list.status).toBe(200);
    expect(list.body.data.every((row: { student_id: number }) => row.student_id === other.id)).toBe(true);
    expect((await read(requestId, other.token)).status).toBe(404);
    expect((await call('GET', `${BASE}${requestId}/pdf/`, { token: other.token, raw: true })).status).toBe(404);
    expect((await call('POST', `${BASE}${requestId}/cancel/`, { token: other.token, body: { reason: 'no' } })).status).toBe(404);
    const documentId = (await prisma.documentRequestDocument.findFirstOrThrow({ where: { request_id: requestId } })).document_id;
    expect((await call('GET', `documents/api/issued-documents/${documentId}/pdf/`, { token: other.token, raw: true })).status).toBe(404);
    // Nor the queue's steps.
    expect((await call('POST', `${BASE}${requestId}/deliver/`, { token: ana.token })).status).toBe(403);
    expect((await call('POST', `${BASE}issue_batch/`, { token: ana.token, body: {} })).status).toBe(403);
  });
});

describe('asking', () => {
  it('is for oneself only, by a student, with copies 1–10: bad input changes nothing', async () => {
    const before = await prisma.documentRequest.count();
    const sales = await prisma.sale.count();
    const named = await ask(ana.token, { type_id: constancia, student_id: other.id });
    expect(named.status).toBe(403);
    expect(named.body.detail).toBe('Solo puedes solicitar documentos a tu nombre.');
    expect((await ask(admin, { type_id: constancia })).status).toBe(403);
    expect((await call('GET', `${BASE}offer/`, { token: control })).status).toBe(403);
    const none = await ask(ana.token, { type_id: constancia, copies: 0 });
    expect(none.status).toBe(400);
    expect(none.body.copies).toEqual(['Las copias van de 1 a 10.']);
    expect((await ask(ana.token, { type_id: constancia, copies: 11 })).body.copies).toEqual(['Las copias van de 1 a 10.']);
    expect((await ask(ana.token, { type_id: 'x' })).body.type_id).toBeTruthy();
    expect((await ask(ana.token, { type_id: 2_147_483_000 })).status).toBe(400);
    expect((await ask(ana.token, { type_id: constancia, purpose: 'x'.repeat(201) })).body.purpose).toBeTruthy();
    expect((await ask(ana.token, { type_id: constancia, status: 'ISSUED' })).status).toBe(400);
    // A price the school forgot in the student's list is not a free document.
    const unpriced = await prisma.issuedDocumentType.findUniqueOrThrow({ where: { code: 'SIN_PRECIO' } });
    const noPrice = await ask(ana.token, { type_id: unpriced.id });
    expect(noPrice.status).toBe(409);
    expect(noPrice.body.detail).toContain('no tiene precio en tu lista de precios');
    expect(await prisma.documentRequest.count()).toBe(before);
    expect(await prisma.sale.count()).toBe(sales);
    // English for who reads English.
    expect((await call('POST', `${BASE}request/`, { token: ana.token, body: { type_id: constancia, copies: 0 }, lang: 'en' })).body.copies).toEqual(['Copies go from 1 to 10.']);
    // Naming oneself is fine.
    const own = await ask(ana.token, { type_id: freeType, student_id: ana.id });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });

  it('a free type goes straight to PAID, without a sale, and may still be cancelled', async () => {
    const offer = await call('GET', `${BASE}offer/`, { token: ana.token });
    expect(offer.body.results.find((row: { type_id: number }) => row.type_id === freeType)).toMatchObject({ unit_price: '0.00', available: true });
    const asked = await ask(ana.token, { type_id: freeType });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ status: 'PAID', sale_id: null, copies: 1 });
    expect(Number(asked.body.total)).toBe(0);
    const cancelled = await call('POST', `${BASE}${asked.body.id}/cancel/`, { token: ana.token, body: { reason: 'Me equivoqué de documento' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Me equivoqué de documento' });
    expect((await call('POST', `${BASE}${asked.body.id}/cancel/`, { token: ana.token, body: { reason: 'otra vez' } })).status).toBe(409);
  });

  it('an unpaid one is cancelled by its student with a reason, and its charge with it', async () => {
    const asked = await ask(ana.token, { type_id: constancia });
    expect(asked.status).toBe(201);
    expect((await call('POST', `${BASE}${asked.body.id}/cancel/`, { token: ana.token, body: { reason: ' ' } })).status).toBe(400);
    const cancelled = await call('POST', `${BASE}${asked.body.id}/cancel/`, { token: ana.token, body: { reason: 'Ya no la necesito' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    const sale = await prisma.sale.findUniqueOrThrow({ where: { id: asked.body.sale_id }, include: { references: true } });
    expect(sale.status).toBe(false);
    expect(sale.references.every((reference) => !reference.status)).toBe(true);
  });

  it('finance cancelling its sale cancels the request', async () => {
    const asked = await ask(ana.token, { type_id: constancia });
    const cancelled = await call('POST', `finance/api/sales/${asked.body.sale_id}/cancel/`, { token: admin, body: { reason: 'Cargo duplicado' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await read(asked.body.id)).body).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Su cargo fue cancelado en Finanzas.' });
  });
});

describe('paid by reconciliation, issued in batch', () => {
  it('a deposit of the reference pays it; every paid request of the filter is issued by one job', async () => {
    const asked = await ask(other.token, { type_id: constancia, purpose: 'IMSS' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const reference = asked.body.sale.references[0];
    const form = new FormData();
    form.append('file', new Blob([`Fecha,Referencia,Importe,Autorización\n25/11/2026,${reference.bank_ref},${reference.amount},AUT-55\n`], { type: 'text/csv' }), 'estado.csv');
    const started = await call('POST', 'finance/api/references/reconcile/', { token: admin, form });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await finishedJob(admin, started.body.job_id)).status).toBe('DONE');
    expect((await read(asked.body.id)).body.status).toBe('PAID');

    const free = await ask(other.token, { type_id: freeType });
    const waiting = await prisma.documentRequest.findMany({ where: { status: 'PAID', type_id: { in: [constancia, freeType] } }, select: { id: true } });
    expect(waiting.map((row) => row.id)).toEqual(expect.arrayContaining([asked.body.id, free.body.id]));

    // The queue's filters: by state, type and period.
    const queue = await call('GET', `${BASE}?status=PAID&type_id=${freeType}&page_size=100`, { token: control });
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((row: { id: number }) => row.id)).toContain(free.body.id);
    expect(queue.body.data.every((row: { status: string; type_id: number }) => row.status === 'PAID' && row.type_id === freeType)).toBe(true);
    const period = await call('GET', `${BASE}?status=PAID&cicle_id=${asked.body.cicle_id}&page_size=100`, { token: control });
    expect(period.body.data.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([asked.body.id, free.body.id]));
    const batch = await call('POST', `${BASE}issue_batch/`, { token: control, body: {} });
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    const job = await finishedJob(control, batch.body.job_id);
    expect(job.status, JSON.stringify(job)).toBe('DONE');
    expect(job.result.request_ids).toEqual(expect.arrayContaining([asked.body.id, free.body.id]));
    for (const id of [asked.body.id, free.body.id]) expect((await read(id)).body.status).toBe('ISSUED');
    expect((await call('GET', `${BASE}${free.body.id}/pdf/`, { token: other.token, raw: true })).status).toBe(200);
    // Nothing left to issue: refused at once.
    const again = await call('POST', `${BASE}issue_batch/`, { token: control, body: { type_id: freeType } });
    expect(again.status).toBe(409);
  });
});
