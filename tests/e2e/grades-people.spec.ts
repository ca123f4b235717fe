// Grades screens for people (issue 13, item 7): a closed capture says when it opens or when it
// closed, naming the partial and the day, with its inputs disabled; staff reach a group's subject
// and partial in one picker that the address keeps across a reload; the capture sheet passes axe;
// the concentrated view marks exactly the failing grades.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

// API calls a test makes with the page's cookie carry our client's marker, as the app's own calls do.
const OWN_CLIENT = { 'x-plantel-client': '1' };

type Partial = { id: number; no: number; description: string; partial_type: string; start_eval: string | null; end_eval: string | null; allow_scores: boolean };
type Sheet = { schedule: { id: number }; partials: Partial[]; settings?: { min_approve: string }; students?: { student_id: number }[] };
type CaptureClass = { schedule_id: number; group_id: number; group_code: string };

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** `2026-12-14` as the screens write it: 14/12/2026. */
const shown = (day: string) => day.split('-').reverse().join('/');

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).slice(0, 3).join(' | ')}`);
}

test('a teacher opening a closed partial reads when it opens, or when it closed, and cannot type', async ({ page, browser, consoleErrors }) => {
  await signIn(page, 'docente');
  const initial = await json<{ selection: { cicle_id: number } }>(page.request, '/manage/initial_data/');
  const classes = await json<{ results: CaptureClass[] }>(page.request, `/scores/api/scores/capture_classes/?cicle_id=${initial.selection.cicle_id}`);
  expect(classes.results.length, 'the demo teacher has classes this period').toBeGreaterThan(0);
  // A class of the teacher with students, and its last ordinary partial.
  let target: { schedule: number; partial: Partial } | null = null;
  for (const item of classes.results) {
    const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${item.schedule_id}`);
    const partial = base.partials.filter((entry) => entry.partial_type === 'O' && entry.description.startsWith('Parcial')).sort((a, b) => b.no - a.no)[0];
    const sheet = partial && (await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${item.schedule_id}&partial_id=${partial.id}`));
    if (sheet && sheet.students!.length > 0) {
      target = { schedule: item.schedule_id, partial };
      break;
    }
  }
  expect(target).not.toBeNull();
  const { schedule, partial } = target!;

  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, 'admin');
  const setWindow = async (data: Record<string, unknown>) => {
    const answer = await admin.request.put(`/academic/api/partials/${partial.id}/`, { headers: OWN_CLIENT, data });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const cells = page.getByTestId('capture-grid').locator('input');
  try {
    // Not yet: it opens in a month.
    const opens = iso(30);
    await setWindow({ allow_scores: true, start_eval: opens, end_eval: iso(35) });
    await page.goto(`/teacher/scores/${partial.id}/${schedule}`);
    await hydrated(page);
    await expect(page.getByTestId('capture-grid')).toBeVisible();
    await expect(page.getByTestId('capture-window')).toHaveText(`La captura del ${partial.description} abre el ${shown(opens)}.`);
    expect(await cells.count()).toBeGreaterThan(0);
    for (const cell of await cells.all()) await expect(cell).toBeDisabled();
    await expect(page.getByTestId('capture-save')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Past: it closed three days ago.
    const closed = iso(-3);
    await setWindow({ allow_scores: true, start_eval: iso(-10), end_eval: closed });
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('capture-window')).toHaveText(`La captura del ${partial.description} cerró el ${shown(closed)}.`);
    for (const cell of await cells.all()) await expect(cell).toBeDisabled();

    // Open: the inputs take grades again (locked factors aside) and the sheet says until when.
    const until = iso(2);
    await setWindow({ allow_scores: true, start_eval: iso(-1), end_eval: until });
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('capture-window')).toHaveText(`Captura del ${partial.description} abierta hasta el ${shown(until)}.`);
    await expect(cells.first()).toBeEnabled();
  } finally {
    await setWindow({ allow_scores: partial.allow_scores, start_eval: partial.start_eval, end_eval: partial.end_eval });
    await staff.close();
  }
  expect(consoleErrors).toEqual([]);
});

test('staff reach a group, its subject and a partial in one picker; the address keeps the sheet', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/scores');
  await hydrated(page);
  // Typing part of the group and of the subject finds the class.
  const picker = page.getByTestId('capture-class');
  await picker.fill('isc-1a discretas');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Matemáticas discretas');
  await options.first().click();
  // The class alone opens on a partial: group, class and partial are all in the address.
  await expect(page).toHaveURL(/\/scores\?group_id=\d+&schedule_id=\d+&partial_id=\d+$/);
  await expect(page.getByTestId('capture-grid')).toBeVisible();
  const heading = await page.getByRole('heading', { level: 2 }).filter({ hasText: 'ISC-1A · ' }).first().textContent();
  expect(heading).toMatch(/^ISC-1A · /);

  // Another partial is one click.
  const buttons = page.getByTestId('capture-partial').getByRole('button');
  const other = buttons.and(page.locator('[aria-pressed="false"]')).first();
  const otherId = (await other.getAttribute('data-testid'))!.replace('capture-partial-', '');
  await other.click();
  await expect(page).toHaveURL(new RegExp(`partial_id=${otherId}$`));
  await expect(page.getByTestId(`capture-partial-${otherId}`)).toHaveAttribute('aria-pressed', 'true');
  const url = page.url();

  // A reload (or the link) opens the same sheet.
  await page.reload();
  await hydrated(page);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('capture-grid')).toBeVisible();
  await expect(page.getByTestId(`capture-partial-${otherId}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(picker).toHaveValue(/^ISC-1A · /);
  await expect(page.getByRole('heading', { level: 2, name: heading! })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("the concentrated view is a group's students × subjects grid with exactly the failing grades marked", async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  const initial = await json<{ selection: { cicle_id: number } }>(page.request, '/manage/initial_data/');
  const classes = await json<{ results: CaptureClass[] }>(page.request, `/scores/api/scores/capture_classes/?cicle_id=${initial.selection.cicle_id}`);
  const group = classes.results.find((item) => item.group_code === 'ISC-1A')!;
  const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${group.schedule_id}&partial_id=${(await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${group.schedule_id}`)).partials[0].id}`);
  const min = Number(sheet.settings!.min_approve);
  const lines = await json<{ student_id: number; subject_id: number; ord_1: string | null }[]>(page.request, `/scores/api/main-scores/?no_paginate=true&group_id=${group.group_id}`);
  const scored = lines.filter((line) => line.ord_1 !== null);
  expect(scored.length, 'the demo captured the first partial of ISC-1A').toBeGreaterThan(0);

  await page.goto(`/scores/general_summary?group_id=${group.group_id}&column=ord_1`);
  await hydrated(page);
  await expect(page.getByTestId('concentrate-grid')).toBeVisible();
  await expect(page.getByTestId('concentrate-column-ord_1')).toHaveAttribute('aria-pressed', 'true');
  const subjects = new Set(lines.map((line) => line.subject_id)).size;
  await expect(page.getByTestId('concentrate-grid').locator('thead th')).toHaveCount(subjects + 3);
  for (const line of scored) {
    const cell = page.getByTestId(`concentrate-${line.student_id}-${line.subject_id}`);
    const failing = Number(line.ord_1) < min;
    await expect(cell).toContainText(line.ord_1!);
    if (failing) await expect(cell).toHaveAttribute('data-failed', 'true');
    else await expect(cell).not.toHaveAttribute('data-failed', 'true');
  }
  expect(consoleErrors).toEqual([]);
});
