// Control Escolar's first week (issue 29, item 1), at 1366 px: a new student enrolled without typing
// a control number (the form shows the one she gets) lands in the chosen group, so the group's
// capture sheet and attendance list show her; her welcome sheet prints her portal user and first
// password; then she is found by her surname typed without accents and moved to another group.
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const path = await import('node:path');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    pages.push((await (await pdf.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

type Group = { id: number; code: string; career_id: number | null; capacity: number };
type Sheet = { partials: { id: number; partial_type: string }[]; students?: { student_id: number }[] };

test('control escolar enrols a new student without a number, finds her on the sheets, by her surname without accents, and moves her', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await signIn(page, 'control');
  // The groups the form offers: the top bar's period and campus. Two of one career with room (she
  // joins one, then moves to the other); the first with classes, for its capture sheet.
  const { selection } = await json<{ selection: { cicle_id: number | null; campus_id: number | null } }>(page.request, '/manage/initial_data/');
  expect(selection.cicle_id, 'the top bar has a period').toBeTruthy();
  const campus = selection.campus_id ? `&campus_id=${selection.campus_id}` : '';
  const groups = await json<Group[]>(page.request, `/scheduler/api/groups/?no_paginate=true&status=true&cicle_id=${selection.cicle_id}${campus}`);
  const withRoom: Group[] = [];
  for (const group of groups) {
    if (!group.career_id) continue;
    const enrolled = await json<{ elements: number }>(page.request, `/scheduler/api/student-groups/?group_id=${group.id}&is_current=true&status=true&subject_id=null&page_size=1`);
    if (group.capacity === 0 || enrolled.elements < group.capacity) withRoom.push(group);
  }
  let home: { group: Group; schedule: number; partial: number } | null = null;
  let target: Group | null = null;
  for (const group of withRoom) {
    const sibling = withRoom.find((other) => other.id !== group.id && other.career_id === group.career_id);
    if (!sibling) continue;
    const schedules = await json<{ id: number }[]>(page.request, `/scheduler/api/schedules/?no_paginate=true&group_id=${group.id}`);
    if (!schedules.length) continue;
    const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${schedules[0].id}`);
    const partial = sheet.partials.find((item) => item.partial_type === 'O');
    if (!partial) continue;
    home = { group, schedule: schedules[0].id, partial: partial.id };
    target = sibling;
    break;
  }
  expect(home, 'two groups of one career with room in the top bar’s period, the first with classes').not.toBeNull();
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const surname = `Ibáñez${tag}`;

  // The new student: no control number typed; the form says which one she will get.
  await page.goto('/scholar/students');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const form = page.getByTestId('resource-form');
  await expect(form).toBeVisible();
  const numberField = form.getByTestId('field-no_control');
  await expect(numberField).toContainText(/Déjelo vacío para asignar el siguiente: \S+/);
  const shown = /siguiente: (\S+)/.exec((await numberField.textContent()) ?? '')![1];
  await expect(numberField.locator('input')).toHaveValue('');
  await form.locator('input[name="first_name"]').fill(surname);
  await form.locator('input[name="second_name"]').fill('Ramírez');
  await form.locator('input[name="names"]').fill('Sofía');
  // The career first: the group offers that career's groups of the top bar's period and campus.
  await form.getByTestId('field-career_id').getByRole('combobox').click();
  await page.locator(`li[role="option"][data-value="${home!.group.career_id}"]`).click();
  await form.getByTestId('field-current_group_id').getByRole('combobox').click();
  const groupOption = page.locator(`li[role="option"][data-value="${home!.group.id}"]`);
  await expect(groupOption).toBeVisible();
  // Only groups of that career are offered.
  const offered = await page.locator('li[role="option"][data-value]').evaluateAll((items) => items.map((item) => item.getAttribute('data-value')).filter(Boolean));
  const ofCareer = new Set(groups.filter((group) => group.career_id === home!.group.career_id).map((group) => String(group.id)));
  for (const value of offered) expect(ofCareer.has(value!), `group ${value} is of the chosen career`).toBe(true);
  await groupOption.click();
  await page.getByTestId('resource-save').click();
  await expect(form).toBeHidden();

  // Her page opens: she got the number shown, and her portal account is waiting for its sheet.
  await expect(page).toHaveURL(/\/scholar\/students\/\d+$/);
  const studentId = Number(new URL(page.url()).pathname.split('/').pop());
  const student = await json<{ no_control: string; current_group_id: number }>(page.request, `/students/api/students/${studentId}/`);
  expect(student.no_control).toBe(shown);
  expect(student.current_group_id).toBe(home!.group.id);
  const portal = page.getByTestId('portal-access');
  await expect(portal.getByTestId('portal-username')).toContainText(shown);
  const [download] = await Promise.all([page.waitForEvent('download'), portal.getByTestId('portal-welcome').click()]);
  const fs = await import('node:fs');
  const sheetText = await pdfText(fs.readFileSync(await download.path()));
  expect(sheetText).toContain(shown);
  expect(sheetText).toMatch(/Contraseña inicial:\s*\S{10}/);
  await expect(portal.getByTestId('portal-outcome')).toBeVisible();
  await expect(portal.getByTestId('portal-reset')).toBeVisible();

  // The chosen group's capture sheet shows her.
  await page.goto(`/scores?group_id=${home!.group.id}&schedule_id=${home!.schedule}&partial_id=${home!.partial}`);
  await hydrated(page);
  await expect(page.getByTestId('capture-grid')).toBeVisible();
  await expect(page.getByTestId('capture-grid')).toContainText(surname);

  // And so does its attendance list.
  await page.goto('/reports/attendance_list');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Grupo', exact: true }).click();
  await page.locator(`li[role="option"][data-value="${home!.group.id}"]`).click();
  const pdfLink = page.getByTestId('attendance-all-pdf');
  await expect(pdfLink).toBeVisible();
  const attendance = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(attendance.status()).toBe(200);
  expect(await pdfText(await attendance.body())).toContain(surname);

  // Found by her surname typed without accents.
  await page.goto('/scholar/students');
  await hydrated(page);
  await page.getByTestId('resource-search').locator('input').fill(`Ibanez${tag}`);
  const grid = page.getByTestId('resource-grid');
  await expect(grid.getByRole('row').filter({ hasText: surname })).toHaveCount(1);
  await expect(grid.getByRole('row').filter({ hasText: shown })).toHaveCount(1);

  // Moved to the other group of her career (a change of group).
  await page.goto('/scholar/movements');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const moveForm = page.getByTestId('resource-form');
  const searched = page.waitForResponse((answer) => answer.url().includes('/students/api/students/') && answer.url().includes(`search=${shown}`));
  await moveForm.getByTestId('field-student_id').locator('input').fill(shown);
  await searched;
  await page.getByRole('option', { name: new RegExp(shown) }).first().click();
  await moveForm.getByTestId('field-to_group_id').getByRole('combobox').click();
  await page.locator(`li[role="option"][data-value="${target!.id}"]`).click();
  await page.getByTestId('resource-save').click();
  await expect(moveForm).toBeHidden();
  await expect.poll(async () => (await json<{ current_group_id: number }>(page.request, `/students/api/students/${studentId}/`)).current_group_id).toBe(target!.id);
  const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${home!.schedule}&partial_id=${home!.partial}`);
  expect(sheet.students?.map((row) => row.student_id)).not.toContain(studentId);
  expect(consoleErrors).toEqual([]);
});
