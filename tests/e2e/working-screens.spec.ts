// Screens people can work in (issue 13): records of large tables are chosen by what people know (a
// sale's student found by typing part of the name, accents and case aside); a row click opens the
// record; leaving unsaved changes asks first.
import { expect, hydrated, signIn, test } from './fixtures';

test("a sale's student is found by typing part of the name", async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/finance/sales');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const form = page.getByTestId('resource-form');
  const student = form.getByTestId('field-student_id');
  await expect(student).toContainText('Escriba parte del nombre');
  const searched = page.waitForResponse((answer) => answer.url().includes('/students/api/students/') && answer.url().includes('search=lopez'));
  await student.locator('input').fill('lopez mart');
  await searched;
  const option = page.getByRole('option', { name: /López Martínez Ana/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(student.locator('input')).toHaveValue(/López Martínez Ana/);
  expect(consoleErrors).toEqual([]);
});

test('a click on a row opens the record: a student opens their page, a catalogue entry its form', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/scholar/students?search=lopez%20martinez%20ana');
  await hydrated(page);
  const grid = page.getByTestId('resource-grid');
  await grid.getByRole('gridcell', { name: /Ana/ }).first().click();
  await expect(page).toHaveURL(/\/scholar\/students\/\d+$/);

  await page.goto('/tools/occupations');
  await hydrated(page);
  await page.getByTestId('resource-grid').getByRole('row').nth(1).getByRole('gridcell').first().click();
  await expect(page.getByTestId('resource-form')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('leaving a record with unsaved changes asks first; staying keeps the typing', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/academic/study_plans');
  await hydrated(page);
  await page.getByTestId('resource-grid').getByRole('row').nth(1).getByRole('gridcell').first().click();
  await expect(page).toHaveURL(/\/academic\/study_plans\/\d+$/);
  const here = page.url();
  const form = page.getByTestId('record-form');
  const description = form.locator('input[name="description"]');
  await expect(description).toBeEnabled();
  await description.fill('Plan editado sin guardar');

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByTestId('side-menu').locator('a[href="/"]').first().click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain('cambios sin guardar');
  expect(page.url()).toBe(here);
  await expect(description).toHaveValue('Plan editado sin guardar');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('side-menu').locator('a[href="/"]').first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(consoleErrors).toEqual([]);
});

test("a student's page: name, photo place, facts, everything about them as tabs, back to the list as it was", async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/scholar/students?search=lopez%20martinez%20ana');
  await hydrated(page);
  await page.getByTestId('resource-grid').getByRole('gridcell', { name: /Ana/ }).first().click();
  await expect(page).toHaveURL(/\/scholar\/students\/\d+$/);
  // Its data within a second of arriving (the first data comes with the HTML), and few requests after it.
  // Next's prefetches of the pages its links lead to (`?_rsc=`, the home page's) are not the page's data.
  const requests: string[] = [];
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType()) && !new URL(request.url()).searchParams.has('_rsc')) requests.push(request.url());
  });
  const started = Date.now();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'López Martínez Ana' })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5_000);
  await page.waitForLoadState('networkidle');
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(3);

  await expect(page.getByTestId('record-photo')).toBeVisible();
  await expect(page.getByTestId('record-facts')).toContainText('Carrera:');
  // Everything about the student in tabs: data, groups, kardex, schedule, payments, documents...
  await expect(page.getByTestId('record-tab-family')).toHaveText(/^Familia \(\d+\)$/);
  await expect(page.getByTestId('record-tab-kardex')).toBeVisible();
  await page.getByTestId('record-tab-family').click();
  // The list under the student does not repeat the student in each row.
  const headers = page.getByTestId('record-panel-family').getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  await expect(headers.filter({ hasText: /^Alumno$/ })).toHaveCount(0);

  await page.getByTestId('record-back').click();
  await expect(page).toHaveURL(/\/scholar\/students\?.*search=lopez/);
  expect(consoleErrors).toEqual([]);
});

test('a teacher is deactivated with a reason, not deleted; the reason is in the history', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/academic/teachers?status=true');
  await hydrated(page);
  const grid = page.getByTestId('resource-grid');
  await expect(grid.locator('[data-testid^="row-delete-"]')).toHaveCount(0);
  const first = grid.locator('[data-testid^="row-deactivate-"]').first();
  const id = (await first.getAttribute('data-testid'))!.replace('row-deactivate-', '');
  await first.click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(/¿Desactivar profesor «.+»\?/);
  await dialog.getByTestId('confirm-yes').click();
  await expect(dialog).toContainText('Escriba el motivo.');
  await dialog.getByTestId('confirm-reason').fill('Licencia sin goce de sueldo');
  await dialog.getByTestId('confirm-yes').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Se desactivó «.+»/)).toBeVisible();

  const history = await page.request.get(`/academic/api/teachers/${id}/history/`);
  const entries = (await history.json()) as { reason?: string }[];
  expect(entries[0].reason).toBe('Licencia sin goce de sueldo');
  // Back as it was.
  const put = await page.request.put(`/academic/api/teachers/${id}/`, { data: { status: true }, headers: { 'X-Plantel-Client': '1' } });
  expect(put.ok()).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('a list is worked with the keyboard: Tab reaches the grid, Enter opens a row, the arrows reach its actions', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/tools/turns');
  await hydrated(page);
  const grid = page.getByTestId('resource-grid');
  await expect(grid.locator('.MuiDataGrid-root')).toBeVisible();
  // From the search box, Tab alone reaches the grid.
  await page.locator('[data-testid="resource-search"] input, input[data-testid="resource-search"]').first().focus();
  const inGrid = () => page.evaluate(() => Boolean(document.activeElement?.closest('.MuiDataGrid-root')));
  const visited: string[] = [];
  for (let step = 0; step < 30 && !(await inGrid()); step += 1) {
    await page.keyboard.press('Tab');
    visited.push(await page.evaluate(() => `${document.activeElement?.tagName}.${document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.slice(0, 20)}`));
  }
  expect(await inGrid(), visited.join(' > ')).toBe(true);
  // Down to the first row (from a header, or from where Tab landed), then its first cell.
  if (await page.evaluate(() => Boolean(document.activeElement?.closest('[role="columnheader"]')))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'gridcell');
  // Enter opens the row's record: a shift's form.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resource-form')).toBeVisible();
  await page.getByTestId('resource-cancel').click();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
  // End moves to the actions: the first button has the focus, with a visible outline.
  await grid.getByRole('gridcell').first().focus();
  await page.keyboard.press('End');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('data-testid', /^row-edit-\d+$/);
  expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resource-form')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
  // Closing the form gives the focus back to the button that opened it; the next action is one
  // arrow away: the history.
  await expect(page.locator(':focus')).toHaveAttribute('data-testid', /^row-edit-\d+$/);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('data-testid', /^row-history-\d+$/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(consoleErrors).toEqual([]);
});
