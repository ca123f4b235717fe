import { chromium } from '@playwright/test';
const base = 'http://localhost:3202';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function measure(user, pathFn) {
  const ctx = await browser.newContext({ locale: 'es-MX' });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill('plantel2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(base + '/');
  const path = await pathFn(page);
  const state = await ctx.storageState();
  const c2 = await browser.newContext({ storageState: state }); const p2 = await c2.newPage();
  const got = new Map();
  p2.on('response', (r) => { if (r.request().resourceType() === 'script') got.set(new URL(r.url()).pathname, r.request().sizes().then((s) => s.responseBodySize)); });
  const ans = await p2.goto(base + path); const html = await ans.text();
  await p2.waitForLoadState('networkidle');
  const named = [...new Set(html.match(/\/_next\/static\/chunks\/[\w.-]+\.js/g) ?? [])];
  const out = {};
  for (const n of named) if (got.has(n)) out[n] = await got.get(n);
  await ctx.close(); await c2.close();
  return out;
}
const list = await measure('admin', async () => '/academic/careers');
const cap = await measure('docente', async (page) => {
  const own = { 'x-plantel-client': '1' };
  const init = await (await page.request.get(base + '/manage/initial_data/', { headers: own })).json();
  const cls = await (await page.request.get(base + `/scores/api/scores/capture_classes/?cicle_id=${init.selection.cicle_id}`, { headers: own })).json();
  const s = cls.results[0].schedule_id;
  const b = await (await page.request.get(base + `/students/api/students/get_for_capture/?schedule_id=${s}`, { headers: own })).json();
  const p = b.partials.filter((x) => x.partial_type === 'O').sort((a, b) => a.no - b.no)[0];
  return `/teacher/scores/${p.id}/${s}`;
});
const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
console.log('list', (sum(list) / 1024).toFixed(1), 'capture', (sum(cap) / 1024).toFixed(1));
for (const [k, v] of Object.entries(cap).sort((a, b) => b[1] - a[1])) console.log(list[k] ? 'shared' : 'ONLY  ', (v / 1024).toFixed(1), k);
await browser.close();
