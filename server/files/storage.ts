// Uploaded files. A stored path is `<folder>/<uuid>/<name>`: the folder and the uuid are
// generated, so users never choose where a file goes and names never collide; the name is the
// user's own (cleaned), so downloads keep it. The path is what the database column holds, and it
// means the same in both stores:
//  - local (default): a file under UPLOAD_DIR of this machine;
//  - s3: an object `S3_PREFIX + path` of S3_BUCKET in S3-compatible object storage (AWS, MinIO),
//    which every app instance reads and writes, whatever machine it runs on.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { env } from '@/server/env';
import { mimeOfStored } from './detect';

const STORED_PATH = /^[a-z0-9-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[^/\\]+$/;

export type OpenedFile = { stream: Readable; size: number; name: string; mime: string };

/** What a store does with the stored paths this module hands out (already checked). */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes a new file; a path that exists already is an error (paths are never reused). */
  put(stored: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** Writes a new file from its chunks as they come (`size` bytes in all), never holding it whole. */
  putStream(stored: string, chunks: AsyncIterable<Uint8Array>, size: number, mime: string): Promise<void>;
  /** The file, or null when it is missing. */
  open(stored: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a missing file is not an error. */
  remove(stored: string): Promise<void>;
  /** Throws when the store cannot be written now (readiness). */
  check(): Promise<void>;
}

/** A new stored path for a file of `folder` named `name` (already made safe). */
export function newStoredPath(folder: string, name: string): string {
  return `${folder}/${randomUUID()}/${name}`;
}

export function isStoredPath(stored: unknown): stored is string {
  // "." and ".." as the name would point at the uuid's folder or the folder above it.
  return typeof stored === 'string' && STORED_PATH.test(stored) && !/\/\.{1,2}$/.test(stored);
}

export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  constructor(private readonly dir: string) {}

  /** The file's place on disk, or null for anything that is not a path this module generated. */
  resolve(stored: string): string | null {
    if (!isStoredPath(stored)) return null;
    const root = path.resolve(this.dir);
    const full = path.resolve(root, stored);
    return full.startsWith(root + path.sep) ? full : null;
  }

  async put(stored: string, bytes: Uint8Array): Promise<void> {
    const full = this.resolve(stored);
    if (!full) throw new Error(`not a stored path: ${stored}`);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes, { flag: 'wx' });
  }

  async putStream(stored: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const full = this.resolve(stored);
    if (!full) throw new Error(`not a stored path: ${stored}`);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, chunks, { flag: 'wx' });
  }

  async open(stored: string) {
    const full = this.resolve(stored);
    if (!full) return null;
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: fs.createReadStream(full), size: info.size };
  }

  async remove(stored: string): Promise<void> {
    const full = this.resolve(stored);
    // The uuid folder goes with the file: it was made for it alone.
    if (full) await rm(path.dirname(full), { recursive: true, force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, fs.constants.W_OK);
  }
}

export type S3Settings = { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string };

export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  constructor(private readonly settings: S3Settings) {}

  // The SDK is loaded on first use: an instance on local storage never pays for it.
  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.settings;
      const s3 = new sdk.S3Client({
        region,
        ...(endpoint ? { endpoint } : {}),
        forcePathStyle,
        // Without keys the SDK's own chain applies (instance roles, AWS_* variables).
        ...(accessKeyId ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      });
      return { s3, sdk };
    });
    return this.client;
  }

  private key(stored: string): string {
    if (!isStoredPath(stored)) throw new Error(`not a stored path: ${stored}`);
    return `${this.settings.prefix}${stored}`;
  }

  async put(stored: string, bytes: Uint8Array, mime: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    // IfNoneMatch: the object store refuses to overwrite, as the local store's 'wx' does.
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(stored), Body: bytes, ContentType: mime, ContentLength: bytes.byteLength, IfNoneMatch: '*' }));
  }

  async putStream(stored: string, chunks: AsyncIterable<Uint8Array>, size: number, mime: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(stored), Body: Readable.from(chunks), ContentType: mime, ContentLength: size, IfNoneMatch: '*' }));
  }

  async open(stored: string) {
    if (!isStoredPath(stored)) return null;
    const { s3, sdk } = await this.connect();
    try {
      const object = await s3.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(stored) }));
      if (!object.Body) return null;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(stored: string): Promise<void> {
    if (!isStoredPath(stored)) return;
    const { s3, sdk } = await this.connect();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(stored) }));
  }

  async check(): Promise<void> {
    const { s3, sdk } = await this.connect();
    await s3.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }
}

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

// One store per process, made from the environment on first use; kept on globalThis because the
// production server and Next's bundle load this module twice.
const holder = globalThis as { plantelFileStore?: { store: FileStore; signature: string } };

export function fileStore(): FileStore {
  const signature = `${env.STORAGE}|${env.UPLOAD_DIR}|${env.S3_BUCKET}|${env.S3_ENDPOINT}|${env.S3_PREFIX}`;
  if (holder.plantelFileStore?.signature !== signature) {
    const store: FileStore =
      env.STORAGE === 's3'
        ? new S3FileStore({
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX,
          })
        : new LocalFileStore(env.UPLOAD_DIR);
    holder.plantelFileStore = { store, signature };
  }
  return holder.plantelFileStore.store;
}

export async function writeStored(stored: string, bytes: Uint8Array): Promise<void> {
  await fileStore().put(stored, bytes, mimeOfStored(path.basename(stored)));
}

/**
 * Writes an uploaded file (a Blob: a form's File) from its stream; `check` sees each chunk on the
 * way and may throw to refuse the file, which is then removed. A large upload is never copied whole.
 */
export async function writeStoredBlob(stored: string, blob: Blob, check?: (chunk: Uint8Array) => void): Promise<void> {
  async function* chunks() {
    for await (const chunk of blob.stream() as unknown as AsyncIterable<Uint8Array>) {
      check?.(chunk);
      yield chunk;
    }
  }
  try {
    await fileStore().putStream(stored, chunks(), blob.size, mimeOfStored(path.basename(stored)));
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}

/** Removes a stored file; a missing file is not an error. */
export async function removeStored(stored: string | null | undefined): Promise<void> {
  if (isStoredPath(stored)) await fileStore().remove(stored);
}

export async function openStored(stored: string | null | undefined): Promise<OpenedFile | null> {
  if (!isStoredPath(stored)) return null;
  const opened = await fileStore().open(stored);
  if (!opened) return null;
  const name = path.basename(stored);
  return { ...opened, name, mime: mimeOfStored(name) };
}

/** Content-Disposition with the real name, accents included (RFC 6266 / 5987). */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
