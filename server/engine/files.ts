// Files a record holds (a student's document, a teacher's photo, a signer's certificate). They
// arrive as multipart uploads under the field's name; the bytes decide what a file is, the size
// limit is the spec's 5 MB, and disk files are written under generated paths only once the rest
// of the payload is valid. A file field is never set from a plain value: a path sent as text
// could point anywhere.
import { MAX_UPLOAD_BYTES, detectFile, safeFileName } from '@/server/files/detect';
import { newStoredPath, openStored, removeStored, writeStored } from '@/server/files/storage';
import { webStream } from '@/server/files/web-stream';
import { type FieldErrors, badRequest, msg, notFound, tooLarge } from '@/server/errors';
import { FileResult } from './results';
import type { FileField, ResourceDefinition, Row } from './types';

const EXTENSIONS: Record<FileField['kinds'][number], string> = { pdf: '.pdf', image: '.png, .jpg, .gif, .webp', certificate: '.cer', 'private-key': '.key' };

export function acceptedExtensions(field: FileField): string {
  if (field.extensions) return field.extensions.map((extension) => `.${extension}`).join(', ');
  return field.kinds.map((kind) => EXTENSIONS[kind]).join(', ');
}

function isUpload(value: unknown): value is File {
  return value instanceof Blob && typeof (value as File).name === 'string';
}

export type PreparedUploads = { writes: { stored: string; bytes: Uint8Array }[] };

/**
 * Checks every upload of a payload and puts in its place what the column will hold (a stored path,
 * or base64 for fields kept in the database). A file over the limit is refused whole with 413 (api.md,
 * like a body over its limit); anything else wrong with a file is a 400 with field messages. Writes
 * nothing.
 */
export async function prepareUploads(definition: ResourceDefinition, input: Row, mode: 'create' | 'update'): Promise<PreparedUploads> {
  const prepared: PreparedUploads = { writes: [] };
  const errors: FieldErrors = {};
  for (const name of Object.keys(definition.files ?? {})) {
    const value = input[name];
    if (isUpload(value) && value.size > MAX_UPLOAD_BYTES) throw tooLarge();
  }
  for (const [name, field] of Object.entries(definition.files ?? {})) {
    const value = input[name];
    if (isUpload(value)) {
      if (value.size === 0) {
        errors[name] = [msg('errors.file_required')];
        continue;
      }
      const bytes = new Uint8Array(await value.arrayBuffer());
      const detected = detectFile(bytes);
      if (!detected || !field.kinds.includes(detected.kind) || (field.extensions && !field.extensions.includes(detected.extension))) {
        errors[name] = [msg('errors.file_type', { types: acceptedExtensions(field) })];
        continue;
      }
      if (field.storage === 'base64') {
        input[name] = Buffer.from(bytes).toString('base64');
      } else {
        const stored = newStoredPath(field.folder, safeFileName(value.name, detected.extension));
        prepared.writes.push({ stored, bytes });
        input[name] = stored;
      }
    } else if (field.storage === 'disk') {
      // null clears an optional file on update; any other value is not an upload and is ignored.
      if (!(value === null && mode === 'update' && !field.required)) delete input[name];
      if (mode === 'create' && field.required) errors[name] = [msg('errors.file_required')];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return prepared;
}

/** Runs `write` (the transaction) with the prepared files on disk; they are removed if it fails. */
export async function withUploads<T>(prepared: PreparedUploads, write: () => Promise<T>): Promise<T> {
  for (const { stored, bytes } of prepared.writes) await writeStored(stored, bytes);
  try {
    return await write();
  } catch (error) {
    await Promise.all(prepared.writes.map(({ stored }) => removeStored(stored)));
    throw error;
  }
}

/** After a committed change: files the record no longer points to are removed from disk. */
export async function removeReplacedFiles(definition: ResourceDefinition, before: Row | null, after: Row | null): Promise<void> {
  const gone: string[] = [];
  for (const [name, field] of Object.entries(definition.files ?? {})) {
    if (field.storage !== 'disk') continue;
    const old = before?.[name];
    if (typeof old === 'string' && old !== after?.[name]) gone.push(old);
  }
  await Promise.all(gone.map((stored) => removeStored(stored)));
}

/** What `GET {base}{id}/file/{field}/` hands over: the file with its real name (inline for viewers). */
export async function storedFile(definition: ResourceDefinition, row: Row, name: string, inline: boolean): Promise<FileResult> {
  const field = definition.files?.[name];
  if (!field || field.storage !== 'disk') throw notFound('errors.page_not_found');
  const opened = await openStored(row[name] as string | null);
  if (!opened) throw notFound('errors.file_missing');
  return new FileResult(webStream(opened.stream), opened.mime, opened.name, { inline, size: opened.size, cacheControl: 'private, no-store' });
}
