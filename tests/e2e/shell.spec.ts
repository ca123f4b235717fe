import { STAFF_MENU } from '../../lib/menu';
import { expect, hydrated, signIn, test } from './fixtures';

test('the superuser sees all 13 staff submenus', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  for (const submenu of STAFF_MENU) await expect(page.getByTestId(`submenu-${submenu.key}`)).toBeVisible();
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(13);
  await expect(page.getByTestId('user-name')).toHaveText('Administrador del Sistema');
  await expect(page.getByTestId('campus-select')).toBeVisible();
  await expect(page.getByTestId('cicle-select')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a limited role sees only its items and no empty submenu; a disallowed URL lands on /', async ({ page }) => {
  await signIn(page, 'finanzas');
  // Finanzas, Becas, Facturación and Inscr./Reins. (Pagos recurrentes only): a cashier's whole job.
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(4);
  await page.getByTestId('submenu-finance').click();
  await expect(page.getByTestId('menu-item-finance-counter')).toBeVisible();
  await expect(page.getByTestId('menu-item-finance-cash_up')).toBeVisible();
  await expect(page.getByTestId('menu-item-finance-sales')).toBeVisible();

  await page.getByTestId('menu-item-finance-sales').click();
  await expect(page).toHaveURL(/\/finance\/sales$/);
  await expect(page.getByTestId('page-title')).toHaveText('Ventas');

  // Sent home, and the start page says which screen the role does not open.
  await page.goto('/settings/users');
  await expect(page).toHaveURL(/\/\?denied=settings-users$/);
  await expect(page.getByTestId('access-denied')).toContainText('Usuarios');
  await page.goto('/scholar/students/1');
  await expect(page).toHaveURL(/\/\?denied=scholar-students$/);
  await expect(page.getByTestId('access-denied')).toBeVisible();
});

test('the menu is collapsed at 1000 px and expanded at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, 'control');
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
  // 60 px drawer, of which the menu itself is all but the 1 px border.
  const width = async () => Math.round((await page.getByTestId('side-menu').boundingBox())!.width);
  expect(Math.abs((await width()) - 60)).toBeLessThanOrEqual(1);
  // Collapsed, an icon is named by a hint on hover (the tooltip loads when the menu collapses).
  await page.getByTestId('side-menu').getByRole('button', { name: 'Cerrar sesión' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Cerrar sesión' })).toBeVisible();
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'false');
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.reload();
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'false');
  expect(Math.abs((await width()) - 160)).toBeLessThanOrEqual(1);
});

test('the menu search filters items by title', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('menu-search').fill('usuar');
  await expect(page.getByTestId('menu-item-settings-users')).toBeVisible();
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(2);
  await expect(page.getByTestId('menu-item-scholar-students')).toHaveCount(0);
  await page.getByTestId('menu-search').fill('calificacion');
  await expect(page.getByTestId('menu-item-scores')).toBeVisible();
  await page.getByTestId('menu-search').fill('');
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(13);
});

test('Log Out returns to /login and the back button shows no private page', async ({ page }) => {
  await signIn(page, 'control');
  await page.goto('/scholar/students');
  await expect(page.getByTestId('page-title')).toHaveText('Alumnos');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await page.goto('/scholar/students');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the generic message', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('control');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('Usuario o contraseña incorrectos.');
  await expect(page).toHaveURL(/\/login/);
});

test('an aspirant signs in at /aspirants and gets the aspirant portal without selectors or search', async ({ page }) => {
  await page.goto('/aspirants');
  await page.getByTestId('login-web_code').fill('A202600001');
  await page.getByTestId('login-web_pass').fill('plantel2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('aspirant-board')).toBeVisible();
  await hydrated(page);
  await expect(page.getByTestId('campus-select')).toHaveCount(0);
  await expect(page.getByTestId('menu-search')).toHaveCount(0);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/aspirants/);
});

test('a student sees the portal menu and a period fixed to their group', async ({ page }) => {
  await signIn(page, 'alumno');
  for (const route of ['index', 'portal-data', 'portal-kardex', 'portal-schedule', 'portal-polls']) {
    await expect(page.getByTestId(`menu-item-${route}`)).toBeVisible();
  }
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(0);
  await expect(page.getByTestId('cicle-select')).toBeDisabled();
  await page.getByTestId('menu-item-portal-kardex').click();
  await expect(page).toHaveURL(/\/portal\/kardex$/);
  await page.goto('/settings/users');
  await expect(page).toHaveURL(/\/\?denied=settings-users$/);
  await expect(page.getByTestId('access-denied')).toBeVisible();
});

test('a teacher sees only the Profesor section', async ({ page }) => {
  await signIn(page, 'docente');
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(1);
  await expect(page.getByTestId('submenu-teacher')).toBeVisible();
});

test('an unknown URL shows the 404 page with a link home', async ({ page }) => {
  await signIn(page, 'admin');
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('not-found').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('changing the campus selects its active period and reloads', async ({ page }) => {
  await signIn(page, 'control');
  const campus = page.getByTestId('campus-select');
  await expect(campus.locator('option:checked')).toHaveText('Campus Norte');
  await campus.selectOption({ label: 'Campus Sur' });
  await expect(campus.locator('option:checked')).toHaveText('Campus Sur');
  await expect(page.getByTestId('cicle-select').locator('option:checked')).toContainText('Agosto-Diciembre');
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('campus-select').locator('option:checked')).toHaveText('Campus Sur');
});

test('the language switch shows the interface in English', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('user-name').click();
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('logout')).toContainText('Log Out');
  await expect(page.getByTestId('submenu-scholar')).toContainText('Student Records');
  await page.getByTestId('user-name').click();
  await page.getByTestId('language-es').click();
  await expect(page.getByTestId('submenu-scholar')).toContainText('Control Escolar');
});
