// The first data of a record page and of the portal comes with the server's HTML (read by the same
// operations the API answers with): nothing needs the browser to ask before it shows.
import { expect, hydrated, signIn, test } from './fixtures';

type Plan = { id: number; code: string; description: string };
type KardexSummary = { student: { no_control: string; full_name: string } };

test('a record page holds its record in the server HTML and does not ask for it on arrival', async ({ page }) => {
  await signIn(page, 'admin');
  const plans = (await (await page.request.get('/academic/api/study-plans/?page_size=1&ordering=id')).json()) as { data: Plan[] };
  const plan = plans.data[0];
  const html = await (await page.request.get(`/academic/study_plans/${plan.id}`)).text();
  expect(html).toContain(`value="${plan.code}"`);

  const recordReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/academic/api/study-plans/${plan.id}/`) recordReads.push(request.url());
  });
  await page.goto(`/academic/study_plans/${plan.id}`);
  await hydrated(page);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(recordReads).toEqual([]);
});

test('the portal kardex and week come with the HTML', async ({ page }) => {
  await signIn(page, 'alumno');
  const summary = (await (await page.request.get('/reports/api/student-kardex/summary/')).json()) as KardexSummary;
  const kardex = await (await page.request.get('/portal/kardex')).text();
  expect(kardex).toContain('data-testid="kardex"');
  expect(kardex).toContain(summary.student.no_control);

  const apiReads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/student-kardex/summary/') || path.includes('/main-scores/')) apiReads.push(path);
  });
  await page.goto('/portal/kardex');
  await hydrated(page);
  await expect(page.getByTestId('kardex')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiReads).toEqual([]);

  const week = await (await page.request.get('/portal/schedule')).text();
  expect(week).toContain('data-testid="screen-content"');
});
