// Presentation (spec section 9): dates are typed and shown day first, the year filter offers the
// current year and the 4 before it, and months are chosen by their Spanish names.
import { expect, hydrated, signIn, test } from './fixtures';

test('a period is created with dates typed dd/mm/yyyy, and listed with them', async ({ page }) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  await signIn(page, 'admin');
  await page.goto('/academic/cicles');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const form = page.getByTestId('resource-form');
  await form.locator('input[name="description"]').fill(`Periodo ${tag}`);
  const start = form.locator('input[name="start"]');
  await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await start.pressSequentially('05012030');
  await expect(start).toHaveValue('05/01/2030');
  await form.locator('input[name="end"]').fill('31/06/2030');
  await form.locator('input[name="year"]').fill('2030');
  await form.locator('[data-testid="field-campus_id"]').click();
  await page.getByRole('option').first().click();
  await form.getByTestId('resource-save').click();
  await expect(form.getByTestId('field-end')).toContainText('Escriba una fecha válida.');
  await form.locator('input[name="end"]').fill('30/06/2030');
  await form.getByTestId('resource-save').click();
  await expect(form).toHaveCount(0);
  await page.getByTestId('resource-search').locator('input').fill(tag);
  const grid = page.getByTestId('resource-grid');
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid).toContainText('05/01/2030');
  await expect(grid).toContainText('30/06/2030');
  const saved = (await (await page.request.get(`/academic/api/cicles/?search=${tag}`)).json()) as { data: { start: string; end: string }[] };
  expect(saved.data[0]).toMatchObject({ start: '2030-01-05', end: '2030-06-30' });
});

test('the year filter offers this year and the 4 before it; months go by name', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/permanence/recurrent');
  await hydrated(page);
  await page.getByTestId('resource-filter-year').click();
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(new Date()));
  const years = page.getByRole('option');
  await expect(years.filter({ hasText: /^\d{4}$/ })).toHaveText([year, year - 1, year - 2, year - 3, year - 4].map(String));
  await page.keyboard.press('Escape');
  await page.getByTestId('resource-filter-month').click();
  await expect(page.getByRole('option', { name: 'Marzo' })).toBeVisible();
  await page.getByRole('option', { name: 'Marzo' }).click();
  await expect(page).toHaveURL(/month=3/);
});

test('on a phone a list fits the screen and its form opens full screen', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  // A phone: the menu becomes an overlay behind its button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tools/occupations');
  await hydrated(page);
  await expect(page.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId('resource-new').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(Math.round(box.width)).toBe(390);
  expect(consoleErrors).toEqual([]);
});

test('a record is created with the keyboard alone', async ({ page }) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  await signIn(page, 'admin');
  await page.goto('/tools/occupations');
  await hydrated(page);
  await page.getByTestId('resource-new').focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId('resource-form');
  await expect(form).toBeVisible();
  // Tab reaches the field; Enter in it saves the form.
  for (let i = 0; i < 8 && !(await form.locator('input[name="description"]').evaluate((input) => input === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(form.locator('input[name="description"]')).toBeFocused();
  await page.keyboard.type(`Oficio teclado ${tag}`);
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await page.getByTestId('resource-search').locator('input').fill(tag);
  await expect(page.getByTestId('resource-grid')).toContainText(`Oficio teclado ${tag}`);
});

test("the grid's own texts follow the interface language", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/academic/careers');
  await expect(page.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('resource-grid')).toContainText('Filas por página');
});
