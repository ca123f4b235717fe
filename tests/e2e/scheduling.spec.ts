// Control escolar and scheduling in the browser (issue 16), one story: staff build a group's week
// on the grid and hit a clash (its message names both classes), move a student to another group
// from Movimientos, and print the group's attendance list.
import { expect, hydrated, signIn, test } from './fixtures';

test('staff build a week, meet a clash, move a student and print the attendance list', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  // A first-grade group of the active period with students, and a sibling of its career to move one to.
  const cicles = (await (await page.request.get('/academic/api/cicles/?is_active=true&page_size=1&ordering=-start')).json()) as { data: { id: number; description: string }[] };
  const byGrade = (await (await page.request.get(`/students/api/students/get_groups_by_grade/?cicle_id=${cicles.data[0].id}`)).json()) as { grade: number; groups: { id: number; code: string; career_id: number; students: number }[] }[];
  const firstGrade = byGrade.find((row) => row.grade === 1)!.groups;
  const home = firstGrade.find((group) => group.students > 0 && firstGrade.some((other) => other.id !== group.id && other.career_id === group.career_id))!;
  const target = firstGrade.find((other) => other.id !== home.id && other.career_id === home.career_id)!;
  await page.request.put(`/scheduler/api/groups/${target.id}/`, { headers: { 'x-plantel-client': '1' }, data: { capacity: 0 } });

  // The week: an hour over another class of the group is refused with both names.
  await page.goto(`/scholar/scheduler/groups/${home.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Horario del grupo ${home.code}` })).toBeVisible();
  const classes = page.getByTestId('week-classes');
  const rows = classes.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const monday = page.getByTestId('week').locator('tbody tr').first();
  await expect(monday).toBeVisible();
  const first = rows.first();
  // Each class's teacher shows their hours in the period against their contract.
  await expect(classes.locator('[data-testid^="week-load-"]').first()).toContainText(/\d+(\.\d)? h (de \d+ h contratadas|en el periodo)/);
  const firstId = (await first.getAttribute('data-testid'))!.replace('week-class-', '');
  // Monday at the start of the day: another class of the group is there in the demo week.
  const week = (await (await page.request.get(`/scheduler/api/groups/week/?group_id=${home.id}`)).json()) as { classes: { id: number; hours: { week_day: number; start_hour: string; end_hour: string }[] }[] };
  const busy = week.classes.flatMap((item) => item.hours.map((hour) => ({ ...hour, id: item.id }))).find((hour) => hour.id !== Number(firstId))!;
  await page.getByTestId(`week-day-${firstId}`).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option').nth(busy.week_day - 1).click();
  await page.getByTestId(`week-start-${firstId}`).fill(busy.start_hour);
  await page.getByTestId(`week-end-${firstId}`).fill(busy.end_hour);
  await page.getByTestId(`week-add-${firstId}`).click();
  await expect(first.getByTestId('week-problem')).toContainText(/Choque de horario: el grupo .+ ya tiene .+; no puede tener también .+\./);

  // A free hour (Saturday morning) is added to the class and to the grid.
  await page.getByTestId(`week-day-${firstId}`).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Sábado' }).click();
  await page.getByTestId(`week-start-${firstId}`).fill('07:00');
  await page.getByTestId(`week-end-${firstId}`).fill('08:00');
  await page.getByTestId(`week-add-${firstId}`).click();
  await expect(first.getByText('Sáb 07:00–08:00')).toBeVisible();
  await expect(page.getByTestId('week').getByRole('columnheader', { name: 'Sábado' })).toBeVisible();

  // The group's attendance lists print as a PDF.
  const attendance = await page.request.get((await page.getByTestId('week-attendance').getAttribute('href'))!);
  expect(attendance.status()).toBe(200);
  expect(attendance.headers()['content-type']).toBe('application/pdf');

  // A student of the group moves to the sibling group from Movimientos.
  const members = (await (await page.request.get(`/scheduler/api/groups/list_students/?group_id=${home.id}`)).json()) as { students: { id: number; full_name: string; no_control: string; subject: string | null }[] };
  const mover = members.students.find((student) => !student.subject)!;
  await page.goto('/scholar/movements');
  await hydrated(page);
  await page.getByTestId('resource-new').click();
  const form = page.getByTestId('resource-form');
  const student = form.getByTestId('field-student_id');
  const searched = page.waitForResponse((answer) => answer.url().includes('/students/api/students/') && answer.url().includes(`search=${mover.no_control}`));
  await student.locator('input').fill(mover.no_control);
  await searched;
  await page.getByRole('option', { name: new RegExp(mover.no_control) }).first().click();
  const to = form.getByTestId('field-to_group_id');
  await to.getByRole('combobox').click();
  const options = page.getByRole('option').filter({ hasText: target.code });
  const count = await options.count();
  const texts = await options.allTextContents();
  // Codes repeat across periods: the option of the active period when the label names it.
  const index = Math.max(0, texts.findIndex((text) => text.includes(cicles.data[0].description)));
  expect(count).toBeGreaterThan(0);
  await options.nth(index).click();
  await page.getByTestId('resource-save').click();
  await expect(form).toBeHidden();
  const after = (await (await page.request.get(`/students/api/students/${mover.id}/`)).json()) as { current_group_id: number };
  expect(after.current_group_id).toBe(target.id);
  // The refused clash is the browser's logged 409; nothing else went wrong.
  expect(consoleErrors.filter((error) => !error.includes('status of 409'))).toEqual([]);
});
