// The public verification of issued documents (issue 30): anyone with a document's QR code or its
// PDF, without signing in. Every call counts against the caller's address with its own limit
// (VERIFY_RATE_LIMIT_PER_MINUTE), beside the API's general one; past it, 429 with Retry-After.
import * as contracts from '@/lib/contracts/documents';
import type { ActionContract } from '@/lib/contracts/contract';
import { env } from '@/server/env';
import { ApiError, badRequest, msg } from '@/server/errors';
import { checkVerificationRate, verifyPdf, verifyToken } from '@/server/modules/documents';
import { checkAnswer } from './answer-check';
import { json } from './respond';
import type { Route } from './routes';

function at<C extends ActionContract>(contract: C) {
  return { method: contract.method, path: `${contract.base}${contract.path}`, contract };
}

function answer(contract: ActionContract, data: unknown): Response {
  if (env.CHECK_ANSWERS) checkAnswer(contract, data);
  // What a document states is nobody's to keep in a shared cache.
  return json(data, 200, { 'cache-control': 'private, no-store' });
}

export const verificationRoutes: Route[] = [
  {
    ...at(contracts.verifyDocument),
    public: true,
    handler: async (ctx) => {
      checkVerificationRate(ctx.ip);
      return answer(contracts.verifyDocument, await verifyToken(ctx.params.token));
    },
  },
  {
    ...at(contracts.verifyDocumentUpload),
    public: true,
    handler: async (ctx) => {
      checkVerificationRate(ctx.ip);
      const file = (ctx.body as { file?: unknown } | null)?.file;
      if (!(file instanceof Blob)) throw badRequest({ file: [msg('errors.file_required')] });
      if (file.size > contracts.VERIFY_UPLOAD_MAX_BYTES) throw new ApiError(413, msg('documents.verify.too_large', { max: contracts.VERIFY_UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return answer(contracts.verifyDocumentUpload, await verifyPdf(new Uint8Array(await file.arrayBuffer())));
    },
  },
];
