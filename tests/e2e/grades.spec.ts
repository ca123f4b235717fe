// Grades through the screens: a teacher types a partial for a group with the keyboard, sees the
// computed scores, and saves the group at once.
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

type Sheet = { partials: { id: number; partial_type: string }[]; students?: { student_id: number; score: string | null }[]; factors?: { id: number }[] };

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

test('a teacher captures a partial with the keyboard and saves the group in one go', async ({ page, browser, consoleErrors }) => {
  await signIn(page, 'docente');
  const schedules = await json<{ id: number }[]>(page.request, '/scheduler/api/schedules/?no_paginate=true');
  // A schedule and an ordinary partial with students and no scores yet, without factors.
  let target: { schedule: number; partial: number; students: number[] } | null = null;
  for (const schedule of schedules) {
    const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}`);
    for (const partial of base.partials.filter((item) => item.partial_type === 'O')) {
      const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${partial.id}`);
      if (sheet.students!.length >= 3 && sheet.students!.every((row) => row.score === null) && sheet.factors!.length === 0) {
        target = { schedule: schedule.id, partial: partial.id, students: sheet.students!.map((row) => row.student_id) };
        break;
      }
    }
    if (target) break;
  }
  expect(target, 'the demo data has a schedule to capture').not.toBeNull();

  // Control escolar opens the partial's capture window around today.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, 'admin');
  const opened = await admin.request.put(`/academic/api/partials/${target!.partial}/`, { data: { allow_scores: true, start_eval: iso(-1), end_eval: iso(2) } });
  expect(opened.status()).toBe(200);
  await staff.close();

  await page.goto(`/teacher/scores/${target!.partial}/${target!.schedule}`);
  await hydrated(page);
  const grid = page.getByTestId('capture-grid');
  await expect(grid).toBeVisible();
  const [first, second, third] = target!.students;
  await page.getByTestId(`cell-${first}-score`).click();
  // Type down the column: Enter moves to the next student, as in a spreadsheet.
  await page.keyboard.type('8.5');
  await page.keyboard.press('Enter');
  await page.keyboard.type('np');
  await page.keyboard.press('Enter');
  await page.keyboard.type('11');
  await expect(page.getByTestId(`cell-${third}-score`)).toBeFocused();
  await expect(page.getByTestId(`computed-${first}`)).toHaveText('8.5');
  await expect(page.getByTestId(`computed-${second}`)).toHaveText('NP');
  await expect(page.getByTestId(`computed-${third}`)).toHaveText('—');

  // A score out of the scale is marked on its cell and nothing is sent.
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('capture-grid')).toContainText('Escriba una calificación válida.');
  await page.keyboard.press('ArrowUp');
  await page.getByTestId(`cell-${third}-score`).fill('9');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId(`cell-${second}-score`)).toBeFocused();
  await expect(page.getByTestId('capture-save')).toContainText('3');
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('resource-notice')).toContainText('Se guardaron 3 calificaciones.');

  // Saved: the sheet reads them back.
  const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${target!.schedule}&partial_id=${target!.partial}`);
  const scores = Object.fromEntries(sheet.students!.map((row) => [row.student_id, row.score]));
  expect([scores[first], scores[second], scores[third]]).toEqual(['8.5', 'NP', '9']);
  expect(consoleErrors).toEqual([]);
});
