// First-load JavaScript of a generic list page: the chunks its HTML names (what the page needs
// before it works; link prefetches after it are left out), as the browser receives them
// (compressed), with an empty cache. The target is 300 kB. MUI X DataGrid (about 130 kB
// compressed) is not among them: the list loads it next to its first rows (resource-list.tsx), so
// the figure of every script loaded until the network is idle is printed too, for the notes.
import { expect, signIn, test } from './fixtures';

const BUDGET_BYTES = 300 * 1024;

test('first-load JavaScript of a generic list page stays within its budget', async ({ page, browser }) => {
  await signIn(page, 'admin');
  const state = await page.context().storageState();
  // A new context has its own, empty HTTP cache.
  const context = await browser.newContext({ storageState: state });
  const fresh = await context.newPage();
  const received = new Map<string, Promise<{ bytes: number; encoding: string }>>();
  fresh.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const encoding = response.headers()['content-encoding'] ?? 'identity';
    received.set(new URL(response.url()).pathname, response.request().sizes().then((sizes) => ({ bytes: sizes.responseBodySize, encoding })));
  });
  const answer = await fresh.goto('/academic/careers');
  const html = await answer!.text();
  await expect(fresh.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  // Those rows may be the server's plain table: the figure of every script waits for the grid.
  await expect(fresh.getByTestId('resource-grid').locator('.MuiDataGrid-root')).toBeVisible();
  await fresh.waitForLoadState('networkidle');

  const named = new Set(html.match(/\/_next\/static\/chunks\/[\w.-]+\.js/g) ?? []);
  const loaded = [...named].filter((path) => received.has(path));
  const sizes = await Promise.all(loaded.map((path) => received.get(path)!));
  const total = sizes.reduce((sum, size) => sum + size.bytes, 0);
  const encodings = [...new Set(sizes.map((size) => size.encoding))].join(', ');
  const everything = await Promise.all([...received.values()]);
  const all = everything.reduce((sum, size) => sum + size.bytes, 0);
  console.log(`first-load JavaScript of /academic/careers: ${(total / 1024).toFixed(1)} kB in ${loaded.length} files (${encodings}); every script loaded until the network is idle (the grid, prefetches): ${(all / 1024).toFixed(1)} kB in ${everything.length} files`);
  expect(loaded.length).toBeGreaterThan(5);
  expect(sizes.every((size) => size.encoding !== 'identity' || size.bytes < 2048)).toBe(true);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  await context.close();
});
