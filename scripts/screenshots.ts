// Screenshots for docs/screens/: run against a running Plantel with the demo data (`npm start`), e.g.
//   npx tsx scripts/screenshots.ts --base http://localhost:3000 --tag after [--set first-week]
// `--set records` (the default): the screens issue 13 reworked; it also prints how long the
// student's record page took to show its data and how many requests the browser made after the HTML.
// `--set first-week`: the screens of a school's first week (issue 29): the counter, the enrolment
// form, the applicant's pre-form and the student's home on a phone. Run against an older build, it
// takes what that build had in their place (the sale form before the counter existed).
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, chromium } from '@playwright/test';
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
const set = option('--set', 'records');
const PHONE = { width: 390, height: 844 };

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: ['--no-sandbox', '--disable-gpu'] });
  if (set === 'first-week') {
    await firstWeek(browser);
    await browser.close();
    return;
  }
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

/** Saves the page as `{name}-{tag}.png` once its data settled. */
async function save(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const file = path.join(outDir, `${name}-${tag}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

/** A signed-in page of a staff member, a teacher or a student, at the given size. */
async function staffPage(browser: Browser, username: string, viewport = { width: 1366, height: 850 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, locale: 'es-MX', viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/(\?.*)?$/);
  return page;
}

async function firstWeek(browser: Browser) {
  // The counter: its own screen, else (before it existed) the sale form of Ventas.
  const cashier = await staffPage(browser, 'finanzas');
  await cashier.goto('/finance/counter');
  const counter = await cashier
    .getByTestId('counter')
    .waitFor({ timeout: 8_000 })
    .then(() => true)
    .catch(() => false);
  if (counter) {
    // A sale as a cashier builds it: the student by name, two concepts, then the cart's totals.
    await cashier.getByRole('combobox', { name: 'Alumno' }).fill('Lopez Martinez Ana');
    await cashier.getByRole('listbox').getByRole('option').first().click();
    const first = cashier.getByTestId('counter-concept');
    await first.locator('option').nth(1).waitFor({ state: 'attached' });
    await first.selectOption((await first.locator('option').nth(1).getAttribute('value'))!);
    await cashier.getByTestId('counter-start').click();
    const concept = cashier.getByTestId('cart-concept');
    await concept.locator('option').nth(2).waitFor({ state: 'attached' });
    await concept.selectOption((await concept.locator('option').nth(2).getAttribute('value'))!);
    await cashier.getByTestId('cart-add').click();
    await cashier.locator('tr[data-testid^="cart-line-"]').nth(1).waitFor();
  } else {
    await cashier.goto('/finance/sales');
    await cashier.getByTestId('resource-new').click();
    await cashier.getByTestId('resource-form').waitFor();
  }
  await save(cashier, 'counter');
  await cashier.context().close();

  const control = await staffPage(browser, 'admin');
  await control.goto('/scholar/students');
  await control.getByTestId('resource-new').click();
  await control.getByTestId('resource-form').waitFor();
  await save(control, 'enrolment-form');
  await control.context().close();

  const applicantContext = await browser.newContext({ baseURL: base, locale: 'es-MX', viewport: { width: 1366, height: 850 } });
  const applicant = await applicantContext.newPage();
  await applicant.goto('/aspirants');
  await applicant.getByTestId('login-web_code').fill('A202600001');
  await applicant.getByTestId('login-web_pass').fill(password);
  await applicant.getByTestId('login-submit').click();
  await applicant.waitForURL(/\/(\?.*)?$/);
  await save(applicant, 'preform');
  await applicantContext.close();

  const student = await staffPage(browser, 'alumno', PHONE);
  await save(student, 'student-phone-home');
  await student.context().close();
}

main().catch(exitWithFailure);
