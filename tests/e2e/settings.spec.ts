import { expect, hydrated, signIn, test } from './fixtures';

test('an administrator makes a role and a user, and that user sees only what the role allows', async ({ page, consoleErrors }) => {
  // Unique per attempt, so a retry does not meet the first attempt's records.
  const tag = Date.now().toString(36).slice(-5);
  await signIn(page, 'admin');

  // A role "Caja" with two Finanzas screens, picked from the menu tree.
  await page.goto('/settings/roles');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const roleForm = page.getByTestId('resource-form');
  await roleForm.locator('input[name="name"]').fill(`Caja ${tag}`);
  await roleForm.locator('input[name="short"]').fill(`caja${tag}`);
  await roleForm.getByTestId('route-finance-sales').click();
  await roleForm.getByTestId('route-finance-payments').click();
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
  await expect(page.getByTestId('resource-grid')).toContainText(`caja${tag}`);

  // A user: first a validation error on its field, then a good save.
  await page.goto('/settings/users');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const userForm = page.getByTestId('resource-form');
  await page.getByTestId('resource-save').click();
  await expect(userForm.getByTestId('field-username')).toContainText('Este campo es obligatorio.');
  await userForm.locator('input[name="username"]').fill(`cajero${tag}`);
  await userForm.locator('input[name="first_name"]').fill('Carlos');
  await userForm.locator('input[name="last_name"]').fill('Caja Pérez');
  await userForm.locator('input[name="email"]').fill('cajero@example.com');
  await userForm.locator('input[name="password"]').fill('cajero-2026');
  await userForm.locator('input[name="roles"]').click();
  await page.getByRole('option', { name: new RegExp(`^Caja ${tag}`) }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
  await page.getByTestId('resource-search').locator('input').fill(`cajero${tag}`);
  await expect(page.getByTestId('resource-grid').getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`search=cajero${tag}`));

  // Its history shows the creation.
  await page.locator('[data-testid^="row-history-"]').first().click();
  await expect(page.getByTestId('history-dialog')).toContainText(`cajero${tag}`);
  await page.keyboard.press('Escape');

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, `cajero${tag}`, 'cajero-2026');
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(1);
  await page.getByTestId('submenu-finance').click();
  await expect(page.locator('[data-testid^="menu-item-"]')).toHaveCount(2);
  await page.goto('/finance/concepts');
  await hydrated(page);
  await expect(page).toHaveURL(/\/\?denied=finance-concepts$/);
  await expect(page.getByTestId('access-denied')).toBeVisible();
  expect(consoleErrors.filter((e) => !e.includes('401') && !e.includes('403'))).toEqual([]);
});

test('staff reset a password, with the mismatch message first', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/settings/users?search=coordinacion');
  await hydrated(page);
  await expect(page.getByTestId('resource-grid').getByRole('row')).toHaveCount(2);
  await page.locator('[data-testid^="row-reset_password-"]').first().click();
  const dialog = page.getByTestId('password-dialog');
  await dialog.locator('input[name="password"]').fill('nueva-clave-9');
  await dialog.locator('input[name="password_confirm"]').fill('otra-clave-9');
  await page.getByTestId('password-save').click();
  await expect(dialog).toContainText('Las contraseñas no coinciden.');
  await dialog.locator('input[name="password_confirm"]').fill('nueva-clave-9');
  await page.getByTestId('password-save').click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'coordinacion', 'nueva-clave-9');
});

test('system settings save, and the e-mail password is never shown', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/settings');
  await hydrated(page);
  const name = page.locator('input[name="institution_name"]');
  await expect(name).toHaveValue('Universidad Plantel');
  await name.fill('Universidad Plantel del Norte');
  await page.locator('input[name="email_password"]').fill('smtp-secreto');
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('resource-notice')).toBeVisible();
  await page.reload();
  await expect(page.locator('input[name="institution_name"]')).toHaveValue('Universidad Plantel del Norte');
  await expect(page.locator('input[name="email_password"]')).toHaveValue('');
  expect(await page.content()).not.toContain('smtp-secreto');
});
