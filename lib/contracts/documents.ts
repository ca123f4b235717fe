// School documents (issue 30): staff issue constancias, report cards and certified transcripts one
// by one or a period's report cards as a job, download, revoke and reissue them; students read and
// download their own; anyone verifies a document by the token of its QR code or by uploading its
// PDF, without signing in.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { DOCUMENT_KINDS, ISSUED_DOCUMENT_STATUSES } from '@/lib/documents/statement';
import { PDF, ZIP, defineContract, fileAnswer } from './contract';
import { wireDate, wireId, wireInstant } from './wire';

const ISSUED = 'documents/api/issued-documents/';
const VERIFY = 'documents/api/verify/';

/** The largest PDF the verification page takes (413 beyond). */
export const VERIFY_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const reason = z.string({ message: 'errors.required' }).trim().min(1, { message: 'errors.required' }).max(400, { message: 'errors.max_length' });
const purpose = z.string().trim().max(200, { message: 'errors.max_length' }).nullable().optional();
const status = z.enum(ISSUED_DOCUMENT_STATUSES);

/** What an issue answers. */
export const issuedSummary = z.object({
  id: wireId,
  folio: z.string(),
  token: z.string(),
  verification_url: z.string(),
  type: z.object({ id: wireId, code: z.string(), name: z.string() }),
  student_id: wireId,
  cicle_id: wireId.nullable(),
  status,
  issued_at: wireInstant,
  pdf_sha256: z.string(),
});

/** POST documents/api/issued-documents/issue/ */
export const issueDocument = defineContract({
  method: 'POST',
  base: ISSUED,
  path: 'issue/',
  summary: 'Issues a document of a type for a student (a constancia or report card of `cicle_id`, or of the student’s current period when left out): folio, seal with the school’s CSD, PDF with the QR code of its verification page.',
  input: z.object({ type_id: positiveId, student_id: positiveId, cicle_id: positiveId.nullable().optional(), purpose }),
  output: issuedSummary,
  status: 201,
  errors: [409],
});

/** The report cards of a period issued as a job (also the job's input). */
export const issueBatchInput = z.object({
  cicle_id: positiveId,
  /** One group of the period; every group of it when left out. */
  group_id: positiveId.nullable().optional(),
  /** A report-card type (the catalogue's BOLETA when left out). */
  type_id: positiveId.nullable().optional(),
});

/** POST documents/api/issued-documents/issue_batch/ */
export const issueDocumentBatch = defineContract({
  method: 'POST',
  base: ISSUED,
  path: 'issue_batch/',
  summary: 'Starts issuing the report cards of a period (one group, or every group) as a job; each student on their own (a refused one does not stop the rest). The job’s result names the documents; download_zip/?job_id= hands them over as one zip.',
  input: issueBatchInput,
  output: z.object({ job_id: wireId }),
  status: 202,
  errors: [409],
});

/** GET documents/api/issued-documents/download_zip/ */
export const issuedDocumentsZip = defineContract({
  method: 'GET',
  base: ISSUED,
  path: 'download_zip/',
  summary: 'The PDFs of the documents a batch job issued (`job_id`, the job’s owner only) or of the documents named in `ids` (comma-separated), as one zip streamed while it is written.',
  query: z.object({ job_id: z.string().optional(), ids: z.string().optional() }),
  output: fileAnswer(ZIP),
  errors: [409],
});

/** GET documents/api/issued-documents/{id}/pdf/ */
export const issuedDocumentPdf = defineContract({
  method: 'GET',
  base: ISSUED,
  path: '{id}/pdf/',
  summary: 'The document’s PDF exactly as it was issued (a student: only their own).',
  query: z.object({ inline: z.string().optional() }),
  output: fileAnswer(PDF),
});

const revokedAnswer = z.object({ id: wireId, folio: z.string(), status: z.literal('REVOKED'), revoked_at: wireInstant, revoke_reason: z.string() });

/** POST documents/api/issued-documents/{id}/revoke/ */
export const revokeIssuedDocument = defineContract({
  method: 'POST',
  base: ISSUED,
  path: '{id}/revoke/',
  summary: 'Revokes an issued document with the reason typed; its verification page says revoked, with the date and the reason (409 when it is revoked already).',
  input: z.object({ reason }),
  output: revokedAnswer,
  errors: [409],
});

/** POST documents/api/issued-documents/{id}/reissue/ */
export const reissueIssuedDocument = defineContract({
  method: 'POST',
  base: ISSUED,
  path: '{id}/reissue/',
  summary: 'Issues the document again from the records as they are now (new folio and token) and revokes the old one with the reason typed, naming its replacement (409 when it is revoked already).',
  input: z.object({ reason }),
  output: z.object({ issued: issuedSummary, revoked: revokedAnswer }),
  status: 201,
  errors: [409],
});

// ---------------------------------------------------------------------------------------------
// Public verification (no sign-in; rate-limited per address).

const statementSubject = z.object({
  code: z.string(),
  name: z.string(),
  partials: z.array(z.string().nullable()).optional(),
  final: z.string().nullable().optional(),
  grade: z.number().int().optional(),
  period: z.string().nullable().optional(),
  score: z.string().nullable().optional(),
  credits: z.string().optional(),
});

/** What a document states (lib/documents/statement.ts), as its page shows it. */
export const documentStatement = z.object({
  version: z.literal(1),
  type: z.object({ code: z.string(), name: z.string(), kind: z.enum(DOCUMENT_KINDS) }),
  folio: z.string(),
  issued_on: wireDate,
  institution: z.string(),
  holder: z.object({ name: z.string(), no_control: z.string(), curp: z.string().nullable() }),
  career: z.string().nullable(),
  period: z.object({ description: z.string(), start: wireDate, end: wireDate }).nullable(),
  enrolment: z.object({ grade: z.number().int(), group: z.string() }).nullable(),
  text: z.string(),
  purpose: z.string().nullable(),
  subjects: z.array(statementSubject).nullable(),
  partials: z.number().int().nullable(),
  summary: z.object({ average: z.string().nullable(), credits: z.string().nullable() }).nullable(),
  signer: z.object({ name: z.string(), position: z.string() }),
});

/** VALID: the seal verifies against the certificate now; REVOKED: the school revoked it; INVALID: what is stored no longer matches its seal. */
export const VERIFICATION_STATES = ['VALID', 'REVOKED', 'INVALID'] as const;

export const verificationAnswer = z.object({
  state: z.enum(VERIFICATION_STATES),
  folio: z.string(),
  type: z.object({ code: z.string(), name: z.string() }),
  issued_at: wireInstant,
  holder: z.string(),
  statement: documentStatement.nullable(),
  cert_number: z.string(),
  revoked_at: wireInstant.nullable(),
  revoke_reason: z.string().nullable(),
  /** The folio of the document that replaced this one (a reissue). */
  replaced_by: z.string().nullable(),
});

/** GET documents/api/verify/{token}/ */
export const verifyDocument = defineContract({
  method: 'GET',
  base: VERIFY,
  path: '{token}/',
  summary: 'Public (no sign-in): the document a verification token names — type, folio, date, holder, what it states — and whether it is valid (its seal verified against its certificate now) or revoked (date and reason). A malformed and an unknown token get the same 404. Rate-limited per address (429).',
  output: verificationAnswer,
});

/** POST documents/api/verify/upload/ */
export const verifyDocumentUpload = defineContract({
  method: 'POST',
  base: VERIFY,
  path: 'upload/',
  summary: 'Public (no sign-in): whether an uploaded PDF (`file`, at most 10 MB: 413 beyond) is exactly one the school issued — the SHA-256 of its bytes equals an issued document’s — and which one. Rate-limited per address (429).',
  multipart: true,
  input: z.object({ file: z.file().optional() }),
  output: z.object({ issued: z.boolean(), document: verificationAnswer.omit({ statement: true }).extend({ token: z.string() }).nullable() }),
  errors: [413],
});
