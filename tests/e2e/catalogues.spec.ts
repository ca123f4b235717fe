// Catalogue screens through the UI: create, edit, history and delete in three catalogues, the
// field message of a bad save, the 409 message of a referenced record, and a filtered export
// opened as a workbook.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

type Catalogue = {
  route: string;
  /** The first required field: an empty save shows its message. */
  required: string;
  /** Fills a valid record whose texts carry `tag`. */
  fill: (tag: string) => Record<string, string>;
  /** The field the edit changes. */
  edit: string;
};

const CATALOGUES: Catalogue[] = [
  { route: '/tools/occupations', required: 'description', fill: (tag) => ({ description: `Oficio ${tag}` }), edit: 'description' },
  { route: '/tools/termination_types', required: 'name', fill: (tag) => ({ name: `Baja ${tag}`, code: `B${tag}` }), edit: 'name' },
  { route: '/tools/academic_deptos', required: 'code', fill: (tag) => ({ code: `D${tag}`, name: `Departamento ${tag}` }), edit: 'name' },
];

const rows = (page: Page) => page.getByTestId('resource-grid').getByRole('row');

async function search(page: Page, text: string) {
  await page.getByTestId('resource-search').locator('input').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

for (const catalogue of CATALOGUES) {
  test(`${catalogue.route}: create, edit, history and delete through the screen`, async ({ page, consoleErrors }) => {
    const tag = Date.now().toString(36).slice(-5).toUpperCase();
    await signIn(page, 'admin');
    await page.goto(catalogue.route);
    await hydrated(page);

    // An empty save: the message appears on the required field and nothing is created.
    await page.getByTestId('resource-new').click();
    const form = page.getByTestId('resource-form');
    await page.getByTestId('resource-save').click();
    await expect(form.getByTestId(`field-${catalogue.required}`)).toContainText('Este campo es obligatorio.');

    const values = catalogue.fill(tag);
    for (const [name, value] of Object.entries(values)) await form.locator(`input[name="${name}"]`).fill(value);
    await page.getByTestId('resource-save').click();
    await expect(form).toHaveCount(0);
    await search(page, tag);
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByTestId('resource-grid')).toContainText(values[catalogue.edit]);

    // Edit one field.
    const edited = `${values[catalogue.edit]} editado`;
    await page.locator('[data-testid^="row-edit-"]').first().click();
    const editForm = page.getByTestId('resource-form');
    await expect(editForm.locator(`input[name="${catalogue.edit}"]`)).toHaveValue(values[catalogue.edit]);
    await editForm.locator(`input[name="${catalogue.edit}"]`).fill(edited);
    await page.getByTestId('resource-save').click();
    await expect(editForm).toHaveCount(0);
    await expect(page.getByTestId('resource-grid')).toContainText(edited);

    // History: the creation and the change, with the old and the new value.
    await page.locator('[data-testid^="row-history-"]').first().click();
    const history = page.getByTestId('history-dialog');
    await expect(history).toContainText(edited);
    await expect(history).toContainText(values[catalogue.edit]);
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    // Delete asks first; "No" keeps the record, "Sí" removes it.
    await page.locator('[data-testid^="row-delete-"]').first().click();
    await page.getByTestId('confirm-no').click();
    await expect(rows(page)).toHaveCount(2);
    await page.locator('[data-testid^="row-delete-"]').first().click();
    await page.getByTestId('confirm-yes').click();
    await expect(rows(page)).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
}

test('deleting a record that others use shows the 409 message and keeps it', async ({ page }) => {
  await signIn(page, 'admin');
  // An occupation some student has, read through the signed-in session.
  const students = await page.request.get('/students/api/students/?page_size=50&ordering=id');
  const used = ((await students.json()) as { data: { occupation_id: number | null }[] }).data.find((s) => s.occupation_id)?.occupation_id;
  expect(used).toBeTruthy();
  const occupation = (await (await page.request.get(`/students/api/occupations/${used}/`)).json()) as { description: string };

  await page.goto(`/tools/occupations?search=${encodeURIComponent(occupation.description)}`);
  await hydrated(page);
  await expect(page.getByTestId(`row-delete-${used}`)).toBeVisible();
  await page.getByTestId(`row-delete-${used}`).click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('resource-notice')).toContainText('No se puede eliminar: todavía lo usan registros de');
  await expect(page.getByTestId(`row-delete-${used}`)).toBeVisible();
});

test('an export downloads a workbook with the filtered rows', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/tools/occupations?search=a');
  await hydrated(page);
  const listed = (await (await page.request.get('/students/api/occupations/?search=a&page_size=500&ordering=description')).json()) as {
    data: { description: string }[];
    elements: number;
  };
  const all = (await (await page.request.get('/students/api/occupations/?page_size=1')).json()) as { elements: number };
  expect(listed.elements).toBeGreaterThan(0);
  expect(listed.elements).toBeLessThan(all.elements);

  await page.getByTestId('resource-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('resource-export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  const bytes = fs.readFileSync(file);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount - 1).toBe(listed.elements);
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const column = header.findIndex((cell) => /descripci[oó]n|description/i.test(cell));
  expect(column).toBeGreaterThan(0);
  const exported = new Set<string>();
  sheet.eachRow((row, index) => {
    if (index > 1) exported.add(String(row.getCell(column).value));
  });
  expect(exported).toEqual(new Set(listed.data.map((row) => row.description)));
});
