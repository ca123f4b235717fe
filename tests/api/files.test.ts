// Files a record holds: multipart uploads checked by their bytes and size, stored under generated
// paths, downloaded with their real names by whoever may read the record, removed with the record.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const csd = (name: string) => fs.readFileSync(path.join(process.cwd(), 'server/standards/sat-test-csd', name));

function form(data: Record<string, unknown>, files: Record<string, { bytes: Uint8Array; name: string; type?: string }>): FormData {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const [field, file] of Object.entries(files)) body.append(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/octet-stream' }), file.name);
  return body;
}

const onDisk = (stored: string) => path.join(process.env.UPLOAD_DIR!, stored);

let token: string;
let studentId: number;
let docTypeId: number;

beforeAll(async () => {
  token = await tokenFor('control');
  studentId = (await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } } })).id;
  docTypeId = (await prisma.documentType.create({ data: { name: 'Comprobante de prueba', multiple: true } })).id;
});

afterAll(async () => {
  await prisma.studentDocument.deleteMany({ where: { doc_type_id: docTypeId } });
  await prisma.documentType.delete({ where: { id: docTypeId } });
});

describe('student documents', () => {
  it('upload, download with the real name, replace, delete: the disk follows the record', async () => {
    const created = await call('POST', 'students/api/student-documents/', {
      token,
      form: form({ student_id: studentId, doc_type_id: docTypeId, notes: 'original' }, { document: { bytes: PDF, name: 'Acta de nacimiento (copia).pdf', type: 'application/pdf' } }),
    });
    expect(created.status).toBe(201);
    const stored = created.body.document as string;
    expect(stored).toMatch(/^student-documents\/[0-9a-f-]{36}\/Acta de nacimiento \(copia\)\.pdf$/);
    expect(fs.readFileSync(onDisk(stored))).toEqual(Buffer.from(PDF));

    const download = await call<ArrayBuffer>('GET', `students/api/student-documents/${created.body.id}/file/document/`, { token, raw: true });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''Acta%20de%20nacimiento%20(copia).pdf`);
    expect(new Uint8Array(download.body)).toEqual(PDF);
    const inline = await call<ArrayBuffer>('GET', `students/api/student-documents/${created.body.id}/file/document/?inline=true`, { token, raw: true });
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);

    // A new file replaces the old one, which leaves the disk; the history records the change.
    const replaced = await call('PUT', `students/api/student-documents/${created.body.id}/`, { token, form: form({ notes: 'escaneado' }, { document: { bytes: PNG, name: 'acta.png' } }) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.document).toMatch(/\/acta\.png$/);
    expect(replaced.body.notes).toBe('escaneado');
    expect(fs.existsSync(onDisk(stored))).toBe(false);
    expect(fs.existsSync(onDisk(replaced.body.document))).toBe(true);
    const history = await call('GET', `students/api/student-documents/${created.body.id}/history/`, { token });
    expect(JSON.stringify(history.body[0].changes)).toContain('acta.png');

    // A JSON update cannot point the record at another path.
    const sneaky = await call('PUT', `students/api/student-documents/${created.body.id}/`, { token, body: { document: '../../../etc/passwd', notes: 'x' } });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.document).toBe(replaced.body.document);

    expect((await call('DELETE', `students/api/student-documents/${created.body.id}/`, { token })).status).toBe(204);
    expect(fs.existsSync(onDisk(replaced.body.document))).toBe(false);
  });

  it('refuses a missing file, a file that is not what it claims, and one of 5 MB or more, saving nothing', async () => {
    // A study plan's document must have its file; a path sent as text is not a file.
    const plan = await prisma.studyPlan.findFirstOrThrow({ select: { id: true } });
    const missing = await call('POST', 'academic/api/study-plans-docs/', { token: await tokenFor('admin'), body: { study_plan_id: plan.id, notes: 'RVOE', document_url: 'study-plans/x.pdf' } });
    expect(missing.status).toBe(400);
    expect(missing.body.document_url).toEqual(['Seleccione un archivo.']);
    // A student's document may be only a record (the file comes later): a path sent as text is ignored.
    const recordOnly = await call('POST', 'students/api/student-documents/', { token, body: { student_id: studentId, doc_type_id: docTypeId, document: '/etc/passwd' } });
    expect(recordOnly.status).toBe(201);
    expect(recordOnly.body.document).toBeNull();
    expect((await call('GET', `students/api/student-documents/${recordOnly.body.id}/file/document/`, { token, raw: true })).status).toBe(404);
    const before = await prisma.studentDocument.count();

    const fake = await call('POST', 'students/api/student-documents/', {
      token,
      lang: 'en',
      form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: new TextEncoder().encode('<html>no soy pdf</html>'), name: 'tarea.pdf', type: 'application/pdf' } }),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.document).toEqual(['File type not allowed. Accepted: .pdf, .png, .jpg, .gif, .webp.']);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooLarge = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: big, name: 'grande.pdf' } }) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toBe('Los archivos deben pesar menos de 5 MB.');

    // A valid file with an invalid record: 400 on the field, and no file is left behind.
    const filesBefore = fs.existsSync(path.join(process.env.UPLOAD_DIR!, 'student-documents')) ? fs.readdirSync(path.join(process.env.UPLOAD_DIR!, 'student-documents')).length : 0;
    const badRecord = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: studentId, doc_type_id: 'x' }, { document: { bytes: PDF, name: 'a.pdf' } }) });
    expect(badRecord.status).toBe(400);
    expect(badRecord.body.doc_type_id).toBeTruthy();
    const filesAfter = fs.existsSync(path.join(process.env.UPLOAD_DIR!, 'student-documents')) ? fs.readdirSync(path.join(process.env.UPLOAD_DIR!, 'student-documents')).length : 0;
    expect(filesAfter).toBe(filesBefore);
    expect(await prisma.studentDocument.count()).toBe(before);
  });

  it("a student downloads their own files and never another student's", async () => {
    const other = await prisma.student.create({ data: { no_control: 'FILES-1', names: 'Otra', first_name: 'Alumna' } });
    try {
      const mine = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: studentId, doc_type_id: docTypeId }, { document: { bytes: PDF, name: 'mío.pdf' } }) });
      const theirs = await call('POST', 'students/api/student-documents/', { token, form: form({ student_id: other.id, doc_type_id: docTypeId }, { document: { bytes: PDF, name: 'ajeno.pdf' } }) });
      const student = await tokenFor('alumno');
      expect((await call('GET', `students/api/student-documents/${mine.body.id}/file/document/`, { token: student, raw: true })).status).toBe(200);
      expect((await call('GET', `students/api/student-documents/${theirs.body.id}/file/document/`, { token: student, raw: true })).status).toBe(404);
      expect((await call('GET', `students/api/student-documents/${mine.body.id}/file/document/`, { raw: true })).status).toBe(401);
      expect((await call('GET', `students/api/student-documents/${mine.body.id}/file/notes/`, { token, raw: true })).status).toBe(404);
      expect((await call('POST', `students/api/student-documents/${mine.body.id}/file/document/`, { token })).status).toBe(405);
    } finally {
      await prisma.studentDocument.deleteMany({ where: { student_id: other.id } });
      await prisma.student.delete({ where: { id: other.id } });
    }
  });
});

describe('photos and certificates', () => {
  it('upload_photo takes an image and refuses anything else', async () => {
    const pdf = await call('POST', `students/api/students/${studentId}/upload_photo/`, { token, form: form({}, { photo: { bytes: PDF, name: 'foto.pdf' } }) });
    expect(pdf.status).toBe(400);
    expect(pdf.body.photo_path[0]).toContain('.png, .jpg');
    const none = await call('POST', `students/api/students/${studentId}/upload_photo/`, { token, form: form({}, {}) });
    expect(none.status).toBe(400);
    expect(none.body.photo).toEqual(['Seleccione un archivo.']);
    const photo = await call('POST', `students/api/students/${studentId}/upload_photo/`, { token, form: form({}, { photo: { bytes: PNG, name: 'Fotografía.png' } }) });
    expect(photo.status).toBe(200);
    expect(photo.body.photo_path).toMatch(/^student-photos\/.+\/Fotografía\.png$/);
    const shown = await call<ArrayBuffer>('GET', `students/api/students/${studentId}/file/photo_path/?inline=true`, { token: await tokenFor('alumno'), raw: true });
    expect(shown.headers.get('content-type')).toBe('image/png');
  });

  it("a title signer's .cer and .key are uploaded as files; the key is stored encrypted and never sent back", async () => {
    const created = await call('POST', 'academic/api/title-responsables/', {
      token: await tokenFor('admin'),
      form: form(
        { names: 'Gabriela', first_name: 'Hernández', curp: 'HEGG560427MVZRRL04', abr_title: 'lic.', key_password: '12345678a' },
        { certificate: { bytes: csd('EKU9003173C9.cer'), name: 'EKU9003173C9.cer' }, key: { bytes: csd('EKU9003173C9.key'), name: 'EKU9003173C9.key' } },
      ),
    });
    expect(created.status).toBe(201);
    expect(created.body.certificate).toBe(csd('EKU9003173C9.cer').toString('base64'));
    expect(created.body.key_set).toBe(true);
    expect(JSON.stringify(created.body)).not.toContain(csd('EKU9003173C9.key').toString('base64').slice(0, 40));
    const row = await prisma.titleResponsable.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.key).not.toContain(csd('EKU9003173C9.key').toString('base64').slice(0, 40));
    // The certificate slot refuses the key file.
    const swapped = await call('PUT', `academic/api/title-responsables/${created.body.id}/`, {
      token: await tokenFor('admin'),
      form: form({}, { certificate: { bytes: csd('EKU9003173C9.key'), name: 'EKU9003173C9.cer' } }),
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.certificate[0]).toContain('.cer');
    await prisma.titleResponsable.delete({ where: { id: created.body.id } });
  });
});
