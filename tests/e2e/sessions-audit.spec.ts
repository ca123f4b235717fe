// "Mis sesiones" and Configuración › Auditoría (issue 19, item 5). A staff user reaches their
// sessions from the user menu, sees this one marked, and ends another one (an API client's, signed
// in for the test), whose token stops working at once; a student does the same on a phone. The
// audit screen, filtered by a table, shows a change just made, opens its detail, keeps the filter
// in the address and downloads the filtered rows as a workbook.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, hydrated, signIn, test } from './fixtures';

/** Signs in through the API as a program would: a session of its own, with its token. */
async function apiSession(page: Page, username: string, userAgent: string) {
  const answer = await page.request.post('/manage/login/', { data: { username, password: DEMO_PASSWORD }, headers: { 'user-agent': userAgent } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { token: string; refresh_token: string };
  return { token: body.token, sessionId: body.refresh_token.split('.')[0] };
}

const checkSession = (page: Page, token: string) => page.request.get('/manage/check_session/', { headers: { authorization: `Bearer ${token}` } });

async function openSessionsFromUserMenu(page: Page) {
  // The button around the name: on a phone the name itself is hidden from sight.
  await page.locator('button[aria-haspopup="menu"]').filter({ has: page.getByTestId('user-name') }).click();
  await page.getByTestId('user-menu-sessions').click();
  await expect(page).toHaveURL(/\/account\/sessions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis sesiones' })).toBeVisible();
}

test('a staff user sees this session and ends another one from the user menu', async ({ page, consoleErrors }) => {
  await signIn(page, 'coordinacion');
  const script = await apiSession(page, 'coordinacion', 'curl/8.5.0');
  expect((await checkSession(page, script.token)).status()).toBe(200);

  await openSessionsFromUserMenu(page);
  await hydrated(page);
  const current = page.locator('[data-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current.getByTestId('session-current')).toHaveText('Esta sesión');
  const other = page.getByTestId(`session-${script.sessionId}`);
  await expect(other).toContainText('curl 8');
  await expect(other).toContainText('Aplicación');
  await expect(other.getByTestId('session-current')).toHaveCount(0);

  await other.getByTestId(`session-end-${script.sessionId}`).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('¿Cerrar la sesión de curl 8?');
  await dialog.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('resource-notice')).toHaveText('Sesión cerrada.');
  await expect(other).toHaveCount(0);
  await expect(current).toHaveCount(1);
  // The ended session's token is refused at once; this one still works.
  expect((await checkSession(page, script.token)).status()).toBe(401);
  expect((await page.request.get('/manage/check_session/')).status()).toBe(200);
  expect(consoleErrors).toEqual([]);
});

test('a student reaches their sessions on a phone', async ({ page, consoleErrors }) => {
  await signIn(page, 'alumno');
  const phone = await apiSession(page, 'alumno', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1');
  await page.setViewportSize({ width: 390, height: 844 });
  await openSessionsFromUserMenu(page);
  await hydrated(page);
  await expect(page.locator('[data-current="true"]').getByTestId('session-current')).toBeVisible();
  const row = page.getByTestId(`session-${phone.sessionId}`);
  await expect(row).toContainText('Safari 17 · iPhone');
  // Nothing runs off the screen sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await row.getByTestId(`session-end-${phone.sessionId}`).click();
  await page.getByTestId('confirm-yes').click();
  await expect(row).toHaveCount(0);
  expect((await checkSession(page, phone.token)).status()).toBe(401);
  expect(consoleErrors).toEqual([]);
});

test('the audit shows a change of the chosen table, its detail, and exports the filtered rows', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  // A change to audit: a country created through the API by the admin.
  const admin = await apiSession(page, 'admin', 'Playwright');
  const name = `País auditado ${Date.now().toString(36)}`;
  const code = `Q${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const created = await page.request.post('/manage/api/countries/', { data: { code, name }, headers: { authorization: `Bearer ${admin.token}` } });
  expect(created.status(), await created.text()).toBe(201);
  const country = (await created.json()) as { id: number };

  await page.goto('/settings/audit');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  const table = page.getByTestId('audit-filter-resource').locator('input');
  await table.click();
  await table.fill('Paí');
  await page.getByRole('option', { name: 'Países', exact: true }).click();
  await expect(page).toHaveURL(/[?&]resource=countries(&|$)/);

  const grid = page.getByTestId('resource-grid');
  const row = grid.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Países');
  await expect(row).toContainText('Alta');
  // Every row shown is of that table.
  const tables = await grid.locator('[role="row"] [data-field="resource_label"]').allTextContents();
  expect(tables.filter((text) => text !== 'Tabla').every((text) => text === 'Países')).toBe(true);

  await row.locator('[data-field="summary"]').click();
  const detail = page.getByTestId('audit-detail');
  await expect(detail).toContainText(`Movimiento #`);
  await expect(detail).toContainText(String(country.id));
  await expect(detail).toContainText(name);
  await expect(detail).toContainText(code);
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await expect(detail).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^auditoría_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = fs.readFileSync(await download.path());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1, 7)).toEqual(['Fecha', 'Usuario', 'Nombre de usuario', 'Tabla', 'Registro', 'Movimiento']);
  const lines: unknown[][] = [];
  sheet.eachRow((line, index) => {
    if (index > 1) lines.push((line.values as unknown[]).slice(1));
  });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((line) => line[3] === 'Países')).toBe(true);
  expect(lines.some((line) => line[4] === String(country.id) && line[5] === 'Alta' && String(line[7]).includes(name))).toBe(true);
  expect(consoleErrors).toEqual([]);
});
