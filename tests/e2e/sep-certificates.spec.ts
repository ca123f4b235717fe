// Control Escolar › Certificados electrónicos (issue 30): staff pick a student with passed subjects,
// issue their certificate of studies (total or parcial as the kardex allows), see it in the list and
// download its sealed XML, whose root is SEP's Dec with the folio the screen showed.
import { readFileSync } from 'node:fs';
import { expect, hydrated, signIn, test } from './fixtures';

type KardexRow = { student_id: number; approved: boolean; cicle_id: number | null; extra_cicle_id: number | null; ts_cicle_id: number | null };

test('staff issue a student’s electronic certificate of studies and download its XML', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  await signIn(page, 'control');
  // A student with subjects passed, each in a period the school has (the demo's oldest students passed
  // some before its first period: their certificate says which subjects lack a period), found by control number.
  const active = (await (await page.request.get('/students/api/students/?is_active=true&page_size=40&ordering=-id')).json()) as { data: { id: number; no_control: string; curp: string | null }[] };
  let student: { no_control: string } | null = null;
  for (const candidate of active.data.filter((row) => row.curp)) {
    const rows = (await (await page.request.get(`/reports/api/student-kardex/?student_id=${candidate.id}&approved=true&no_paginate=true`)).json()) as KardexRow[];
    if (rows.length > 0 && rows.every((row) => row.cicle_id !== null || row.extra_cicle_id !== null || row.ts_cicle_id !== null)) {
      student = candidate;
      break;
    }
  }
  expect(student, 'an active student with passed subjects').not.toBeNull();

  await page.goto('/scholar/certificates');
  await hydrated(page);
  const panel = page.getByTestId('certificate-issue');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('certificate-issue-one')).toBeDisabled();
  const picker = panel.getByRole('combobox', { name: 'Alumno' });
  await picker.fill(student!.no_control);
  await page.getByRole('option', { name: new RegExp(student!.no_control) }).click();
  await expect(panel.getByTestId('certificate-issue-one')).toBeEnabled();
  await panel.getByTestId('certificate-issue-one').click();

  const issued = panel.getByTestId('certificate-issued');
  await expect(issued).toBeVisible({ timeout: 20_000 });
  await expect(issued).toContainText(/Certificado (Total|Parcial) \S+ expedido y firmado/);
  const folio = /Certificado (?:Total|Parcial) (\S+) expedido/.exec((await issued.textContent()) ?? '')![1];
  // The list shows it, signed.
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Firmado');

  const download = page.waitForEvent('download');
  await issued.getByTestId('certificate-issued-xml').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${folio}.xml`);
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('<Dec xmlns="https://www.siged.sep.gob.mx/certificados/"');
  expect(xml).toContain(`folioControl="${folio}"`);
  expect(xml).toMatch(/sello="[A-Za-z0-9+/=]{300,}"/);
  expect(xml).toMatch(/<Asignatura idAsignatura="\d+"/);
  expect(consoleErrors).toEqual([]);
});
