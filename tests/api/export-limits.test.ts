// A list's export holds every row the list has, in the list's order, or is refused whole: past what
// a spreadsheet's sheet holds (EXPORT_MAX_ROWS), the answer is 413 with a message that says how many
// rows there are and how many fit, and no file is begun. Lists the engine compiles to SQL are read
// through one cursor (one snapshot, no offsets); the limit is lowered here so a demo list passes it.
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, tokenFor } from './client';

const limit = vi.hoisted(() => ({ rows: 1_048_575 }));
vi.mock('@/lib/limits', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/limits')>();
  return {
    ...actual,
    get EXPORT_MAX_ROWS() {
      return limit.rows;
    },
  };
});

let admin = '';
beforeAll(async () => {
  admin = await tokenFor('admin');
});
afterEach(() => {
  limit.rows = 1_048_575;
});

async function sheetOf(body: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body);
  return workbook.worksheets[0];
}

/** The list's control numbers in its order, every page of 100. */
async function listed(query: string): Promise<{ numbers: string[]; elements: number }> {
  const numbers: string[] = [];
  let elements = 0;
  for (let page = 1; ; page += 1) {
    const answer = await call('GET', `students/api/students/?${query}&page=${page}&page_size=100`, { token: admin });
    expect(answer.status).toBe(200);
    elements = answer.body.elements;
    numbers.push(...answer.body.data.map((row: { no_control: string }) => row.no_control));
    if (numbers.length >= elements || answer.body.data.length === 0) break;
  }
  return { numbers, elements };
}

describe('exporting a whole list', () => {
  it.each([
    ['xlsx', 'ordering=-no_control'],
    ['csv', 'ordering=first_name'],
  ])('writes every row of the students list in its order (%s, %s)', async (format, query) => {
    const list = await listed(query);
    expect(list.elements).toBeGreaterThan(100);
    const answer = await call<ArrayBuffer>('GET', `students/api/students/export/?format=${format}&${query}`, { token: admin, raw: true, lang: 'es' });
    expect(answer.status).toBe(200);
    let exported: string[];
    if (format === 'xlsx') {
      const sheet = await sheetOf(answer.body);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const column = header.indexOf('No. de control') + 1;
      expect(column).toBeGreaterThan(0);
      exported = [];
      sheet.eachRow((row, number) => {
        if (number > 1) exported.push(String(row.getCell(column).value));
      });
    } else {
      const lines = new TextDecoder().decode(answer.body).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      const column = lines[0].split(',').indexOf('No. de control');
      expect(column).toBeGreaterThanOrEqual(0);
      exported = lines.slice(1).map((line) => line.split(',')[column]);
    }
    expect(exported).toEqual(list.numbers);
  });

  it('refuses a list longer than a file holds, whole, saying how many rows it has and how many fit', async () => {
    const { elements } = await listed('ordering=id');
    limit.rows = elements - 1;
    const refused = await call('GET', 'students/api/students/export/?format=xlsx', { token: admin, lang: 'es' });
    expect(refused.status).toBe(413);
    expect(refused.body.detail ?? refused.body.message ?? JSON.stringify(refused.body)).toContain(`${elements.toLocaleString('es-MX')} filas`);
    const english = await call('GET', 'students/api/students/export/?format=csv', { token: admin, lang: 'en' });
    expect(english.status).toBe(413);
    expect(JSON.stringify(english.body)).toContain('Filter the list');

    // At the limit exactly, every row is written.
    limit.rows = elements;
    const whole = await call<ArrayBuffer>('GET', 'students/api/students/export/?format=xlsx', { token: admin, raw: true });
    expect(whole.status).toBe(200);
    expect((await sheetOf(whole.body)).actualRowCount).toBe(elements + 1);
  });

  it('refuses the history export past the limit too', async () => {
    limit.rows = 3;
    const refused = await call('GET', 'manage/api/audit/export/?format=xlsx', { token: admin, lang: 'es' });
    expect(refused.status).toBe(413);
    expect(JSON.stringify(refused.body)).toContain('Filtre la lista');
  });
});
