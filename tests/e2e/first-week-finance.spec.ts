// A cashier's first week (issue 29, items 3 and 4), as the demo Finanzas user at 1366 px: a sale of
// two concepts at the counter with a 10 % discount and a partial card payment whose receipt names
// the method; a student's tuition months billed; a paid sale invoiced, stamped and downloaded; and
// today's cash-up by method, on screen, as PDF and as a workbook.
import { pdfText } from '../api/pdf-text';
import { expect, hydrated, signIn, test } from './fixtures';

const OWN_CLIENT = { 'x-plantel-client': '1' };
type Page = import('@playwright/test').Page;

function pesos(text: string | null): number {
  // "$1,234.50" -> 1234.5
  return Number((text ?? '').replace(/[^0-9.-]/g, ''));
}

const cents = (value: number) => Math.round(value * 100);

async function totalOf(page: Page, key: string): Promise<number> {
  return pesos(await page.getByTestId(`cart-total-${key}`).locator('td').textContent());
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
});

test('a sale of two concepts with a 10 % discount and a partial card payment; the receipt names the method', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'finanzas');
  const ana = ((await (await page.request.get('/students/api/students/?search=lopez%20martinez%20ana&page_size=1')).json()) as { data: { id: number; no_control: string }[] }).data[0];

  await page.getByTestId('submenu-finance').click();
  await page.getByTestId('menu-item-finance-counter').click();
  await expect(page).toHaveURL(/\/finance\/counter$/);
  await hydrated(page);
  await expect(page.getByTestId('counter')).toBeVisible();

  // The student by name, typed without accents.
  const picker = page.getByRole('combobox', { name: 'Alumno' });
  await picker.fill('Lopez Martinez Ana');
  await page.getByRole('option', { name: new RegExp(ana.no_control) }).click();

  // The first concept creates the sale with its line: no empty sale before it.
  const firstConcept = page.getByTestId('counter-concept');
  await expect(firstConcept.locator('option').nth(1)).toBeAttached();
  await firstConcept.selectOption((await firstConcept.locator('option').nth(1).getAttribute('value'))!);
  await page.getByTestId('counter-start').click();
  await expect(page.getByText(/Venta \d+ creada\./)).toBeVisible();
  const cart = page.getByTestId('sale-cart');
  await expect(cart).toBeVisible();
  await expect(page.locator('tr[data-testid^="cart-line-"]')).toHaveCount(1);
  const saleId = /\/finance\/sales\/(\d+)/.exec((await page.getByTestId('counter-sale-link').getAttribute('href'))!)![1];

  // The second concept; the totals follow at once.
  const concept = page.getByTestId('cart-concept');
  await concept.selectOption((await concept.locator('option').nth(2).getAttribute('value'))!);
  await page.getByTestId('cart-add').click();
  await expect(page.getByText('Concepto agregado.')).toBeVisible();
  await expect(page.locator('tr[data-testid^="cart-line-"]')).toHaveCount(2);
  const neto = await totalOf(page, 'total_neto');
  expect(neto).toBeGreaterThan(0);

  // A discount over 100 % is refused in words; 10 % is taken off the sale.
  await page.getByTestId('sale-discount-percent').fill('150');
  await expect(cart.getByText('El porcentaje debe estar entre 0 y 100.').first()).toBeVisible();
  await page.getByTestId('sale-discount-percent').fill('10');
  await page.getByTestId('sale-discount-add').click();
  await expect(page.getByText('Descuento de 10.00 % aplicado.')).toBeVisible();
  await expect(page.getByTestId('sale-discounts')).toContainText('10.00 %');
  await expect.poll(() => totalOf(page, 'extra_discount')).toBeGreaterThan(0);
  expect(Math.abs(cents(await totalOf(page, 'extra_discount')) - cents(neto * 0.1))).toBeLessThanOrEqual(1);
  const totalPay = await totalOf(page, 'total_pay');
  expect(cents(totalPay)).toBe(cents(neto) - cents(await totalOf(page, 'extra_discount')));

  // "Cobrar" half of it by card: the authorization is asked for, then the sale keeps its balance.
  const partialCents = Math.floor(cents(totalPay) / 2);
  const partial = (partialCents / 100).toFixed(2);
  const partialText = `$${(partialCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await page.getByTestId('payment-amount').fill(partial);
  await page.getByTestId('payment-take').click();
  const charge = page.getByTestId('charge-dialog');
  await expect(charge).toBeVisible();
  await expect(page.getByTestId('charge-amount')).toHaveText(`Importe a cobrar: ${partialText}`);
  await page.getByTestId('charge-method').selectOption({ label: 'Tarjeta' });
  await page.getByTestId('charge-confirm').click();
  await expect(charge).toContainText('Escriba el número de autorización');
  await page.getByTestId('charge-authorization').fill('AUT-E2E-29');
  await page.getByTestId('charge-confirm').click();
  await expect(charge).toHaveCount(0);
  await expect(page.getByText(`Pago registrado: ${partialText} (Tarjeta de crédito).`)).toBeVisible();
  await expect.poll(async () => cents(await totalOf(page, 'total_paid'))).toBe(partialCents);
  expect(cents(await totalOf(page, 'total_debt'))).toBe(cents(totalPay) - partialCents);

  // The receipt prints how it was paid.
  const receipt = await page.request.get((await page.getByTestId('sale-receipt').getAttribute('href'))!);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(await receipt.body())).replace(/\s+/g, ' ');
  expect(text).toContain('Tarjeta de crédito');
  expect(text).toContain('Autorización AUT-E2E-29');
  const stored = (await (await page.request.get(`/finance/api/sales/${saleId}/`)).json()) as { paid: boolean; total_paid: string };
  expect(stored.paid).toBe(false);
  // An exact decimal as text; its trailing zeros are not part of the amount.
  expect(cents(Number(stored.total_paid))).toBe(partialCents);
  expect(consoleErrors).toEqual([]);
});

test('Finanzas bills a student’s tuition months', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'finanzas');
  await page.getByTestId('submenu-permanence').click();
  await page.getByTestId('menu-item-permanence-recurrent').click();
  await expect(page).toHaveURL(/\/permanence\/recurrent$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Generar colegiaturas' })).toBeVisible();

  // A student with a month to pay.
  const open = (await (await page.request.get('/finance/api/recurrents/?paid=false&ordering=year,month&page_size=50')).json()) as { data: { student_id: number }[] };
  let chosen: { noControl: string; state: string } | null = null;
  for (const row of open.data) {
    const check = (await (await page.request.post('/finance/api/recurrents/check_student/', { headers: OWN_CLIENT, data: { student_id: row.student_id } })).json()) as { months: { state: string }[] };
    const month = check.months.find((item) => item.state === 'LATE' || item.state === 'PENDING');
    if (!month) continue;
    const student = (await (await page.request.get(`/students/api/students/${row.student_id}/`)).json()) as { no_control: string };
    chosen = { noControl: student.no_control, state: month.state };
    break;
  }
  expect(chosen, 'a student with a month to pay').not.toBeNull();
  await page.getByRole('combobox', { name: 'Alumno' }).fill(chosen!.noControl);
  await page.getByRole('option', { name: new RegExp(chosen!.noControl) }).click();
  const table = page.getByTestId('tuition-months');
  await expect(table).toBeVisible();
  await table.locator(`tr[data-state="${chosen!.state}"]`).first().getByRole('checkbox').check();
  await page.getByTestId('tuition-pay').click();
  await page.waitForURL(/\/finance\/sales\/\d+$/);
  await expect(page.getByTestId('sale-cart')).toBeVisible();
  await expect(page.locator('tr[data-testid^="cart-line-"]').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('Finanzas invoices a paid sale, stamps it and downloads it', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'finanzas');
  // A sale of Ana's paid in full at the counter (by transfer), and her receiver data.
  const ana = ((await (await page.request.get('/students/api/students/?search=lopez%20martinez%20ana&page_size=1')).json()) as { data: { id: number }[] }).data[0];
  const offered = (await (await page.request.get(`/finance/api/sales/counter_concepts/?student_id=${ana.id}`)).json()) as { concepts: { id: number; kind: string }[] };
  const concept = offered.concepts.find((item) => item.kind === 'C')!;
  const opened = await page.request.post('/finance/api/sales/open/', { headers: OWN_CLIENT, data: { student_id: ana.id, concept_id: concept.id } });
  expect(opened.status()).toBe(201);
  const { sale_id: saleId } = (await opened.json()) as { sale_id: number };
  const owed = ((await (await page.request.get(`/finance/api/sales/${saleId}/`)).json()) as { total_debt: string }).total_debt;
  const transfer = ((await (await page.request.get('/manage/api/catalogs/?clas_id=8&no_paginate=true')).json()) as { id: number; code: string }[]).find((entry) => entry.code === '03')!;
  expect((await page.request.post('/finance/api/payments/', { headers: OWN_CLIENT, data: { sale_id: saleId, amount: owed, method_id: transfer.id, authorization_code: 'SPEI-E2E' } })).status()).toBe(201);
  const regime = ((await (await page.request.get('/invoices/api/fiscal-regimes/?search=605')).json()) as { data: { id: number; code: string }[] }).data.find((row) => row.code === '605')!;
  const use = ((await (await page.request.get('/invoices/api/cfdi-types/?search=D10')).json()) as { data: { id: number; code: string }[] }).data.find((row) => row.code === 'D10')!;
  const data = await page.request.post('/invoices/api/invoice-data/', { headers: OWN_CLIENT, data: { student_id: ana.id, rfc: 'ROGA800101AB1', social_reason: 'ANGELICA RODRIGUEZ GARCIA', postal_code: '44600', fiscal_regime_id: regime.id, cfdi_type_id: use.id } });
  expect(data.status()).toBe(201);

  await page.goto(`/finance/sales/${saleId}`);
  await hydrated(page);
  const panel = page.getByTestId('sale-invoice');
  await expect(panel).toContainText('La venta está pagada y aún no se factura.');
  await panel.getByTestId('sale-invoice-open').click();
  await page.getByRole('radio', { name: /ANGELICA RODRIGUEZ GARCIA · ROGA800101AB1/ }).first().check();
  await page.getByTestId('sale-invoice-confirm').click();

  await page.waitForURL(/\/invoices\/catalogs\/\d+$/);
  await hydrated(page);
  await expect(page.getByTestId('access-denied')).toHaveCount(0);
  const invoice = page.getByTestId('invoice-panel');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Pendiente');
  await invoice.getByTestId('invoice-stamp').click();
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Timbrada');
  const pdf = await page.request.get((await invoice.getByTestId('invoice-pdf').getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const xml = await page.request.get((await invoice.getByTestId('invoice-xml').getAttribute('href'))!);
  expect(xml.status()).toBe(200);
  expect(await xml.text()).toContain('tfd:TimbreFiscalDigital');
  expect(consoleErrors).toEqual([]);
});

test('today’s cash-up by method, on screen, as PDF and as a workbook', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await signIn(page, 'finanzas');
  // A cash payment of today with change, and a card payment cancelled.
  const ana = ((await (await page.request.get('/students/api/students/?search=lopez%20martinez%20ana&page_size=1')).json()) as { data: { id: number }[] }).data[0];
  const offered = (await (await page.request.get(`/finance/api/sales/counter_concepts/?student_id=${ana.id}`)).json()) as { concepts: { id: number; kind: string }[] };
  const opened = await page.request.post('/finance/api/sales/open/', { headers: OWN_CLIENT, data: { student_id: ana.id, concept_id: offered.concepts.find((item) => item.kind === 'C')!.id } });
  const { sale_id: saleId } = (await opened.json()) as { sale_id: number };
  const methods = (await (await page.request.get('/manage/api/catalogs/?clas_id=8&no_paginate=true')).json()) as { id: number; code: string }[];
  const cash = methods.find((entry) => entry.code === '01')!;
  const card = methods.find((entry) => entry.code === '04')!;
  expect((await page.request.post('/finance/api/payments/', { headers: OWN_CLIENT, data: { sale_id: saleId, amount: '10.00', method_id: cash.id, received: '20.00' } })).status()).toBe(201);
  const cardPayment = (await (await page.request.post('/finance/api/payments/', { headers: OWN_CLIENT, data: { sale_id: saleId, amount: '5.00', method_id: card.id, authorization_code: 'A-CANCEL' } })).json()) as { id: number };
  expect((await page.request.post(`/finance/api/payments/${cardPayment.id}/cancel/`, { headers: OWN_CLIENT, data: { reason: 'Cargo duplicado en terminal' } })).status()).toBe(200);

  await page.getByTestId('submenu-finance').click();
  await page.getByTestId('menu-item-finance-cash_up').click();
  await expect(page).toHaveURL(/\/finance\/cash_up$/);
  await hydrated(page);
  const table = page.getByTestId('cash-up-table');
  await expect(table).toBeVisible();
  const cashRow = table.getByTestId('cash-up-method').filter({ hasText: 'Efectivo' });
  await expect(cashRow).toBeVisible();
  expect(Number(await cashRow.locator('td').nth(0).textContent())).toBeGreaterThanOrEqual(1);
  const cardRow = table.getByTestId('cash-up-method').filter({ hasText: 'Tarjeta de crédito' });
  expect(Number(await cardRow.locator('td').nth(2).textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('cash-up-total')).toContainText('Total del día');

  // The figures on screen are the API's, and the files carry them.
  const figures = (await (await page.request.get('/finance/api/payments/cash_up/')).json()) as { total: string; count: number };
  expect(pesos(await page.getByTestId('cash-up-total').locator('td').nth(1).textContent())).toBe(Number(figures.total));
  const pdf = await page.request.get((await page.getByTestId('cash-up-pdf').getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
  expect(text).toContain('Corte de caja');
  expect(text).toContain('Efectivo');
  const xlsx = await page.request.get((await page.getByTestId('cash-up-xlsx').getAttribute('href'))!);
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
  expect(xlsx.headers()['content-disposition']).toContain('attachment');
  expect(consoleErrors).toEqual([]);
});
