// Polls in the browser (issue 18): staff build a poll with two sections and reorder a question,
// apply it; a student answers it and evaluates a teacher in the portal; the status board shows the
// answer and the results chart renders.
import { expect, hydrated, signIn, test } from './fixtures';

const OWN_CLIENT = { 'x-plantel-client': '1' };

test('staff build and apply a poll, a student answers it and evaluates a teacher, the board shows it', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  const kinds = (await (await page.request.get('/manage/api/catalogs/?clas_id=12&no_paginate=true')).json()) as { id: number; code: string }[] | { data: { id: number; code: string }[] };
  const general = (Array.isArray(kinds) ? kinds : kinds.data).find((row) => row.code === 'GEN')!;
  const poll = await page.request.post('/polls/api/polls/', { headers: OWN_CLIENT, data: { title: 'Encuesta de cafetería (e2e)', poll_type_id: general.id, is_active: true, instructions: 'Cuéntanos cómo te atiende la cafetería.' } });
  expect(poll.status()).toBe(201);
  const pollId = ((await poll.json()) as { id: number }).id;

  // The builder: two sections, two questions in the first, one in the second; then a reorder.
  await page.goto(`/polls/${pollId}`);
  await hydrated(page);
  const builder = page.getByTestId('poll-builder');
  for (const title of ['Servicio', 'Precios']) {
    await builder.getByTestId('new-section-title').fill(title);
    await builder.getByTestId('add-section').click();
    await expect(builder.getByText(new RegExp(`\\d\\. ${title}`))).toBeVisible();
  }
  const addQuestion = async (section: number, title: string) => {
    await builder.getByTestId(`add-question-${section}`).click();
    await page.getByTestId('question-title').fill(title);
    await page.getByTestId('question-save').click();
    await expect(builder.getByText(title)).toBeVisible();
  };
  await addQuestion(0, 'La atención es amable');
  await addQuestion(0, 'El servicio es rápido');
  await addQuestion(1, 'Los precios son justos');
  const first = builder.getByTestId('builder-section-0').locator('[data-testid^="builder-question-"]');
  await expect(first.nth(0)).toContainText('1. La atención es amable');
  await first.nth(0).locator('[data-testid^="question-down-"]').click();
  await expect(first.nth(0)).toContainText('1. El servicio es rápido');
  await expect(first.nth(1)).toContainText('2. La atención es amable');

  // Applied to the period of the demo student, open now.
  const ana = ((await (await page.request.get('/students/api/students/?search=L%C3%B3pez%20Mart%C3%ADnez%20Ana&page_size=5')).json()) as { data: { id: number; current_group: { id: number } | null }[] }).data[0];
  const group = (await (await page.request.get(`/scheduler/api/groups/${ana.current_group!.id}/`)).json()) as { cicle_id: number };
  const applied = await page.request.post('/polls/api/assignments/', {
    headers: OWN_CLIENT,
    data: { poll_id: pollId, cicle_id: group.cicle_id, start_at: new Date(Date.now() - 3_600_000).toISOString(), end_at: new Date(Date.now() + 86_400_000).toISOString(), status: 'OPEN', all_careers: true },
  });
  expect(applied.status()).toBe(201);
  const assignmentId = ((await applied.json()) as { id: number }).id;

  // The student answers it in the portal, section by section.
  const studentContext = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-MX' });
  const student = await studentContext.newPage();
  await signIn(student, 'alumno');
  await student.goto('/portal/polls');
  await hydrated(student);
  await student.getByTestId(`hub-open-${assignmentId}`).click();
  await student.waitForURL(new RegExp(`/portal/polls/${assignmentId}$`));
  await hydrated(student);
  // Skipping a mandatory question is refused with its name.
  await student.getByTestId('poll-next').click();
  await expect(student.getByText('Responde esta pregunta: «El servicio es rápido».')).toBeVisible();
  for (const question of await student.locator('[data-testid^="question-"]').all()) await question.getByRole('radio', { name: 'Siempre', exact: true }).check();
  await student.getByTestId('poll-next').click();
  await expect(student.getByText('Los precios son justos')).toBeVisible();
  await student.locator('[data-testid^="question-"]').first().getByRole('radio', { name: 'A veces' }).check();
  await student.getByTestId('poll-next').click();
  await expect(student.getByTestId('poll-finished')).toBeVisible();

  // And evaluates one of her teachers.
  await student.goto('/portal/polls');
  await hydrated(student);
  const evaluation = student.locator('[data-testid^="hub-open-"]').filter({ hasText: 'Evaluar a mis profesores' }).first();
  await evaluation.click();
  await student.waitForURL(/\/portal\/eval_teacher\/main\/\d+$/);
  await hydrated(student);
  const evaluate = student.locator('[data-testid^="evaluate-"]').first();
  await evaluate.click();
  await student.waitForURL(/\/portal\/eval_teacher\/\d+\?assignment_id=\d+$/);
  await hydrated(student);
  await expect(student.locator('[data-testid^="question-"]').first()).toBeVisible();
  for (const question of await student.locator('[data-testid^="question-"]').all()) {
    const always = question.getByRole('radio', { name: 'Siempre', exact: true });
    if (await always.count()) await always.check();
  }
  await student.getByTestId('evaluation-save').click();
  await student.waitForURL(/\/portal\/eval_teacher\/main\/\d+$/);
  await expect(student.getByTestId('evaluation-classes').getByText('Contestada').first()).toBeVisible();
  await studentContext.close();

  // The status board shows her answer; the results render as a chart.
  await page.goto(`/polls/aplications/status/${assignmentId}`);
  await hydrated(page);
  await expect(page.getByTestId('board-totals')).toContainText(/^[\d.]+ %1 contestadas de [\d,]+ esperadas/);
  await page.getByTestId('board-tab-results').click();
  const result = page.locator('[data-testid^="result-"]').first();
  await expect(result).toContainText('El servicio es rápido');
  await expect(result).toContainText('Promedio 5.00 de 1 respuestas');
  await expect(result.locator('svg').first()).toBeVisible();
  // The student's refused section was the student's page's; the staff page logged nothing.
  expect(consoleErrors).toEqual([]);
});
