// An upload over the limit (api.md): a file over 5 MB answers 413 {detail} with the file-too-large
// message, on a record's file field and on an upload action, and changes nothing; a multipart body
// over its own limit answers 413 with the same message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { MAX_UPLOAD_BYTES } from '@/lib/limits';
import { MAX_MULTIPART_BYTES } from '@/server/http/body';
import { call, tokenFor } from './client';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

/** A file of the given kind, padded to a size (its first bytes still say what it is). */
function padded(head: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
}

function form(data: Record<string, unknown>, files: Record<string, { bytes: Uint8Array; name: string }>): FormData {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const [field, file] of Object.entries(files)) body.append(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  return body;
}

let token: string;
let studentId: number;
let docTypeId: number;

beforeAll(async () => {
  token = await tokenFor('control');
  studentId = (await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } } })).id;
  docTypeId = (await prisma.documentType.create({ data: { name: 'Comprobante de límite', multiple: true } })).id;
});

afterAll(async () => {
  await prisma.studentDocument.deleteMany({ where: { doc_type_id: docTypeId } });
  await prisma.documentType.delete({ where: { id: docTypeId } });
});

describe('an upload over 5 MB', () => {
  it('on a file field (a student document) answers 413 with the message and stores nothing; at the limit it is taken', async () => {
    const before = await prisma.studentDocument.count();
    const big = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: padded(PDF, MAX_UPLOAD_BYTES + 1), name: 'grande.pdf' } }) });
    expect(big.status, JSON.stringify(big.body)).toBe(413);
    expect(big.body).toEqual({ detail: 'Los archivos deben pesar menos de 5 MB.' });
    const english = await call('POST', 'students/api/student-documents/', { token, lang: 'en', form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: padded(PDF, MAX_UPLOAD_BYTES + 1), name: 'grande.pdf' } }) });
    expect(english.status).toBe(413);
    expect(english.body.detail).toBe('Upload files must be under 5MB.');
    expect(await prisma.studentDocument.count()).toBe(before);
    const exact = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: padded(PDF, MAX_UPLOAD_BYTES), name: 'justo.pdf' } }) });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
  });

  it('on an upload action (a student photo) answers 413 with the message and keeps the photo', async () => {
    const photo = (await prisma.student.findUniqueOrThrow({ where: { id: studentId }, select: { photo_path: true } })).photo_path;
    const big = await call('POST', `students/api/students/${studentId}/upload_photo/`, { token, form: form({}, { photo: { bytes: padded(PNG, MAX_UPLOAD_BYTES + 1), name: 'foto.png' } }) });
    expect(big.status, JSON.stringify(big.body)).toBe(413);
    expect(big.body).toEqual({ detail: 'Los archivos deben pesar menos de 5 MB.' });
    expect((await prisma.student.findUniqueOrThrow({ where: { id: studentId }, select: { photo_path: true } })).photo_path).toBe(photo);
  });

  it('a multipart body over its limit answers 413 with the message', async () => {
    const big = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: padded(PDF, MAX_MULTIPART_BYTES + 1), name: 'enorme.pdf' } }) });
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe('Los archivos deben pesar menos de 5 MB.');
  });
});
