// Herramientas › Importar with the academic importers (issue 31): the administrator picks "Planes de
// estudio y materias", downloads its template, fills two subjects of a new plan (the second with
// credits that are not a number), uploads it, sees the error by row and column, uploads the
// corrected file, tries it without saving, imports it and downloads the report. The importer list
// offers the groups and the enrolments importers too.
import ExcelJS from 'exceljs';
import { expect, hydrated, signIn, test } from './fixtures';

/** A new plan per run, so the spec can run again on the same database. */
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const planCode = `E2E-${stamp}`;

type Subject = { code: string; name: string; grade: string; credits: string };

async function filledTemplate(template: Buffer, subjects: Subject[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.buffer.slice(template.byteOffset, template.byteOffset + template.byteLength) as ArrayBuffer);
  const data = workbook.worksheets[0];
  const headers = (data.getRow(1).values as unknown[]).slice(1).map(String);
  // The career as the drop-down offers it: the first entry of its list.
  const lists = workbook.getWorksheet('Listas')!;
  const careerList = (lists.getRow(1).values as unknown[]).indexOf('Carrera');
  const career = String(lists.getCell(2, careerList).value);
  const cell = (line: ExcelJS.Row, header: string) => line.getCell(headers.indexOf(header) + 1);
  subjects.forEach((subject, index) => {
    const line = data.getRow(index + 2);
    cell(line, 'Carrera').value = career;
    cell(line, 'Clave del plan').value = planCode;
    cell(line, 'Nombre del plan').value = `Plan de prueba ${stamp}`;
    cell(line, 'Clave de la materia').value = subject.code;
    cell(line, 'Nombre de la materia').value = subject.name;
    cell(line, 'Grado').value = subject.grade;
    cell(line, 'Créditos').value = subject.credits;
    line.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('the administrator imports a study plan with its subjects: error by row, dry run, import, report', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await page.goto('/tools/import');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Importar datos', level: 1 })).toBeVisible();

  // The academic importers are offered with their Spanish names.
  const importer = page.getByTestId('import-importer');
  await expect(importer.locator('option[value="plans"]')).toHaveText('Planes de estudio y materias');
  await expect(importer.locator('option[value="groups"]')).toHaveText('Grupos y horarios');
  await expect(importer.locator('option[value="enrolments"]')).toHaveText('Inscripciones');
  await importer.selectOption('plans');
  await expect(importer).toHaveValue('plans');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await (await import('node:fs/promises')).readFile((await download.path())!);

  const first: Subject = { code: `${planCode}-1`, name: 'Introducción a la prueba', grade: '1', credits: '6' };
  const second: Subject = { code: `${planCode}-2`, name: 'Prueba avanzada', grade: '2', credits: 'seis' };
  await page.getByTestId('import-file').setInputFiles({ name: 'plan.xlsx', mimeType: XLSX, buffer: await filledTemplate(template, [first, second]) });
  await expect(page.getByTestId('import-upload')).toContainText('2 renglones');
  await expect(page.getByTestId('import-missing')).toHaveCount(0);
  await expect(page.getByTestId('preview-row-2')).toContainText(first.code);
  // The wrong row's error names its row and column; the good row has none.
  await expect(page.getByTestId('import-error-3')).toContainText('Créditos');
  await expect(page.getByTestId('import-error-3')).toContainText('Escriba un número decimal.');
  await expect(page.getByTestId('import-error-2')).toHaveCount(0);

  // The corrected file (a decimal comma), tried first, then imported.
  await page.getByTestId('import-file').setInputFiles({ name: 'plan-corregido.xlsx', mimeType: XLSX, buffer: await filledTemplate(template, [first, { ...second, credits: '6,5' }]) });
  await expect(page.getByTestId('import-upload')).toContainText('plan-corregido.xlsx');
  await expect(page.getByTestId('import-no-errors')).toBeVisible();

  await page.getByTestId('import-dry-run').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'CHECKED', { timeout: 60_000 });
  await expect(page.getByTestId('import-result')).toContainText('se crearían 2');

  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'IMPORTED', { timeout: 60_000 });
  await expect(page.getByTestId('import-result')).toContainText('2 creados');

  const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-report').click()]);
  const workbook = new ExcelJS.Workbook();
  const bytes = await (await import('node:fs/promises')).readFile((await report.path())!);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const outcomes: string[] = [];
  workbook.worksheets[0].eachRow((row, number) => {
    if (number > 1) outcomes.push(`${String(row.getCell(1).value)} ${String(row.getCell(2).value)}`);
  });
  expect(outcomes).toEqual(['2 Creado', '3 Creado']);
  await expect(page.getByTestId('import-history')).toContainText('plan-corregido.xlsx');
});
