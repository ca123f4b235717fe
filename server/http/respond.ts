// JSON answers: the data in wire form (server/engine/wire.ts) with the contract's headers.
import { FileResult, StatusResult } from '@/server/engine/results';
import { contentDisposition } from '@/server/files/storage';
import { toWire } from '@/server/engine/wire';

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return plainJson(toWire(data), status, headers);
}

/** Data that is in wire form already (what engine operations return): no second pass over it. */
export function plainJson(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', ...headers } });
}


/** What an operation or action returned, as the contract answers it. */
export function resultResponse(result: unknown): Response {
  if (result instanceof FileResult) {
    const headers: Record<string, string> = {
      'content-type': result.contentType,
      'content-disposition': contentDisposition(result.filename, result.options.inline === true),
      'cache-control': result.options.cacheControl ?? 'no-store',
      'x-content-type-options': 'nosniff',
    };
    if (result.options.size !== undefined) headers['content-length'] = String(result.options.size);
    return new Response(result.body as BodyInit, { headers });
  }
  if (result instanceof StatusResult) return result.status === 204 ? noContent() : json(result.data, result.status);
  return json(result);
}
