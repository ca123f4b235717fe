// Documents requested from the student portal (issue 30): a student asks for a document (type,
// copies, purpose) for themself only; a type with a price is charged as a sale of theirs with its
// bank reference and waits for the payment; staff issue it (one or every paid one of a filter, as a
// job), hand it over, or cancel it with a reason; the student downloads what was issued.
// The requests themselves are read through the resource's list and record
// (documents/api/document-requests/), each with its documents and its open reference.
import { z } from 'zod';
import { MAX_COPIES, MIN_COPIES } from '@/lib/documents/request-flow';
import { positiveId, wholeNumber } from '@/lib/validation';
import { PDF, defineContract, fileAnswer } from './contract';
import { issuedSummary } from './documents';
import { wireDecimal, wireId, wireInstant, wireRecord } from './wire';

const REQUESTS = 'documents/api/document-requests/';

const reason = z.string({ message: 'errors.required' }).trim().min(1, { message: 'errors.required' }).max(400, { message: 'errors.max_length' });

/** What the student may ask for, each type at their price. */
export const requestOfferItem = z.object({
  type_id: wireId,
  code: z.string(),
  name: z.string(),
  /** The list price of one copy and the student's discount; both "0.00" for a free type. */
  amount: wireDecimal,
  discount: wireDecimal,
  /** What one copy costs the student: "0.00" goes straight to the queue, ready to issue. */
  unit_price: wireDecimal,
  /** False when the type names a concept the student's price lists do not have (ask Control Escolar). */
  available: z.boolean(),
});

/** GET documents/api/document-requests/offer/ */
export const documentRequestOffer = defineContract({
  method: 'GET',
  base: REQUESTS,
  path: 'offer/',
  summary: 'The student’s own offer: every active document type with what one copy costs them (the type’s concept at their price list’s price, less their discounts), or nothing for a free type.',
  output: z.object({ results: z.array(requestOfferItem), max_copies: z.number().int() }),
});

export const documentRequestInput = z.object({
  type_id: positiveId,
  copies: wholeNumber.pipe(z.number().int().min(MIN_COPIES, { message: 'requests.errors.copies' }).max(MAX_COPIES, { message: 'requests.errors.copies' })).optional(),
  purpose: z.string().trim().max(200, { message: 'errors.max_length' }).nullable().optional(),
  /** Only the student's own id is taken: a request is never made in another's name (403). */
  student_id: positiveId.optional(),
});

/** POST documents/api/document-requests/request/ */
export const requestDocument = defineContract({
  method: 'POST',
  base: REQUESTS,
  path: 'request/',
  summary: 'A student asks for a document for themself: copies (1–10) and what for. A type with a price opens a sale of theirs of copies × its concept with the bank reference to pay it (PENDING_PAYMENT); a free one is ready to issue (PAID). 409 when the document cannot be issued to them (not enrolled) or the type has no price in their price list.',
  input: documentRequestInput,
  output: wireRecord,
  status: 201,
  errors: [409],
});

/** POST documents/api/document-requests/{id}/cancel/ */
export const cancelDocumentRequest = defineContract({
  method: 'POST',
  base: REQUESTS,
  path: '{id}/cancel/',
  summary: 'Cancels a request with its reason, with its unpaid charge (the student their own; staff any). 409 once paid (cancel the payment first) or issued (revoke the document instead).',
  input: z.object({ reason }),
  output: wireRecord,
  errors: [409],
});

/** POST documents/api/document-requests/{id}/issue/ */
export const issueDocumentRequest = defineContract({
  method: 'POST',
  base: REQUESTS,
  path: '{id}/issue/',
  summary: 'Issues a paid (or free) request: one document per copy, each with its own folio, seal and QR code, in one transaction. 409 before payment or once issued.',
  output: z.object({ id: wireId, status: z.literal('ISSUED'), issued_at: wireInstant, documents: z.array(issuedSummary) }),
  status: 201,
  errors: [409],
});

/** POST documents/api/document-requests/{id}/deliver/ */
export const deliverDocumentRequest = defineContract({
  method: 'POST',
  base: REQUESTS,
  path: '{id}/deliver/',
  summary: 'Records that the printed copies of an issued request were handed to the student (409 unless issued).',
  output: z.object({ id: wireId, status: z.literal('DELIVERED'), delivered_at: wireInstant }),
  errors: [409],
});

/** Which paid requests a batch issues (also the job's input): all of them, or those of a type or period. */
export const issueRequestsInput = z.object({
  type_id: positiveId.nullable().optional(),
  cicle_id: positiveId.nullable().optional(),
});

/** POST documents/api/document-requests/issue_batch/ */
export const issueDocumentRequests = defineContract({
  method: 'POST',
  base: REQUESTS,
  path: 'issue_batch/',
  summary: 'Issues every paid request of the filter (type, period) as a job, oldest first, each in its own transaction (a refused one is listed and the rest go on). 409 when none is waiting.',
  input: issueRequestsInput,
  output: z.object({ job_id: wireId }),
  status: 202,
  errors: [409],
});

/** GET documents/api/document-requests/{id}/pdf/ */
export const documentRequestPdf = defineContract({
  method: 'GET',
  base: REQUESTS,
  path: '{id}/pdf/',
  summary: 'The PDF of an issued request’s copy (`copy`, 1 unless named) exactly as issued — its reissue when it was reissued; the student only their own (404 otherwise). 409 before it is issued or when that copy was revoked.',
  query: z.object({ copy: z.string().optional(), inline: z.string().optional() }),
  output: fileAnswer(PDF),
  errors: [409],
});
