// Uploaded files on disk, under UPLOAD_DIR. A stored path is `<folder>/<uuid>/<name>`: the folder
// and the uuid are generated, so users never choose where a file goes and names never collide;
// the name is the user's own (cleaned), so downloads keep it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/server/env';
import { mimeOfStored } from './detect';

const STORED_PATH = /^[a-z0-9-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[^/\\]+$/;

function root(): string {
  return path.resolve(env.UPLOAD_DIR);
}

/** A new stored path for a file of `folder` named `name` (already made safe). */
export function newStoredPath(folder: string, name: string): string {
  return `${folder}/${randomUUID()}/${name}`;
}

/** The file's place on disk, or null for anything that is not a path this module generated. */
export function resolveStored(stored: string): string | null {
  if (!STORED_PATH.test(stored)) return null;
  const full = path.resolve(root(), stored);
  return full.startsWith(root() + path.sep) ? full : null;
}

export async function writeStored(stored: string, bytes: Uint8Array): Promise<void> {
  const full = resolveStored(stored);
  if (!full) throw new Error(`not a stored path: ${stored}`);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, bytes, { flag: 'wx' });
}

/** Removes a stored file and its generated folder; a missing file is not an error. */
export async function removeStored(stored: string | null | undefined): Promise<void> {
  const full = stored ? resolveStored(stored) : null;
  if (!full) return;
  await rm(path.dirname(full), { recursive: true, force: true });
}

export type OpenedFile = { stream: fs.ReadStream; size: number; name: string; mime: string };

export async function openStored(stored: string | null | undefined): Promise<OpenedFile | null> {
  const full = stored ? resolveStored(stored) : null;
  if (!full) return null;
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return null;
  const name = path.basename(full);
  return { stream: fs.createReadStream(full), size: info.size, name, mime: mimeOfStored(name) };
}

/** Content-Disposition with the real name, accents included (RFC 6266 / 5987). */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
