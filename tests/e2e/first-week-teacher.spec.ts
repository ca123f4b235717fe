// A teacher's first week (issue 29, item 6), as the demo teacher at 1366 px: from Mis clases a
// labelled button opens the capture of the partial open today and the grade typed there is saved;
// Mis resultados shows their evaluations' results, or the day they appear.
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

// API calls a test makes with the page's cookie carry our client's marker, as the app's own calls do.
const OWN_CLIENT = { 'x-plantel-client': '1' };

type CaptureState = { state: 'open' | 'next' | 'none'; partial_id: number | null; partial: string | null };
type TeacherClass = { schedule_id: number; capture: CaptureState };
type Sheet = { partials: { id: number; no: number; description: string; partial_type: string }[]; factors?: { id: number }[]; students?: { student_id: number; score: string | null }[] };

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A day as the screens write it (dd/mm/yyyy), in the school's time zone. */
const shown = (date: Date) => new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

/** Control escolar's session, for what a teacher cannot do (open a window, apply an evaluation). */
async function asAdmin<T>(browser: Browser, work: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin');
  try {
    return await work(admin.request);
  } finally {
    await context.close();
  }
}

test.describe('a teacher at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test('opens the open partial from Mis clases with its labelled button and captures a grade that stays saved', async ({ page, browser, consoleErrors }) => {
    await signIn(page, 'docente');
    const initial = await json<{ selection: { cicle_id: number } }>(page.request, '/manage/initial_data/');
    const cicleId = initial.selection.cicle_id;
    const classes = await json<{ results: TeacherClass[] }>(page.request, `/scores/api/scores/my_classes/?cicle_id=${cicleId}`);
    expect(classes.results.length, 'the demo teacher has classes in the period').toBeGreaterThan(0);

    // A class whose first ordinary partial is typed directly (no factors) and has students.
    let target: { schedule: number; partial: { id: number; description: string }; student: number } | null = null;
    for (const item of classes.results) {
      const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${item.schedule_id}`);
      const first = base.partials.filter((partial) => partial.partial_type === 'O').sort((a, b) => a.no - b.no)[0];
      if (!first) continue;
      const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${item.schedule_id}&partial_id=${first.id}`);
      if (sheet.factors?.length === 0 && sheet.students?.length) {
        target = { schedule: item.schedule_id, partial: { id: first.id, description: first.description }, student: sheet.students[0].student_id };
        break;
      }
    }
    expect(target, 'a class of the demo teacher without factors').not.toBeNull();

    // Control escolar opens that partial's window around today.
    await asAdmin(browser, async (request) => {
      const opened = await request.put(`/academic/api/partials/${target!.partial.id}/`, { headers: OWN_CLIENT, data: { allow_scores: true, start_eval: iso(-1), end_eval: iso(2) } });
      expect(opened.status()).toBe(200);
    });

    await page.goto('/teacher/classes');
    await hydrated(page);
    await expect(page.getByTestId('teacher-classes')).toBeVisible();
    await expect(page.getByTestId(`class-capture-${target!.schedule}`)).toHaveAttribute('data-state', 'open');
    const capture = page.getByTestId(`row-scores-${target!.schedule}`);
    // A labelled button, not a bare icon: it names the partial it opens.
    await expect(capture).toHaveText(`Capturar ${target!.partial.description}`);
    await expect(page.getByTestId(`row-extras-${target!.schedule}`)).toHaveText('Extraordinarios');
    await capture.click();
    await expect(page).toHaveURL(new RegExp(`/teacher/scores/${target!.partial.id}/${target!.schedule}$`));

    await expect(page.getByTestId('capture-grid')).toBeVisible();
    const cell = page.getByTestId(`cell-${target!.student}-score`);
    await expect(cell).toBeEditable();
    await cell.fill('9');
    // A score captured before needs a reason to change; a new one ignores it.
    await page.getByTestId('capture-notes').locator('input').fill('Captura de la primera semana');
    await page.getByTestId('capture-save').click();
    await expect(page.getByTestId('resource-notice')).toContainText(/Se guard/);

    // Saved: the sheet read again has it, on the screen and through the API.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId(`computed-${target!.student}`)).toHaveText('9');
    const saved = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${target!.schedule}&partial_id=${target!.partial.id}`);
    expect(saved.students!.find((row) => row.student_id === target!.student)?.score).toBe('9');
    expect(consoleErrors).toEqual([]);
  });

  test('sees their results in Mis resultados, or the day they appear', async ({ page, browser, consoleErrors }) => {
    await signIn(page, 'docente');
    const initial = await json<{ selection: { cicle_id: number } }>(page.request, '/manage/initial_data/');
    // A teacher evaluation of their period, still being answered: its results appear when it closes.
    const end = new Date(Date.now() + 5 * 86_400_000);
    const assignmentId = await asAdmin(browser, async (request) => {
      const polls = await json<{ id: number; is_active: boolean; poll_type: { code?: string } | null }[]>(request, '/polls/api/polls/?no_paginate=true');
      const evaluation = polls.find((poll) => poll.is_active && poll.poll_type?.code === 'DOC');
      expect(evaluation, 'the demo has a teacher evaluation').toBeDefined();
      const made = await request.post('/polls/api/assignments/', {
        headers: OWN_CLIENT,
        data: { poll_id: evaluation!.id, cicle_id: initial.selection.cicle_id, start_at: new Date(Date.now() - 3_600_000).toISOString(), end_at: end.toISOString(), status: 'OPEN', all_careers: true },
      });
      expect(made.status()).toBe(201);
      return ((await made.json()) as { id: number }).id;
    });

    try {
      // Mis resultados is one of the Profesor section's screens on the teacher's home.
      await page.goto('/');
      await hydrated(page);
      await page.getByTestId('home-card-teacher-results').click();
      await expect(page).toHaveURL(/\/teacher\/results$/);
      await hydrated(page);
      await expect(page.getByTestId('teacher-results')).toBeVisible();

      await page.getByTestId(`teacher-results-${assignmentId}`).click();
      await expect(page.getByTestId('teacher-results-appear')).toContainText(shown(end));

      // A closed one shows its means, or says there are too few evaluations to show them.
      const mine = await json<{ assignment_id: number; closed: boolean; below_minimum: boolean; evaluations: number | null }[]>(page.request, '/polls/api/assignments/my_evaluations/');
      const closed = mine.find((row) => row.closed && row.evaluations);
      if (closed) {
        await page.getByTestId(`teacher-results-${closed.assignment_id}`).click();
        await expect(page.getByTestId(closed.below_minimum ? 'teacher-results-below' : 'teacher-results-means')).toBeVisible();
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      // Nobody answered it: an empty application may be deleted.
      await asAdmin(browser, async (request) => {
        await request.delete(`/polls/api/assignments/${assignmentId}/`, { headers: OWN_CLIENT });
      });
    }
  });
});
