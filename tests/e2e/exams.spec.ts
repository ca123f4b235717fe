// Extraordinary exams through the screens: control escolar sets the exam date and deadline in the
// exam calendar; the teacher types the grade of the approved exam with the keyboard and saves; the
// consolidation screen and the student's schedule show the period's subjects.
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

// API calls a test makes with the page's cookie carry our client's marker, as the app's own calls do.
const OWN_CLIENT = { 'x-plantel-client': '1' };

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

type Initial = { selection: { cicle_id: number | null } };

test('staff dates an exam, the teacher grades it with the keyboard', async ({ page, browser, consoleErrors }) => {
  // Control escolar: a paid and approved extraordinary for a student of the demo teacher's group.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, 'admin');
  const initial = await json<Initial>(admin.request, '/manage/initial_data/');
  const teacher = await json<{ data: { id: number }[] }>(admin.request, '/academic/api/teachers/?search=DOC-001');
  const groups = await json<{ id: number; code: string }[]>(admin.request, `/scheduler/api/groups/?no_paginate=true&cicle_id=${initial.selection.cicle_id}&search=ISC-1A`);
  const group = groups.find((row) => row.code === 'ISC-1A')!;
  const schedules = await json<{ id: number; group_id: number }[]>(admin.request, `/scheduler/api/schedules/?no_paginate=true&teacher_id=${teacher.data[0].id}&group_id=${group.id}`);
  const schedule = schedules[0];
  const members = await json<{ student_id: number }[]>(admin.request, `/scheduler/api/student-groups/?no_paginate=true&group_id=${schedule.group_id}`);
  const asked = await admin.request.post('/scores/api/extraordinary/', { headers: OWN_CLIENT, data: { student_id: members[0].student_id, schedule_id: schedule.id, category: 'X', notes: 'Prueba e2e' } });
  expect(asked.status(), await asked.text()).toBe(201);
  const request = (await asked.json()) as { id: number; sale_id: number };
  const sale = await json<{ total_pay: string }>(admin.request, `/finance/api/sales/${request.sale_id}/`);
  expect((await admin.request.post('/finance/api/payments/', { headers: OWN_CLIENT, data: { sale_id: request.sale_id, amount: sale.total_pay } })).status()).toBe(201);
  expect((await admin.request.put(`/scores/api/extraordinary/${request.id}/`, { headers: OWN_CLIENT, data: { status: 'APPROVED' } })).status()).toBe(200);

  // The exam calendar: the deadline cannot come before the exam; then both are kept.
  await admin.goto('/scores/extras');
  await hydrated(admin);
  const examDate = admin.getByTestId(`exam-exam_date-${schedule.id}`);
  await expect(examDate).toBeVisible();
  await examDate.fill(iso(0));
  await admin.getByTestId(`exam-limit_capture-${schedule.id}`).fill(iso(-1));
  await admin.getByTestId('exam-dates-save').click();
  await expect(admin.getByTestId('exam-calendar')).toContainText('La fecha límite no puede ser anterior al examen.');
  await admin.getByTestId(`exam-limit_capture-${schedule.id}`).fill(iso(3));
  await admin.getByTestId('exam-dates-save').click();
  await expect(admin.getByTestId('resource-notice')).toContainText(/Se actualiz/);
  const kept = await json<{ exam_date: string; limit_capture: string }>(admin.request, `/scores/api/extraordinary/${request.id}/`);
  expect(kept.exam_date).toBe(iso(0));

  // The teacher: the exam of their schedule, graded from the keyboard.
  await signIn(page, 'docente');
  // From "My classes", the class's own link to its exams.
  await page.goto('/teacher/classes');
  await hydrated(page);
  await page.getByTestId(`row-extras-${schedule.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/extras/${schedule.id}$`));
  const cell = page.getByTestId(`exam-score-${request.id}`);
  await expect(cell).toBeEditable();
  await cell.fill('11');
  await page.getByTestId('exam-save').click();
  await expect(page.getByTestId('exam-grid')).toContainText('Escriba una calificación válida.');
  await cell.fill('7.5');
  await page.keyboard.press('Enter');
  await page.getByTestId('exam-save').click();
  await expect(page.getByTestId(`exam-score-${request.id}`)).toHaveText('7.5');
  await expect(page.getByTestId('exam-grid')).toContainText('Calificado');
  const graded = await json<{ status: string; score: string }>(admin.request, `/scores/api/extraordinary/${request.id}/`);
  expect([graded.status, graded.score]).toEqual(['GRADED', '7.5']);
  expect(consoleErrors).toEqual([]);
  await staff.close();
});

test('the consolidation shows captured and kept scores; the student sees their schedule', async ({ page, browser, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/scores/summary');
  await hydrated(page);
  await page.getByTestId('consolidation-group').click();
  await page.getByRole('option', { name: 'ISC-1A' }).click();
  await expect(page.getByTestId('consolidation-grid')).toBeVisible();
  await expect(page.getByTestId('consolidation-grid')).toContainText('López Martínez Ana');

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, 'alumno');
  await student.goto('/portal/schedule');
  await hydrated(student);
  await expect(student.getByTestId('load')).toContainText('ISC-101');
  await expect(student.getByTestId('week')).toBeVisible();
  await studentContext.close();

  // The teacher's week: their classes of the period and the weekly hours.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signIn(teacher, 'docente');
  await teacher.goto('/teacher/timer');
  await hydrated(teacher);
  await expect(teacher.getByTestId('week')).toBeVisible();
  await expect(teacher.getByTestId('classes')).toContainText('ISC-1A');
  await expect(teacher.getByTestId('week-total')).toHaveText(/^\d+(\.\d+)?$/);
  await teacherContext.close();
  expect(consoleErrors).toEqual([]);
});

test("the whole period's consolidation runs as a job and its bar shows until it ends", async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/scores/summary');
  await hydrated(page);
  const started = page.waitForResponse((answer) => answer.url().includes('/update_all_scores/') && answer.request().method() === 'POST');
  const polled = page.waitForResponse((answer) => /\/manage\/api\/jobs\/\d+\/$/.test(new URL(answer.url()).pathname));
  await page.getByTestId('consolidate-period').click();
  expect((await started).status()).toBe(202);
  expect((await polled).status()).toBe(200);
  await expect(page.getByText(/Kárdex del periodo al día: \d+ grupos/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('job-progress')).toHaveCount(0);
  await expect(page.getByTestId('consolidate-period')).toBeEnabled();
  expect(consoleErrors).toEqual([]);
});
