// Files through the screens: a study plan's document is uploaded from the plan's page, with the
// "Select a file" and "under 5 MB" messages first; it opens in the viewer and downloads with its
// real name.
import fs from 'node:fs';
import { expect, hydrated, signIn, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a study plan document is uploaded, viewed and downloaded with its real name', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  const plans = (await (await page.request.get('/academic/api/study-plans/?page_size=1&ordering=id')).json()) as { data: { id: number }[] };
  const planId = plans.data[0].id;
  await page.goto(`/academic/study_plans/${planId}`);
  await hydrated(page);
  await expect(page.getByTestId('record-form')).toBeVisible();

  // The plan's related lists are tabs: the documents' tab shows their list.
  await page.getByTestId('record-children').getByRole('tab', { name: /Documentos de planes de estudio/ }).click();
  const documents = page.locator('section').filter({ has: page.getByRole('heading', { name: /documentos de planes de estudio/i }) });
  await documents.getByTestId('resource-new').click();
  const form = page.getByTestId('resource-form');
  await form.locator('input[name="notes"], textarea[name="notes"]').first().fill('Acuerdo de prueba');

  // No file: the field says so, and nothing is sent.
  await form.getByTestId('resource-save').click();
  await expect(form.getByTestId('field-document_url')).toContainText('Seleccione un archivo.');

  // Too big: refused before sending.
  const input = form.locator('input[type="file"][name="document_url"]');
  await input.setInputFiles({ name: 'enorme.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) });
  await expect(form.getByTestId('field-document_url')).toContainText('Los archivos deben pesar menos de 5 MB.');

  await input.setInputFiles({ name: 'Acuerdo RVOE 2026.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByTestId('file-name-document_url')).toHaveText('Acuerdo RVOE 2026.pdf');
  await form.getByTestId('resource-save').click();
  await expect(form).toHaveCount(0);
  await expect(documents.getByTestId('resource-grid')).toContainText('Acuerdo RVOE 2026.pdf');

  // Open it again: the stored file shows with its name, opens in the viewer and downloads.
  const row = documents.getByTestId('resource-grid').getByRole('row').filter({ hasText: 'Acuerdo RVOE 2026.pdf' });
  await row.locator('[data-testid^="row-edit-"]').click();
  const editForm = page.getByTestId('resource-form');
  await expect(editForm.getByTestId('file-name-document_url')).toHaveText('Acuerdo RVOE 2026.pdf');
  await editForm.getByTestId('file-view-document_url').click();
  const viewer = page.getByTestId('file-viewer');
  await expect(viewer).toContainText('Acuerdo RVOE 2026.pdf');
  const frame = viewer.locator('iframe');
  await expect(frame).toHaveAttribute('src', /\/file\/document_url\/\?inline=true$/);
  const inline = await page.request.get((await frame.getAttribute('src'))!);
  expect(inline.headers()['content-type']).toBe('application/pdf');
  expect(inline.headers()['content-disposition']).toMatch(/^inline;/);
  const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('link', { name: 'Descargar' }).click()]);
  expect(download.suggestedFilename()).toBe('Acuerdo RVOE 2026.pdf');
  expect(fs.readFileSync(await download.path())).toEqual(PDF);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await editForm.getByTestId('resource-cancel').click();
  expect(consoleErrors).toEqual([]);
});
