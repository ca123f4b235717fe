// Two app instances on one database (issue 19): nothing that must be shared lives in one process.
// Two separate processes run the API pipeline and the job runner on the test database, with their
// files in S3-compatible object storage (s3rver speaks the S3 protocol locally):
//  - a session opened on one works on the other, and one ended on one stops at once on the other
//    (each instance caches actors for a few seconds; the end is told through LISTEN/NOTIFY);
//  - failed sign-ins count across both;
//  - each job runs once, whichever instance takes it;
//  - a file uploaded through one downloads through the other.
// (docker-compose.yml's `scale` profile runs the same with two full servers behind a proxy.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { DEFAULT_DEMO_PASSWORD } from '@/prisma/seed/demo';
import { type Instance, http, startInstance } from './instances';

const BUCKET = 'plantel-test';
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plantel-s3-'));
let s3: S3rver;
let s3Port = 0;
let a: Instance;
let b: Instance;

const login = async (instance: Instance, username: string, password = DEFAULT_DEMO_PASSWORD) => http<{ token: string; refresh_token: string }>(instance.base, 'POST', 'manage/login/', { body: { username, password } });

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: folder, configureBuckets: [{ name: BUCKET, configs: [] }] });
  s3Port = (await s3.run()).port;
  const storage = {
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'school-1/',
    LOGIN_MAX_FAILURES: '5',
  };
  [a, b] = await Promise.all([startInstance(storage), startInstance(storage)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('share sessions: a token from one works on the other, and ending it on one ends it on both at once', async () => {
    const signedIn = await login(a, 'control');
    expect(signedIn.status).toBe(200);
    const { token, refresh_token } = signedIn.body;
    expect((await http(b.base, 'GET', 'manage/check_session/', { token })).status).toBe(200);
    // B now holds the actor in its cache; a refresh on B rotates the token A issued.
    const refreshed = await http<{ token: string; refresh_token: string }>(b.base, 'POST', 'manage/token-refresh/', { body: { refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await http(a.base, 'GET', 'academic/api/careers/?page_size=1', { token: refreshed.body.token })).status).toBe(200);

    expect((await http(a.base, 'POST', 'manage/logout/', { token: refreshed.body.token })).status).toBe(204);
    // Well inside the 5 s B would otherwise keep its cached actor.
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 2_000) {
      status = (await http(b.base, 'GET', 'manage/check_session/', { token: refreshed.body.token })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('count failed sign-ins across both: the lock holds on either', async () => {
    const username = `nadie-${process.pid}`;
    try {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const answer = await login(attempt % 2 ? a : b, username, 'mala');
        expect([attempt, answer.status]).toEqual([attempt, 401]);
      }
      const fifth = await login(a, username, 'mala');
      expect(fifth.status).toBe(429);
      const onOther = await login(b, username, 'mala');
      expect(onOther.status).toBe(429);
      expect(Number(onOther.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await prisma.loginThrottle.deleteMany({ where: { username } });
    }
  });

  it('run each job once, whichever instance started it', async () => {
    const token = (await login(a, 'admin')).body.token;
    const cicles = await prisma.$queryRawUnsafe<{ cicle_id: number }[]>('SELECT cicle_id FROM main_scores WHERE final IS NOT NULL GROUP BY cicle_id ORDER BY COUNT(*) LIMIT 4');
    expect(cicles.length).toBeGreaterThan(1);
    const ids: number[] = [];
    for (const [index, { cicle_id }] of cicles.entries()) {
      const started = await http<{ job_id: number }>(index % 2 ? b.base : a.base, 'POST', 'scores/api/subject-cicles/update_all_scores/', { token, body: { cicle_id } });
      expect(started.status).toBe(202);
      ids.push(started.body.job_id);
    }
    const deadline = Date.now() + 60_000;
    let jobs = await prisma.job.findMany({ where: { id: { in: ids } } });
    while (jobs.some((job) => job.status !== 'DONE' && job.status !== 'FAILED') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      jobs = await prisma.job.findMany({ where: { id: { in: ids } } });
    }
    expect(jobs.map((job) => [job.id, job.status, job.attempts]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(ids.map((id) => [id, 'DONE', 1]));
    // pg-boss handed each job out once: one completed run, no retry.
    const runs = await prisma.$queryRawUnsafe<{ n: number; retries: number }[]>(
      `SELECT COUNT(*)::int AS n, COALESCE(SUM(retry_count), 0)::int AS retries FROM pgboss.job WHERE name = $2 AND (data->>'job_id')::int = ANY($1::int[])`,
      ids,
      'scores-consolidate-period',
    );
    expect(runs[0]).toEqual({ n: ids.length, retries: 0 });
  });

  it("show a catalogue changed on one in the other's lists within moments (rows kept in memory are forgotten)", async () => {
    const token = (await login(a, 'admin')).body.token;
    const { career } = await prisma.student.findFirstOrThrow({ where: { career_id: { not: null } }, select: { career: { select: { id: true, name: true } } } });
    const names = async (instance: Instance) => {
      const answer = await http<{ data: { career: { name: string } | null }[] }>(instance.base, 'GET', `students/api/students/?career_id=${career!.id}&page_size=5`, { token });
      expect(answer.status).toBe(200);
      return [...new Set(answer.body.data.map((row) => row.career?.name))];
    };
    try {
      // A reads the list twice: the second page's relations come from its memory.
      expect(await names(a)).toEqual([career!.name]);
      expect(await names(a)).toEqual([career!.name]);
      expect((await http(b.base, 'PATCH', `academic/api/careers/${career!.id}/`, { token, body: { name: `${career!.name} (B)` } })).status).toBe(200);
      const started = Date.now();
      let seen = await names(a);
      while (seen[0] !== `${career!.name} (B)` && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await names(a);
      }
      expect(seen).toEqual([`${career!.name} (B)`]);
    } finally {
      await prisma.career.update({ where: { id: career!.id }, data: { name: career!.name } });
    }
  });

  it('share files: uploaded through one, downloaded through the other, removed for both', async () => {
    const token = (await login(a, 'control')).body.token;
    const student = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true } });
    const docType = await prisma.documentType.create({ data: { name: `Prueba de instancias ${process.pid}`, multiple: true } });
    try {
      const bytes = new Uint8Array(Buffer.from('%PDF-1.4\n% prueba de dos instancias\n%%EOF\n'));
      const form = new FormData();
      form.append('data', JSON.stringify({ student_id: student.id, doc_type_id: docType.id, notes: 'subido en A' }));
      form.append('document', new Blob([bytes], { type: 'application/pdf' }), 'Constancia ñ.pdf');
      const created = await http<{ id: number; document: string }>(a.base, 'POST', 'students/api/student-documents/', { token, form });
      expect(created.status).toBe(201);
      // The object is in the bucket under the configured prefix, not on either instance's disk.
      expect(fs.readdirSync(folder, { recursive: true }).some((name) => String(name).includes('school-1'))).toBe(true);

      const downloaded = await http<Uint8Array>(b.base, 'GET', `students/api/student-documents/${created.body.id}/file/document/`, { token });
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-disposition')).toContain("filename*=UTF-8''Constancia%20%C3%B1.pdf");
      expect(Buffer.from(downloaded.body)).toEqual(Buffer.from(bytes));

      expect((await http(b.base, 'DELETE', `students/api/student-documents/${created.body.id}/`, { token })).status).toBe(204);
      expect((await http(a.base, 'GET', `students/api/student-documents/${created.body.id}/file/document/`, { token })).status).toBe(404);
      const { S3FileStore } = await import('@/server/files/storage');
      const store = new S3FileStore({ bucket: BUCKET, endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'school-1/' });
      expect(await store.open(created.body.document)).toBeNull();
    } finally {
      await prisma.studentDocument.deleteMany({ where: { doc_type_id: docType.id } });
      await prisma.documentType.delete({ where: { id: docType.id } });
    }
  });

  it('both stayed up and report ready with their object storage', async () => {
    for (const instance of [a, b]) {
      expect(instance.process.exitCode).toBeNull();
      const ready = await http<{ status: string; storage: { kind: string; status: string } }>(instance.base, 'GET', 'readyz');
      expect(ready.body).toMatchObject({ status: 'ready', storage: { kind: 's3', status: 'ok' } });
    }
  });
});
