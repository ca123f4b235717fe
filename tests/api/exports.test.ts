// Exports in the Spanish interface read in Spanish (issue 13, item 6): every list resource's
// workbook, read back with exceljs, is headed by labels (never a raw field name nor an English
// word), its cells say enum values and yes/no in Spanish with no ISO timestamps, and its file is
// named after the table in Spanish. Dates are date cells (dd/mm/yyyy) and csv text; money is a
// number; phone numbers keep their +; the kardex PDF follows the interface language's cookie
// whatever the browser's Accept-Language says.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { META, modelMeta } from '@/server/engine/model';
import { RESOURCES } from '@/server/modules/registry';
import { catalog } from '@/messages';
import type { Messages } from '@/lib/i18n';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';

/** The Spanish interface, in a browser whose own language is English. */
const SPANISH_UI = { cookie: 'NEXT_LOCALE=es', lang: 'en-US,en;q=0.9' };

/** English words that are no Spanish word: a header or a cell showing one was left untranslated. */
const ENGLISH = new Set(
  ['Name', 'Names', 'Status', 'Active', 'Inactive', 'Created', 'Updated', 'Modified', 'Date', 'Description', 'Code', 'Number', 'Notes', 'Amount', 'Type', 'Start', 'End', 'Student', 'Teacher', 'Group', 'Subject', 'Career', 'Period', 'Phone', 'Email', 'Address', 'User', 'Username', 'Score', 'Paid', 'Yes', 'staff', 'Applicant', 'true', 'false', 'null', 'undefined', 'Id', '[object Object]'].map((word) => word.toLowerCase()),
);

function own(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Enum keys whose Spanish name differs from the key (PRE -> Preregistro): shown raw, they are untranslated. */
const ENUM_KEYS = new Set(
  Object.entries(META.enums).flatMap(([type, values]) => values.filter((value) => value.length >= 3 && own(catalog.es, `enums.${type}.${value}`) !== value)),
);

const RAW_NAME = /^[a-z]+(_[a-z]+)*$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

let admin = '';
beforeAll(async () => {
  admin = await tokenFor('admin');
});

async function workbookOf(body: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body);
  return workbook.worksheets[0];
}

/** The file name a Content-Disposition gives, decoded from its filename*. */
function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  return encoded ? decodeURIComponent(encoded[1]) : '';
}

function rowValues(sheet: ExcelJS.Worksheet, number: number): unknown[] {
  return (sheet.getRow(number).values as unknown[]).slice(1);
}

function csvLines(body: ArrayBuffer): string[][] {
  // The tests' values hold no commas, quotes or line breaks: a plain split reads them.
  return new TextDecoder()
    .decode(body)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

/** A page of a resource's rows is enough: the export is limited to the ids of the list's first page. */
async function exportPage(base: string, format: 'xlsx' | 'csv', extra = '') {
  const definition = RESOURCES.find((d) => d.base === base)!;
  const list = await call('GET', `${base}?page_size=15${extra}`, { token: admin, ...SPANISH_UI });
  expect(list.status).toBe(200);
  const ids = (list.body.data as { id: number }[]).map((row) => row.id);
  const filter = ids.length && definition.filters.id ? `&id=${ids.join(',')}` : extra;
  return call<ArrayBuffer>('GET', `${base}export/?format=${format}${filter}`, { token: admin, raw: true, ...SPANISH_UI });
}

describe.each(RESOURCES.map((definition) => [definition.base, definition] as const))('the Spanish export of %s', (base, definition) => {
  it('is headed by Spanish labels, says values in Spanish and is named in Spanish', async () => {
    const file = await exportPage(base, 'xlsx');
    expect(file.status).toBe(200);
    const table = own(catalog.es, `tables.${definition.table}`)!;
    expect(table).toBeTruthy();
    expect(fileNameOf(file.headers.get('content-disposition'))).toMatch(new RegExp(`^${table.replace(/\s+/g, '_').replace(/[.()]/g, '\\$&')}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const sheet = await workbookOf(file.body);
    const headers = rowValues(sheet, 1).map(String);
    expect(headers.length).toBeGreaterThan(0);
    const fieldNames = new Set(definition.model ? modelMeta(definition.model).fields.map((f) => f.name) : []);
    const wrong = headers.filter((header) => RAW_NAME.test(header) || fieldNames.has(header) || ENGLISH.has(header.toLowerCase()) || ENUM_KEYS.has(header));
    expect(wrong).toEqual([]);
    const untranslated: unknown[] = [];
    // Codes are data as stored (a role's abbreviation "teacher", a catalogue's key "OPEN").
    const codes = new Set(['code', 'short', 'username', 'web_code', 'no_control'].map((field) => own(catalog.es, `fields.${field}`)));
    for (let number = 2; number <= sheet.rowCount; number += 1) {
      for (const [index, value] of rowValues(sheet, number).entries()) {
        if (typeof value !== 'string' || codes.has(headers[index])) continue;
        if (ENUM_KEYS.has(value) || ENGLISH.has(value.toLowerCase()) || ISO_TIMESTAMP.test(value)) untranslated.push(value);
      }
    }
    expect(untranslated).toEqual([]);
  });
});

describe('cells of an export', () => {
  const phone = '+52 33 1234 5678';
  const attack = "=cmd|' /C calc'!A0";
  let company = 0;

  beforeAll(async () => {
    company = (await prisma.company.create({ data: { name: attack, telephone: phone, contact: '-15.50' } })).id;
  });
  afterAll(async () => {
    await prisma.company.delete({ where: { id: company } });
  });

  it('writes dates as date cells in xlsx and dd/mm/yyyy in csv, with no ISO timestamps', async () => {
    const cicle = await prisma.cicle.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const xlsx = await call<ArrayBuffer>('GET', `academic/api/cicles/export/?format=xlsx&id=${cicle.id}`, { token: admin, raw: true, ...SPANISH_UI });
    const sheet = await workbookOf(xlsx.body);
    const headers = rowValues(sheet, 1);
    const start = sheet.getRow(2).getCell(headers.indexOf('Inicio') + 1);
    expect(start.value).toEqual(new Date(`${cicle.start.toISOString().slice(0, 10)}T00:00:00Z`));
    expect(start.numFmt).toBe('dd/mm/yyyy');
    const created = sheet.getRow(2).getCell(headers.indexOf('Creado') + 1);
    expect(created.value).toBeInstanceOf(Date);
    expect(created.numFmt).toBe('dd/mm/yyyy hh:mm');

    const csv = csvLines((await call<ArrayBuffer>('GET', `academic/api/cicles/export/?format=csv&id=${cicle.id}`, { token: admin, raw: true, ...SPANISH_UI })).body);
    const day = cicle.start.toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(csv[1][csv[0].indexOf('Inicio')]).toBe(day);
    expect(csv[1][csv[0].indexOf('Creado')]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(csv[1].filter((cell) => /\d{4}-\d{2}-\d{2}/.test(cell))).toEqual([]);
  });

  it('writes money as a number of two decimals', async () => {
    const concept = await prisma.concept.findFirstOrThrow({ where: { amount: { gt: 0 } }, orderBy: { id: 'asc' } });
    const sheet = await workbookOf((await call<ArrayBuffer>('GET', `finance/api/concepts/export/?format=xlsx&id=${concept.id}`, { token: admin, raw: true, ...SPANISH_UI })).body);
    const amount = sheet.getRow(2).getCell(rowValues(sheet, 1).indexOf('Importe') + 1);
    expect(amount.value).toBe(Number(concept.amount.toFixed(2)));
    expect(amount.numFmt).toBe('#,##0.00');
  });

  it('keeps phone numbers and amounts as typed, and csv formulas neutralised', async () => {
    const sheet = await workbookOf((await call<ArrayBuffer>('GET', `students/api/companies/export/?format=xlsx&id=${company}`, { token: admin, raw: true, ...SPANISH_UI })).body);
    const headers = rowValues(sheet, 1);
    const row = rowValues(sheet, 2);
    // xlsx: text cells are values, never formulas, so nothing needs an apostrophe.
    expect(row[headers.indexOf('Teléfono')]).toBe(phone);
    expect(row[headers.indexOf('Contacto')]).toBe('-15.50');
    expect(row[headers.indexOf('Nombre')]).toBe(attack);
    expect(sheet.getRow(2).getCell(headers.indexOf('Nombre') + 1).type).toBe(ExcelJS.ValueType.String);
    const text = new TextDecoder().decode((await call<ArrayBuffer>('GET', `students/api/companies/export/?format=csv&id=${company}`, { token: admin, raw: true, ...SPANISH_UI })).body);
    expect(text).toContain(`,${phone},`);
    expect(text).toContain(',-15.50,');
    expect(text).toContain(`'${attack}`);
    expect(text).not.toContain(`'${phone}`);
  });

  it('is in English for the English interface, even from a Spanish browser', async () => {
    const file = await call<ArrayBuffer>('GET', `students/api/companies/export/?format=csv&id=${company}`, { token: admin, raw: true, cookie: 'NEXT_LOCALE=en', lang: 'es-MX,es;q=0.9' });
    expect(fileNameOf(file.headers.get('content-disposition'))).toMatch(/^companies_\d{4}-\d{2}-\d{2}\.csv$/);
    const [headers, row] = csvLines(file.body);
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Phone', 'Status']));
    expect(row[headers.indexOf('Status')]).toBe('Yes');
  });
});

describe('the kardex PDF', () => {
  it.each([
    ['en', 'es-MX,es;q=0.9', /Issued on \d{2}\/\d{2}\/\d{4}/, 'Credits earned', 'Emitido el', 'Kardex '],
    ['es', 'en-US,en;q=0.9', /Emitido el \d{2}\/\d{2}\/\d{4}/, own(catalog.es, 'grades.kardex_credits')!, 'Issued on', 'Kárdex '],
  ])('is in the interface language %s when the browser asks for %s', async (locale, browser, dated, credits, otherLanguage, fileName) => {
    const token = await tokenFor('alumno');
    const answer = await call<ArrayBuffer>('GET', 'reports/api/student-kardex/pdf/', { token, raw: true, cookie: `NEXT_LOCALE=${locale}`, lang: browser });
    expect(answer.status).toBe(200);
    expect(fileNameOf(answer.headers.get('content-disposition'))).toContain(fileName);
    const text = await pdfText(answer.body);
    expect(text).toMatch(dated);
    expect(text).toContain(credits);
    expect(text).not.toContain(otherLanguage);
  });
});
