// Every screen route of the spec (section 2), opened by the superuser: each shows its title and its
// data or form, with no error page, no console error and no failed request. Parameterised routes
// get an id from the demo data.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// The spec's route list (section 2), without the sign-in pages and the index.
const ROUTES = [
  '/academic/campus', '/academic/careers', '/academic/cicles', '/academic/families', '/academic/groups', '/academic/study_plans',
  '/academic/teachers', '/academic/title_responsables', '/courses', '/courses/groups', '/courses/students', '/finance/concepts',
  '/finance/iedu', '/finance/payments', '/finance/price_list', '/finance/references', '/finance/sales', '/invoices/catalogs',
  '/invoices/cfdi_types', '/invoices/fiscal_regimes', '/invoices/invoice_taxes', '/invoices/payment_forms', '/invoices/payment_methods',
  '/invoices/prod_servs', '/invoices/type_relations', '/invoices/type_vouchers', '/invoices/units', '/permanence/aspirants',
  '/permanence/aspirants_stats', '/permanence/inscriptions', '/permanence/new_students', '/permanence/recurrent',
  '/permanence/reinscriptions', '/permanence/school_origins', '/polls', '/polls/aplications', '/reports/attendance_list',
  '/reports/student_by_birthplace', '/reports/student_by_school', '/reports/student_users', '/reports/students_by_group',
  '/reports/students_for_merchandise', '/reports/teachers_users', '/scholar/documents', '/scholar/movements', '/scholar/scheduler',
  '/scholar/scheduler/loads', '/scholar/students', '/scholar/swears', '/scholar/termination', '/scholar/titles', '/scholarships',
  '/scholarships/catalogs', '/scholarships/student_periods', '/scores', '/scores/exceptions', '/scores/extras', '/scores/fail_index',
  '/scores/fail_list', '/scores/general_summary', '/scores/groups', '/scores/pendings', '/scores/periods', '/scores/previous',
  '/scores/summary', '/settings', '/settings/permissions', '/settings/roles', '/settings/test', '/settings/users', '/teacher/classes',
  '/teacher/data', '/teacher/extras', '/teacher/groups', '/teacher/scores', '/teacher/timer', '/teacher/ts', '/tools/academic_deptos', '/tools/catalogs', '/tools/companies',
  '/tools/doctypes', '/tools/medical_options', '/tools/occupations', '/tools/termination_types', '/tools/turns',
];

// Detail pages and the API list that gives each one a real id.
const DETAILS: [string, string][] = [
  ['/academic/groups/{id}', '/scheduler/api/groups/'],
  ['/academic/study_plans/{id}', '/academic/api/study-plans/'],
  ['/academic/teachers/{id}', '/academic/api/teachers/'],
  ['/courses/groups/{id}', '/academic/api/course-groups/'],
  ['/courses/students/{id}', '/academic/api/course-students/'],
  ['/finance/price_list/{id}', '/finance/api/price-list/'],
  ['/finance/sales/{id}', '/finance/api/sales/'],
  ['/permanence/aspirants/{id}', '/inscription/api/aspirants/'],
  ['/scholar/students/{id}', '/students/api/students/'],
  ['/settings/roles/{id}', '/manage/api/roles/'],
  ['/polls/{id}', '/polls/api/polls/'],
  ['/scholar/scheduler/groups/{id}', '/scheduler/api/groups/'],
  ['/scholar/scheduler/teacher/{id}', '/academic/api/teachers/'],
  ['/scholar/students/subjects/{id}', '/students/api/students/'],
  ['/polls/aplications/status/{id}', '/polls/api/polls/'],
];

/** Watches a page for console errors and failed requests of our own origin. */
function watch(page: Page) {
  const problems: string[] = [];
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

  for (const path of ROUTES) {
    test(path, async () => {
      problems.length = 0;
      await expectScreen(page, path);
      await page.waitForLoadState('networkidle');
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
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
    });
  }

  test('a detail page with a bad id says the record is not found', async () => {
    await page.goto('/scholar/students/999999999');
    await expect(page.getByTestId('record-not-found')).toBeVisible();
  });
});
