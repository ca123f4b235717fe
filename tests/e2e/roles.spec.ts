// What a role sees: the demo Finanzas user (role "finanzas": the Finanzas routes only) gets the
// Finanzas submenu and nothing else, every item of it opens with its data, and any other screen
// sends them home without showing its data.
import { STAFF_MENU } from '@/lib/menu';
import { expect, hydrated, signIn, test } from './fixtures';

const FINANCE = STAFF_MENU.find((submenu) => submenu.key === 'finance')!;

test('a Finanzas user sees and opens only the Finanzas screens', async ({ page, consoleErrors }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, 'finanzas');
  await expect(page.locator('[data-testid^="submenu-"]')).toHaveCount(1);
  await page.getByTestId('submenu-finance').click();
  await expect(page.locator('[data-testid^="menu-item-"]')).toHaveCount(FINANCE.items.length);

  for (const item of FINANCE.items) {
    await page.getByTestId(`menu-item-${item.route}`).click();
    await expect(page).toHaveURL(new RegExp(`${item.path}$`));
    await expect(page.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  }
  expect(refused).toEqual([]);

  // Screens of other areas: sent home, and their API refuses the data.
  for (const path of ['/scholar/students', '/academic/careers', '/settings/users', '/teacher/groups']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await hydrated(page);
  }
  expect((await page.request.get('/academic/api/teachers/')).status()).toBe(403);
  expect((await page.request.get('/manage/api/users/')).status()).toBe(403);
  // The students list is read, not changed: a sale's form searches it for the student it charges.
  expect((await page.request.get('/students/api/students/?search=a&page_size=5')).status()).toBe(200);
  expect(consoleErrors).toEqual([]);
});
