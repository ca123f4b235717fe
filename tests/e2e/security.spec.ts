// The production server's headers and health (issue 19): every answer carries the security
// headers, the pages run under the Content-Security-Policy without a violation, and /healthz and
// /readyz answer for a load balancer.
import { DEMO_PASSWORD, expect, hydrated, signIn, test } from './fixtures';

test('pages and API answers carry the security headers; the app runs under its CSP', async ({ page, consoleErrors }) => {
  const answer = await page.goto('/login');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Served over http here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  // A fresh nonce per answer.
  const again = (await page.request.get('/login')).headers()['content-security-policy'];
  expect(again).not.toBe(headers['content-security-policy']);
  const api = await page.request.get('/academic/api/campus/');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  // An API answer (JSON, or a PDF the app's viewer frames) may be framed by the app only.
  expect(api.headers()['content-security-policy']).toBe("frame-ancestors 'self'");
  expect(api.headers()['x-frame-options']).toBe('SAMEORIGIN');

  // Signed in, a few busy screens render with no CSP violation logged.
  await signIn(page, 'admin');
  for (const path of ['/scholar/students', '/finance/sales', '/polls/aplications']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByTestId('side-menu')).toBeVisible();
  }
  expect(consoleErrors.filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the OpenAPI document and its browser are for signed-in staff', async ({ page, request, consoleErrors }) => {
  expect((await request.get('/api/openapi.json')).status()).toBe(401);
  // A program reads it with the Bearer token it signed in for, as it calls the API.
  const login = await request.post('/manage/login/', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const byToken = await request.get('/api/openapi.json', { headers: { authorization: `Bearer ${token}` } });
  expect(byToken.status()).toBe(200);
  expect(((await byToken.json()) as { openapi: string }).openapi).toBe('3.1.0');
  expect((await request.get('/api/openapi.json', { headers: { authorization: 'Bearer not-a-token' } })).status()).toBe(401);
  await signIn(page, 'admin');
  const document = await page.request.get('/api/openapi.json');
  expect(document.status()).toBe(200);
  const body = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toBe('3.1.0');
  expect(body.paths['/students/api/students/']).toBeTruthy();
  await page.goto('/api/docs');
  // Swagger UI renders the document under the page's CSP (its script carries the nonce).
  // The document is large (every record and answer typed): Swagger UI takes a few seconds to read it.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Plantel API', { timeout: 30_000 });
  await expect(page.locator('.opblock-tag').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('Prometheus reads /metrics; strangers do not', async ({ page, request }) => {
  expect((await request.get('/metrics')).status()).toBe(404);
  await signIn(page, 'admin');
  await page.request.get('/academic/api/campus/');
  const scrape = await page.request.get('/metrics');
  expect(scrape.status()).toBe(200);
  const text = await scrape.text();
  expect(text).toMatch(/plantel_http_requests_total\{method="GET",module="academic",status="200"\} \d+/);
  expect(text).toMatch(/plantel_db_pool_connections \d+/);
});

test('healthz and readyz', async ({ request }) => {
  const live = await request.get('/healthz');
  expect(live.status()).toBe(200);
  expect(await live.json()).toMatchObject({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok', migrations: { missing: [] }, storage: { kind: 'local', status: 'ok' } });
});

test('a client cannot name its own address: without a trusted proxy the connection says who called', async ({ request }) => {
  const login = await request.post('/manage/login/', { data: { username: 'control', password: 'plantel2026' }, headers: { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.6' } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const sessions = (await (await request.get('/manage/api/sessions/', { headers: { authorization: `Bearer ${token}` } })).json()) as { current: boolean; ip: string }[];
  const current = sessions.find((session) => session.current)!;
  expect(current.ip).not.toContain('6.6.6.6');
  expect(current.ip).toMatch(/^(127\.0\.0\.1|::1)$/);
});
