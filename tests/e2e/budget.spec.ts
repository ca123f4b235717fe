// First-load JavaScript of a generic list page: the chunks its HTML names (what the page needs
// before it works; link prefetches after it are left out), as the browser receives them
// (compressed), with an empty cache. The target is 300 kB. MUI X DataGrid (about 130 kB
// compressed) is not among them: the list loads it next to its first rows (resource-list.tsx), so
// the figure of every script loaded until the network is idle is printed too, for the notes.
//
// The teacher's capture sheet keeps typed scores on the device and works offline (issue 32): its
// first load may carry at most 30 kB more than a list page's budget.
import type { Page, Response } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const BUDGET_BYTES = 300 * 1024;
const CAPTURE_BUDGET_BYTES = BUDGET_BYTES + 30 * 1024;

/** Scripts received by a page, by path, with their compressed size. */
function scriptSizes(page: Page) {
  const received = new Map<string, Promise<{ bytes: number; encoding: string }>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const encoding = response.headers()['content-encoding'] ?? 'identity';
    received.set(new URL(response.url()).pathname, response.request().sizes().then((sizes) => ({ bytes: sizes.responseBodySize, encoding })));
  });
  return received;
}

/** The chunks a page's HTML names, as received: their number, total and encodings. */
async function firstLoad(html: string, received: Map<string, Promise<{ bytes: number; encoding: string }>>) {
  const named = new Set(html.match(/\/_next\/static\/chunks\/[\w.-]+\.js/g) ?? []);
  const loaded = [...named].filter((path) => received.has(path));
  const sizes = await Promise.all(loaded.map((path) => received.get(path)!));
  return { files: loaded.length, total: sizes.reduce((sum, size) => sum + size.bytes, 0), sizes, encodings: [...new Set(sizes.map((size) => size.encoding))].join(', ') };
}

test('first-load JavaScript of a generic list page stays within its budget', async ({ page, browser }) => {
  await signIn(page, 'admin');
  const state = await page.context().storageState();
  // A new context has its own, empty HTTP cache.
  const context = await browser.newContext({ storageState: state });
  const fresh = await context.newPage();
  const received = scriptSizes(fresh);
  const answer = await fresh.goto('/academic/careers');
  const html = await answer!.text();
  await expect(fresh.getByTestId('resource-grid').getByRole('row').nth(1)).toBeVisible();
  // Those rows may be the server's plain table: the figure of every script waits for the grid.
  await expect(fresh.getByTestId('resource-grid').locator('.MuiDataGrid-root')).toBeVisible();
  await fresh.waitForLoadState('networkidle');

  const { files, total, sizes, encodings } = await firstLoad(html, received);
  const everything = await Promise.all([...received.values()]);
  const all = everything.reduce((sum, size) => sum + size.bytes, 0);
  console.log(`first-load JavaScript of /academic/careers: ${(total / 1024).toFixed(1)} kB in ${files} files (${encodings}); every script loaded until the network is idle (the grid, prefetches): ${(all / 1024).toFixed(1)} kB in ${everything.length} files`);
  expect(files).toBeGreaterThan(5);
  expect(sizes.every((size) => size.encoding !== 'identity' || size.bytes < 2048)).toBe(true);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  await context.close();
});

test('first-load JavaScript of the teacher’s capture sheet stays within the list budget plus 30 kB', async ({ page, browser }) => {
  await signIn(page, 'docente');
  const own = { 'x-plantel-client': '1' };
  const initial = (await (await page.request.get('/manage/initial_data/', { headers: own })).json()) as { selection: { cicle_id: number } };
  const classes = (await (await page.request.get(`/scores/api/scores/capture_classes/?cicle_id=${initial.selection.cicle_id}`, { headers: own })).json()) as { results: { schedule_id: number }[] };
  expect(classes.results.length, 'the demo teacher has classes in the period').toBeGreaterThan(0);
  const schedule = classes.results[0].schedule_id;
  const base = (await (await page.request.get(`/students/api/students/get_for_capture/?schedule_id=${schedule}`, { headers: own })).json()) as { partials: { id: number; partial_type: string; no: number }[] };
  const partial = base.partials.filter((candidate) => candidate.partial_type === 'O').sort((a, b) => a.no - b.no)[0];
  expect(partial, 'the class has an ordinary partial').toBeTruthy();

  const state = await page.context().storageState();
  // A new context: an empty HTTP cache and no service worker yet.
  const context = await browser.newContext({ storageState: state });
  const fresh = await context.newPage();
  const received = scriptSizes(fresh);
  const answer = await fresh.goto(`/teacher/scores/${partial.id}/${schedule}`);
  const html = await answer!.text();
  await expect(fresh.getByTestId('capture-grid')).toBeVisible();
  await expect(fresh.getByTestId('offline-status')).toBeVisible();
  const { files, total, sizes, encodings } = await firstLoad(html, received);
  console.log(`first-load JavaScript of the capture sheet: ${(total / 1024).toFixed(1)} kB in ${files} files (${encodings})`);
  expect(files).toBeGreaterThan(5);
  expect(sizes.every((size) => size.encoding !== 'identity' || size.bytes < 2048)).toBe(true);
  expect(total).toBeLessThanOrEqual(CAPTURE_BUDGET_BYTES);
  await context.close();
});
