// Request bodies, read with their size limit enforced while reading: a body over its limit is
// refused (413) as soon as it passes the limit, whatever its Content-Length says or whether it is
// chunked, and is never held whole in memory. Only JSON, forms and multipart forms are bodies the
// API reads; anything else (a JSON text sent as text/plain, which a foreign page can post with the
// user's cookie) is refused with 415.
import { ApiError, badRequest, msg } from '@/server/errors';
import { MultipartError, parseMultipart } from './multipart';

/** A JSON or form body: records and their lists are far below this. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** A form with files: a few files of at most 5 MB each (checked per file) and its fields. */
export const MAX_MULTIPART_BYTES = 24 * 1024 * 1024;
/** Lists and objects inside each other: a record with lists of lines of lists is far below this. */
export const MAX_JSON_DEPTH = 32;

export type BodyKind = 'json' | 'form' | 'multipart';

export function bodyKind(contentType: string): BodyKind | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data') return 'multipart';
  return null;
}

const limitOf = (kind: BodyKind, multipartLimit = MAX_MULTIPART_BYTES) => (kind === 'multipart' ? multipartLimit : MAX_JSON_BYTES);
const tooLarge = (kind: BodyKind, multipartLimit = MAX_MULTIPART_BYTES) => new ApiError(413, msg(kind !== 'multipart' ? 'errors.body_too_large' : multipartLimit === MAX_MULTIPART_BYTES ? 'errors.file_too_large' : 'errors.file_over_limit', { max: Math.round(limitOf(kind, multipartLimit) / 1024 / 1024) }));

/**
 * The body's bytes, read until the limit and no further. With the length the request declares
 * (`expected`), the bytes are read into one buffer of that size as they arrive, so a large upload
 * (an import's 30 MB spreadsheet) is held once rather than as its chunks and then their copy.
 */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number, onTooLarge: () => Error, expected = 0): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  // A declared length is a hint: a body longer than it is read on as chunks, still capped.
  let filled: Uint8Array | null = expected > 0 && expected <= limit ? new Uint8Array(expected) : null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel().catch(() => undefined);
      throw onTooLarge();
    }
    if (filled && size + value.byteLength <= filled.byteLength) filled.set(value, size);
    else {
      if (filled) {
        chunks.push(filled.subarray(0, size));
        filled = null;
      }
      chunks.push(value);
    }
    size += value.byteLength;
  }
  if (filled) return size === filled.byteLength ? filled : filled.subarray(0, size);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `multipartLimit`: an action's own limit for a form with files (an import's spreadsheet, ActionContract.maxBytes). */
export async function readBody(request: Request, multipartLimit = MAX_MULTIPART_BYTES): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') return null;
  const declared = Number(request.headers.get('content-length') ?? 0);
  const kind = bodyKind(request.headers.get('content-type') ?? '');
  if (!kind) {
    // No body at all is fine (actions such as notify/ take none); any other body is not ours to guess.
    const bytes = await readCapped(request.body, MAX_JSON_BYTES, () => new ApiError(415, msg('errors.unsupported_media_type')));
    if (bytes.byteLength === 0) return null;
    throw new ApiError(415, msg('errors.unsupported_media_type'));
  }
  // A declared length over the limit is refused before a byte is read.
  if (declared > limitOf(kind, multipartLimit)) throw tooLarge(kind, multipartLimit);
  const bytes = await readCapped(request.body, limitOf(kind, multipartLimit), () => tooLarge(kind, multipartLimit), declared);
  if (kind === 'multipart') return readMultipart(bytes, request.headers.get('content-type') ?? '');
  const text = new TextDecoder().decode(bytes);
  if (!text) return null;
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(text));
  return shallowEnough(JSON.parse(text));
}

/**
 * A parsed JSON value nested no deeper than MAX_JSON_DEPTH. JSON.parse takes any depth, but the code
 * that walks a body afterwards (the NUL check, zod, Prisma) recurses and would run out of stack on
 * `[[[[...]]]]`: refused here with a 400 instead of failing there with a 500.
 */
function shallowEnough<T>(value: T): T {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (!item || typeof item !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) throw badRequest({ non_field_errors: [msg('errors.body_too_deep', { max: MAX_JSON_DEPTH })] });
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return value;
}

/**
 * A form with files: the record's fields as JSON in the part `data` (so numbers, nulls and lists
 * arrive as they do in a JSON body), each file under its field's name. Plain text parts are read as
 * fields too, for simple clients (`curl -F notes=...`).
 */
async function readMultipart(bytes: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
  let entries: [string, string | File][];
  try {
    entries = parseMultipart(bytes, contentType);
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    throw badRequest({ non_field_errors: [msg('errors.bad_form')] });
  }
  const data = entries.find(([name]) => name === 'data')?.[1];
  const parsed: unknown = typeof data === 'string' && data ? shallowEnough(JSON.parse(data)) : {};
  const body: Record<string, unknown> = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...(parsed as Record<string, unknown>) } : {};
  for (const [name, value] of entries) {
    if (name === 'data') continue;
    if (typeof value !== 'string') body[name] = value;
    else if (!(name in body)) body[name] = value;
  }
  return body;
}

/**
 * The first field of a body or query that holds a NUL character, which PostgreSQL cannot store
 * in text: refused up front for every resource and action, whatever their schemas say.
 */
export function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'non_field_errors' : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithNul(item, path);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [name, item] of Object.entries(value)) {
      if (name.includes('\u0000')) return path || 'non_field_errors';
      const found = fieldWithNul(item, path || name);
      if (found) return found;
    }
  }
  return null;
}
