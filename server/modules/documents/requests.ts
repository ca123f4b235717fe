// A student's document request (issue 30), the documents module's aggregate beside the issued
// document: asked for from the portal (the type, copies, purpose), charged through finance when
// the type has a price, moved by its sale's payments (saleSettled), issued by staff through
// issueDocument (one document per copy), delivered, or cancelled with a reason. Every step runs in
// its caller's transaction under a lock on the request's row and writes its history row there;
// what may happen in each state is lib/documents/request-flow.ts.
import { type DocumentRequestStatus, type RequestEvent, requestMove } from '@/lib/documents/request-flow';
import type { DocumentKind } from '@/lib/documents/statement';
import type { Actor } from '@/server/auth/actor';
import { type Prisma, prisma } from '@/server/db/client';
import { type Change, type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { ApiError, conflict, fieldError, forbidden, msg, notFound } from '@/server/errors';
import { type Translate, translator } from '@/server/i18n/messages';
import { cancelSale, chargeStudentConcept, studentConceptPrice } from '@/server/modules/finance';
import type { DomainEvents } from '@/server/modules/shared/events';
import { schoolFacts, studentFacts } from './facts';
import { type IssueSession, type IssuedSummary, issueDocument } from './issue';

type Tx = Prisma.TransactionClient;

const TABLE = 'document_requests';

/** The student a request is for: the signed-in student, never anyone named in the body. */
export function requester(actor: Actor, named: number | undefined): number {
  if (actor.kind !== 'student' || !actor.student_id) throw forbidden('requests.errors.students_only');
  if (named !== undefined && named !== actor.student_id) throw forbidden('requests.errors.own_only');
  return actor.student_id;
}

async function requestableType(db: Tx, typeId: number) {
  const type = await db.issuedDocumentType.findUnique({ where: { id: typeId }, select: { id: true, code: true, name: true, kind: true, concept_code: true, status: true } });
  if (!type || !type.status) throw fieldError('type_id', 'errors.not_found');
  return type;
}

/** What one copy of each active type costs the student (the portal's form). */
export async function requestOffer(studentId: number) {
  const types = await prisma.issuedDocumentType.findMany({ where: { status: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, code: true, name: true, concept_code: true } });
  return Promise.all(
    types.map(async (type) => {
      const price = type.concept_code ? await studentConceptPrice(prisma, studentId, type.concept_code) : null;
      return {
        type_id: type.id,
        code: type.code,
        name: type.name,
        amount: price?.amount ?? '0.00',
        discount: price?.discount ?? '0.00',
        unit_price: price?.unit_price ?? '0.00',
        available: !type.concept_code || price !== null,
      };
    }),
  );
}

/**
 * A student's new request: refused before anything is written when the document could not be
 * issued to them (studentFacts: not enrolled, no subjects) or when its type names a concept their
 * price lists lack (a price the school forgot is not a free document). Charged at once when one
 * copy costs them something; otherwise ready to issue. Answers the request's id.
 */
export async function createRequest(actor: Actor, input: { type_id: number; copies?: number; purpose?: string | null; student_id?: number }, t: Translate): Promise<number> {
  const studentId = requester(actor, input.student_id);
  const student = await prisma.student.findUnique({ where: { id: studentId }, select: { is_active: true } });
  if (!student?.is_active) throw forbidden('requests.errors.inactive_student');
  const type = await requestableType(prisma, input.type_id);
  // The period the document speaks of, read now: it is the one issued later, even after a new period starts.
  const facts = await studentFacts(type.kind as DocumentKind, studentId, null, await schoolFacts());
  const copies = input.copies ?? 1;
  const purpose = input.purpose?.trim() || null;
  return prisma.$transaction(async (tx) => {
    const price = type.concept_code ? await studentConceptPrice(tx, studentId, type.concept_code) : null;
    if (type.concept_code && !price) throw conflict('requests.errors.no_price', { type: type.name });
    const charge =
      price && price.unit_price !== '0.00'
        ? await chargeStudentConcept(tx, actor, { student_id: studentId, price, qty: copies, notes: t('requests.sale_note', { type: type.name, copies }), t })
        : null;
    const status: DocumentRequestStatus = charge ? 'PENDING_PAYMENT' : 'PAID';
    const row = await tx.documentRequest.create({
      data: { student_id: studentId, type_id: type.id, cicle_id: facts.cicle_id, copies, purpose, status, sale_id: charge?.sale_id ?? null, unit_price: price?.unit_price ?? '0.00', total: charge?.total ?? '0.00', paid_at: charge ? null : new Date() },
      select: { id: true },
    });
    await recordHistoryMany(tx, [
      {
        table: TABLE,
        recordId: row.id,
        type: '+',
        actor,
        changes: [
          { field: 'type_id', old: null, new: type.name },
          { field: 'student_id', old: null, new: studentId },
          { field: 'copies', old: null, new: copies },
          { field: 'purpose', old: null, new: purpose },
          { field: 'status', old: null, new: status },
          ...(charge ? [{ field: 'sale_id', old: null, new: charge.sale_id }, { field: 'total', old: null, new: charge.total }] : []),
        ],
      },
    ]);
    return row.id;
  });
}

const lockedSelect = { id: true, status: true, student_id: true, type_id: true, cicle_id: true, copies: true, purpose: true, sale_id: true } as const;

/** The request's row, held until the transaction ends: its steps happen one at a time. */
async function lockRequest(tx: Tx, id: number) {
  await tx.$queryRaw`SELECT id FROM document_requests WHERE id = ${id} FOR UPDATE`;
  const row = await tx.documentRequest.findUnique({ where: { id }, select: lockedSelect });
  if (!row) throw notFound();
  return row;
}

/** The state an event takes the request to, or the 409 naming why it may not happen now. */
function move(row: { status: DocumentRequestStatus; sale_id: number | null }, event: RequestEvent): DocumentRequestStatus {
  const next = requestMove({ status: row.status, charged: row.sale_id !== null }, event);
  if (!next.ok) throw new ApiError(409, msg(next.reason), null, { state: row.status });
  return next.to;
}

/**
 * Cancels a request with its reason and, with it, its unpaid charge (the sale's owner cancels it
 * and closes its references; a sale with a payment on it is refused there, and so is this). The
 * request is cancelled first, so the sale's event finds nothing left to move.
 */
export async function cancelRequest(tx: Tx, actor: Actor, id: number, reason: string): Promise<void> {
  // A payment locks its sale and then (through saleSettled) this request: taking the sale's lock
  // first here too keeps one order, so a payment and a cancellation at once wait instead of deadlocking.
  const charged = await tx.documentRequest.findUnique({ where: { id }, select: { sale_id: true } });
  if (charged?.sale_id) await tx.$queryRaw`SELECT id FROM sales WHERE id = ${charged.sale_id} FOR UPDATE`;
  const row = await lockRequest(tx, id);
  const to = move(row, 'cancel');
  await tx.documentRequest.update({ where: { id }, data: { status: to, cancelled_at: new Date(), cancelled_by_id: actor.id, cancel_reason: reason.slice(0, 500) } });
  await recordHistoryMany(tx, [{ table: TABLE, recordId: id, type: '~', actor, changes: [{ field: 'status', old: row.status, new: to }, { field: 'cancel_reason', old: null, new: reason }], reason }]);
  if (row.sale_id !== null) {
    const sale = await tx.sale.findUnique({ where: { id: row.sale_id }, select: { status: true } });
    if (sale?.status) await cancelSale(tx, actor, row.sale_id, reason);
  }
}

/**
 * Issues a paid request: one document per copy through issueDocument (each an original with its
 * own folio, seal and QR code, so each copy handed to an office is verified and revoked alone),
 * all of them or none. Answers the documents.
 */
export async function issueRequest(tx: Tx, actor: Actor, id: number, session?: IssueSession): Promise<{ id: number; status: 'ISSUED'; issued_at: Date; documents: IssuedSummary[] }> {
  const row = await lockRequest(tx, id);
  move(row, 'issue');
  const documents: IssuedSummary[] = [];
  for (let copy = 1; copy <= row.copies; copy += 1) {
    const issued = await issueDocument(tx, actor, { type: row.type_id, student_id: row.student_id, cicle_id: row.cicle_id, purpose: row.purpose }, session);
    await tx.documentRequestDocument.create({ data: { request_id: id, document_id: issued.id, copy } });
    documents.push(issued);
  }
  const issuedAt = new Date();
  await tx.documentRequest.update({ where: { id }, data: { status: 'ISSUED', issued_at: issuedAt, issued_by_id: actor.id } });
  await recordHistoryMany(tx, [{ table: TABLE, recordId: id, type: '~', actor, changes: [{ field: 'status', old: row.status, new: 'ISSUED' }, { field: 'documents', old: null, new: documents.map((document) => document.folio).join(', ') }] }]);
  return { id, status: 'ISSUED', issued_at: issuedAt, documents };
}

/** Records that the printed copies were handed over. */
export async function deliverRequest(tx: Tx, actor: Actor, id: number): Promise<{ id: number; status: 'DELIVERED'; delivered_at: Date }> {
  const row = await lockRequest(tx, id);
  move(row, 'deliver');
  const deliveredAt = new Date();
  await tx.documentRequest.update({ where: { id }, data: { status: 'DELIVERED', delivered_at: deliveredAt, delivered_by_id: actor.id } });
  await recordHistoryMany(tx, [{ table: TABLE, recordId: id, type: '~', actor, changes: [{ field: 'status', old: row.status, new: 'DELIVERED' }] }]);
  return { id, status: 'DELIVERED', delivered_at: deliveredAt };
}

/**
 * How a request follows the sale that charges it (finance emits saleSettled in its transaction):
 * paid when the sale is, waiting for payment again when a payment is cancelled before issuing,
 * cancelled when finance cancels the sale itself. Answers the history rows of what moved.
 */
export async function requestsFollowSale(tx: Tx, actor: Actor, { saleId, paid, active }: DomainEvents['saleSettled']): Promise<HistoryEntry[]> {
  const [row] = await tx.$queryRaw<{ id: number; status: DocumentRequestStatus; sale_id: number }[]>`SELECT id, status::text AS status, sale_id FROM document_requests WHERE sale_id = ${saleId} FOR UPDATE`;
  if (!row) return [];
  const to = move(row, !active ? 'charge_cancelled' : paid ? 'paid' : 'unpaid');
  if (to === row.status) return [];
  const changes: Change[] = [{ field: 'status', old: row.status, new: to }];
  if (to === 'CANCELLED') {
    const reason = translator()('requests.charge_cancelled');
    await tx.documentRequest.update({ where: { id: row.id }, data: { status: to, cancelled_at: new Date(), cancelled_by_id: actor.id, cancel_reason: reason } });
    changes.push({ field: 'cancel_reason', old: null, new: reason });
  } else {
    await tx.documentRequest.update({ where: { id: row.id }, data: { status: to, paid_at: to === 'PAID' ? new Date() : null } });
  }
  return [{ table: TABLE, recordId: row.id, type: '~', actor, changes }];
}

/**
 * The document a request's copy stands for now: the one issued for it, or the reissue that
 * replaced it (and so on), so the student downloads what is valid today.
 */
export async function currentCopy(requestId: number, copy: number) {
  const link = await prisma.documentRequestDocument.findUnique({ where: { request_id_copy: { request_id: requestId, copy } }, select: { document_id: true } });
  if (!link) return null;
  let document = await prisma.issuedDocument.findUniqueOrThrow({ where: { id: link.document_id }, select: { id: true, folio: true, status: true, pdf_path: true, replaced_by: { select: { id: true } } } });
  for (let hops = 0; document.replaced_by && hops < 50; hops += 1) {
    document = await prisma.issuedDocument.findUniqueOrThrow({ where: { id: document.replaced_by.id }, select: { id: true, folio: true, status: true, pdf_path: true, replaced_by: { select: { id: true } } } });
  }
  return document;
}
