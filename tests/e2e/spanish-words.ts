// The Spanish interface speaks Spanish (issue 13): what a screen must not show in it — a raw field
// name (`first_name`), an untranslated message key (`fields.genre`) or an English word from the
// list below (menu groups, categories, states, enum keys). The crawl checks every route with it.
import { type Page, expect } from '@playwright/test';
import meta from '../../server/db/generated/model-meta.json' with { type: 'json' };

/** Words an untranslated screen shows: the grid's and the app's English, and the data model's keys. */
const ENGLISH = new Set([
  'Tools', 'Settings', 'Staff', 'staff', 'Name', 'Status', 'Active', 'Inactive', 'Save', 'Delete', 'Edit', 'Search', 'Actions',
  'Export', 'Rows per page', 'No rows', 'true', 'false', 'null', 'undefined', 'NaN', 'Invalid Date', 'Loading', 'Yes',
  'Pending', 'Payment', 'Reinscription', 'Cancelled', 'students', 'teachers', 'aspirants',
  // Enum keys of four letters or more (shorter ones, and OPEN/CLOSED, are also catalogue codes in
  // the data: a concept INS, a poll state OPEN), except the Spanish ones.
  ...Object.values((meta as { enums: Record<string, string[]> }).enums)
    .flat()
    .filter((value) => value.length >= 4 && !['Tasa', 'Cuota', 'Exento', 'OPEN', 'CLOSED', 'CONSTANCIA', 'BOLETA', 'CERTIFICADO', 'PARCIAL'].includes(value)),
]);

/** The data model's own names with an underscore: a screen showing one shows a raw field name. */
const FIELD_NAMES = new Set(
  Object.values((meta as { models: Record<string, { fields: { name: string }[] }> }).models)
    .flatMap((model) => model.fields.map((field) => field.name))
    .filter((name) => name.includes('_')),
);

const MESSAGE_KEY = /\b(?:fields|menu|resource|enums|tables|records|settings|grades|shell|errors|common|academic|jobs)\.[a-z_]+(?:\.[A-Za-z_]+)*\b/g;

export function problemsIn(text: string): string[] {
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

export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${document.body.innerText}`);
}

/** The problems of the page as shown, and of its "new" form when it has one (the form names every field it asks for). */
export async function spanishProblems(page: Page): Promise<string[]> {
  const found = problemsIn(await visibleText(page));
  const create = page.getByTestId('resource-new').first();
  if (await create.isVisible()) {
    const form = page.getByTestId('resource-form');
    // The shell marks the menu once React has hydrated: a click before that is lost.
    await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', /^(true|false)$/);
    // A click before the page has hydrated is lost: click again until the form opens.
    await expect(async () => {
      if ((await form.count()) === 0) await create.click();
      await expect(form).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    // Its labels are there at once; nothing it reads later (choices) is part of what it says.
    await expect(form.getByRole('progressbar')).toHaveCount(0);
    found.push(...problemsIn(await form.innerText()).map((problem) => `form: ${problem}`));
    // Left open: the crawl's next step loads another page, and an untouched form asks nothing.
  }
  return found;
}
