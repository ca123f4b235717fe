// A signed-in page per demo role, and helpers the e2e tests share.
import { type Cookie, type Locator, type Page, expect, test as base } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'plantel2026';

// Session cookies of users already signed in by this worker: a later test of the same user starts
// from its session instead of the login form (the tests of the login itself use the form). A session
// that ended meanwhile (a test logged out, a password changed) lands on /login: the form then runs.
const sessions = new Map<string, Cookie>();
const SESSION_COOKIE = 'plantel.session';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  const key = `${username}\n${password}`;
  const kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies([kept]);
    await page.goto('/');
    if (new URL(page.url()).pathname === '/') {
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await hydrated(page);
      return;
    }
    sessions.delete(key);
  }
  await signInWithForm(page, username, password);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  if (session) sessions.set(key, session);
}

/** Signs in through the login form, as a person does. */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await hydrated(page);
}

/** The shell sets data-collapsed once React has hydrated: before that, clicks and selects are lost. */
export async function hydrated(page: Page) {
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', /^(true|false)$/);
}

/**
 * Picks an option of an open MUI select or autocomplete and waits for its list to close. A click
 * that lands while the list is still re-rendering (its options arriving) is lost and leaves the
 * list open over the form; the click is then tried again instead of timing out behind the list.
 */
export async function chooseOption(page: Page, option: Locator) {
  const lists = page.locator('[role="listbox"]');
  await expect(async () => {
    if ((await lists.count()) > 0) await option.click({ timeout: 2_000 });
    await expect(lists).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // The worker's own server (playwright.config.ts starts one per worker, on consecutive ports).
  baseURL: async ({ baseURL }, provide, testInfo) => {
    const url = new URL(baseURL ?? 'http://localhost:3100');
    url.port = String(Number(url.port) + testInfo.parallelIndex);
    await provide(url.origin);
  },
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await provide(errors);
  },
});

export { expect };
