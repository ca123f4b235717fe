// Screenshots of the screens issue 13 reworked, for docs/screens/: run against a running Plantel
// with the demo data (`npm start`), e.g.
//   npx tsx scripts/screenshots.ts --base http://localhost:3000 --tag after
// It also prints how long the student's record page took to show its data and how many requests
// the browser made after the HTML.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './lib/chromium';
import { exitWithFailure } from './lib/failure';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const base = option('--base', 'http://localhost:3000');
const tag = option('--tag', 'after');
const outDir = path.resolve(option('--out', 'docs/screens'));
const password = process.env.DEMO_PASSWORD || 'plantel2026';

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: base, locale: 'es-MX', viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/$/);

  const firstId = async (api: string) => {
    const answer = await page.request.get(`${api}?page_size=1&ordering=id`);
    return ((await answer.json()) as { data: { id: number }[] }).data[0].id;
  };
  const shot = async (name: string, url: string, after?: () => Promise<void>) => {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    if (after) await after();
    await page.waitForTimeout(300);
    const file = path.join(outDir, `${name}-${tag}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`saved ${path.relative(process.cwd(), file)}`);
  };

  const studentId = await firstId('/students/api/students/');
  await shot('student-record', `/scholar/students/${studentId}`);
  await shot('sales-list', '/finance/sales');
  await shot('schedules-list', '/scholar/scheduler');
  await shot('users-list', '/settings/users');
  await shot('student-form', '/scholar/students', async () => {
    await page.getByTestId('resource-new').click();
    await page.getByTestId('resource-form').waitFor();
  });

  // The record page's speed: from navigation to its data on screen, and the requests after the HTML.
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') requests.push(request.url());
  });
  const started = Date.now();
  await page.goto(`/scholar/students/${studentId}`);
  await page.getByTestId('record-form').waitFor();
  const shown = Date.now() - started;
  await page.waitForLoadState('networkidle');
  console.log(`record page: data shown in ${shown} ms; ${requests.length} data requests after the HTML${requests.length ? `: ${requests.map((url) => new URL(url).pathname).join(', ')}` : ''}`);
  await browser.close();
}

main().catch(exitWithFailure);
