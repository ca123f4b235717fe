// A title's page: staff pick two signers with their certificates shown, sign after a yes/no
// question, see the title signed with its log, download its XML, and void the signature (with a
// reason) before sending it, which takes the title back to draft.
import { readFileSync } from 'node:fs';
import { expect, hydrated, signIn, test } from './fixtures';

test('staff sign a title with two signers and download its XML', async ({ page, consoleErrors }) => {
  await signIn(page, 'control');
  // A draft of a sworn student whose data SEP would take (the demo seeds several).
  const drafts = (await (await page.request.get('/academic/api/electronic-titles/?status=DRAFT&page_size=50&ordering=id')).json()) as { data: { id: number }[] };
  let id = 0;
  for (const row of drafts.data) {
    const facts = (await (await page.request.get(`/academic/api/electronic-titles/${row.id}/signing/`)).json()) as { problems: unknown[] };
    if (facts.problems.length === 0) {
      id = row.id;
      break;
    }
  }
  expect(id).toBeGreaterThan(0);
  await page.goto(`/scholar/titles/${id}`);
  await hydrated(page);
  await page.getByRole('tab', { name: 'Firma y SEP' }).click();
  const panel = page.getByTestId('title-signing');
  await expect(panel.getByTestId('title-status')).toContainText('Borrador');
  await expect(panel).toContainText('Certificado 00001000000700001001');
  const signers = panel.locator('[data-testid^="title-signer-"] input:not([disabled])');
  await expect(signers).toHaveCount(2);
  await expect(panel.getByTestId('title-sign')).toBeDisabled();
  await signers.nth(0).check();
  await signers.nth(1).check();
  await panel.getByTestId('title-sign').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('¿Firmar el título');
  await page.getByTestId('confirm-yes').click();
  await expect(panel.getByTestId('title-notice')).toContainText('Título firmado.');
  await expect(panel.getByTestId('title-status')).toContainText('Firmado');
  await expect(panel.getByTestId('title-signed-by')).toHaveCount(2);
  await expect(panel.getByTestId('title-log').first()).toContainText('Firmado por');

  const download = page.waitForEvent('download');
  await panel.getByTestId('title-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xml$/);
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('<TituloElectronico xmlns="https://www.siged.sep.gob.mx/titulos/"');
  expect(xml.match(/<FirmaResponsable /g)).toHaveLength(2);

  // Before it is sent, a typo found after signing is fixed by voiding the signature with a reason.
  await panel.getByTestId('title-void-signature').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('¿Anular la firma del título');
  await page.getByTestId('confirm-reason').fill('Error en el segundo apellido');
  await page.getByTestId('confirm-yes').click();
  await expect(panel.getByTestId('title-notice')).toContainText('Firma anulada');
  await expect(panel.getByTestId('title-status')).toContainText('Borrador');
  await expect(panel.getByTestId('title-log').first()).toContainText('Firma anulada: Error en el segundo apellido');
  await expect(panel.getByTestId('title-void-signature')).toHaveCount(0);
  await expect(panel.getByTestId('title-download')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
