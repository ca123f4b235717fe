// What the pipeline refuses before any operation runs: calls that change data on the strength of
// the session cookie alone from another site, bodies that are not JSON or forms, and bodies over
// their size limit (read with the limit enforced, chunked ones too, over the production server).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '@/prisma/seed/demo';
import { nextAuthSecret } from '@/server/auth/keys';
import { prisma } from '@/server/db/client';
import { MAX_JSON_BYTES } from '@/server/http/body';
import { dispatch } from '@/server/http/dispatch';
import { answerApi } from '@/server/http/node-adapter';
import { call, tokenFor } from './client';

async function sessionCookie(username: string): Promise<string> {
  const login = await call('POST', 'manage/login/', { body: { username, password: DEFAULT_DEMO_PASSWORD } });
  const sessionId = login.body.refresh_token.split('.')[0];
  return `plantel.session=${await encode({ token: { uid: login.body.user.id, sid: sessionId }, secret: nextAuthSecret() })}`;
}

const newCampus = () => ({ code: `X${Date.now() % 100000}`, name: 'Campus de prueba', status: true });

describe('cookie sessions and other sites', () => {
  let cookie = '';
  beforeAll(async () => {
    cookie = await sessionCookie('admin');
  });

  it('refuses a cookie write without a sign that it comes from our pages, and changes nothing', async () => {
    const before = await prisma.campus.count();
    const answer = await call('POST', 'academic/api/campus/', { cookie, body: newCampus() });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toMatch(/pantallas de Plantel/);
    expect(await prisma.campus.count()).toBe(before);
  });

  it('refuses a cookie write from another origin or another site', async () => {
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'http://localhost' }, { origin: 'null' }];
    for (const headers of foreign) {
      const answer = await call('PUT', 'academic/api/campus/1/', { cookie, body: { name: 'Hackeado' }, headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await prisma.campus.findUniqueOrThrow({ where: { id: 1 } })).name).not.toBe('Hackeado');
  });

  it('accepts a cookie write from our own origin (Origin or Sec-Fetch-Site)', async () => {
    const byOrigin = await call('POST', 'academic/api/campus/', { cookie, body: newCampus(), headers: { origin: 'http://localhost' } });
    expect(byOrigin.status).toBe(201);
    const bySite = await call('DELETE', `academic/api/campus/${byOrigin.body.id}/`, { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(bySite.status).toBe(204);
    // Over plain http a browser sends neither on a GET: our client's own header says it.
    const cicle = await prisma.cicle.findFirstOrThrow({ select: { id: true } });
    const byClient = await call('GET', `scores/api/extraordinary/check_extras_approved/?cicle_id=${cicle.id}`, { cookie, headers: { 'x-plantel-client': '1' } });
    expect(byClient.status).toBe(200);
  });

  it('treats the GET actions that write like writes, and plain reads as reads', async () => {
    const cicle = await prisma.cicle.findFirstOrThrow({ select: { id: true } });
    expect((await call('GET', `scores/api/extraordinary/check_extras_approved/?cicle_id=${cicle.id}`, { cookie })).status).toBe(403);
    expect((await call('GET', `scores/api/main-scores/generate_all_extras/?cicle_id=${cicle.id}`, { cookie })).status).toBe(403);
    expect((await call('GET', 'academic/api/campus/', { cookie })).status).toBe(200);
    expect((await call('GET', `scores/api/extraordinary/get_concepts/`, { cookie })).status).toBe(200);
  });

  it('leaves Bearer-token calls alone: a browser never sends a token by itself', async () => {
    const token = await tokenFor('admin');
    const created = await call('POST', 'academic/api/campus/', { token, body: newCampus(), headers: { origin: 'https://other-client.example' } });
    expect(created.status).toBe(201);
    await call('DELETE', `academic/api/campus/${created.body.id}/`, { token });
  });
});

describe('bodies', () => {
  it('refuses a JSON text sent as text/plain (a cross-site form can post that) with 415, and creates nothing', async () => {
    const token = await tokenFor('admin');
    const before = await prisma.campus.count();
    const answer = await call('POST', 'academic/api/campus/', { token, body: JSON.stringify(newCampus()), headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
    expect(answer.body.detail).toContain('JSON');
    const english = await call('POST', 'academic/api/campus/', { token, lang: 'en', body: JSON.stringify(newCampus()), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(english.body.detail).toMatch(/must be sent as JSON/);
    expect(await prisma.campus.count()).toBe(before);
  });

  it('takes a call with no body at all whatever its type says', async () => {
    // A session of its own: logging out revokes it.
    const login = await call('POST', 'manage/login/', { body: { username: 'control', password: DEFAULT_DEMO_PASSWORD } });
    const answer = await call('POST', 'manage/logout/', { token: login.body.token, headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(204);
  });

  it('refuses a JSON body over its limit with 413 and a message, and a form body too', async () => {
    const token = await tokenFor('admin');
    const big = JSON.stringify({ ...newCampus(), name: 'x'.repeat(MAX_JSON_BYTES) });
    const json = await call('POST', 'academic/api/campus/', { token, body: big });
    expect(json.status).toBe(413);
    expect(json.body.detail).toMatch(/demasiado grande/);
    const form = await call('POST', 'academic/api/campus/', { token, body: `name=${'x'.repeat(MAX_JSON_BYTES)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(413);
  });
});

describe('bodies over the production server', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((incoming, outgoing) => void answerApi(incoming, outgoing, dispatch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends a body in chunks without a Content-Length (chunked transfer) and reads the answer. */
  function sendChunked(path: string, headers: Record<string, string>, chunks: number, chunkBytes: number): Promise<{ status: number; body: string; sent: number }> {
    return new Promise((resolve, reject) => {
      let sent = 0;
      const request = http.request(`${base}${path}`, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (body += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sent }));
      });
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      const chunk = Buffer.alloc(chunkBytes, 'x');
      const write = () => {
        while (sent < chunks) {
          sent += 1;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
  }

  it('refuses a chunked JSON body as soon as it passes the limit', async () => {
    const token = await tokenFor('admin');
    const answer = await sendChunked('/academic/api/campus/', { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, 64, 64 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).detail).toMatch(/demasiado grande/);
  });

  it('refuses a multipart body whose declared length is over its limit before reading it', async () => {
    const token = await tokenFor('admin');
    // fetch refuses a Content-Length that does not match its body: the request is written by hand.
    const raw = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/students/api/student-documents/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(30 * 1024 * 1024) },
      }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      request.write('--x\r\n');
    });
    expect(raw).toBe(413);
  });

  it('still takes a chunked JSON body under the limit', async () => {
    const token = await tokenFor('admin');
    const body = JSON.stringify(newCampus());
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/academic/api/campus/`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      request.end(body.slice(10));
    });
    expect(answer).toBe(201);
  });
});
