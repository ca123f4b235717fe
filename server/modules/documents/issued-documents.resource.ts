// documents/api/: the catalogue of document types (document-types/) and the documents issued
// (issued-documents/) with their operations: issue one, a period's report cards as a job, the PDF
// as issued, a batch's zip, revoke and reissue. Staff of Control Escolar › Documentos emitidos do
// everything; a student reads and downloads their own documents and nobody else's.
import * as contracts from '@/lib/contracts/documents';
import { FOLIO_PREFIX } from '@/lib/documents/folio';
import { unknownPlaceholders } from '@/lib/documents/template';
import { z } from 'zod';
import { prisma } from '@/server/db/client';
import { modelResource } from '@/server/engine/model';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { accepted, created, FileResult } from '@/server/engine/results';
import { parseId, show } from '@/server/engine/engine';
import type { ActionContext } from '@/server/engine/context';
import { type ActionDefinition, type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import { badRequest, conflict, fieldError, msg, notFound } from '@/server/errors';
import { openStored } from '@/server/files/storage';
import { streamedZip } from '@/server/files/zip';
import { startJob } from '@/server/jobs/queue';
import { batchStudents, batchType, issueReportCardsJob } from './batch';
import { issueDocument, reissueDocument, revokeDocument } from './issue';
import { documentTypeStates, issuedDocumentStates } from './states';

const ROUTE = 'scholar-issued_documents';

function checkTemplate(input: Row): Row {
  if (typeof input.template === 'string') {
    const unknown = unknownPlaceholders(input.template);
    if (unknown.length) throw fieldError('template', 'documents.errors.unknown_placeholders', { names: unknown.map((name) => `{${name}}`).join(', ') });
  }
  return input;
}

export const documentTypesResource = modelResource({
  base: 'documents/api/document-types/',
  model: 'IssuedDocumentType',
  // Every signed-in user reads the catalogue (a student sees what they may ask for).
  access: { routes: [ROUTE], anyoneReads: true },
  search: ['code', 'name'],
  ordering: ['name'],
  readOnlyFields: ['last_folio'],
  fields: {
    code: z.string().trim().toUpperCase().min(1, { message: 'errors.required' }).max(30, { message: 'errors.max_length' }).regex(/^[A-Z0-9_]+$/, { message: 'documents.errors.code' }),
    folio_prefix: z.string().trim().toUpperCase().regex(FOLIO_PREFIX, { message: 'documents.errors.folio_prefix' }),
  },
  states: documentTypeStates,
  inputToData: (input) => checkTemplate(input),
});

/** The document as the caller may read it (404 outside their reach: a student sees only their own). */
async function visible(ctx: ActionContext, definition: ResourceDefinition, raw: string) {
  return (await show(definition, ctx, parseId(raw))) as { id: number };
}

/** A zip of stored PDFs, read one at a time. */
function pdfZip(name: string, ids: readonly number[]): FileResult {
  return streamedZip(
    name,
    async (append) => {
      for (let start = 0; start < ids.length; start += 100) {
        const rows = await prisma.issuedDocument.findMany({ where: { id: { in: ids.slice(start, start + 100) } }, select: { folio: true, pdf_path: true }, orderBy: { id: 'asc' } });
        for (const row of rows) {
          const file = await openStored(row.pdf_path);
          if (file) await append(file.stream, `${row.folio}.pdf`);
        }
      }
    },
    // PDFs are compressed already: storing them is as small and much faster.
    0,
  );
}

function documentActions(definition: () => ResourceDefinition): ActionDefinition[] {
  /** POST issue/ {type_id, student_id, cicle_id?, purpose?}: one document, issued now. */
  const issue = defineAction(contracts.issueDocument, {
    needs: 'write',
    handler: async (ctx) => {
      const { type_id, student_id, cicle_id, purpose } = ctx.input;
      return created(await prisma.$transaction((tx) => issueDocument(tx, ctx.actor, { type: type_id, student_id, cicle_id: cicle_id ?? null, purpose: purpose ?? null }), { timeout: 30_000 }));
    },
  });

  /** POST issue_batch/ {cicle_id, group_id?, type_id?}: a period's report cards as a job (202 {job_id}). */
  const issueBatch = defineAction(contracts.issueDocumentBatch, {
    needs: 'write',
    handler: async (ctx) => {
      // Refused at once (not as a failed job) when the type or the period is wrong or nobody is enrolled.
      await batchType(ctx.input.type_id);
      const students = await batchStudents(ctx.input);
      if (!students.length) throw conflict('documents.errors.batch_empty');
      return accepted(await startJob(ctx, issueReportCardsJob, ctx.input));
    },
  });

  /** GET download_zip/?job_id= | ?ids=: the PDFs of a batch (its owner) or of the named documents, as one zip. */
  const downloadZip = defineAction(contracts.issuedDocumentsZip, {
    needs: 'write',
    handler: async (ctx) => {
      const { job_id: jobId, ids: rawIds } = ctx.queryInput;
      let ids: number[];
      if (jobId) {
        if (!/^[1-9]\d{0,9}$/.test(jobId)) throw badRequest({ job_id: [msg('errors.invalid')] });
        const job = await prisma.job.findUnique({ where: { id: Number(jobId) }, select: { user_id: true, name: true, status: true, result: true } });
        if (!job || job.name !== issueReportCardsJob.name || (job.user_id !== ctx.actor.id && !ctx.actor.is_superuser)) throw notFound();
        const result = job.result as { document_ids?: number[] } | null;
        if (job.status !== 'DONE' || !result?.document_ids?.length) throw conflict('documents.errors.batch_not_done');
        ids = result.document_ids;
      } else if (rawIds) {
        const parts = rawIds.split(',').map((part) => part.trim());
        if (parts.length > 5_000 || parts.some((part) => !/^[1-9]\d{0,9}$/.test(part) || Number(part) > 2_147_483_647)) throw badRequest({ ids: [msg('errors.invalid')] });
        ids = (await prisma.issuedDocument.findMany({ where: { id: { in: parts.map(Number) } }, select: { id: true }, orderBy: { id: 'asc' } })).map((row) => row.id);
        if (!ids.length) throw conflict('documents.errors.nothing_to_zip');
      } else {
        throw badRequest({ job_id: [msg('errors.required')] });
      }
      return pdfZip(jobId ? `boletas_${jobId}.zip` : 'documentos.zip', ids);
    },
  });

  /** GET {id}/pdf/: the PDF exactly as issued. */
  const pdf = defineAction(contracts.issuedDocumentPdf, {
    needs: 'read',
    handler: async (ctx) => {
      const { id } = await visible(ctx, definition(), ctx.params.id);
      const row = await prisma.issuedDocument.findUniqueOrThrow({ where: { id }, select: { folio: true, pdf_path: true } });
      const file = await openStored(row.pdf_path);
      if (!file) throw notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      return new FileResult(new Uint8Array(bytes), 'application/pdf', `${row.folio}.pdf`, { inline: ctx.queryInput.inline === 'true', size: bytes.byteLength, cacheControl: 'private, no-store' });
    },
  });

  /** POST {id}/revoke/ {reason}: revoked with its reason (409 when it is already). */
  const revoke = defineAction(contracts.revokeIssuedDocument, {
    needs: 'write',
    handler: async (ctx) => {
      const { id } = await visible(ctx, definition(), ctx.params.id);
      return prisma.$transaction((tx) => revokeDocument(tx, ctx.actor, id, ctx.input.reason));
    },
  });

  /** POST {id}/reissue/ {reason}: a new folio and token from today's records; the old one revoked, naming it. */
  const reissue = defineAction(contracts.reissueIssuedDocument, {
    needs: 'write',
    handler: async (ctx) => {
      const { id } = await visible(ctx, definition(), ctx.params.id);
      return created(await prisma.$transaction((tx) => reissueDocument(tx, ctx.actor, id, ctx.input.reason), { timeout: 30_000 }));
    },
  });

  return [issue, issueBatch, downloadZip, pdf, revoke, reissue];
}

const issuedDocumentsDefinition = modelResource({
  base: 'documents/api/issued-documents/',
  model: 'IssuedDocument',
  access: { routes: [ROUTE], ownReaders: ['student'] },
  search: ['folio', ...STUDENT_SEARCH],
  sortableRelations: ['student.first_name', 'student.no_control'],
  ordering: ['-issued_at', '-id'],
  // What it states, its seal and certificate are read on its verification page; the PDF by {id}/pdf/.
  hidden: ['data', 'seal', 'certificate', 'pdf_path'],
  ownRows: { student: (studentId) => ({ student_id: studentId }) },
  campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
  states: issuedDocumentStates,
  // What its state table lets through (nothing) is still refused: an issued document says what it
  // said the day it was sealed, so even a PUT that changes nothing answers 409.
  inputToData: () => {
    throw conflict('documents.errors.issued_locked');
  },
  actions: documentActions(() => issuedDocumentsResource),
});

/** Documents are made by issue/ only (folio, seal, PDF): the generic create does not exist (405) and
 * the screens offer no "new" form; PUT and DELETE answer 409 from the state table. */
export const issuedDocumentsResource: ResourceDefinition = { ...issuedDocumentsDefinition, createSchema: undefined };

