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
