// Grades through the screens: a teacher types a partial for a group with the keyboard, sees the
// computed scores and saves the group at once; the student then finds the score in the kardex and
// downloads it as a PDF with their name and subjects.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

// API calls a test makes with the page's cookie carry our client's marker, as the app's own calls do.
const OWN_CLIENT = { 'x-plantel-client': '1' };

type Row = { student_id: number; full_name: string; score: string | null };
type Sheet = { schedule: { subject_id: number }; partials: { id: number; no: number; partial_type: string }[]; partial?: { no: number }; students?: Row[]; factors?: { id: number; name: string }[] };

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

async function pdfText(file: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    pages.push((await (await pdf.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

test('a teacher captures a partial with the keyboard; the student sees it in the kardex and its PDF', async ({ page, browser, consoleErrors }) => {
  await signIn(page, 'docente');
  const schedules = await json<{ id: number }[]>(page.request, '/scheduler/api/schedules/?no_paginate=true');
  // The demo student Ana López Martínez (alumno) is in a group of the demo teacher: a partial of
  // that schedule without factors, and the student with the two after her in the list.
  let target: { schedule: number; partial: number; no: number; subject: number; rows: Row[] } | null = null;
  for (const schedule of schedules) {
    const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}`);
    for (const partial of base.partials.filter((item) => item.partial_type === 'O')) {
      const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${partial.id}`);
      const index = sheet.students!.findIndex((row) => row.full_name === 'López Martínez Ana');
      if (index >= 0 && index + 2 < sheet.students!.length && sheet.factors!.length === 0) {
        target = { schedule: schedule.id, partial: partial.id, no: partial.no, subject: sheet.schedule.subject_id, rows: sheet.students!.slice(index, index + 3) };
        break;
      }
    }
    if (target) break;
  }
  expect(target, 'the demo data has the demo student in a group of the demo teacher').not.toBeNull();

  // Control escolar opens the partial's capture window around today.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, 'admin');
  const opened = await admin.request.put(`/academic/api/partials/${target!.partial}/`, { headers: OWN_CLIENT, data: { allow_scores: true, start_eval: iso(-1), end_eval: iso(2) } });
  expect(opened.status()).toBe(200);
  await staff.close();

  await page.goto(`/teacher/scores/${target!.partial}/${target!.schedule}`);
  await hydrated(page);
  await expect(page.getByTestId('capture-grid')).toBeVisible();
  const [ana, second, third] = target!.rows.map((row) => row.student_id);
  await page.getByTestId(`cell-${ana}-score`).click();
  await page.keyboard.press('Control+A');
  // Type down the column: Enter moves to the next student, as in a spreadsheet.
  await page.keyboard.type('8.5');
  await page.keyboard.press('Enter');
  await page.keyboard.type('np');
  await page.keyboard.press('Enter');
  await page.keyboard.type('11');
  await expect(page.getByTestId(`cell-${third}-score`)).toBeFocused();
  await expect(page.getByTestId(`computed-${ana}`)).toHaveText('8.5');
  await expect(page.getByTestId(`computed-${second}`)).toHaveText('NP');
  await expect(page.getByTestId(`computed-${third}`)).toHaveText('—');

  // A score out of the scale is marked on its cell and nothing is sent.
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('capture-grid')).toContainText('Escriba una calificación válida.');
  await page.getByTestId(`cell-${third}-score`).fill('9');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId(`cell-${second}-score`)).toBeFocused();
  // Scores captured before need a reason to change.
  await page.getByTestId('capture-notes').locator('input').fill('Captura del parcial');
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('resource-notice')).toContainText(/Se guard/);
  const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${target!.schedule}&partial_id=${target!.partial}`);
  const scores = Object.fromEntries(sheet.students!.map((row) => [row.student_id, row.score]));
  expect([scores[ana], scores[second], scores[third]]).toEqual(['8.5', 'NP', '9']);
  expect(consoleErrors).toEqual([]);

  // The student sees the score in the kardex, and downloads it.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, 'alumno');
  await student.goto('/portal/kardex');
  await expect(student.getByTestId('kardex')).toBeVisible();
  await expect(student.getByTestId(`current-${target!.subject}-ord_${target!.no}`)).toHaveText('8.5');
  const [download] = await Promise.all([student.waitForEvent('download'), student.getByTestId('kardex-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^K.rdex .+\.pdf$/);
  const text = await pdfText(await download.path());
  expect(text).toContain('López Martínez Ana');
  const kardex = await json<{ description: string }[]>(student.request, '/reports/api/student-kardex/?no_paginate=true');
  for (const subject of kardex.slice(0, 3)) expect(text).toContain(subject.description.slice(0, 20));
  await studentContext.close();
});

test("the fail index shows the period's failures by career, group and subject", async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  const initial = await json<{ selection: { cicle_id: number | null; campus_id: number | null } }>(page.request, '/manage/initial_data/');
  const cicle = initial.selection.cicle_id;
  const campus = initial.selection.campus_id;
  const statistic = await json<{ failed: number; total: number }>(page.request, `/scores/api/main-scores/failure_statistic/?cicle_id=${cicle}${campus ? `&campus_id=${campus}` : ''}`);
  await page.goto('/scores/fail_index');
  await hydrated(page);
  if (statistic.total === 0) {
    await expect(page.getByTestId('screen-content')).toContainText('No hay calificaciones finales');
  } else {
    await expect(page.getByTestId('fail-index-failed')).toContainText(String(statistic.failed));
    await expect(page.getByTestId('fail-index-subjects').locator('tbody tr').first()).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test('control escolar corrects a score of any group at /scores, with the reason kept', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  const initial = await json<{ selection: { cicle_id: number } }>(page.request, '/manage/initial_data/');
  const groups = await json<{ id: number; code: string }[]>(page.request, `/scheduler/api/groups/?no_paginate=true&cicle_id=${initial.selection.cicle_id}&search=ISC-1A`);
  const group = groups.find((row) => row.code === 'ISC-1A')!;
  await page.goto('/scores');
  await hydrated(page);
  // The one picker: typing the group offers its subjects; picking one puts the group and the class in the address.
  await page.getByTestId('capture-class').fill('ISC-1A');
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(page).toHaveURL(new RegExp(`group_id=${group.id}&schedule_id=\\d+`));
  // A subject and a partial that already has scores (the demo captured the first partials).
  const schedules = await json<{ id: number }[]>(page.request, `/scheduler/api/schedules/?no_paginate=true&group_id=${group.id}`);
  let found: { schedule: number; partial: number; row: Row } | null = null;
  for (const schedule of schedules) {
    const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}`);
    for (const partial of base.partials.filter((item) => item.partial_type === 'O')) {
      const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${partial.id}`);
      const row = sheet.students?.find((item) => item.score !== null && item.score !== 'NP');
      if (row && sheet.factors?.length === 0) {
        found = { schedule: schedule.id, partial: partial.id, row };
        break;
      }
    }
    if (found) break;
  }
  expect(found, 'the demo group has a captured partial without factors').not.toBeNull();
  await page.goto(`/scores?group_id=${group.id}&schedule_id=${found!.schedule}&partial_id=${found!.partial}`);
  await hydrated(page);
  const next = found!.row.score === '10' ? '9' : '10';
  await page.getByTestId(`cell-${found!.row.student_id}-score`).fill(next);
  // A change to a captured score needs its reason.
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('capture-notes')).toContainText('Escriba una nota.');
  await page.getByTestId('capture-notes').locator('input').fill('Revisión de examen');
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('resource-notice')).toContainText(/Se guard/);
  const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${found!.schedule}&partial_id=${found!.partial}`);
  expect(sheet.students!.find((row) => row.student_id === found!.row.student_id)!.score).toBe(next);
  const tracks = await json<{ notes: string }[]>(page.request, `/scores/api/scores-track/?no_paginate=true&search=${encodeURIComponent('Revisión de examen')}`);
  expect(tracks.length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('a teacher sets up the factors of a partial within five and 100 %, captures on them and closes them', async ({ page, browser, consoleErrors }) => {
  await signIn(page, 'docente');
  const schedules = await json<{ id: number }[]>(page.request, '/scheduler/api/schedules/?no_paginate=true');
  // A partial of one of the teacher's classes with neither factors nor scores yet: the last ordinary one.
  let target: { schedule: number; partial: number; student: number } | null = null;
  for (const schedule of schedules) {
    const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}`);
    const last = base.partials.filter((item) => item.partial_type === 'O').sort((a, b) => b.no - a.no)[0];
    if (!last) continue;
    const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${last.id}`);
    if (sheet.factors!.length === 0 && sheet.students!.length > 0 && sheet.students!.every((row) => row.score === null)) {
      target = { schedule: schedule.id, partial: last.id, student: sheet.students![0].student_id };
      break;
    }
  }
  expect(target, 'the demo teacher has a partial still to capture').not.toBeNull();
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, 'admin');
  expect((await admin.request.put(`/academic/api/partials/${target!.partial}/`, { headers: OWN_CLIENT, data: { allow_scores: true, start_eval: iso(-1), end_eval: iso(2) } })).status()).toBe(200);
  await staff.close();

  await page.goto(`/teacher/scores/${target!.partial}/${target!.schedule}`);
  await hydrated(page);
  const addFactor = async (name: string, value: string) => {
    await page.getByTestId('factor-name').fill(name);
    await page.getByTestId('factor-value').fill(value);
    await page.getByTestId('factor-add').click();
  };
  await addFactor('Examen', '40');
  await expect(page.getByTestId('factors-total')).toContainText('40 %');
  await addFactor('Proyecto', '60');
  await expect(page.getByTestId('factors-total')).toContainText('100 %');
  // Over 100 %: said on the field, nothing sent.
  await addFactor('Tareas', '10');
  await expect(page.getByTestId('factors')).toContainText('No puede exceder el 100 %.');
  const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${target!.schedule}&partial_id=${target!.partial}`);
  expect(sheet.factors!.map((factor) => factor.name)).toEqual(['Examen', 'Proyecto']);
  const [exam, project] = sheet.factors!.map((factor) => factor.id);

  // Decimal mode: 8 × 40 % + 9 × 60 % = 8.6, shown as it is typed.
  await page.getByTestId(`cell-${target!.student}-${exam}`).fill('8');
  await page.getByTestId(`cell-${target!.student}-${project}`).fill('9');
  await expect(page.getByTestId(`computed-${target!.student}`)).toHaveText('8.6');
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('resource-notice')).toContainText(/Se guard/);

  await page.getByTestId('factors-close').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId(`factor-${exam}`)).toContainText('Cerrado');
  await expect(page.getByTestId(`cell-${target!.student}-${exam}`)).toBeDisabled();
  const closed = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${target!.schedule}&partial_id=${target!.partial}`);
  expect(closed.students!.find((row) => row.student_id === target!.student)!.score).toBe('8.6');
  expect(consoleErrors).toEqual([]);
});
