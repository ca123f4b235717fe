// Monthly tuition and the bank's statement in the browser (issue 14): staff generate the period's
// charges and follow the job's bar; a student's months at the counter are ticked and billed in one
// sale that opens to take the payment; a statement uploaded on Referencias pays the reference it
// names and lists the line it does not know; a student pays a month from the portal with a
// reference.
import { expect, hydrated, signIn, test } from './fixtures';

const OWN_CLIENT = { 'x-plantel-client': '1' };
type Month = { id: number; state: string; total: string; month: number; year: number; sale_id: number | null };
type Check = { months: Month[] };

async function shoot(page: import('@playwright/test').Page, name: string) {
  // Pictures for a person to look at, only when asked (SCREENSHOTS=dir).
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

test('staff generate the period and bill a student’s months in one sale', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/permanence/recurrent');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Generar colegiaturas' })).toBeVisible();
  await page.getByTestId('tuition-generate').click();
  await expect(page.getByTestId('job-progress')).toBeVisible();
  await expect(page.getByText(/Se generaron \d+ colegiaturas para \d+ alumnos/)).toBeVisible({ timeout: 30_000 });

  // A student with a month to pay, found by control number in the picker.
  const open = (await (await page.request.get('/finance/api/recurrents/?paid=false&ordering=year,month&page_size=50')).json()) as { data: { student_id: number }[] };
  let chosen: { id: number; noControl: string; month: Month } | null = null;
  for (const row of open.data) {
    const check = (await (await page.request.post('/finance/api/recurrents/check_student/', { headers: OWN_CLIENT, data: { student_id: row.student_id } })).json()) as Check;
    const month = check.months.find((item) => item.state === 'LATE' || item.state === 'PENDING');
    if (!month) continue;
    const student = (await (await page.request.get(`/students/api/students/${row.student_id}/`)).json()) as { no_control: string };
    chosen = { id: row.student_id, noControl: student.no_control, month };
    break;
  }
  expect(chosen, 'a student with a month to pay').not.toBeNull();
  const picker = page.getByRole('combobox', { name: 'Alumno' });
  await picker.fill(chosen!.noControl);
  await page.getByRole('option', { name: new RegExp(chosen!.noControl) }).click();
  const table = page.getByTestId('tuition-months');
  await expect(table).toBeVisible();
  // Nothing ticked: the spec's message.
  await page.getByTestId('tuition-pay').click();
  await expect(page.getByText('Seleccione al menos un mes para pagar.')).toBeVisible();
  await table.locator(`tr[data-state="${chosen!.month.state}"]`).first().getByRole('checkbox').check();
  await expect(page.getByTestId('tuition-pay')).toContainText('Cobrar 1 mes');
  await shoot(page, 'tuition-panel');
  await page.getByTestId('tuition-pay').click();
  await page.waitForURL(/\/finance\/sales\/\d+$/);
  await expect(page.getByTestId('sale-cart')).toBeVisible();
  await expect(page.locator('tr[data-testid^="cart-line-"]').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a bank statement pays the reference it names and lists the line it does not know', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  // An open reference of a sale made for the test.
  const student = ((await (await page.request.get('/students/api/students/?search=lopez%20martinez%20ana&page_size=1')).json()) as { data: { id: number }[] }).data[0];
  const sale = (await (await page.request.post('/finance/api/sales/', { headers: OWN_CLIENT, data: { student_id: student.id, notes: 'Conciliación e2e' } })).json()) as { id: number };
  await page.request.post('/finance/api/sale-details/', { headers: OWN_CLIENT, data: { sale_id: sale.id, description: 'Constancia', qty: 1, amount: '320.00', iva: '0.08' } });
  const reference = (await (await page.request.post(`/finance/api/sales/${sale.id}/reference/`, { headers: OWN_CLIENT })).json()) as { bank_ref: string };

  await page.goto('/finance/references');
  await hydrated(page);
  const panel = page.getByTestId('reconciliation');
  await expect(panel.getByRole('heading', { name: 'Conciliación bancaria' })).toBeVisible();
  const csv = `Fecha;Referencia;Importe;Autorización\n26/11/2026;${reference.bank_ref};$320.00;AUT-E2E\n26/11/2026;11112222333344445555;100.00;AUT-X\n`;
  await page.getByTestId('reconcile-file').setInputFiles({ name: 'estado.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const result = page.getByTestId('reconcile-result');
  await expect(result).toContainText('Conciliación terminada: 1 referencias pagadas, 0 ya estaban pagadas, 1 desconocidas, 0 con diferencias.', { timeout: 30_000 });
  await expect(page.getByTestId('reconcile-attention')).toContainText('11112222333344445555');
  await expect(page.getByTestId('reconcile-attention')).toContainText('Referencia desconocida');
  await shoot(page, 'reconciliation');
  const paid = (await (await page.request.get(`/finance/api/sales/${sale.id}/`)).json()) as { paid: boolean };
  expect(paid.paid).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('a student pays a month of tuition from the portal with a bank reference', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(90_000);
  // Ana needs a month to pay: when the demo data has her paid up, staff cancel the sale of her
  // latest month (its months are owed again).
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, 'admin');
  const ana = ((await (await staffPage.request.get('/students/api/students/?search=lopez%20martinez%20ana&page_size=1')).json()) as { data: { id: number }[] }).data[0];
  const check = (await (await staffPage.request.post('/finance/api/recurrents/check_student/', { headers: OWN_CLIENT, data: { student_id: ana.id } })).json()) as Check;
  if (!check.months.some((month) => month.state === 'LATE' || month.state === 'PENDING')) {
    const saleId = check.months.filter((month) => month.sale_id !== null).at(-1)!.sale_id!;
    const sale = (await (await staffPage.request.get(`/finance/api/sales/${saleId}/`)).json()) as Record<string, unknown>;
    const cancelled = await staffPage.request.put(`/finance/api/sales/${saleId}/`, { headers: OWN_CLIENT, data: { ...sale, status: false, cancel_notes: 'Cobro de prueba cancelado' } });
    expect(cancelled.status()).toBe(200);
  }
  await staff.close();

  await signIn(page, 'alumno');
  const tuition = page.getByTestId('portal-tuition');
  await expect(tuition).toBeVisible();
  await expect(tuition.getByTestId('tuition-months')).toBeVisible();
  const payable = tuition.locator('tr[data-state="LATE"], tr[data-state="PENDING"]');
  await expect(payable.first()).toBeVisible();
  await page.getByTestId('tuition-portal-pay').click();
  await expect(tuition.getByText('Seleccione al menos un mes para pagar.')).toBeVisible();
  await payable.first().getByRole('checkbox').check();
  await page.getByTestId('tuition-portal-pay').click();
  await expect(page.getByTestId('tuition-reference')).toContainText(/Referencia para pagar 1 mes: \d+ por \$/);
  await expect(tuition.locator('tr[data-state="BILLED"]').first()).toBeVisible();
  await shoot(page, 'portal-tuition');
  expect(consoleErrors).toEqual([]);
});
