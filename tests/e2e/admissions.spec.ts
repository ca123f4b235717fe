// Admissions in the browser (issue 15), one story: an applicant signs up, fills the pre-form and
// hands in a document; staff review them, issue the admission payment, take it at the counter and
// convert them; the new student signs in to the portal and sees their group. And: staff generate
// the next period's reinscriptions from their screen.
import { expect, hydrated, signIn, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PASSWORD = 'aspirante-2026';

async function pick(page: import('@playwright/test').Page, testId: string, option?: string | RegExp) {
  // A MUI select: its hidden input carries the test id, the visible combobox sits beside it.
  await page.getByTestId(testId).locator('xpath=..').getByRole('combobox').click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.filter({ hasNotText: '—' }).first()).click();
}

test('an applicant signs up and becomes a student who sees their group', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(180_000);
  // The applicant signs up from the applicant sign-in page.
  await page.goto('/aspirants');
  await page.getByTestId('to-signup').click();
  await page.getByTestId('signup-names').fill('Valentina');
  await page.getByTestId('signup-first_name').fill('Prueba');
  await page.getByTestId('signup-second_name').fill('Navegador');
  await page.getByTestId('signup-email').fill(`valentina.${Date.now()}@example.com`);
  await pick(page, 'signup-campus_id', 'Campus Norte');
  await pick(page, 'signup-career_id', /Sistemas/);
  await page.getByTestId('signup-web_pass').fill(PASSWORD);
  await page.getByTestId('signup-web_pass_confirm').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
  const webCode = (await page.getByTestId('signup-web-code').textContent())!.trim();
  expect(webCode).toMatch(/^A\d+$/);
  await page.getByTestId('signup-enter').click();
  await expect(page.getByTestId('aspirant-board')).toBeVisible();

  // The pre-form: career and shift (the shift is required), saved on its own step.
  const application = page.getByTestId('aspirant-application');
  await application.getByRole('tab', { name: 'Carrera y turno' }).click();
  await pick(page, 'preform-shift_id', 'Matutino');
  await page.getByTestId('preform-save').click();
  await expect(page.getByTestId('preform-saved')).toBeVisible();
  // A document handed in by type.
  await pick(page, 'document-type', 'Acta de nacimiento');
  await page.getByTestId('document-file').setInputFiles({ name: 'acta.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('aspirant-documents').getByText('Entregado, en revisión').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // Staff take it from there on the applicant's page.
  const staff = await browser.newContext();
  const desk = await staff.newPage();
  await signIn(desk, 'admin');
  const found = (await (await desk.request.get(`/inscription/api/aspirants/?search=${webCode}`)).json()) as { data: { id: number }[] };
  const aspirantId = found.data[0].id;
  await desk.goto(`/permanence/aspirants/${aspirantId}`);
  await hydrated(desk);
  const process = desk.getByTestId('aspirant-process');
  await expect(process.getByTestId('aspirant-process-status')).toHaveText('Preregistro');
  // The file: the document handed in is accepted; the original is received into the file.
  await desk.getByTestId('record-tab-documents').click();
  const file = desk.getByTestId('document-checklist');
  const acta = file.getByRole('row').filter({ hasText: 'Acta de nacimiento' }).first();
  await expect(acta).toContainText('Por revisar');
  await acta.getByRole('button', { name: 'Aceptar' }).click();
  await expect(acta).toContainText('Aceptado');
  await acta.getByRole('button', { name: 'Recibir original' }).click();
  await expect(acta).toContainText('En archivo');
  // A call to the applicant goes in their contact log.
  await desk.getByTestId('record-tab-comments').click();
  await pick(desk, 'comment-channel', 'Llamada');
  await desk.getByTestId('comment-text').fill('Se le confirmó la fecha del examen.');
  await desk.getByTestId('comment-add').click();
  await expect(desk.getByTestId('comment-entry').first()).toContainText('Se le confirmó la fecha del examen.');
  await process.getByTestId('aspirant-review_aspirant').click();
  await expect(process.getByTestId('aspirant-process-status')).toHaveText('Revisado');
  await process.getByTestId('aspirant-generate_payment').click();
  await expect(process.getByTestId('aspirant-process-done')).toContainText(/Referencia \d+ por \$/);
  // The payment at the counter: the admission charge's page, the whole debt.
  const applicant = (await (await desk.request.get(`/inscription/api/aspirants/${aspirantId}/`)).json()) as { sale_id: number };
  await desk.goto(`/finance/sales/${applicant.sale_id}`);
  await hydrated(desk);
  await desk.getByTestId('payment-take').click();
  await desk.getByTestId('charge-method').selectOption({ label: 'Efectivo' });
  await desk.getByTestId('charge-confirm').click();
  await expect(desk.getByTestId('sale-cart').getByText('La venta está pagada.')).toBeVisible();
  await desk.goto(`/permanence/aspirants/${aspirantId}`);
  await expect(desk.getByTestId('aspirant-process-status')).toHaveText('Pagado');
  // The status is in the server's HTML: a click before hydration would go nowhere.
  await hydrated(desk);
  await desk.getByTestId('aspirant-convert_to_student').click();
  const done = desk.getByTestId('aspirant-process-done');
  await expect(done).toContainText(/Alumno creado: matrícula \d+, grupo /);
  const [, noControl, group] = /matrícula (\d+), grupo (\S+)\./.exec((await done.textContent()) ?? '')!;
  // The payment tab shows the admission charge paid.
  await desk.getByTestId('record-tab-payment').click();
  await expect(desk.getByTestId('aspirant-payment-state')).toHaveText('Pagado');
  // Inscripciones lists the new student with their group and what their file still lacks.
  await desk.goto('/permanence/inscriptions');
  await hydrated(desk);
  await desk.getByTestId('inscriptions-search').fill(noControl);
  const row = desk.getByTestId('inscriptions-grid').getByRole('row').filter({ hasText: noControl });
  await expect(row).toContainText(group);
  await expect(row).toContainText('Prueba Navegador Valentina');
  await staff.close();

  // The new student signs in with their control number and the password they chose.
  const student = await browser.newContext();
  const portal = await student.newPage();
  await portal.goto('/login');
  await portal.getByTestId('login-username').fill(noControl);
  await portal.getByTestId('login-password').fill(PASSWORD);
  await portal.getByTestId('login-submit').click();
  await expect(portal).toHaveURL(/\/$/);
  await portal.goto('/portal/data');
  await expect(portal.getByText(group).first()).toBeVisible();
  await student.close();
});

test('staff generate the next period’s reinscriptions from their screen', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  // A next period for the top bar's campus, for the screen to offer.
  const shell = (await (await page.request.get('/academic/api/cicles/?is_active=true&page_size=1&ordering=-start')).json()) as { data: { id: number; campus_id: number; end: string }[] };
  const current = shell.data[0];
  const start = new Date(new Date(current.end).getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/academic/api/cicles/', { headers: { 'x-plantel-client': '1' }, data: { description: 'Periodo siguiente (e2e)', start, end: `${Number(start.slice(0, 4)) + 1}-06-30`, year: Number(start.slice(0, 4)), campus_id: current.campus_id } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/permanence/reinscriptions');
  await hydrated(page);
  const panel = page.getByTestId('reinscription-panel');
  await expect(panel.getByRole('heading', { name: 'Reinscripción al siguiente periodo' })).toBeVisible();
  await page.getByTestId('reinscription-generate').click();
  await expect(page.getByTestId('reinscription-message')).toContainText(/Se generaron \d+ reinscripciones de \d+ alumnos/, { timeout: 30_000 });
  await page.getByTestId('reinscription-groups').click();
  await expect(page.getByTestId('reinscription-message')).toContainText(/alumnos reubicados en \d+ grupos/);
  expect(consoleErrors).toEqual([]);
});

test('the applicant statistics of the period as charts, tables and a workbook', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/permanence/aspirants_stats');
  await hydrated(page);
  const view = page.getByTestId('screen-content');
  await expect(view.getByRole('heading', { name: 'Estadísticas de aspirantes' })).toBeVisible();
  await expect(page.getByTestId('stats-total')).toContainText(/\d+ aspirantes activos/);
  const byStatus = page.getByTestId('stats-by_status');
  await expect(byStatus.locator('svg').first()).toBeVisible();
  await expect(byStatus.getByRole('cell', { name: 'Preregistro' })).toBeVisible();
  const href = await page.getByTestId('stats-export').getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.headers()['content-type']).toContain('spreadsheetml');
  expect(consoleErrors).toEqual([]);
});

test('the admissions board counts the period’s applicants by step and opens the list at one', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/permanence/aspirants');
  await hydrated(page);
  const board = page.getByTestId('aspirant-board-counts');
  await expect(board.getByTestId('board-REV')).toContainText(/Revisado · \d+/);
  await board.getByTestId('board-REV').click();
  await expect(page).toHaveURL(/admission_status=REV/);
  await expect(board.getByTestId('board-REV')).toHaveClass(/MuiChip-filled/);
  expect(consoleErrors).toEqual([]);
});
