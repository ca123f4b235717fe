// documents/api/document-requests/: documents students ask for from the portal (issue 30), and
// Control Escolar › Solicitudes de documentos, the queue staff issue, hand over and cancel them
// from. A student asks for themself only, reads their own requests (each with its open bank
// reference and the documents issued for it) and downloads what was issued; nobody else's.
import * as contracts from '@/lib/contracts/document-requests';
import { MAX_COPIES } from '@/lib/documents/request-flow';
import { prisma } from '@/server/db/client';
import type { ActionContext } from '@/server/engine/context';
import { authorize, parseId, show } from '@/server/engine/engine';
import { modelResource } from '@/server/engine/model';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { FileResult, accepted, created } from '@/server/engine/results';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { badRequest, conflict, msg, notFound } from '@/server/errors';
import { openStored } from '@/server/files/storage';
import { startJob } from '@/server/jobs/queue';
import { documentRequestStates } from './request-states';
import { cancelRequest, createRequest, currentCopy, deliverRequest, issueRequest, requestOffer, requester } from './requests';
import { issueRequestsJob, paidRequests } from './requests-batch';

const ROUTE = 'scholar-document_requests';

/** The request as the caller may read it (404 outside their reach: a student sees only their own). */
async function visible(ctx: ActionContext, raw: string) {
  return (await show(documentRequestsResource, ctx, parseId(raw))) as { id: number; status: string; copies: number };
}

function requestActions(): ActionDefinition[] {
  /** GET offer/: what one copy of each type costs the signed-in student. */
  const offer = defineAction(contracts.documentRequestOffer, {
    needs: 'signed-in',
    handler: async (ctx) => ({ results: await requestOffer(requester(ctx.actor, undefined)), max_copies: MAX_COPIES }),
  });

  /** POST request/ {type_id, copies?, purpose?}: the student's new request (charged, or ready to issue). */
  const request = defineAction(contracts.requestDocument, {
    needs: 'signed-in',
    handler: async (ctx) => {
      const id = await createRequest(ctx.actor, ctx.input, ctx.t);
      return created(await show(documentRequestsResource, ctx, id));
    },
  });

  /** POST {id}/cancel/ {reason}: the student their own unpaid request; staff any unpaid one. */
  const cancel = defineAction(contracts.cancelDocumentRequest, {
    needs: 'read',
    handler: async (ctx) => {
      const { id } = await visible(ctx, ctx.params.id);
      // A student reaches only their own (the row scope); anyone else needs the queue's right.
      if (ctx.actor.kind !== 'student') authorize(ctx.actor, documentRequestsResource, 'write');
      await prisma.$transaction((tx) => cancelRequest(tx, ctx.actor, id, ctx.input.reason));
      return show(documentRequestsResource, ctx, id);
    },
  });

  /** POST {id}/issue/: one document per copy, now. */
  const issue = defineAction(contracts.issueDocumentRequest, {
    needs: 'write',
    handler: async (ctx) => {
      const { id } = await visible(ctx, ctx.params.id);
      return created(await prisma.$transaction((tx) => issueRequest(tx, ctx.actor, id), { timeout: 60_000 }));
    },
  });

  /** POST {id}/deliver/: the printed copies handed over. */
  const deliver = defineAction(contracts.deliverDocumentRequest, {
    needs: 'write',
    handler: async (ctx) => {
      const { id } = await visible(ctx, ctx.params.id);
      return prisma.$transaction((tx) => deliverRequest(tx, ctx.actor, id));
    },
  });

  /** POST issue_batch/ {type_id?, cicle_id?}: every paid request of the filter, as a job (202 {job_id}). */
  const issueBatch = defineAction(contracts.issueDocumentRequests, {
    needs: 'write',
    handler: async (ctx) => {
      // Refused at once (not as an empty job) when nothing of the filter waits to be issued.
      if (!(await paidRequests(ctx.input)).length) throw conflict('requests.errors.batch_empty');
      return accepted(await startJob(ctx, issueRequestsJob, ctx.input));
    },
  });

  /** GET {id}/pdf/?copy=: a copy's PDF as issued (its reissue when it was reissued). */
  const pdf = defineAction(contracts.documentRequestPdf, {
    needs: 'read',
    handler: async (ctx) => {
      const request = await visible(ctx, ctx.params.id);
      if (request.status !== 'ISSUED' && request.status !== 'DELIVERED') throw conflict('requests.errors.not_issued');
      const raw = ctx.queryInput.copy ?? '1';
      const copy = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
      if (!(copy >= 1 && copy <= request.copies)) throw badRequest({ copy: [msg('requests.errors.copy', { copies: request.copies })] });
      const document = await currentCopy(request.id, copy);
      if (!document) throw notFound();
      if (document.status === 'REVOKED') throw conflict('requests.errors.copy_revoked', { folio: document.folio });
      const file = await openStored(document.pdf_path);
      if (!file) throw notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      return new FileResult(new Uint8Array(bytes), 'application/pdf', `${document.folio}.pdf`, { inline: ctx.queryInput.inline === 'true', size: bytes.byteLength, cacheControl: 'private, no-store' });
    },
  });

  return [offer, request, cancel, issue, deliver, issueBatch, pdf];
}

const definition = modelResource({
  base: 'documents/api/document-requests/',
  model: 'DocumentRequest',
  // Students read their own rows (the scope) and act through request/, cancel/ and pdf/ only.
  access: { routes: [ROUTE], ownReaders: ['student'] },
  search: ['purpose', ...STUDENT_SEARCH],
  sortableRelations: ['student.first_name', 'student.no_control'],
  ordering: ['-created_at', '-id'],
  ownRows: { student: (studentId) => ({ student_id: studentId }) },
  campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
  // What the portal and the queue show of each request: its documents (by copy, with a reissue's
  // replacement) and its charge with the bank reference to pay it while it is owed.
  include: {
    documents: {
      orderBy: { copy: 'asc' },
      select: { copy: true, document: { select: { id: true, folio: true, status: true, token: true, replaced_by: { select: { id: true, folio: true, status: true, token: true } } } } },
    },
    sale: {
      select: {
        id: true,
        paid: true,
        status: true,
        total_pay: true,
        total_debt: true,
        references: { where: { status: true, paid: false, is_deleted: false }, orderBy: { id: 'desc' }, take: 1, select: { id: true, bank_ref: true, amount: true, vigency: true } },
      },
    },
  },
  states: documentRequestStates,
  // Its state table lets no field change; even a PUT that changes nothing is refused, so nobody
  // reads a 200 as "the request was edited".
  inputToData: () => {
    throw conflict('requests.errors.use_operations');
  },
  actions: requestActions(),
});

/** Requests are made by request/ only (the student's own, charged through finance): the generic
 * create does not exist (405); PUT and DELETE answer 409 from the state table. */
export const documentRequestsResource: ResourceDefinition = { ...definition, createSchema: undefined };
