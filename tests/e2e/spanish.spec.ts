// The Spanish interface speaks Spanish on every screen route: no raw field name (`first_name`),
// no untranslated message key (`fields.genre`) and no English word from the list below (menu
// groups, categories, states, enum keys) in the page, its menu, its top bar or its "new" form.
import type { Page } from '@playwright/test';
import meta from '../../server/db/generated/model-meta.json' with { type: 'json' };
import { expect, signIn, test } from './fixtures';
import { DETAILS, ROUTES } from './routes';

/** Words an untranslated screen shows: the grid's and the app's English, and the data model's keys. */
const ENGLISH = new Set([
  'Tools', 'Settings', 'Staff', 'staff', 'Name', 'Status', 'Active', 'Inactive', 'Save', 'Delete', 'Edit', 'Search', 'Actions',
  'Export', 'Rows per page', 'No rows', 'true', 'false', 'null', 'undefined', 'NaN', 'Invalid Date', 'Loading', 'Yes',
  'Pending', 'Payment', 'Reinscription', 'Cancelled', 'students', 'teachers', 'aspirants',
  // Enum keys of four letters or more (shorter ones, and OPEN/CLOSED, are also catalogue codes in
  // the data: a concept INS, a poll state OPEN), except the Spanish ones.
  ...Object.values((meta as { enums: Record<string, string[]> }).enums)
    .flat()
    .filter((value) => value.length >= 4 && !['Tasa', 'Cuota', 'Exento', 'OPEN', 'CLOSED'].includes(value)),
]);

/** The data model's own names with an underscore: a screen showing one shows a raw field name. */
const FIELD_NAMES = new Set(
  Object.values((meta as { models: Record<string, { fields: { name: string }[] }> }).models)
    .flatMap((model) => model.fields.map((field) => field.name))
    .filter((name) => name.includes('_')),
);

const MESSAGE_KEY = /\b(?:fields|menu|resource|enums|tables|records|settings|grades|shell|errors|common|academic|jobs)\.[a-z_]+(?:\.[A-Za-z_]+)*\b/g;

function problemsIn(text: string): string[] {
  const problems: string[] = [];
  // Permission codes (`sales.view`) are data that look like keys: their verbs tell them apart.
  for (const key of text.match(MESSAGE_KEY) ?? []) if (!/\.(add|change|delete|view)$/.test(key)) problems.push(`message key: ${key}`);
  for (const token of text.match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g) ?? []) if (FIELD_NAMES.has(token)) problems.push(`field name: ${token}`);
  for (const phrase of ENGLISH) {
    // A word, not part of a code (`students.view`, `A-PRE-1`).
    if (new RegExp(`(^|[^\\p{L}\\p{N}_.-])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}_.-]|\\.(?![\\p{L}\\p{N}]))`, 'u').test(text)) problems.push(`English: ${phrase}`);
  }
  return [...new Set(problems)];
}

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${document.body.innerText}`);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const grid = page.getByTestId('resource-grid').first();
  if (await grid.count()) await expect(grid.locator('.MuiDataGrid-overlay .MuiCircularProgress-root')).toHaveCount(0);
}

test.describe('the Spanish interface speaks Spanish', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ locale: 'es-MX' });
    await signIn(page, 'admin');
  });

  test.afterAll(async () => {
    await page?.close();
  });

  for (const path of ['/', ...ROUTES]) {
    test(path, async () => {
      await page.goto(path);
      await settle(page);
      const found = problemsIn(await visibleText(page));
      // The "new" form names every field it asks for.
      const create = page.getByTestId('resource-new').first();
      if (await create.isVisible()) {
        await create.click();
        const form = page.getByTestId('resource-form');
        await expect(form).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...problemsIn(await form.innerText()).map((problem) => `form: ${problem}`));
        await page.keyboard.press('Escape');
      }
      expect(found, path).toEqual([]);
    });
  }

  for (const [pattern, api] of DETAILS) {
    test(pattern, async () => {
      const answer = await page.request.get(`${api}?page_size=1&ordering=id`);
      const { data } = (await answer.json()) as { data: { id: number }[] };
      const path = pattern.replace('{id}', String(data[0].id));
      await page.goto(path);
      await settle(page);
      expect(problemsIn(await visibleText(page)), path).toEqual([]);
    });
  }
});
