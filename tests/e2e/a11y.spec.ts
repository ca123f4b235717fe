// axe-core on the generic screens: the list, its form and a record's detail page have no serious
// or critical accessibility violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).slice(0, 3).join(' | ')}`);
}

test('the generic list, form and detail screens pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/academic/careers');
  await hydrated(page);
  await expect(page.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('resource-new').click();
  await expect(page.getByTestId('resource-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  const answer = await page.request.get('/academic/api/study-plans/?page_size=1');
  const { data } = (await answer.json()) as { data: { id: number }[] };
  await page.goto(`/academic/study_plans/${data[0].id}`);
  await expect(page.getByTestId('record-form')).toBeVisible();
  // Its related lists (subjects, documents, groups...) are tabs; the first with records is open.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('record-children').locator('[data-testid="resource-grid"] [role="row"]').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  expect(await seriousViolations(page)).toEqual([]);
});

test("a person's record page passes axe: header with the photo's place, facts, tabs, the designed form", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const students = await page.request.get('/students/api/students/?page_size=1&ordering=id');
  const student = ((await students.json()) as { data: { id: number }[] }).data[0];
  await page.goto(`/scholar/students/${student.id}`);
  await expect(page.getByTestId('record-facts')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});
