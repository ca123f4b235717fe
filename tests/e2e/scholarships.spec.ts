// Becas in the browser (issue 14): a scholarship is granted for the period to a whole group; each
// student is checked as the group joins the list, and the grant gives it to exactly those who may
// have it, naming the others with their reasons.
import { expect, hydrated, signIn, test } from './fixtures';

test('a scholarship is granted to the students of a group who may have it, the others with their reasons', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/scholarships');
  await hydrated(page);
  const panel = page.getByTestId('scholarship-assign');
  await expect(panel.getByRole('heading', { name: 'Asignar beca' })).toBeVisible();

  // Nothing chosen: the panel says what is missing.
  await page.getByTestId('scholarship-grant').click();
  await expect(page.getByText('Elija la beca y el periodo.')).toBeVisible();

  await panel.getByRole('combobox', { name: 'Beca' }).click();
  await page.getByRole('option').first().click();
  await panel.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option').first().click();
  await panel.getByRole('button', { name: 'Agregar grupo' }).click();
  const rows = page.getByTestId('scholarship-list').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Every student is checked before the grant.
  await expect(page.getByTestId('scholarship-list').locator('tbody tr[data-valid="pending"]')).toHaveCount(0);
  const total = await rows.count();
  const valid = await page.getByTestId('scholarship-list').locator('tbody tr[data-valid="true"]').count();
  await expect(page.getByTestId('scholarship-grant')).toContainText(`${valid} de ${total}`);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/scholarships.png`, fullPage: true });

  await page.getByTestId('scholarship-grant').click();
  const outcome = page.getByTestId('scholarship-outcome');
  await expect(outcome).toBeVisible();
  if (valid < total) await expect(outcome).toContainText('Algunos alumnos no pueden recibir la beca.');
  else await expect(outcome).toContainText(`Beca asignada a ${valid}`);
  // Those granted leave the list; those refused stay, each with a reason.
  await expect(rows).toHaveCount(total - valid);
  expect(consoleErrors).toEqual([]);
});
