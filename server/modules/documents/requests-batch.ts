// Control Escolar's "Emitir pagadas": every paid request of a filter (a type, a period) issued as
// one job, oldest first, each request in its own transaction, so one the rules refuse (a student no
// longer enrolled) is listed and the rest go on. Run again after a stop, it finds only the requests
// still PAID: the ones it issued are ISSUED and are not issued twice.
import type { z } from 'zod';
import { issueRequestsInput } from '@/lib/contracts/document-requests';
import { prisma } from '@/server/db/client';
import { ApiError } from '@/server/errors';
import { defineJob } from '@/server/jobs/define';
import { issueSession } from './issue';
import { issueRequest } from './requests';
import { refusalText } from '@/server/jobs/refusal';

export type IssueRequestsInput = z.output<typeof issueRequestsInput>;

/** The paid requests a batch covers, oldest first. */
export async function paidRequests(input: IssueRequestsInput): Promise<number[]> {
  const rows = await prisma.documentRequest.findMany({
    where: { status: 'PAID', ...(input.type_id ? { type_id: input.type_id } : {}), ...(input.cicle_id ? { cicle_id: input.cicle_id } : {}) },
    orderBy: [{ created_at: 'asc' }, { id: 'asc' }],
    take: 5_000,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

export const issueRequestsJob = defineJob({
  name: 'documents-issue-requests',
  input: issueRequestsInput,
  async run(input, { ctx, report }) {
    const ids = await paidRequests(input);
    const session = await issueSession();
    const issued: number[] = [];
    const documents: number[] = [];
    const refused: { request_id: number; reason: string }[] = [];
    await report(0, ids.length);
    for (const [index, id] of ids.entries()) {
      try {
        const done = await prisma.$transaction((tx) => issueRequest(tx, ctx.actor, id, session), { timeout: 60_000 });
        issued.push(id);
        documents.push(...done.documents.map((document) => document.id));
      } catch (error) {
        // Another person issued or cancelled it meanwhile, or its student no longer qualifies: listed, not fatal.
        if (!(error instanceof ApiError)) throw error;
        refused.push({ request_id: id, reason: refusalText(error, ctx.t) });
      }
      await report(index + 1, ids.length);
    }
    return { issued: issued.length, request_ids: issued, document_ids: documents, refused_count: refused.length, refused: refused.slice(0, 200) };
  },
});
