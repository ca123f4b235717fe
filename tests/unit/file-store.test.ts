// The two file stores keep the same promises: a stored path written once, read back byte for byte,
// never overwritten, gone after removal, and nothing outside the paths the app generates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStore, LocalFileStore, S3FileStore, isStoredPath, newStoredPath } from '@/server/files/storage';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plantel-stores-'));
let s3: S3rver;
const stores: Record<string, FileStore> = {};

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(folder, 's3'), configureBuckets: [{ name: 'files' }] });
  const { port } = await s3.run();
  stores.local = new LocalFileStore(path.join(folder, 'local'));
  stores.s3 = new S3FileStore({ bucket: 'files', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'plantel/' });
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function read(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('stored paths', () => {
  it.each([
    ['student-documents/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/Acta de nacimiento.pdf', true],
    ['student-documents/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/..', false],
    ['student-documents/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/.', false],
    ['../etc/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/passwd', false],
    ['student-documents/not-a-uuid/acta.pdf', false],
    ['student-documents/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/sub/acta.pdf', false],
    ['/abs/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/acta.pdf', false],
    ['student-documents/0b0c8f5e-3f36-4c1f-9a43-1f0e2d3c4b5a/a\\..\\b.pdf', false],
  ])('%s → %s', (stored, expected) => {
    expect(isStoredPath(stored)).toBe(expected);
  });
});

describe.each(['local', 's3'])('the %s store', (kind) => {
  it('reads back what it wrote, does not overwrite it, and forgets it once removed', async () => {
    const store = stores[kind];
    await store.check();
    const stored = newStoredPath('student-documents', 'Constancia de estudios ñ.pdf');
    const bytes = new Uint8Array(Buffer.from('%PDF-1.4\nconstancia\n'));
    await store.put(stored, bytes, 'application/pdf');
    const opened = await store.open(stored);
    expect(opened?.size).toBe(bytes.byteLength);
    expect(await read(opened!.stream)).toEqual(Buffer.from(bytes));

    // The S3 store asks for it with If-None-Match, which AWS and MinIO honour and s3rver ignores.
    if (kind === 'local') {
      await expect(store.put(stored, new Uint8Array([1, 2, 3]), 'application/pdf')).rejects.toThrow();
      expect(await read((await store.open(stored))!.stream)).toEqual(Buffer.from(bytes));
    }

    await store.remove(stored);
    expect(await store.open(stored)).toBeNull();
    // Removing again, or a path never written, is no error.
    await store.remove(stored);
    expect(await store.open(newStoredPath('student-documents', 'nunca.pdf'))).toBeNull();
  });

  it('has nothing to do with paths it did not generate', async () => {
    const store = stores[kind];
    expect(await store.open('../../etc/passwd')).toBeNull();
    await expect(store.put('../fuera.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toThrow(/not a stored path/);
  });
});
