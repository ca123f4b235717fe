// A signed-in page per demo role, and helpers the e2e tests share.
import { type Page, expect, test as base } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'plantel2026';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
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

export const test = base.extend<{ consoleErrors: string[] }>({
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
