// Property-based fuzzing of every file upload (fast-check, fixed seed): each file field of every
// resource (create and update), the upload_photo actions and the bank statement's reconcile/, fed
// files that lie about what they are (a .pdf name on PNG or EXE bytes, SVG with a script named
// .png), empty and oversized files, names that try to leave their folder (`../`, `..\`, absolute
// paths, NUL, 500 characters), and forms with parts missing or broken. Whatever arrives: never a
// 5xx; a refused upload says why in the caller's language and leaves nothing behind (no row
// changed, no file in UPLOAD_DIR); an accepted file is what its field takes, stored whole under a
// generated folder with a safe name that ends in the extension of what the bytes are.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Locale } from '@/lib/i18n';
import { MAX_UPLOAD_BYTES } from '@/lib/limits';
import { databaseFingerprint } from '@/server/db/backup';
import { prisma } from '@/server/db/client';
import { acceptedExtensions } from '@/server/engine/files';
import { detectFile } from '@/server/files/detect';
import { META } from '@/server/engine/model';
import type { FileField, ResourceDefinition } from '@/server/engine/types';
import { dispatch } from '@/server/http/dispatch';
import { translator } from '@/server/i18n/messages';
import { RESOURCES } from '@/server/modules/registry';
import { multipartBody } from '../factories/multipart';
import { buildPayload } from '../factories/records';
import { tokenFor } from './client';
import { seedOf } from './fuzz-arbitraries';
import { WriteWatch, snapshotDatabase } from './fuzz-db';

const RUNS = 40;
const UPLOAD_DIR = path.resolve(process.env.UPLOAD_DIR!);

// ---------------------------------------------------------------------------------------------
// Contents, each with what it really is (the oracle: never the server's own detection).

type Kind = FileField['kinds'][number];
type Content = { label: string; bytes: Uint8Array; is: Kind | null };

const ascii = (text: string) => new TextEncoder().encode(text);
const csd = (name: string) => new Uint8Array(fs.readFileSync(path.join(process.cwd(), 'server/standards/sat-test-csd', name)));
const PDF = ascii('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = ascii('GIF89a\u0001\u0000\u0001\u0000');
const WEBP = ascii('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ');
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
const SVG = ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');

function padded(head: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(head.subarray(0, size));
  return bytes;
}

const contents = fc.oneof(
  { arbitrary: fc.constantFrom<Content>({ label: 'pdf', bytes: PDF, is: 'pdf' }, { label: 'png', bytes: PNG, is: 'image' }, { label: 'jpeg', bytes: JPEG, is: 'image' }, { label: 'gif', bytes: GIF, is: 'image' }, { label: 'webp', bytes: WEBP, is: 'image' }), weight: 6 },
  { arbitrary: fc.constantFrom<Content>({ label: 'cer', bytes: csd('EKU9003173C9.cer'), is: 'certificate' }, { label: 'key', bytes: csd('EKU9003173C9.key'), is: 'private-key' }), weight: 2 },
  {
    arbitrary: fc.constantFrom<Content>(
      { label: 'exe', bytes: EXE, is: null },
      { label: 'svg with a script', bytes: SVG, is: null },
      { label: 'html', bytes: ascii('<html><body onload="alert(1)">no soy pdf</body></html>'), is: null },
      { label: 'empty', bytes: new Uint8Array(0), is: null },
      { label: 'a PDF header cut short', bytes: ascii('%PD'), is: null },
      { label: 'csv', bytes: ascii('fecha,referencia,importe,autorizacion\n15/01/2026,1234567890,10.00,A1\n'), is: null },
      // A bank's export with a NUL in a column: text PostgreSQL cannot store.
      { label: 'csv with a NUL', bytes: ascii('fecha,referencia,importe,autorizacion\n15/01/2026,1234567890,10.00,A\u0000B\n'), is: null },
    ),
    weight: 5,
  },
  { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({ label: 'random bytes', bytes, is: null as Kind | null })), weight: 1 },
  // Sizes around the limit: a valid head, zeros after.
  { arbitrary: fc.constantFrom<Content>({ label: 'pdf over 5 MB', bytes: padded(PDF, MAX_UPLOAD_BYTES + 1), is: 'pdf' }, { label: 'png of exactly 5 MB', bytes: padded(PNG, MAX_UPLOAD_BYTES), is: 'image' }), weight: 1 },
);

const CONTENT_OF: Record<Kind, Content> = {
  pdf: { label: 'pdf', bytes: PDF, is: 'pdf' },
  image: { label: 'png', bytes: PNG, is: 'image' },
  certificate: { label: 'cer', bytes: csd('EKU9003173C9.cer'), is: 'certificate' },
  'private-key': { label: 'key', bytes: csd('EKU9003173C9.key'), is: 'private-key' },
};

/** Whether a field takes a content (what the spec says: the right kind, not empty, at most 5 MB). */
const takes = (field: FileField, content: Content) =>
  content.is !== null &&
  field.kinds.includes(content.is) &&
  // A field narrowed to some extensions (the logo: png and jpg) takes only those.
  (!field.extensions || field.extensions.includes(detectFile(content.bytes)?.extension ?? '')) &&
  content.bytes.length > 0 &&
  content.bytes.length <= MAX_UPLOAD_BYTES;

const names = fc.oneof(
  { arbitrary: fc.constantFrom('documento.pdf', 'foto.png', 'acta de nacimiento (copia).pdf', 'Fotografía.jpg', 'firma.cer', 'firma.key', 'estado.csv'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '../../../etc/passwd.pdf',
      '..\\..\\windows\\win.ini.png',
      '/etc/passwd',
      'C:\\Windows\\System32\\evil.pdf',
      '\\\\server\\share\\x.pdf',
      'a\u0000b.pdf',
      'nul\u0000.png',
      `${'larguísimo'.repeat(50)}.pdf`,
      'factura\u202Efdp.exe',
      'imagen.svg',
      'foto.png.exe',
      '.pdf',
      '....',
      '',
      ' ',
      'CON.pdf',
      '<script>alert(1)</script>.png',
      'a"b.pdf',
      'línea\r\nnueva.pdf',
      '%2e%2e%2fetc.pdf',
    ),
    weight: 5,
  },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 1 },
);

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built by hand so that parts can be missing, repeated or broken.

type Part = { name: string; filename?: string; type?: string; bytes: Uint8Array };

const multipart = (parts: Part[], boundary: string): Uint8Array => multipartBody(boundary, parts.map(({ bytes, ...part }) => ({ ...part, content: bytes })));

/** How the form around the file is sent: whole, or with something missing or broken. */
const SHAPES = ['whole', 'whole', 'whole', 'whole', 'no file', 'no data part', 'file as text', 'file twice', 'data not JSON', 'data nested too deep', 'truncated', 'wrong boundary', 'no boundary'] as const;
type Shape = (typeof SHAPES)[number];

// ---------------------------------------------------------------------------------------------
// The upload endpoints, from the registry.

type Endpoint = {
  label: string;
  method: 'POST' | 'PUT';
  path: string;
  /** The part's name and the field it fills. */
  part: string;
  field: FileField;
  /** The field the refusal names (upload_photo answers under its column). */
  errorFields: string[];
  data: Record<string, unknown>;
  /** Other file parts the form needs (the signer's certificate with its key). */
  others: Part[];
  /** A record made by an accepted create, to remove (its file with it). */
  removeBase?: string;
  /** The record's state table may keep it (a student is never deleted: 409). */
  kept?: boolean;
  /** An accepted whole form with a file the field takes must be accepted (disk fields, photos). */
  mustAccept: boolean;
  /** What the answer calls the stored file (disk storage). */
  storedAt?: string;
};

const CSV_FIELD: FileField = { kinds: [], required: true, storage: 'base64' };
const validFor = (kind: Kind): Part['bytes'] => (kind === 'pdf' ? PDF : kind === 'image' ? PNG : kind === 'certificate' ? csd('EKU9003173C9.cer') : csd('EKU9003173C9.key'));

async function firstId(definition: ResourceDefinition): Promise<number | null> {
  const table = META.models[definition.model!]?.table;
  const rows = await prisma.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "${table}" ORDER BY id LIMIT 1`);
  return rows[0] ? Number(rows[0].id) : null;
}

async function endpoints(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  for (const definition of RESOURCES) {
    if (!definition.files || !definition.model) continue;
    const fields = Object.entries(definition.files);
    const data = (await buildPayload(definition.model)) ?? {};
    for (const [name] of fields) delete data[name];
    // A student is never deleted, so each case's student takes the next control number of the
    // sequence instead of one typed once.
    // (and none of the one-to-one keys a kept student holds: her address, her account).
    if (definition.model === 'Student') for (const key of Object.keys(data)) if (!['first_name', 'names'].includes(key)) delete data[key];
    for (const [name, field] of fields) {
      const others = fields.filter(([other, spec]) => other !== name && spec.required).map(([other, spec]) => ({ name: other, filename: `otro.${spec.kinds[0]}`, bytes: validFor(spec.kinds[0]) }));
      // The signer's key is read with its password.
      const extra = definition.base === 'academic/api/title-responsables/' ? { key_password: fs.readFileSync(path.join(process.cwd(), 'server/standards/sat-test-csd/EKU9003173C9-password.txt'), 'utf8').trim() } : {};
      const disk = field.storage === 'disk';
      if (definition.createSchema && !definition.readOnly && !definition.singleton) {
        found.push({ label: `POST ${definition.base} ${name}`, method: 'POST', path: definition.base, part: name, field, errorFields: [name], data: { ...data, ...extra }, others, removeBase: definition.base, kept: !!definition.states, mustAccept: disk && Object.keys(data).length > 0, storedAt: disk ? name : undefined });
      }
      const id = await firstId(definition);
      if (id !== null && !definition.readOnly) {
        found.push({ label: `PUT ${definition.base}{id}/ ${name}`, method: 'PUT', path: `${definition.base}${id}/`, part: name, field, errorFields: [name], data: { ...extra }, others: [], mustAccept: disk, storedAt: disk ? name : undefined });
      }
    }
    for (const action of definition.actions ?? []) {
      if (!action.path.endsWith('upload_photo/')) continue;
      const id = await firstId(definition);
      const field = definition.files.photo_path;
      found.push({ label: `POST ${definition.base}{id}/upload_photo/`, method: 'POST', path: `${definition.base}${id}/upload_photo/`, part: 'photo', field, errorFields: ['photo', 'photo_path'], data: {}, others: [], mustAccept: true, storedAt: 'photo_path' });
    }
  }
  // The bank statement: any text is read as CSV, so there is no wrong kind, only bad names and forms.
  found.push({ label: 'POST finance/api/references/reconcile/', method: 'POST', path: 'finance/api/references/reconcile/', part: 'file', field: CSV_FIELD, errorFields: ['file'], data: {}, others: [], mustAccept: false });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Checks.

function filesOnDisk(): Set<string> {
  if (!fs.existsSync(UPLOAD_DIR)) return new Set();
  return new Set((fs.readdirSync(UPLOAD_DIR, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(UPLOAD_DIR, entry)).isFile()));
}

const EXTENSION: Record<string, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/** A stored path is `<folder>/<uuid>/<name>`, the name without folders or control characters, ending in what the bytes are. */
function storedProblem(stored: unknown, content: Content): string | null {
  if (typeof stored !== 'string') return `no stored path: ${String(stored)}`;
  const match = /^([a-z0-9-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([^/\\]+)$/.exec(stored);
  if (!match) return `not a generated path: ${stored}`;
  const name = match[3];
  // Control characters, characters Windows refuses, and the invisible ones that make a name read
  // as something else (a right-to-left override shows "factura\u202Efdp.png" as "facturagnp.pdf").
  if (/[\u0000-\u001f\u007f<>:"|?*\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(name)) return `unsafe characters in ${JSON.stringify(name)}`;
  if (name.startsWith('.') || name.length > 130) return `unsafe name ${JSON.stringify(name)}`;
  if (!name.endsWith(`.${EXTENSION[content.label.split(' ')[0]] ?? ''}`)) return `name ${name} does not end in the extension of ${content.label}`;
  const full = path.resolve(UPLOAD_DIR, stored);
  if (!full.startsWith(UPLOAD_DIR + path.sep)) return `outside UPLOAD_DIR: ${full}`;
  if (!fs.existsSync(full)) return `not on disk: ${stored}`;
  if (!Buffer.from(fs.readFileSync(full)).equals(Buffer.from(content.bytes))) return `stored bytes differ: ${stored}`;
  return null;
}

let admin = '';
let watch: WriteWatch;
let restore: () => Promise<void>;
let cases = 0;
const answered = new Map<number, number>();
let targets: Endpoint[] = [];

let fingerprint: Awaited<ReturnType<typeof databaseFingerprint>>;
beforeAll(async () => {
  fingerprint = await databaseFingerprint(process.env.DATABASE_URL!);
  restore = (await snapshotDatabase()).restore;
  watch = await WriteWatch.open();
  admin = await tokenFor('admin');
  targets = await endpoints();
}, 120_000);

afterAll(async () => {
  await watch?.close();
  await restore?.();
  // The files after this one find the demo data as it was.
  expect(await databaseFingerprint(process.env.DATABASE_URL!)).toEqual(fingerprint);
  console.log(`fuzz-uploads: ${cases} cases over ${targets.length} upload endpoints; answers by status ${JSON.stringify(Object.fromEntries([...answered].sort()))}`);
}, 120_000);

type Case = { content: Content; name: string; type: string; shape: Shape; locale: Locale };

/** The cases every endpoint gets, whatever the seed draws: each trick of the brief once. */
function examplesFor(target: Endpoint): [Case][] {
  const valid = target.field === CSV_FIELD ? { label: 'csv', bytes: ascii('fecha,referencia,importe\n15/01/2026,1234567890,10.00\n'), is: null } : CONTENT_OF[target.field.kinds[0]];
  const whole = (content: Content, name: string, type = 'application/pdf'): [Case] => [{ content, name, type, shape: 'whole', locale: 'es' }];
  return [
    whole({ label: 'png', bytes: PNG, is: 'image' }, 'documento.pdf'),
    whole({ label: 'exe', bytes: EXE, is: null }, 'documento.pdf'),
    whole({ label: 'pdf', bytes: PDF, is: 'pdf' }, 'foto.png', 'image/png'),
    whole({ label: 'pdf over 5 MB', bytes: padded(PDF, MAX_UPLOAD_BYTES + 1), is: 'pdf' }, 'grande.pdf'),
    whole(valid, '../../../etc/passwd.pdf'),
    whole(valid, '..\\..\\windows\\win.ini.png'),
    whole(valid, '/etc/passwd'),
    whole(valid, 'a\u0000b.pdf'),
    whole(valid, `${'x'.repeat(500)}.pdf`),
    whole(valid, 'factura\u202Efdp.exe'),
    whole({ label: 'svg with a script', bytes: SVG, is: null }, 'imagen.svg', 'image/svg+xml'),
    whole({ label: 'svg with a script', bytes: SVG, is: null }, 'imagen.png', 'image/png'),
    whole({ label: 'empty', bytes: new Uint8Array(0), is: null }, 'vacío.pdf'),
    [{ content: valid, name: 'documento.pdf', type: 'application/pdf', shape: 'no file', locale: 'en' }],
    [{ content: valid, name: 'documento.pdf', type: 'application/pdf', shape: 'no data part', locale: 'en' }],
    [{ content: valid, name: 'documento.pdf', type: 'application/pdf', shape: 'truncated', locale: 'en' }],
    [{ content: valid, name: 'documento.pdf', type: 'application/pdf', shape: 'no boundary', locale: 'es' }],
  ];
}

describe('fuzzing uploads', () => {
  it('finds every kind of upload: record files on disk and in the row, photos, the bank statement', () => {
    const labels = targets.map((target) => target.label);
    expect(labels).toEqual(expect.arrayContaining(['POST students/api/student-documents/ document', 'POST students/api/students/{id}/upload_photo/', 'POST academic/api/title-responsables/ certificate', 'POST finance/api/references/reconcile/']));
    expect(labels.some((label) => label.startsWith('PUT manage/api/settings/'))).toBe(true);
  });

  it('never answers 5xx; a refusal says why and leaves nothing; an accepted file is stored whole under a safe name', async () => {
    for (const target of targets) {
      const input: fc.Arbitrary<Case> = fc.record({ content: contents, name: names, type: fc.constantFrom('application/pdf', 'image/png', 'image/svg+xml', 'application/octet-stream', 'text/csv', ''), shape: fc.constantFrom(...SHAPES), locale: fc.constantFrom<Locale>('es', 'en') });
      await fc.assert(
        fc.asyncProperty(input, async ({ content, name, type, shape, locale }) => {
          cases += 1;
          const boundary = `----plantel${cases}`;
          const file: Part = { name: target.part, filename: name, type: type || undefined, bytes: content.bytes };
          const data: Part = { name: 'data', bytes: ascii(JSON.stringify(target.data)) };
          const parts: Record<Shape, Part[]> = {
            whole: [data, file, ...target.others],
            'no file': [data, ...target.others],
            'no data part': [file, ...target.others],
            'file as text': [data, { name: target.part, bytes: ascii(name) }, ...target.others],
            'file twice': [data, file, { ...file, filename: 'segundo.pdf', bytes: PDF }, ...target.others],
            'data not JSON': [{ name: 'data', bytes: ascii('{"a":') }, file],
            'data nested too deep': [{ name: 'data', bytes: ascii(`{"x":${'['.repeat(200)}${']'.repeat(200)}}`) }, file],
            truncated: [data, file],
            'wrong boundary': [data, file],
            'no boundary': [data, file],
          };
          let body = multipart(parts[shape], shape === 'wrong boundary' ? 'otra-frontera' : boundary);
          if (shape === 'truncated') body = body.subarray(0, Math.max(10, body.length - content.bytes.length - 60));
          const contentType = shape === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
          const described = `${target.label} [${shape}] ${content.label} (${content.bytes.length} bytes) named ${JSON.stringify(name)} as ${JSON.stringify(type)}, ${locale}`;

          const diskBefore = filesOnDisk();
          await watch.mark();
          const response = await dispatch(
            new Request(`http://localhost/${target.path}`, {
              method: target.method,
              headers: { authorization: `Bearer ${admin}`, 'content-type': contentType, 'accept-language': locale },
              body: body as Uint8Array<ArrayBuffer>,
            }),
          );
          const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
          const said = `${described} -> ${response.status} ${JSON.stringify(answer).slice(0, 500)}`;
          answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
          expect(response.status, said).toBeLessThan(500);

          const fileSent = shape === 'whole' || shape === 'no data part';
          const taken = target.field === CSV_FIELD || takes(target.field, content);
          if (response.status >= 400) {
            expect(await watch.changes(), `a refused upload changed data: ${said}`).toEqual([]);
            expect([...filesOnDisk()].filter((entry) => !diskBefore.has(entry)), `a refused upload left a file: ${said}`).toEqual([]);
            // Why, in the caller's language: the file's own fault is named on its field.
            const t = translator(locale);
            const messages = JSON.stringify(answer);
            if (shape === 'whole' && !taken && content.bytes.length > MAX_UPLOAD_BYTES) {
              // A file over the limit is refused whole: 413 with the message (api.md).
              expect(response.status, said).toBe(413);
              expect(answer?.detail, said).toBe(t('errors.file_too_large'));
            } else if (shape === 'whole' && !taken) {
              const expected = content.bytes.length === 0 ? t('errors.file_required') : t('errors.file_type', { types: acceptedExtensions(target.field) });
              const onField = target.errorFields.flatMap((field) => (answer?.[field] as string[] | undefined) ?? []);
              expect(onField, said).toContain(expected);
            }
            if (shape === 'data not JSON') expect(messages, said).toContain(t('errors.bad_json'));
            if (['truncated', 'wrong boundary', 'no boundary'].includes(shape) && response.status === 400) expect(messages, said).toContain(t('errors.bad_form'));
            if (shape === 'whole' && taken && target.mustAccept) expect.fail(`an acceptable upload was refused: ${said}`);
          } else {
            // Only a file its field takes is ever accepted, and it is stored whole under a safe name.
            if (fileSent && target.field !== CSV_FIELD) expect(taken, `accepted what the field does not take: ${said}`).toBe(true);
            if (fileSent && target.storedAt && answer) expect(storedProblem(answer[target.storedAt], content), said).toBeNull();
            if (target.removeBase && answer?.id) {
              const removed = (await dispatch(new Request(`http://localhost/${target.removeBase}${answer.id}/`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } }))).status;
              expect(target.kept ? [204, 409] : [204]).toContain(removed);
            }
          }
        }),
        { seed: seedOf(target.label), numRuns: RUNS, examples: examplesFor(target) },
      );
    }
  }, 300_000);

  it('ran the cases it counts', () => {
    expect(cases).toBeGreaterThanOrEqual(targets.length * RUNS);
  });
});
