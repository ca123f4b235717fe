// Answers a request with the one error mapper (server/error-answer.ts); a defect is logged with
// the request id (and its stack, at level error) and answered 500 without a stack trace or SQL.
import { errorAnswer } from '@/server/error-answer';
import { logger } from '@/server/log';
import type { RequestContext } from './context';
import { json } from './respond';

export function errorResponse(error: unknown, ctx: RequestContext): Response {
  const answer = errorAnswer(error, ctx.t, ctx.request.method);
  if (!answer) {
    logger().error({ request_id: ctx.requestId, user_id: ctx.actor?.id ?? null, method: ctx.request.method, path: ctx.url.pathname, err: error }, 'unexpected error');
    return json({ detail: ctx.t('errors.server', { requestId: ctx.requestId }), request_id: ctx.requestId }, 500);
  }
  return json(answer.body, answer.status, answer.headers);
}
