// A study plan's page: the order of its subjects within a grade, changed with the arrow buttons
// (keyboard) and by dragging, saved once, and kept after a reload.
import { type Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

const codesOf = async (page: Page, grade: number) =>
  page.getByTestId(`subject-order-grade-${grade}`).locator('li').evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent ?? ''));

test('subjects are reordered with the arrows and by dragging, and the order is kept', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  const plans = (await (await page.request.get('/academic/api/study-plans/?page_size=1&ordering=id')).json()) as { data: { id: number }[] };
  await page.goto(`/academic/study_plans/${plans.data[0].id}`);
  await hydrated(page);
  const panel = page.getByTestId('subject-order');
  await expect(panel.getByTestId('subject-order-grade-1').locator('li').nth(2)).toBeVisible();
  const before = await codesOf(page, 1);
  await expect(panel.getByTestId('subject-order-save')).toBeDisabled();

  // The first subject goes down one place with its arrow, from the keyboard.
  const first = panel.getByTestId('subject-order-grade-1').locator('li').first();
  await first.getByRole('button', { name: /^Bajar / }).focus();
  await page.keyboard.press('Enter');
  expect(await codesOf(page, 1)).toEqual([before[1], before[0], ...before.slice(2)]);

  // The last one is dragged to the top.
  const items = panel.getByTestId('subject-order-grade-1').locator('li');
  await items.last().dragTo(items.first());
  const expected = [before[before.length - 1], before[1], before[0], ...before.slice(2, -1)];
  expect(await codesOf(page, 1)).toEqual(expected);

  await panel.getByTestId('subject-order-save').click();
  await expect(page.getByTestId('resource-notice')).toContainText('Orden de las materias guardado.');
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('subject-order-grade-1').locator('li').first()).toContainText(expected[0]);
  expect(await codesOf(page, 1)).toEqual(expected);
  expect(consoleErrors).toEqual([]);
});

test("a subject's prerequisites are picked among the subjects of its plan", async ({ page }) => {
  await signIn(page, 'admin');
  const plans = (await (await page.request.get('/academic/api/study-plans/?page_size=1&ordering=id')).json()) as { data: { id: number }[] };
  const planId = plans.data[0].id;
  const subjects = (await (await page.request.get(`/academic/api/subjects/?study_plan_id=${planId}&no_paginate=true&ordering=grade,order`)).json()) as { id: number; grade: number; code: string; description: string }[];
  const target = subjects.find((subject) => subject.grade === 2)!;
  const prerequisite = subjects.find((subject) => subject.grade === 1)!;
  await page.goto(`/academic/study_plans/${planId}`);
  await hydrated(page);

  await page.getByTestId('record-children').getByRole('tab', { name: /^Materias \(/ }).click();
  const list = page.locator('section').filter({ has: page.getByRole('heading', { name: /^materias$/i }) });
  await list.getByTestId('resource-search').locator('input').fill(target.code);
  await expect(list.getByTestId('resource-grid').getByRole('row')).toHaveCount(2);
  await list.getByTestId(`row-edit-${target.id}`).click();
  const form = page.getByTestId('resource-form');
  await form.locator('input[name="serialized"]').fill(prerequisite.description.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(prerequisite.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await page.keyboard.press('Escape');
  // A subject is never offered as its own prerequisite.
  await form.locator('input[name="serialized"]').fill(target.description.slice(0, 12));
  await expect(page.getByRole('option', { name: new RegExp(`^${target.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await form.getByTestId('resource-save').click();
  await expect(form).toHaveCount(0);
  const saved = (await (await page.request.get(`/academic/api/subjects/${target.id}/`)).json()) as { serialized: { id: number }[] };
  expect(saved.serialized.map((subject) => subject.id)).toContain(prerequisite.id);
});
