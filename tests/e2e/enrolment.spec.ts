// Enrolling is one operation (issue 27): a new student saved from the student form with a "Grupo
// actual" is enrolled in that group, so the group's teacher finds her on the capture sheet.
import type { APIRequestContext } from '@playwright/test';
import { chooseOption, expect, hydrated, signIn, test } from './fixtures';

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

type Sheet = { partials: { id: number; partial_type: string }[]; students?: { student_id: number; full_name: string }[] };

test('the student form enrols a new student in the chosen group; she is on the teacher’s capture sheet', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  // A class of the demo teacher: its group is the one the new student joins.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signIn(teacher, 'docente');
  const schedules = await json<{ id: number; group_id: number }[]>(teacher.request, '/scheduler/api/schedules/?no_paginate=true');
  expect(schedules.length).toBeGreaterThan(0);

  await signIn(page, 'admin');
  // A group of hers with room for one more (a full group refuses the enrolment with 409), among
  // those the form offers: the top bar's period and campus.
  const { selection } = await json<{ selection: { cicle_id: number | null; campus_id: number | null } }>(page.request, '/manage/initial_data/');
  const offered = await json<{ id: number }[]>(page.request, `/scheduler/api/groups/?no_paginate=true&status=true${selection.cicle_id ? `&cicle_id=${selection.cicle_id}` : ''}${selection.campus_id ? `&campus_id=${selection.campus_id}` : ''}`);
  const offeredIds = new Set(offered.map((row) => row.id));
  let schedule: { id: number; group_id: number } | null = null;
  let group: { id: number; code: string; capacity: number; career_id: number | null } | null = null;
  for (const candidate of schedules) {
    if (!offeredIds.has(candidate.group_id)) continue;
    const shown = await json<{ id: number; code: string; capacity: number; career_id: number | null }>(page.request, `/scheduler/api/groups/${candidate.group_id}/`);
    if (!shown.career_id) continue;
    const enrolled = await json<{ elements: number }>(page.request, `/scheduler/api/student-groups/?group_id=${shown.id}&is_current=true&page_size=1`);
    if (shown.capacity === 0 || enrolled.elements < shown.capacity) {
      schedule = candidate;
      group = shown;
      break;
    }
  }
  expect(group, 'a group of the demo teacher has room').not.toBeNull();
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const surname = `Inscrita${tag}`;

  await page.goto('/scholar/students');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const form = page.getByTestId('resource-form');
  await form.locator('input[name="no_control"]').fill(`E${tag}`);
  await form.locator('input[name="first_name"]').fill(surname);
  await form.locator('input[name="names"]').fill('Lucía');
  // The career, then the group (of that career), by their values in the lists of choices.
  await form.getByTestId('field-career_id').getByRole('combobox').click();
  await page.locator(`li[role="option"][data-value="${group!.career_id}"]`).click();
  await form.getByTestId('field-current_group_id').getByRole('combobox').click();
  await chooseOption(page, page.locator(`li[role="option"][data-value="${group!.id}"]`));
  await page.getByTestId('resource-save').click();
  await expect(form).toHaveCount(0);
  // Her page opens, with her portal access.
  await expect(page).toHaveURL(/\/scholar\/students\/\d+$/);
  await expect(page.getByTestId('portal-access')).toBeVisible();

  const found = await json<{ data: { id: number; current_group_id: number | null; no_control: string }[] }>(page.request, `/students/api/students/?search=${surname}`);
  expect(found.data).toHaveLength(1);
  const student = found.data[0];
  expect(student.current_group_id).toBe(group!.id);
  expect(student.no_control).toBeTruthy();
  // Her enrolment is the group's current one.
  const enrolments = await json<{ group_id: number; is_current: boolean }[]>(page.request, `/scheduler/api/student-groups/?student_id=${student.id}&no_paginate=true`);
  expect(enrolments.filter((row) => row.is_current).map((row) => row.group_id)).toEqual([group!.id]);

  // The teacher opens the class's capture sheet and finds her there.
  const base = await json<Sheet>(teacher.request, `/students/api/students/get_for_capture/?schedule_id=${schedule!.id}`);
  const partial = base.partials.find((item) => item.partial_type === 'O')!;
  await teacher.goto(`/teacher/scores/${partial.id}/${schedule!.id}`);
  await hydrated(teacher);
  await expect(teacher.getByTestId('capture-grid')).toBeVisible();
  await expect(teacher.getByTestId('capture-grid')).toContainText(surname);
  await teacherContext.close();
  expect(consoleErrors).toEqual([]);
});
