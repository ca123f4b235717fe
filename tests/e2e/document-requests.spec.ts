// A constancia asked for from the portal, end to end (issue 30): the student asks for it on a phone
// and gets the bank reference to pay; the bank's statement, uploaded by the cashier (finanzas),
// pays it; Control Escolar issues it with one click from its queue; the student downloads the PDF
// (the bytes whose SHA-256 the school keeps) and the verification page its QR code points to says
// it is valid.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, hydrated, signIn, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

type Offer = { results: { type_id: number; code: string; unit_price: string; available: boolean }[] };
type Request = {
  id: number;
  status: string;
  sale: { references: { bank_ref: string; amount: string }[] } | null;
  documents: { copy: number; document: { id: number; folio: string; token: string } }[];
};

test('a student requests a constancia, pays its reference, staff issue it, the student downloads it and it verifies', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(180_000);

  // The student, on a phone: Mis documentos from the portal's menu.
  await signIn(page, 'alumno');
  await page.setViewportSize(PHONE);
  await page.goto('/portal/documents');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Mis documentos', level: 1 })).toBeVisible();
  const offer = (await (await page.request.get('/documents/api/document-requests/offer/')).json()) as Offer;
  const constancia = offer.results.find((item) => item.code === 'CONSTANCIA');
  expect(constancia, 'the constancia is offered').toBeTruthy();
  expect(constancia!.available).toBe(true);
  expect(Number(constancia!.unit_price)).toBeGreaterThan(0);

  await page.getByTestId('request-type').selectOption(String(constancia!.type_id));
  await page.getByTestId('request-copies').fill('1');
  await page.getByTestId('request-purpose').fill('Trámite de beca (prueba e2e)');
  await expect(page.getByTestId('request-total')).toContainText('Total: $');
  await page.getByTestId('request-submit').click();
  const created = page.getByTestId('request-created');
  await expect(created).toBeVisible();
  await expect(created).toContainText('con la referencia');

  // The new request, with its reference, as the portal reads it.
  const mine = (await (await page.request.get('/documents/api/document-requests/?ordering=-id&page_size=1')).json()) as { data: Request[] };
  const request = mine.data[0];
  expect(request.status).toBe('PENDING_PAYMENT');
  const reference = request.sale!.references[0];
  const card = page.getByTestId(`request-${request.id}`);
  await expect(card).toHaveAttribute('data-status', 'PENDING_PAYMENT');
  await expect(card.getByTestId('request-reference')).toContainText(reference.bank_ref);
  await expect(card.getByTestId('request-status')).toHaveText('Por pagar');
  // Nothing of the card runs off a 390 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The cashier uploads the bank's statement with the deposit of that reference.
  const cashier = await browser.newContext();
  const cashierPage = await cashier.newPage();
  await signIn(cashierPage, 'finanzas');
  await cashierPage.goto('/finance/references');
  await hydrated(cashierPage);
  await expect(cashierPage.getByTestId('reconciliation')).toBeVisible();
  const today = new Date();
  const day = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
  const csv = `Fecha;Referencia;Importe;Autorización\n${day};${reference.bank_ref};${reference.amount};AUT-DOC-E2E\n`;
  await cashierPage.getByTestId('reconcile-file').setInputFiles({ name: 'estado.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(cashierPage.getByTestId('reconcile-result')).toContainText('1 referencias pagadas', { timeout: 30_000 });
  await cashier.close();

  // Control Escolar issues it from the queue of paid requests.
  const office = await browser.newContext();
  const officePage = await office.newPage();
  await signIn(officePage, 'control');
  await officePage.goto('/scholar/document_requests');
  await hydrated(officePage);
  await expect(officePage.getByRole('heading', { name: 'Solicitudes de documentos' })).toBeVisible();
  await officePage.getByTestId('requests-filter-PAID').click();
  const row = officePage.getByTestId(`queue-row-${request.id}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toHaveAttribute('data-status', 'PAID');
  await row.getByTestId('queue-issue').click();
  await expect(officePage.getByTestId('requests-notice')).toContainText('Emitida:');
  await officePage.getByTestId('requests-filter-ISSUED').click();
  await expect(officePage.getByTestId(`queue-row-${request.id}`)).toHaveAttribute('data-status', 'ISSUED');
  await office.close();

  // The student finds it issued and downloads it: the bytes the school sealed.
  await page.reload();
  await hydrated(page);
  await expect(card).toHaveAttribute('data-status', 'ISSUED', { timeout: 15_000 });
  const issued = (await (await page.request.get(`/documents/api/document-requests/${request.id}/`)).json()) as Request;
  const copy = issued.documents[0].document;
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('request-download-1').click()]);
  expect(download.suggestedFilename()).toBe(`${copy.folio}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const kept = (await (await page.request.get(`/documents/api/issued-documents/${copy.id}/`)).json()) as { pdf_sha256: string };
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(kept.pdf_sha256);

  // Its verification page (where its QR code points), opened from the card, says valid.
  const [verification] = await Promise.all([page.waitForEvent('popup'), card.getByTestId('request-verify-1').click()]);
  await verification.waitForLoadState();
  expect(new URL(verification.url()).pathname).toBe(`/verificar/${copy.token}`);
  await expect(verification.getByText('Válido').first()).toBeVisible({ timeout: 15_000 });
  await expect(verification.getByText(copy.folio).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
