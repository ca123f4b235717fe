// Every screen route of the spec (section 2), opened by the superuser in the Spanish interface: each
// shows its title and its data or form, with no error page, no console error, no failed request,
// and nothing untranslated in the page, its menu or its "new" form (spanish-words.ts). Parameterised
// routes get an id from the demo data.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { DETAILS, ROUTES } from './routes';
import { problemsIn, spanishProblems, visibleText } from './spanish-words';

/** Requests of the page still waiting for their answer. */
let inFlight = 0;

/**
 * Until the page has asked nothing for 200 ms (every answer in, so a failed one is seen): the
 * network-idle load state waits 500 ms each time, on a hundred routes.
 */
async function settled(page: Page) {
  let quietSince = Date.now();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    if (inFlight > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) return;
    await page.waitForTimeout(50);
  }
}

/** Watches a page for console errors and failed requests of our own origin. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight = Math.max(0, inFlight - 1)));
  page.on('requestfailed', () => (inFlight = Math.max(0, inFlight - 1)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away cancels requests still in flight; that is not a failure of the screen.
    if (!/ERR_ABORTED/.test(request.failure()?.errorText ?? '')) problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(new URL(page.url() || 'http://localhost').origin)) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

async function expectScreen(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, (c) => `\\${c}`)}(\\?|$)`));
  const heading = page.locator('main h1').first();
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText('');
  // Its data (a grid whose loading finished, or a screen of its own), its form, or its placeholder.
  const content = page.locator('[data-testid="resource-grid"], [data-testid="record-form"], [data-testid="screen-content"], [data-testid="page-placeholder"], form');
  await expect(content.first()).toBeVisible();
  const grid = page.getByTestId('resource-grid').first();
  if (await grid.count()) {
    await expect(grid.locator('.MuiDataGrid-overlay .MuiCircularProgress-root, .MuiDataGrid-overlay .MuiLinearProgress-root')).toHaveCount(0);
  }
  await expect(page.getByRole('alert').filter({ hasText: /No se pudo cargar|Error/ })).toHaveCount(0);
}

test.describe('every screen route opens for the superuser', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let problems: string[];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signIn(page, 'admin');
    problems = watch(page);
  });

  test.afterAll(async () => {
    await page?.close();
  });

  for (const path of ['/', ...ROUTES]) {
    test(path, async () => {
      problems.length = 0;
      if (path === '/') await page.goto(path);
      else await expectScreen(page, path);
      await settled(page);
      expect(await spanishProblems(page), `${path} in Spanish`).toEqual([]);
      expect(problems, path).toEqual([]);
    });
  }

  for (const [pattern, api] of DETAILS) {
    test(pattern, async () => {
      problems.length = 0;
      const answer = await page.request.get(`${api}?page_size=1&ordering=id`);
      expect(answer.ok()).toBe(true);
      const { data } = (await answer.json()) as { data: { id: number }[] };
      expect(data.length, `${api} has demo rows`).toBeGreaterThan(0);
      const path = pattern.replace('{id}', String(data[0].id));
      await expectScreen(page, path);
      await settled(page);
      expect(problemsIn(await visibleText(page)), `${path} in Spanish`).toEqual([]);
      expect(problems, path).toEqual([]);
    });
  }

  test('a detail page with a bad id says the record is not found', async () => {
    await page.goto('/scholar/students/999999999');
    await expect(page.getByTestId('record-not-found')).toBeVisible();
  });
});
