// The browser's API client and chunk-reload rule, with the browser's globals stood in for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, buildUrl, formatErrors, pendingCount, setFieldLabels } from '@/lib/api-client';
import { isChunkLoadError, reloadForChunkError } from '@/components/shell/chunk-reload';
import { productionProblems } from '@/server/env';

type Pending = { resolve: (response: Response) => void; url: string; init: RequestInit };
let calls: Pending[] = [];
const reload = vi.fn();
const replace = vi.fn();
const storage = new Map<string, string>();
const fakeStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), clear: () => storage.clear() };

beforeEach(() => {
  calls = [];
  storage.clear();
  reload.mockReset();
  replace.mockReset();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => new Promise<Response>((resolve) => calls.push({ resolve, url, init })));
  vi.stubGlobal('document', { cookie: 'NEXT_LOCALE=en' });
  vi.stubGlobal('window', { localStorage: fakeStorage, sessionStorage: fakeStorage, location: { reload, replace } });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('counts pending requests per call type', async () => {
    const a = api.get('/manage/api/users/', { callType: 'users' });
    const b = api.get('/manage/api/users/', { callType: 'users' });
    const c = api.get('/academic/api/campus/');
    expect(pendingCount('users')).toBe(2);
    expect(pendingCount('/academic/api/campus/')).toBe(1);
    calls[0].resolve(json(200, { data: [] }));
    await a;
    expect(pendingCount('users')).toBe(1);
    calls[1].resolve(json(200, { data: [] }));
    calls[2].resolve(json(200, []));
    await Promise.all([b, c]);
    expect(pendingCount('users')).toBe(0);
  });

  it('sends the interface language and JSON, and returns errors as data instead of throwing', async () => {
    const pending = api.post('/manage/api/roles/', { body: { name: '' } });
    expect((calls[0].init.headers as Record<string, string>)['Accept-Language']).toBe('en');
    calls[0].resolve(json(400, { name: ['This field is required.'] }));
    expect(await pending).toEqual({ ok: false, status: 400, data: { name: ['This field is required.'] } });
  });

  it('a 401 while signed in logs out', async () => {
    const pending = api.get('/manage/check_session/');
    calls[0].resolve(json(401, { detail: 'Sign in' }));
    await pending;
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/manage/logout/')).toBe(true));
    calls.find((call) => call.url === '/manage/logout/')!.resolve(new Response(null, { status: 204 }));
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
  });

  it('builds query strings and formats field errors as FIELD: first message', () => {
    expect(buildUrl('manage/api/users/', { page: 2, search: 'ana lópez', status: undefined })).toBe('/manage/api/users/?page=2&search=ana+l%C3%B3pez');
    expect(formatErrors({ detail: 'No', username: ['Required.', 'Other'], non_field_errors: ['Both'] })).toEqual(['No', 'Both', 'USERNAME: Required.']);
  });

  it("names fields and action parameters by the screens' labels once the layout has set them", async () => {
    const es = (await import('@/messages/es/fields.json')).default as Record<string, string>;
    setFieldLabels((name) => es[name]);
    try {
      expect(formatErrors({ partial_id: ['Elija una opción válida.'] })).toEqual(['Parcial: Elija una opción válida.']);
      // Rows of a list field are named by the field; a name without a label stays readable.
      expect(formatErrors({ lines: [{}, { amount: ['Requerido.'] }], odd_param: ['No.'] })).toEqual([`${es.amount}: Requerido.`, 'ODD PARAM: No.']);
    } finally {
      setFieldLabels(() => undefined);
    }
  });
});

describe('chunk load failures', () => {
  it.each([
    [{ name: 'ChunkLoadError', message: 'x' }, true],
    [new Error('Loading chunk 123 failed.'), true],
    [new TypeError('Failed to fetch dynamically imported module: /_next/x.js'), true],
    [new Error('Cannot read properties of undefined'), false],
    [null, false],
  ])('%o is a chunk failure: %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });

  it('reloads at most once per 60 seconds', () => {
    vi.useFakeTimers();
    try {
      const error = { name: 'ChunkLoadError' };
      expect(reloadForChunkError(error)).toBe(true);
      expect(reloadForChunkError(error)).toBe(false);
      vi.advanceTimersByTime(59_000);
      expect(reloadForChunkError(error)).toBe(false);
      vi.advanceTimersByTime(2_000);
      expect(reloadForChunkError(error)).toBe(true);
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not reload without a connection (the screen may work offline; a reload would fetch nothing new)', () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(reloadForChunkError({ name: 'ChunkLoadError' })).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      vi.stubGlobal('navigator', { onLine: true });
    }
    expect(reloadForChunkError({ name: 'ChunkLoadError' })).toBe(true);
  });
});

describe('production start check', () => {
  it.each([
    [{}, 2],
    [{ DATABASE_URL: 'postgresql://x', AUTH_SECRET: 'short' }, 1],
    [{ DATABASE_URL: 'postgresql://x', AUTH_SECRET: 'x'.repeat(32) }, 0],
  ])('%o has %i problems', (environment, count) => {
    expect(productionProblems(environment as NodeJS.ProcessEnv)).toHaveLength(count);
  });
});
