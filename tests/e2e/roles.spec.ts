// What a role sees: the demo Finanzas user (role "finanzas": a cashier's whole job, issue 29) gets
// the Finanzas, Becas and Facturación submenus and Inscr./Reins. with only Pagos recurrentes; every
// Finanzas item opens with its data, and any other screen sends them home, saying why, without
// showing its data.
import { STAFF_MENU } from '@/lib/menu';
import { expect, hydrated, signIn, test } from './fixtures';

const FINANCE = STAFF_MENU.find((submenu) => submenu.key === 'finance')!;

test('a Finanzas user sees and opens only the Finanzas screens', async ({ page, consoleErrors }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, 'finanzas');
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(4);
  for (const key of ['finance', 'scholarships', 'invoices', 'permanence']) await expect(page.getByTestId(`submenu-${key}`)).toBeVisible();
  await page.getByTestId('submenu-finance').click();
  await expect(page.getByTestId('submenu-finance').locator('..').locator('[data-testid^="menu-item-"]')).toHaveCount(FINANCE.items.length);

  // The counter and the cash-up are screens of their own; the rest are lists.
  const OWN_SCREEN: Record<string, string> = { 'finance-counter': 'counter', 'finance-cash_up': 'cash-up-table' };
  for (const item of FINANCE.items) {
    await page.getByTestId(`menu-item-${item.route}`).click();
    await expect(page).toHaveURL(new RegExp(`${item.path}$`));
    if (OWN_SCREEN[item.route]) await expect(page.getByTestId(OWN_SCREEN[item.route])).toBeVisible();
    else await expect(page.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  }
  expect(refused).toEqual([]);

  // Screens of other areas: sent home with the reason, and their API refuses the data.
  for (const path of ['/scholar/students', '/academic/careers', '/settings/users', '/teacher/groups']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/\?denied=[\w-]+$/);
    await expect(page.getByTestId('access-denied')).toContainText('su rol no incluye esa pantalla');
    await hydrated(page);
  }
  expect((await page.request.get('/academic/api/teachers/')).status()).toBe(403);
  expect((await page.request.get('/manage/api/users/')).status()).toBe(403);
  // The students list is read, not changed: a sale's form searches it for the student it charges.
  expect((await page.request.get('/students/api/students/?search=a&page_size=5')).status()).toBe(200);
  expect(consoleErrors).toEqual([]);
});
