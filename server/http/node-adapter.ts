// Runs the API pipeline straight on node:http, without Next's request handling in between: the
// production server (server/serve.ts) answers API paths this way and passes pages to Next. The
// pipeline itself stays on Web Request/Response, so the route files under app/ serve the very
// same dispatch() in `next dev`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { logger } from '@/server/log';
import { plainAddress } from './client-address';
function requestUrl(incoming: IncomingMessage): URL {
  const path = incoming.url ?? '/';
  try {
    return new URL(path, `http://${incoming.headers.host ?? 'localhost'}`);
  } catch {
    // A malformed Host header must not fail the call; the API never builds links from it.
    return new URL(path, 'http://localhost');
  }
}

/** A Web Request for an incoming message. The body stays a stream: the pipeline reads it with its
 * size limit enforced as it goes (server/http/body.ts), so an oversized or chunked body is never
 * held whole in memory. */
export function toWebRequest(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // The caller's address, as Next's own server passes it to route handlers (the rate limit and the
  // audit read it). The production server has already settled it (server/http/client-address.ts).
  if (!headers.has('x-forwarded-for') && incoming.socket?.remoteAddress) headers.set('x-forwarded-for', plainAddress(incoming.socket.remoteAddress));
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined;
  // `duplex: 'half'` is how fetch's Request takes a streamed body (Node's undici requires it).
  return new Request(requestUrl(incoming), { method, headers, body, ...(hasBody ? { duplex: 'half' } : {}) } as RequestInit);
}

/** Answers one API call on node:http with a Web handler (dispatch). */
export async function answerApi(incoming: IncomingMessage, outgoing: ServerResponse, handler: (request: Request) => Promise<Response>): Promise<void> {
  try {
    const response = await handler(toWebRequest(incoming));
    // A body refused before it was read whole (413, 415) leaves bytes on the connection: close it
    // after the answer rather than read the rest.
    if (!incoming.readableEnded && incoming.method !== 'GET' && incoming.method !== 'HEAD') outgoing.setHeader('connection', 'close');
    await sendWebResponse(response, outgoing);
  } catch (error) {
    // The handler maps every error to an answer; this is a failed stream or a caller that hung up.
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') logger().error({ method: incoming.method, path: incoming.url?.split('?')[0], err: error }, 'answer not sent');
    if (!outgoing.headersSent) outgoing.writeHead(500).end();
    else outgoing.destroy();
  }
}

/** Writes a Web Response to the node answer. A body that arrives in one chunk (every JSON answer)
 * goes out with its headers in one write; longer bodies (exports) stream with back-pressure. */
export async function sendWebResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (!response.body) {
    outgoing.writeHead(response.status, headers).end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    const body = first.value ?? new Uint8Array(0);
    headers['content-length'] = String(body.byteLength);
    outgoing.writeHead(response.status, headers).end(body);
    return;
  }
  outgoing.writeHead(response.status, headers);
  async function* chunks() {
    yield first.value!;
    yield second.value!;
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), outgoing);
}
