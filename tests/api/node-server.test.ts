// The production server answers API calls by running dispatch() straight on node:http
// (server/serve.ts). These calls go through that adapter over a real socket.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/server/http/dispatch';
import { API_MODULES, isApiPath } from '@/server/http/api-paths';
import { answerApi } from '@/server/http/node-adapter';
import { ACTION_GROUPS, RESOURCES } from '@/server/modules/registry';
import { call, tokenFor } from './client';

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((incoming, outgoing) => {
    if (isApiPath(incoming.url ?? '/')) void answerApi(incoming, outgoing, dispatch);
    else outgoing.writeHead(418).end('page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API paths', () => {
  it('are exactly the modules that have an API route folder, plus manage/', () => {
    const app = path.join(process.cwd(), 'app');
    const withApi = fs
      .readdirSync(app)
      .filter((name) => fs.existsSync(path.join(app, name, 'api', '[...path]', 'route.ts')))
      .sort();
    expect(withApi).toEqual([...API_MODULES].sort());
    // The modules the registry's resources and actions live in (manage/ apart): the same list.
    const registered = [...new Set([...RESOURCES, ...ACTION_GROUPS].map((definition) => definition.base.split('/')).filter((parts) => parts[1] === 'api' && parts[0] !== 'manage').map((parts) => parts[0]))];
    expect(registered.sort()).toEqual([...API_MODULES].sort());
    expect(fs.existsSync(path.join(app, 'manage', '[...path]', 'route.ts'))).toBe(true);
    expect(isApiPath('/students/api/students/?page=2')).toBe(true);
    expect(isApiPath('/manage/login/')).toBe(true);
    expect(isApiPath('/scholar/students')).toBe(false);
    expect(isApiPath('/students')).toBe(false);
    expect(isApiPath('/api/auth/session')).toBe(false);
    expect(isApiPath('/_next/static/chunks/x.js')).toBe(false);
  });
});

describe('dispatch over node:http', () => {
  it('signs in with a JSON body and lists with the token, as the in-process call does', async () => {
    const login = await fetch(`${base}/manage/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'control', password: 'plantel2026' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const listed = await fetch(`${base}/academic/api/careers/?ordering=id&page_size=5`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toContain('application/json');
    const inProcess = await call('GET', 'academic/api/careers/?ordering=id&page_size=5', { token });
    expect(await listed.json()).toEqual(inProcess.body);
  });

  it('answers bad JSON with 400 and an unknown path with 404, in the caller language', async () => {
    const token = await tokenFor('control');
    const bad = await fetch(`${base}/academic/api/careers/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: '{"name": ',
    });
    expect(bad.status).toBe(400);
    const missing = await fetch(`${base}/academic/api/no-such-thing/`, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toBeTruthy();
  });

  it('keeps every Set-Cookie header of an answer', async () => {
    const token = await tokenFor('finanzas');
    const answer = await fetch(`${base}/manage/logout/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.getSetCookie().length).toBeGreaterThanOrEqual(3);
  });

  it('streams an xlsx export that opens with the listed rows', async () => {
    const token = await tokenFor('control');
    const answer = await fetch(`${base}/academic/api/careers/export/?format=xlsx&ordering=id`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const listed = await call<{ elements: number }>('GET', 'academic/api/careers/?page_size=1', { token });
    expect(workbook.worksheets[0].rowCount - 1).toBe(listed.body.elements);
  });
});
