// The student and applicant portals on a phone (issue 13, item 9), at 390 × 844: every kardex
// column shows inside the screen without sideways scrolling, the schedule reads day by day, a
// student has no campus selector, and the applicant sees the stepper of their admission.
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, hydrated, signIn, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** Nothing is wider than the screen: the page does not scroll sideways. */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('the student portal on a phone: the whole kardex, the schedule by day, no campus selector', async ({ page, consoleErrors }) => {
  // Signed in on the desktop layout (its menu tells when the shell is ready), then the phone.
  await signIn(page, 'alumno');
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page);
  await expect(page.getByTestId('campus-select')).toHaveCount(0);
  // The top bar's selection opens as a panel on a phone: the period only, and its button says so.
  await page.getByRole('button', { name: 'Cambiar periodo' }).click();
  await expect(page.getByTestId('cicle-select')).toBeVisible();
  await expect(page.getByTestId('campus-select')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/portal/kardex');
  await hydrated(page);
  await expect(page.getByTestId('kardex')).toBeVisible();
  const tables = page.getByTestId('kardex').locator('table');
  await expect(page.locator('[data-testid^="kardex-grade-"]').first()).toBeVisible();
  const headers = page.locator('[data-testid^="kardex-grade-"] thead th, [data-testid="kardex-current"] thead th');
  expect(await headers.count()).toBeGreaterThanOrEqual(8);
  for (const header of await headers.all()) {
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.x, (await header.textContent()) ?? '').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, (await header.textContent()) ?? '').toBeLessThanOrEqual(PHONE.width);
  }
  // No table hides columns behind a sideways scroll of its own.
  for (const table of await tables.all()) {
    const { scroll, client } = await table.evaluate((element) => ({ scroll: element.parentElement!.scrollWidth, client: element.parentElement!.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  }
  // And every score cell of a subject is on screen too.
  for (const cell of await page.locator('[data-testid^="kardex-grade-"] tbody tr').first().locator('td').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await noSidewaysScroll(page);

  await page.goto('/portal/schedule');
  await hydrated(page);
  const days = page.getByTestId('day-list');
  await expect(days).toBeVisible();
  await expect(page.getByTestId('week')).toBeHidden();
  await expect(days.getByRole('heading', { level: 2 }).first()).toHaveText(/^(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo)$/);
  await expect(days.locator('li').first()).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/);
  await noSidewaysScroll(page);

  await page.goto('/');
  await hydrated(page);
  await expect(page.getByTestId('home-card-portal-kardex')).toBeVisible();
  await noSidewaysScroll(page);
  expect(consoleErrors).toEqual([]);
});

test("the applicant's stepper shows on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/aspirants');
  await page.getByTestId('login-web_code').fill('A202600001');
  await page.getByTestId('login-web_pass').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('aspirant-board')).toBeVisible();
  const stepper = page.getByTestId('aspirant-stepper');
  await expect(stepper).toBeVisible();
  const box = (await stepper.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  for (const label of ['Preregistro', 'Revisado', 'Pago pendiente', 'Pagado', 'Inscrito']) await expect(stepper.getByText(label)).toBeVisible();
  await noSidewaysScroll(page);
});
