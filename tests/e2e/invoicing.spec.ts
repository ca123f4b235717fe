// Invoicing in the browser (issue 17): staff invoice a paid sale from its page for the student's
// invoice data, stamp it on the PAC (the local fake of Finkok's protocol) and download its PDF and XML.
import { expect, hydrated, signIn, test } from './fixtures';

const OWN_CLIENT = { 'x-plantel-client': '1' };

test('staff invoice a paid sale, stamp it and download its PDF and XML', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  // A paid sale of a student with no invoice yet.
  const sales = (await (await page.request.get('/finance/api/sales/?paid=true&status=true&ordering=id&page_size=100')).json()) as { data: { id: number; student_id: number | null }[] };
  let sale: { id: number; student_id: number } | null = null;
  for (const candidate of sales.data.filter((row) => row.student_id)) {
    const invoices = (await (await page.request.get(`/invoices/api/invoices/?sale_id=${candidate.id}`)).json()) as { data: unknown[] };
    if (invoices.data.length === 0) {
      sale = candidate as { id: number; student_id: number };
      break;
    }
  }
  expect(sale).not.toBeNull();
  // The student's invoice data: a person under regime 605 who deducts tuition (D10).
  const regime = ((await (await page.request.get('/invoices/api/fiscal-regimes/?search=605')).json()) as { data: { id: number; code: string }[] }).data.find((row) => row.code === '605')!;
  const use = ((await (await page.request.get('/invoices/api/cfdi-types/?search=D10')).json()) as { data: { id: number; code: string }[] }).data.find((row) => row.code === 'D10')!;
  const data = await page.request.post('/invoices/api/invoice-data/', { headers: OWN_CLIENT, data: { student_id: sale!.student_id, rfc: 'ROGA800101AB1', social_reason: 'ANGELICA RODRIGUEZ GARCIA', postal_code: '44600', fiscal_regime_id: regime.id, cfdi_type_id: use.id } });
  expect(data.status()).toBe(201);

  await page.goto(`/finance/sales/${sale!.id}`);
  await hydrated(page);
  const panel = page.getByTestId('sale-invoice');
  await expect(panel).toContainText('La venta está pagada y aún no se factura.');
  await panel.getByTestId('sale-invoice-open').click();
  await page.getByRole('radio', { name: /ANGELICA RODRIGUEZ GARCIA · ROGA800101AB1/ }).check();
  await page.getByTestId('sale-invoice-confirm').click();

  // The invoice's page: pending, then stamped with its fiscal folio.
  await page.waitForURL(/\/invoices\/catalogs\/\d+$/);
  await hydrated(page);
  const invoice = page.getByTestId('invoice-panel');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Pendiente');
  await invoice.getByTestId('invoice-stamp').click();
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Timbrada');
  await expect(invoice.getByTestId('invoice-uuid')).toContainText(/Folio fiscal: [0-9A-F-]{36}/);

  const pdf = await page.request.get((await invoice.getByTestId('invoice-pdf').getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const xml = await page.request.get((await invoice.getByTestId('invoice-xml').getAttribute('href'))!);
  expect(xml.status()).toBe(200);
  const text = await xml.text();
  expect(text).toContain('<cfdi:Comprobante');
  expect(text).toContain('Rfc="ROGA800101AB1"');
  expect(text).toContain('tfd:TimbreFiscalDigital');
  expect(consoleErrors).toEqual([]);
});
