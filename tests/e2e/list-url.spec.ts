// A generic list and its address: the first page arrives with the server's HTML (the browser does
// not ask the API for it again), and the address is the list's source of truth, so another
// `?search=` in the same document (a link, Back) changes the search box and the rows without a
// reload.
import type { Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

type Career = { id: number; name: string };
type ListAnswer = { data: Career[]; elements: number };

const LIST = '/academic/careers';
const API = '/academic/api/careers/';

const rows = (page: Page) => page.getByTestId('resource-grid').getByRole('row');
const searchBox = (page: Page) => page.getByTestId('resource-search').locator('input');

/** The grid itself has replaced the plain table shown while its module loads. */
async function gridLoaded(page: Page) {
  await expect(page.getByTestId('resource-grid').locator('.MuiDataGrid-root')).toBeVisible();
  await expect(page.getByTestId('resource-rows-ssr')).toHaveCount(0);
}

// Needs the server half (the page reads the first page and passes it as `initialPage`).
test('the first page of a list comes with the HTML and is not asked for again', async ({ page }) => {
  await signIn(page, 'admin');
  const all = (await (await page.request.get(`${API}?no_paginate=true`)).json()) as Career[];
  expect(all.length).toBeGreaterThan(0);

  // The server's HTML already holds the rows, as a plain table.
  const html = await (await page.request.get(LIST)).text();
  const table = /<table[^>]*data-testid="resource-rows-ssr"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  expect(table).not.toBe('');
  expect(all.some((career) => table.includes(career.name))).toBe(true);

  // Loading the page asks the API for choices (filters) but not for the rows it already has.
  const listReads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === API && !url.searchParams.has('no_paginate')) listReads.push(url.search);
  });
  await page.goto(LIST);
  await hydrated(page);
  await gridLoaded(page);
  await page.waitForLoadState('networkidle');
  expect(listReads).toEqual([]);
});

test('another ?search= in the same document changes the box and the rows, and Back restores them', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  const first = (await (await page.request.get(`${API}?page_size=1&ordering=name`)).json()) as ListAnswer;
  const term = first.data[0].name;
  const found = (await (await page.request.get(`${API}?search=${encodeURIComponent(term)}&page_size=25`)).json()) as ListAnswer;
  const everything = (await (await page.request.get(`${API}?page_size=25`)).json()) as ListAnswer;
  expect(found.elements).toBeLessThan(everything.elements);

  await page.goto(LIST);
  await hydrated(page);
  await gridLoaded(page);
  await expect(searchBox(page)).toHaveValue('');
  await expect(rows(page)).toHaveCount(1 + Math.min(everything.elements, 25));
  // Survives only if the document does.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // A same-document navigation to the list with a search (what a link or router.push does).
  await page.evaluate((href) => window.history.pushState(null, '', href), `${LIST}?search=${encodeURIComponent(term)}`);
  await expect(searchBox(page)).toHaveValue(term);
  await expect(rows(page)).toHaveCount(1 + Math.min(found.elements, 25));
  await expect(page.getByTestId('resource-grid')).toContainText(term);

  // Back: the address without the search, and the list with it.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(searchBox(page)).toHaveValue('');
  await expect(rows(page)).toHaveCount(1 + Math.min(everything.elements, 25));

  // Typing writes the address again, still without a reload.
  await searchBox(page).fill(term);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(term);
  await expect(rows(page)).toHaveCount(1 + Math.min(found.elements, 25));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(consoleErrors).toEqual([]);
});
