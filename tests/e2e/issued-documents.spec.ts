// Control Escolar › Documentos emitidos (issue 30): staff issue a constancia for the demo student,
// open its public verification page (no sign-in needed) and read "Válido"; they revoke it with a
// reason on the document's page, and the verification page then says "Revocado" with that reason.
import { chooseOption, expect, hydrated, signIn, test } from './fixtures';

test('staff issue a constancia, see it valid on its verification page, revoke it and see it revoked', async ({ page, consoleErrors }) => {
  await signIn(page, 'control');
  await page.goto('/scholar/issued_documents');
  await hydrated(page);
  const panel = page.getByTestId('issue-documents');
  await expect(panel).toBeVisible();

  await panel.getByRole('combobox', { name: 'Documento' }).click();
  await chooseOption(page, page.getByTestId('issue-type-CONSTANCIA'));
  await panel.getByTestId('issue-student').fill('López Martínez');
  // The students found, surname first with the control number; the list opens once they arrive.
  const ana = page.getByRole('option', { name: /López Martínez Ana · \d+/ }).first();
  await expect(ana).toBeVisible();
  await chooseOption(page, ana);
  await expect(panel.getByTestId('issue-student')).toHaveValue(/López Martínez Ana/);
  await panel.getByLabel('Para qué se solicita (opcional)').fill('Trámite de beca');
  await panel.getByTestId('issue-submit').click();

  const done = panel.getByTestId('issue-done');
  await expect(done).toBeVisible();
  await expect(done).toContainText(/Se expidió el documento CON-\d{6}/);
  const folio = (/CON-\d{6}/.exec((await done.textContent()) ?? '') ?? [''])[0];
  const verification = await panel.getByTestId('issue-verification').getAttribute('href');
  const documentPage = await panel.getByTestId('issue-open').getAttribute('href');
  expect(verification).toMatch(/^\/verificar\/[A-Za-z0-9_-]{22}$/);
  expect(documentPage).toMatch(/^\/scholar\/issued_documents\/\d+$/);

  // The list shows it with its folio.
  await expect(page.getByRole('row').filter({ hasText: folio })).toBeVisible();

  // Its public page: valid, with the holder and the folio.
  await page.goto(verification!);
  await expect(page.getByTestId('verify-state')).toContainText('Válido');
  await expect(page.getByTestId('verify-document')).toContainText(folio);
  await expect(page.getByTestId('verify-document')).toContainText('Ana López Martínez');

  // Revoked on its page with a reason.
  await page.goto(documentPage!);
  await hydrated(page);
  const record = page.getByTestId('issued-document');
  await expect(record.getByTestId('issued-document-status')).toContainText('Vigente');
  await record.getByTestId('issued-document-revoke').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`¿Revocar el documento ${folio}?`);
  await page.getByTestId('confirm-reason').fill('Se expidió con el grupo equivocado');
  await page.getByTestId('confirm-yes').click();
  await expect(record.getByTestId('issued-document-status')).toContainText('Revocado');
  await expect(record.getByTestId('issued-document-revoked')).toContainText('Se expidió con el grupo equivocado');
  await expect(record.getByTestId('issued-document-revoke')).toHaveCount(0);

  await page.goto(verification!);
  await expect(page.getByTestId('verify-state')).toContainText('Revocado');
  await expect(page.getByTestId('verify-state')).toContainText('Se expidió con el grupo equivocado');
  expect(consoleErrors).toEqual([]);
});

test('the verification page answers an unknown code without signing in', async ({ page }) => {
  // A fresh page of its own: nobody is signed in.
  await page.goto('/verificar/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByTestId('verify-not-found')).toContainText('No existe un documento con ese código de verificación.');
  await expect(page.getByTestId('verify-upload')).toBeVisible();
});
