// Grade capture that survives a lost connection (issue 32), as the demo teacher: scores typed with
// the browser offline are kept on the device through a reload and sent once the connection returns
// (the same change sent twice is applied once); a score someone else changed meanwhile comes back as
// a conflict the teacher decides, and the history keeps both changes with their notes; changes
// that arrive after the window closed are refused, saying when it closed, and stay on screen.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';

// API calls a test makes with the page's cookie carry our client's marker, as the app's own calls do.
const OWN_CLIENT = { 'x-plantel-client': '1' };

type Row = { student_id: number; full_name: string; score: string | null };
type Sheet = { partials: { id: number; no: number; description: string; partial_type: string }[]; factors?: { id: number }[]; students?: Row[] };
type Partial = { id: number; description: string; allow_scores: boolean; start_eval: string | null; end_eval: string | null };
type Target = { schedule: number; partial: Partial; rows: Row[] };

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A calendar day (yyyy-mm-dd) as the screens write it. */
const shown = (day: string) => day.split('-').reverse().join('/');
/** A score different from the one a cell holds, so that typing it is a change. */
const another = (score: string | null, first = '8') => (score === first ? '7' : first);

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  return (await answer.json()) as T;
}

async function sheetOf(request: APIRequestContext, target: Target): Promise<Record<number, string | null>> {
  const sheet = await json<Sheet>(request, `/students/api/students/get_for_capture/?schedule_id=${target.schedule}&partial_id=${target.partial.id}`);
  return Object.fromEntries(sheet.students!.map((row) => [row.student_id, row.score]));
}

/** A class of the demo teacher with three students or more, on its last ordinary partial without factors (the other specs use the first). */
async function findTarget(page: Page, staff: APIRequestContext): Promise<Target> {
  const initial = await json<{ selection: { cicle_id: number } }>(page.request, '/manage/initial_data/');
  const classes = await json<{ results: { schedule_id: number }[] }>(page.request, `/scores/api/scores/capture_classes/?cicle_id=${initial.selection.cicle_id}`);
  for (const item of classes.results) {
    const base = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${item.schedule_id}`);
    // The last ordinary partial, or the one before it when an earlier spec gave that one factors
    // (grades.spec sets up factors on a last partial still to capture).
    for (const last of base.partials.filter((partial) => partial.partial_type === 'O').sort((a, b) => b.no - a.no)) {
      const sheet = await json<Sheet>(page.request, `/students/api/students/get_for_capture/?schedule_id=${item.schedule_id}&partial_id=${last.id}`);
      if (sheet.factors?.length === 0 && (sheet.students?.length ?? 0) >= 3) {
        // Its window as it is, to put back afterwards (only staff read partials).
        const partial = await json<Partial>(staff, `/academic/api/partials/${last.id}/`);
        return {
          schedule: item.schedule_id,
          partial: { id: last.id, description: last.description, allow_scores: partial.allow_scores, start_eval: partial.start_eval, end_eval: partial.end_eval },
          rows: sheet.students!.slice(0, 3),
        };
      }
    }
  }
  throw new Error('the demo teacher has no class without factors with three students');
}

/** Control escolar's session in a context of its own: the second person of these scenarios. */
async function adminSession(browser: Browser): Promise<{ context: BrowserContext; request: APIRequestContext }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin');
  return { context, request: admin.request };
}

async function setWindow(request: APIRequestContext, partial: number, window: { allow_scores: boolean; start_eval: string | null; end_eval: string | null }) {
  const answer = await request.put(`/academic/api/partials/${partial}/`, { headers: OWN_CLIENT, data: window });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The capture sheet, with its service worker in control and the page's data kept for offline use. */
async function openSheet(page: Page, target: Target) {
  await page.goto(`/teacher/scores/${target.partial.id}/${target.schedule}`);
  await hydrated(page);
  await expect(page.getByTestId('capture-grid')).toBeVisible();
  await expect(page.getByTestId('capture-window')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-offline-ready', 'true', { timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // "Ready offline" is a promise the sheet keeps: the page itself is among the copies.
  expect(await page.evaluate(async () => (await caches.match(location.pathname)) !== undefined)).toBe(true);
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-pending', '0');
}

const status = (page: Page) => page.getByTestId('offline-status');

test.describe('grade capture without a connection', () => {
  let target: Target;
  let admin: { context: BrowserContext; request: APIRequestContext };

  test.beforeEach(async ({ page, browser }) => {
    admin = await adminSession(browser);
    await signIn(page, 'docente');
    target = await findTarget(page, admin.request);
    await setWindow(admin.request, target.partial.id, { allow_scores: true, start_eval: iso(-1), end_eval: iso(2) });
  });

  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
    await setWindow(admin.request, target.partial.id, { allow_scores: target.partial.allow_scores, start_eval: target.partial.start_eval, end_eval: target.partial.end_eval });
    await admin.context.close();
  });

  test('keeps scores typed offline through a reload and sends them once the connection returns', async ({ page, context }) => {
    await openSheet(page, target);
    const before = await sheetOf(admin.request, target);
    const [first, second] = target.rows.map((row) => row.student_id);
    const typed = { [first]: another(before[first], '8.5'), [second]: another(before[second], '9') };

    await context.setOffline(true);
    await page.getByTestId(`cell-${first}-score`).fill(typed[first]);
    await page.getByTestId(`cell-${second}-score`).fill(typed[second]);
    await page.getByTestId('capture-notes').locator('input').fill('Captura sin conexión');
    await page.getByTestId('capture-save').click();
    await expect(status(page)).toHaveText('2 cambios guardados en este equipo, sin enviar');
    await expect(status(page)).toHaveAttribute('data-pending', '2');
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    // Nothing reached the server (read through Control Escolar's session, which is online).
    expect(await sheetOf(admin.request, target)).toMatchObject({ [first]: before[first], [second]: before[second] });

    // Reopened while offline: the service worker serves the sheet, the device its changes.
    await page.reload();
    await expect(page.getByTestId('capture-grid')).toBeVisible();
    await expect(page.getByTestId(`cell-${first}-score`)).toHaveValue(typed[first]);
    await expect(page.getByTestId(`cell-${second}-score`)).toHaveValue(typed[second]);
    await expect(status(page)).toHaveAttribute('data-pending', '2');

    // Back online: sent in order without a click, and the server has them.
    await context.setOffline(false);
    await expect(status(page)).toHaveText('Todo enviado', { timeout: 20_000 });
    await expect(status(page)).toHaveAttribute('data-pending', '0');
    await expect.poll(() => sheetOf(admin.request, target)).toMatchObject({ [first]: typed[first], [second]: typed[second] });

    // The same change sent twice is applied once: the retry gets the first answer and writes
    // nothing, even after Control Escolar changed the cell in between.
    const third = target.rows[2].student_id;
    const now = (await sheetOf(admin.request, target))[third];
    const change = { key: `e2e-${Date.now()}-idempotent`, schedule_id: target.schedule, partial_id: target.partial.id, student_id: third, column: 'score', value: another(now), loaded: now, notes: 'Captura sin conexión' };
    const sent = await page.request.post('/scores/api/scores/capture_change/', { headers: OWN_CLIENT, data: change });
    expect(sent.status()).toBe(200);
    const corrected = await admin.request.post('/scores/api/scores/capture/', { headers: OWN_CLIENT, data: { schedule_id: target.schedule, partial_id: target.partial.id, notes: 'Corrección', scores: [{ student_id: third, score: '6' }] } });
    expect(corrected.status()).toBe(200);
    const again = await page.request.post('/scores/api/scores/capture_change/', { headers: OWN_CLIENT, data: change });
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual(await sent.json());
    expect((await sheetOf(admin.request, target))[third]).toBe('6');
  });

  test('a score changed by someone else meanwhile is a conflict the teacher decides; the history keeps both notes', async ({ page, context }) => {
    await openSheet(page, target);
    const student = target.rows[1].student_id;
    const before = (await sheetOf(admin.request, target))[student];
    const mine = another(before, '9.5');
    const theirs = another(before, '6.5');

    await context.setOffline(true);
    await page.getByTestId(`cell-${student}-score`).fill(mine);
    await page.getByTestId('capture-notes').locator('input').fill('Examen revisado');
    await page.getByTestId('capture-save').click();
    await expect(status(page)).toHaveAttribute('data-pending', '1');

    // The second session changes the same score while the teacher is offline.
    const other = await admin.request.post('/scores/api/scores/capture/', { headers: OWN_CLIENT, data: { schedule_id: target.schedule, partial_id: target.partial.id, notes: 'Corrección de Control Escolar', scores: [{ student_id: student, score: theirs }] } });
    expect(other.status()).toBe(200);

    await context.setOffline(false);
    const conflict = page.getByTestId(`conflict-${student}-score`);
    await expect(conflict).toBeVisible({ timeout: 20_000 });
    await expect(conflict).toContainText(mine);
    await expect(conflict).toContainText(theirs);
    await expect(status(page)).toHaveAttribute('data-pending', '1');
    expect((await sheetOf(admin.request, target))[student]).toBe(theirs);

    // The teacher keeps theirs over Control Escolar's.
    await conflict.getByTestId('conflict-keep-mine').click();
    await expect(status(page)).toHaveText('Todo enviado', { timeout: 20_000 });
    await expect(conflict).toHaveCount(0);
    expect((await sheetOf(admin.request, target))[student]).toBe(mine);

    const rows = await json<{ id: number }[]>(admin.request, `/scores/api/scores/?no_paginate=true&schedule_id=${target.schedule}&partial_id=${target.partial.id}&student_id=${student}`);
    expect(rows).toHaveLength(1);
    const history = await json<{ type: string; reason?: string; changes: { field: string; old: unknown; new: unknown }[] }[]>(admin.request, `/scores/api/scores/${rows[0].id}/history/`);
    // Newest first: the teacher's change over Control Escolar's, each with its note.
    expect(history.slice(0, 2).map((entry) => [entry.changes[0]?.new, entry.reason])).toEqual([
      [mine, 'Examen revisado'],
      [theirs, 'Corrección de Control Escolar'],
    ]);
  });

  test('changes that arrive after the window closed are refused, saying when it closed, and stay on screen', async ({ page, context }) => {
    await openSheet(page, target);
    const student = target.rows[2].student_id;
    const before = (await sheetOf(admin.request, target))[student];
    const late = another(before, '7.5');

    await context.setOffline(true);
    await page.getByTestId(`cell-${student}-score`).fill(late);
    await page.getByTestId('capture-notes').locator('input').fill('Captura tardía');
    await page.getByTestId('capture-save').click();
    await expect(status(page)).toHaveAttribute('data-pending', '1');

    // The window closes while the teacher is offline.
    const closedOn = iso(-2);
    await setWindow(admin.request, target.partial.id, { allow_scores: true, start_eval: iso(-10), end_eval: closedOn });

    await context.setOffline(false);
    const refused = page.getByTestId(`refused-${student}-score`);
    await expect(refused).toBeVisible({ timeout: 20_000 });
    await expect(refused).toContainText(`La captura del ${target.partial.description} cerró el ${shown(closedOn)}`);
    // Kept: on the cell, in the count, and not on the server.
    await expect(page.getByTestId(`cell-${student}-score`)).toHaveValue(late);
    await expect(status(page)).toHaveText('1 cambio guardado en este equipo, sin enviar');
    expect((await sheetOf(admin.request, target))[student]).toBe(before);

    // Kept through a reload too, until the teacher discards it.
    await page.reload();
    await expect(page.getByTestId(`refused-${student}-score`)).toBeVisible();
    await page.getByTestId(`refused-${student}-score`).getByTestId('refused-discard').click();
    await expect(status(page)).toHaveText('Todo enviado');
  });

  test('on a shared computer the copies and unsent changes another user left are deleted, and this teacher\'s sheet still opens offline', async ({ page, context }) => {
    // Another user used this browser first: their unsent change and their kept page are on it.
    const theirPage = '/teacher/scores/999999/999999';
    await page.evaluate(async (address) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('plantel-capture', 1);
        request.onupgradeneeded = () => {
          const changes = request.result.createObjectStore('changes', { keyPath: 'key' });
          changes.createIndex('sheet', ['user_id', 'schedule_id', 'partial_id']);
          request.result.createObjectStore('meta', { keyPath: 'name' });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['changes', 'meta'], 'readwrite');
        tx.objectStore('meta').put({ name: 'owner', user_id: 999_999 });
        tx.objectStore('changes').put({ key: 'their-change', user_id: 999_999, schedule_id: 999_999, partial_id: 999_999, student_id: 1, column: 'score', value: '10', loaded: null, seq: 1 });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      await (await caches.open('plantel-capture-v1')).put(address, new Response('<p>otra sesión</p>', { headers: { 'content-type': 'text/html' } }));
    }, theirPage);

    await openSheet(page, target);
    const device = await page.evaluate(async (address) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('plantel-capture', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const read = <T,>(store: string, key: string) =>
        new Promise<T | undefined>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).get(key);
          request.onsuccess = () => resolve(request.result as T | undefined);
          request.onerror = () => reject(request.error);
        });
      const owner = await read<{ user_id: number }>('meta', 'owner');
      const theirChange = await read<unknown>('changes', 'their-change');
      db.close();
      return { owner: owner?.user_id, theirChange: theirChange ?? null, theirPage: (await caches.match(address)) !== undefined, thisPage: (await caches.match(location.pathname)) !== undefined };
    }, theirPage);
    expect(device).toMatchObject({ theirChange: null, theirPage: false, thisPage: true });
    expect(device.owner).not.toBe(999_999);

    // The copies this page asked for were kept after the other user's were deleted: it opens offline.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('capture-grid')).toBeVisible();
    await expect(page.getByTestId(`cell-${target.rows[0].student_id}-score`)).toBeVisible();
  });
});
