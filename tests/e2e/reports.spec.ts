// A report screen through the UI: marketing's report opens with its chart (an svg) and its table
// with the totals row, and its workbook downloads with the same rows and the totals.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, hydrated, signIn, test } from './fixtures';

test('students for merchandising: chart, table with totals, and the workbook', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  await page.goto('/reports/students_for_merchandise');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Alumnos para mercadotecnia' })).toBeVisible();
  const report = page.getByTestId('report-students_by_school_mercha');
  await expect(report.locator('svg').first()).toBeVisible();
  const table = report.getByTestId('report-students_by_school_mercha-table');
  await expect(table.getByRole('columnheader', { name: 'Aspirantes' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Total', exact: true })).toBeVisible();
  const bodyRows = await table.locator('tbody tr').count();
  expect(bodyRows).toBeGreaterThan(0);
  const applicants = Number((await report.getByTestId('report-students_by_school_mercha-total-applicants').innerText()).replace(/\D/g, ''));
  expect(applicants).toBeGreaterThan(0);
  // The period's new students are on the same screen.
  await expect(page.getByTestId('report-new_students').locator('svg').first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), report.getByTestId('report-students_by_school_mercha-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync(await download.path());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount).toBe(bodyRows + 2);
  const totals = (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1);
  expect(totals[0]).toBe('Total');
  expect(totals).toContain(applicants);
  expect(consoleErrors).toEqual([]);
});

test('every report screen draws its report, and the staff home its figures', async ({ page, consoleErrors }) => {
  await signIn(page, 'admin');
  for (const [screen, report] of [
    ['students_by_group', 'students_by_group'],
    ['teachers_users', 'teachers_users'],
    ['student_users', 'student_users'],
    ['student_by_birthplace', 'students_by_birthplace'],
    ['student_by_school', 'students_by_school'],
  ]) {
    await page.goto(`/reports/${screen}`);
    await hydrated(page);
    await expect(page.getByTestId(`report-${report}`).locator('svg').first()).toBeVisible();
    await expect(page.getByTestId(`report-${report}-table`).getByRole('cell', { name: 'Total', exact: true })).toBeVisible();
  }
  await page.goto('/');
  await hydrated(page);
  const figures = page.getByTestId('home-figures');
  for (const figure of ['students', 'applicants', 'debts', 'pending_grades']) await expect(figures.getByTestId(`home-figure-${figure}`)).toBeVisible();
  await expect(figures.getByTestId('home-figure-applicants').locator('svg').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
