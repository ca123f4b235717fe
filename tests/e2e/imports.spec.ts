// Herramientas › Importar datos, the acceptance story of issue 31: Control Escolar downloads the
// students' template, fills two rows (one with a date that does not exist) under a header the
// importer does not know, uploads it, sees the error by row and column, fixes the mapping (and
// saves it), uploads the corrected file, tries it without saving, imports it with the progress
// bar, and downloads the report with each row's outcome.
import ExcelJS from 'exceljs';
import { buildCurp } from '@/lib/mx';
import { expect, hydrated, signIn, test } from './fixtures';

/** A unique pair of students per run, so the spec can run again on the same database. */
const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const student = (names: string, first: string, birthday: string, homonym: string) => ({
  curp: buildCurp({ names, firstSurname: first, secondSurname: 'Prueba', birthday, sex: 'M', state: 'JC', homonym }),
  names,
  first,
});

async function filledTemplate(template: Buffer, rows: { curp: string; names: string; first: string; birthday: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.buffer.slice(template.byteOffset, template.byteOffset + template.byteLength) as ArrayBuffer);
  const data = workbook.worksheets[0];
  const headers = (data.getRow(1).values as unknown[]).slice(1).map(String);
  // The file comes from another system: its surname column is headed "Apellido".
  data.getCell(1, headers.indexOf('Primer apellido') + 1).value = 'Apellido';
  rows.forEach((row, index) => {
    const line = data.getRow(index + 2);
    line.getCell(headers.indexOf('CURP') + 1).value = row.curp;
    line.getCell(headers.indexOf('Nombre(s)') + 1).value = row.names;
    line.getCell(headers.indexOf('Primer apellido') + 1).value = row.first;
    line.getCell(headers.indexOf('Segundo apellido') + 1).value = 'Prueba';
    line.getCell(headers.indexOf('Fecha de nacimiento') + 1).value = row.birthday;
    line.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('control escolar imports students from the template: error by row, mapping fixed, dry run, import, report', async ({ page }) => {
  test.setTimeout(180_000);
  const lucia = student('Lucía', `Imp${stamp}a`, '2005-03-12', 'A');
  const ana = student('Ana', `Imp${stamp}b`, '2004-07-01', 'B');

  await signIn(page, 'control');
  // No mapping saved for students yet (a retry of this test follows a run that saved one).
  const cleared = await page.request.put('/manage/api/imports/mapping/', { headers: { 'x-plantel-client': '1' }, data: { importer: 'students', mapping: {} } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  await page.goto('/tools/import');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Importar datos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('import-importer')).toHaveValue('students');

  // The template: its data sheet first, with the headers in Spanish.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await (await import('node:fs/promises')).readFile((await download.path())!);

  // Two rows, the second with 31/02/2004 (no such day).
  const wrong = await filledTemplate(template, [
    { ...lucia, birthday: '12/03/2005' },
    { ...ana, birthday: '31/02/2004' },
  ]);
  await page.getByTestId('import-file').setInputFiles({ name: 'alumnos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: wrong });
  await expect(page.getByTestId('import-upload')).toBeVisible();
  await expect(page.getByTestId('import-upload')).toContainText('2 renglones');
  // "Apellido" is no name the importer knows: the required column is missing.
  await expect(page.getByTestId('import-missing')).toContainText('Primer apellido');
  await expect(page.getByTestId('import-dry-run')).toBeDisabled();

  // The mapping is fixed by hand and saved for next time.
  await page.getByTestId('map-first_name').selectOption({ label: 'Apellido' });
  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  await expect(page.getByTestId('preview-row-2')).toContainText(lucia.first);
  // The wrong row's error names its row and column, under a heading in Spanish; the good row has none.
  await expect(page.getByRole('heading', { name: 'Errores', exact: true })).toBeVisible();
  await expect(page.getByTestId('import-error-3')).toContainText('Fecha de nacimiento');
  await expect(page.getByTestId('import-error-3')).toContainText('Escriba una fecha válida.');
  await expect(page.getByTestId('import-error-2')).toHaveCount(0);
  await page.getByTestId('import-save-mapping').click();
  await expect(page.getByTestId('import-notice')).toBeVisible();

  // Importing the wrong file is refused whole: nothing is saved.
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'REFUSED', { timeout: 60_000 });
  await expect(page.getByTestId('import-error-3')).toBeVisible();
  const refused = (await (await page.request.get(`/students/api/students/?search=${lucia.curp}`)).json()) as { elements: number };
  expect(refused.elements).toBe(0);

  // The corrected file: the saved mapping reads "Apellido" at once.
  const right = await filledTemplate(template, [
    { ...lucia, birthday: '12/03/2005' },
    { ...ana, birthday: '28/02/2004' },
  ]);
  await page.getByTestId('import-file').setInputFiles({ name: 'alumnos-corregido.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: right });
  await expect(page.getByTestId('import-upload')).toContainText('alumnos-corregido.xlsx');
  await expect(page.getByTestId('map-first_name')).toHaveValue(/\d+/);
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  await expect(page.getByTestId('import-no-errors')).toBeVisible();

  // A dry run says what would happen and saves nothing.
  await page.getByTestId('import-dry-run').click();
  await expect(page.getByTestId('job-progress').or(page.getByTestId('import-result')).first()).toBeVisible();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'CHECKED', { timeout: 60_000 });
  await expect(page.getByTestId('import-result')).toContainText('se crearían 2');

  // The import, with its progress bar, then its report.
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'IMPORTED', { timeout: 60_000 });
  await expect(page.getByTestId('import-result')).toContainText('2 creados');
  const created = (await (await page.request.get(`/students/api/students/?search=${ana.curp}`)).json()) as { elements: number; data: { birthday: string }[] };
  expect(created.elements).toBe(1);
  expect(created.data[0].birthday.slice(0, 10)).toBe('2004-02-28');

  const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-report').click()]);
  expect(report.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const reportBytes = await (await import('node:fs/promises')).readFile((await report.path())!);
  await workbook.xlsx.load(reportBytes.buffer.slice(reportBytes.byteOffset, reportBytes.byteOffset + reportBytes.byteLength) as ArrayBuffer);
  const outcomes: string[] = [];
  workbook.worksheets[0].eachRow((row, number) => {
    if (number > 1) outcomes.push(`${String(row.getCell(1).value)} ${String(row.getCell(2).value)}`);
  });
  expect(outcomes).toEqual(['2 Creado', '3 Creado']);

  // The past imports list the three runs of the day, the newest first.
  await expect(page.getByTestId('import-history')).toContainText('alumnos-corregido.xlsx');
});
