// axe-core on the generic screens: the list, its form and a record's detail page have no serious
// or critical accessibility violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, hydrated, signIn, test } from './fixtures';

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

// The first week's new screens (issue 29): the counter, the cash-up, the teacher's classes and
// results, the applicant's pre-form and the student's home on a phone.
test('the first week’s new screens pass axe', async ({ browser }) => {
  test.setTimeout(180_000);
  const check = async (user: string, path: string, ready: string, viewport = { width: 1366, height: 768 }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), `${user} ${path}`).toEqual([]);
    await context.close();
  };
  await check('finanzas', '/finance/counter', 'counter');
  await check('finanzas', '/finance/cash_up', 'cash-up');
  await check('docente', '/teacher/classes', 'teacher-classes');
  await check('docente', '/teacher/results', 'screen-content');
  await check('alumno', '/', 'student-payments', { width: 390, height: 844 });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/aspirants');
  await page.getByTestId('login-web_code').fill('A202600001');
  await page.getByTestId('login-web_pass').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('aspirant-application')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), 'the pre-form').toEqual([]);
  await context.close();
});
