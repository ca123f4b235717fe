// Herramientas › Importar through the API (issue 31): a template to download; a good file creates
// its records through the owners (student with address, relative and group enrolment; teacher);
// the same file again changes nothing; a corrected file updates only its rows; each kind of bad
// row is reported with its row and column and nothing is written; the report reads back; a dry
// run writes nothing; the demo's own records exported in the template's layout import unchanged.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCurp } from '@/lib/mx';
import { prisma } from '@/server/db/client';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, tokenFor } from './client';
import { importFile, uploadImport } from './imports-client';

let admin: string;
let runner: JobRunner;
let group: { code: string; cicle: string; career: string };
let state: { name: string; city: string };

beforeAll(async () => {
  admin = await tokenFor('admin');
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  // A group of a career with room (capacity 0 = no limit, or places left), read from the demo.
  const groups = await prisma.group.findMany({ where: { status: true, career_id: { not: null } }, select: { code: true, capacity: true, cicle: { select: { description: true } }, career: { select: { code: true } }, _count: { select: { student_groups: { where: { is_current: true, status: true, subject_id: null } } } } } });
  const roomy = groups.find((g) => g.capacity === 0 || g.capacity - g._count.student_groups >= 5)!;
  group = { code: roomy.code, cicle: roomy.cicle.description, career: roomy.career!.code };
  const city = await prisma.city.findFirstOrThrow({ where: { status: true, state: { status: true } }, select: { name: true, state: { select: { name: true } } } });
  state = { name: city.state.name, city: city.name };
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
});

const curpOf = (names: string, first: string, second: string, birthday: string, homonym: string) => buildCurp({ names, firstSurname: first, secondSurname: second, birthday, sex: 'M', state: 'DF', homonym });

const HEADERS = ['CURP', 'Nombre(s)', 'Primer apellido', 'Segundo apellido', 'Sexo', 'Fecha de nacimiento', 'Correo electrónico', 'Carrera', 'Periodo', 'Grupo', 'Promedio de procedencia', 'Calle', 'Número exterior', 'Colonia', 'Código postal', 'Estado', 'Municipio', 'Nombre(s) del familiar', 'Primer apellido del familiar', 'Parentesco'];

const plainEmail = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A row of the students' file; the CURP is built from `curpBirthday` when the row's own date is meant to be wrong. */
function studentRow(names: string, first: string, birthday: string, homonym: string, extra: Partial<Record<string, string>> = {}, curpBirthday = birthday): string[] {
  const [day, month, year] = curpBirthday.split('/');
  const row: Record<string, string> = {
    CURP: curpOf(names || 'Xochitl', first, 'Importada', `${year}-${month}-${day}`, homonym),
    'Nombre(s)': names,
    'Primer apellido': first,
    'Segundo apellido': 'Importada',
    Sexo: 'Mujer',
    'Fecha de nacimiento': birthday,
    'Correo electrónico': plainEmail(`${names || 'x'}.${first}@example.com`),
    Carrera: group.career,
    Periodo: group.cicle,
    Grupo: group.code,
    'Promedio de procedencia': '8,7',
    Calle: 'Av. Juárez',
    'Número exterior': '120',
    Colonia: 'Centro',
    'Código postal': '06000',
    Estado: state.name,
    Municipio: state.city,
    'Nombre(s) del familiar': 'María',
    'Primer apellido del familiar': first,
    Parentesco: '',
    ...extra,
  };
  return HEADERS.map((header) => row[header] ?? '');
}

const csv = (rows: string[][]) => rows.map((row) => row.map((cell) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';')).join('\r\n');

const upload = (importer: string, text: string | Uint8Array, name = 'alumnos.csv') => uploadImport(admin, importer, text, name);

const runFile = (importer: string, text: string, options: { dryRun?: boolean; name?: string } = {}) => importFile(admin, importer, text, { name: options.name ?? 'alumnos.csv', dryRun: options.dryRun });

async function reportRows(id: number): Promise<string[][]> {
  const answer = await call<ArrayBuffer>('GET', `manage/api/imports/${id}/report/`, { token: admin, raw: true });
  expect(answer.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.body);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value)))));
  return rows;
}

/** What the import's rows hold now, to compare before and after. */
const studentState = (curps: string[]) =>
  prisma.student.findMany({ where: { curp: { in: curps } }, orderBy: { curp: 'asc' }, select: { curp: true, email: true, updated_at: true, current_group: { select: { code: true } }, address: { select: { cp: true, street: true, updated_at: true } }, families: { select: { family: { select: { names: true } } } } } });

describe('templates', () => {
  it('downloads each importer’s template: data sheet, example, notes and the catalogue lists', async () => {
    for (const importer of ['students', 'teachers']) {
      const answer = await call<ArrayBuffer>('GET', `manage/api/imports/template/?importer=${importer}`, { token: admin, raw: true });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.body);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Datos', 'Ejemplo', 'Notas', 'Listas']);
      const headers = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect(headers).toContain('CURP');
      expect(workbook.worksheets[1].rowCount).toBe(2);
      expect(workbook.worksheets[2].rowCount).toBeGreaterThan(headers.length);
    }
    const students = new ExcelJS.Workbook();
    await students.xlsx.load((await call<ArrayBuffer>('GET', 'manage/api/imports/template/?importer=students', { token: admin, raw: true })).body);
    const data = students.getWorksheet('Datos')!;
    const careerColumn = (data.getRow(1).values as unknown[]).indexOf('Carrera');
    const validation = data.getCell(2, careerColumn).dataValidation;
    expect(validation?.type).toBe('list');
    expect(validation?.formulae?.[0]).toContain('Listas');
  });

  it('refuses an importer that does not exist, and a user without the right', async () => {
    expect((await call('GET', 'manage/api/imports/template/?importer=nope', { token: admin })).status).toBe(400);
    expect((await call('GET', 'manage/api/imports/template/?importer=students', { token: await tokenFor('alumno') })).status).toBe(403);
  });
});

describe('students importer', () => {
  let good: string[][];
  let curps: string[];
  beforeAll(() => {
    good = [studentRow('Lucía', 'Gómez', '12/03/2005', 'A'), studentRow('Ana', 'Pérez', '01/07/2004', 'B')];
    curps = good.map((row) => row[0]);
  });

  it('proposes the mapping and previews the rows as they will be stored', async () => {
    const uploaded = await upload('students', csv([HEADERS, ...good]));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ importer: 'students', total_rows: 2, missing: [], errors: [] });
    expect(uploaded.body.mapping).toMatchObject({ curp: 0, names: 1, first_name: 2, group: 9, city: 16 });
    expect(uploaded.body.rows[0]).toMatchObject({ row: 2, values: { curp: curps[0], birthday: '2005-03-12', score_origin: '8.7', genre: 'M — Mujer' } });
  });

  it('creates the students with address, relative and group; the same file again changes nothing', async () => {
    const first = await runFile('students', csv([HEADERS, ...good]));
    expect(first.result).toMatchObject({ status: 'IMPORTED', created: 2, updated: 0, unchanged: 0, refused: 0 });
    const stored = await studentState(curps);
    expect(stored).toHaveLength(2);
    for (const student of stored) {
      expect(student.current_group?.code).toBe(group.code);
      expect(student.address).toMatchObject({ cp: '06000', street: 'Av. Juárez' });
      expect(student.families.map((link) => link.family.names)).toEqual(['María']);
    }
    const enrolments = await prisma.studentGroup.count({ where: { student: { curp: { in: curps } }, is_current: true, group: { code: group.code } } });
    expect(enrolments).toBe(2);
    // The import is in the history with its file name and user.
    const adminId = (await prisma.user.findUniqueOrThrow({ where: { username: 'admin' }, select: { id: true } })).id;
    const history = await prisma.auditLog.findMany({ where: { resource: 'data_imports', record_id: String(first.id) }, orderBy: { id: 'asc' }, select: { type: true, user_id: true, changes: true } });
    expect(history.map((entry) => [entry.type, entry.user_id])).toEqual([
      ['+', adminId],
      ['~', adminId],
    ]);
    expect(JSON.stringify(history[0].changes)).toContain('alumnos.csv');
    // Each record's own history says it came from the import.
    const studentHistory = await prisma.auditLog.findFirst({ where: { resource: 'students', type: '+', user_id: adminId }, orderBy: { id: 'desc' } });
    expect(studentHistory).not.toBeNull();

    const writesBefore = await prisma.auditLog.count({ where: { resource: { not: 'data_imports' } } });
    const again = await runFile('students', csv([HEADERS, ...good]));
    expect(again.result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: 2 });
    expect(await prisma.auditLog.count({ where: { resource: { not: 'data_imports' } } })).toBe(writesBefore);
    expect(await studentState(curps)).toEqual(stored);

    // A corrected file: one e-mail and one postal code change; only that student is updated.
    const corrected = [studentRow('Lucía', 'Gómez', '12/03/2005', 'A', { 'Correo electrónico': 'lucia@example.org', 'Código postal': '06100' }), good[1]];
    const third = await runFile('students', csv([HEADERS, ...corrected]));
    expect(third.result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 1, unchanged: 1 });
    const after = await studentState(curps);
    const lucia = after.find((student) => student.curp === curps[0])!;
    expect([lucia.email, lucia.address?.cp]).toEqual(['lucia@example.org', '06100']);
    expect(after.find((student) => student.curp === curps[1])).toEqual(stored.find((student) => student.curp === curps[1]));

    const report = await reportRows(third.id);
    expect(report[0]).toEqual(['Renglón', 'Resultado', 'Clave', 'Columna', 'Mensaje']);
    expect(report.slice(1).map((row) => row.slice(0, 3))).toEqual([
      ['2', 'Actualizado', curps[0]],
      ['3', 'Sin cambios', curps[1]],
    ]);
  });

  it('reports each kind of bad row with its row and column, and writes nothing', async () => {
    const studentsBefore = await prisma.student.count();
    const badCurp = studentRow('Rosa', 'Luna', '02/02/2003', 'C');
    badCurp[0] = `${badCurp[0].slice(0, 17)}${(Number(badCurp[0][17]) + 1) % 10}`;
    const rows = [
      studentRow('Elena', 'Soto', '03/03/2003', 'D'),
      badCurp,
      studentRow('Irma', 'Vega', '31/02/2003', 'E', {}, '28/02/2003'),
      studentRow('Olga', 'Ríos', '04/04/2003', 'F', { Carrera: 'NO-EXISTE' }),
      studentRow('', 'Mora', '05/05/2003', 'G'),
      studentRow('Paz', 'Cruz', '06/06/2003', 'H', { 'Promedio de procedencia': 'ocho' }),
      studentRow('Elena', 'Soto', '03/03/2003', 'D'),
    ];
    const { id, result } = await runFile('students', csv([HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', created: 0, updated: 0, unchanged: 0, refused: 6 });
    const byRow = (row: number) => result.errors.filter((error: { row: number }) => error.row === row).map((error: { column: string | null; message: string }) => [error.column, error.message]);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([['curp', expect.any(String)]]);
    expect(byRow(4)).toEqual([['birthday', 'Escriba una fecha válida.']]);
    expect(byRow(5)).toEqual([['career', expect.stringContaining('NO-EXISTE')]]);
    expect(byRow(6)).toEqual([['names', 'Este campo es obligatorio.']]);
    expect(byRow(7)).toEqual([['score_origin', 'Escriba un número decimal.']]);
    expect(byRow(8)).toEqual([['curp', expect.stringContaining('renglón 2')]]);
    expect(await prisma.student.count()).toBe(studentsBefore);
    const report = await reportRows(id);
    expect(report.filter((row) => row[1] === 'Rechazado').map((row) => [row[0], row[3]])).toEqual([
      ['3', 'CURP'],
      ['4', 'Fecha de nacimiento'],
      ['5', 'Carrera'],
      ['6', 'Nombre(s)'],
      ['7', 'Promedio de procedencia'],
      ['8', 'CURP'],
    ]);
    expect(report.at(-1)?.join(' ')).toContain('no se guardó');
  });

  it('answers the errors in the user’s language', async () => {
    const uploaded = await call('POST', 'manage/api/imports/upload/', {
      token: admin,
      lang: 'en',
      form: (() => {
        const form = new FormData();
        form.append('importer', 'students');
        form.append('file', new Blob([csv([HEADERS, studentRow('Irma', 'Vega', '31/02/2003', 'E', {}, '28/02/2003')])]), 'students.csv');
        return form;
      })(),
    });
    expect(uploaded.body.errors).toEqual([{ row: 2, column: 'birthday', header: 'Birthday', message: 'Type a valid date.' }]);
  });

  it('a dry run says what the import would do and writes nothing', async () => {
    const fresh = [studentRow('Sara', 'León', '07/07/2004', 'J')];
    const { result } = await runFile('students', csv([HEADERS, ...fresh]), { dryRun: true });
    expect(result).toMatchObject({ status: 'CHECKED', dry_run: true, created: 1 });
    expect(await prisma.student.count({ where: { curp: fresh[0][0] } })).toBe(0);
  });

  it('reads an xlsx as the template writes it, with Excel dates and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Datos');
    sheet.addRow(['CURP', 'Nombre', 'Apellido paterno', 'Fecha de nacimiento', 'Promedio']);
    const curp = curpOf('Nora', 'Ibarra', 'Importada', '2004-09-09', 'K');
    sheet.addRow([curp, 'Nora', 'Ibarra', new Date(Date.UTC(2004, 8, 9)), 9.25]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const uploaded = await upload('students', bytes, 'alumnos.xlsx');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.rows[0].values).toMatchObject({ curp, birthday: '2004-09-09', score_origin: '9.25' });
  });

  it('refuses a file that is not a spreadsheet, and one over 50 MB', async () => {
    expect((await upload('students', new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'acta.pdf')).status).toBe(400);
    const big = await upload('students', new Uint8Array(50 * 1024 * 1024 + 1), 'enorme.csv');
    expect(big.status).toBe(413);
  });

  it('refuses a CSV with a NUL byte past its first chunk, and keeps nothing of it', async () => {
    // The file is streamed to the store: the byte is found on the way, far into the file, and
    // what was written of it is removed.
    const folder = path.join(process.env.UPLOAD_DIR!, 'imports');
    const kept = () => readdir(folder).catch(() => [] as string[]);
    const before = await kept();
    const imports = await prisma.dataImport.count();
    const text = new TextEncoder().encode(`${csv([HEADERS, ...good])}\r\n${'x;'.repeat(200_000)}\u0000\r\n`);
    const answer = await upload('students', text, 'con-nulo.csv');
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual(['El archivo csv no es texto UTF-8.']);
    expect(await kept()).toEqual(before);
    expect(await prisma.dataImport.count()).toBe(imports);
  });

  it('saves a mapping that the next upload proposes', async () => {
    const headers = ['Clave única', 'Alumno', 'Paterno'];
    const saved = await call('PUT', 'manage/api/imports/mapping/', { token: admin, body: { importer: 'students', mapping: { curp: 'Clave única', names: 'Alumno', first_name: 'Paterno' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const uploaded = await upload('students', csv([headers, studentRow('Luz', 'Paz', '08/08/2004', 'L').slice(0, 3)]));
    expect(uploaded.body.mapping).toMatchObject({ curp: 0, names: 1, first_name: 2 });
    await call('PUT', 'manage/api/imports/mapping/', { token: admin, body: { importer: 'students', mapping: {} } });
  });

  it('exports the demo’s students in the template’s layout and imports them unchanged', async () => {
    const demo = await prisma.student.findMany({
      where: { curp: { not: null }, is_active: true },
      take: 5,
      orderBy: { id: 'asc' },
      select: { curp: true, no_control: true, names: true, first_name: true, second_name: true, email: true, birthday: true, score_origin: true, career: { select: { code: true } } },
    });
    expect(demo.length).toBeGreaterThan(0);
    const headers = ['CURP', 'Número de control', 'Nombre(s)', 'Primer apellido', 'Segundo apellido', 'Correo electrónico', 'Fecha de nacimiento', 'Promedio de procedencia', 'Carrera'];
    const rows = demo.map((s) => [s.curp!, s.no_control, s.names, s.first_name, s.second_name ?? '', s.email ?? '', s.birthday ? s.birthday.toISOString().slice(0, 10).split('-').reverse().join('/') : '', s.score_origin?.toFixed(2).replace('.', ',') ?? '', s.career?.code ?? '']);
    const { result } = await runFile('students', csv([headers, ...rows]));
    expect(result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: demo.length });
  });
});

describe('teachers importer', () => {
  const headers = ['Número de docente', 'Nombre(s)', 'Primer apellido', 'RFC', 'Horas contratadas', 'Grado académico'];

  it('creates, leaves unchanged, updates, and refuses a bad RFC or hours writing nothing', async () => {
    const rows = [
      ['IMP-01', 'Ricardo', 'Hernández', '', '20', ''],
      ['IMP-02', 'Diana', 'Ortiz', '', '', ''],
    ];
    expect((await runFile('teachers', csv([headers, ...rows]), { name: 'docentes.csv' })).result).toMatchObject({ status: 'IMPORTED', created: 2 });
    expect((await runFile('teachers', csv([headers, ...rows]), { name: 'docentes.csv' })).result).toMatchObject({ status: 'IMPORTED', created: 0, unchanged: 2 });
    rows[1][4] = '30';
    expect((await runFile('teachers', csv([headers, ...rows]), { name: 'docentes.csv' })).result).toMatchObject({ status: 'IMPORTED', updated: 1, unchanged: 1 });
    expect((await prisma.teacher.findUniqueOrThrow({ where: { code: 'IMP-02' } })).contract_hours).toBe(30);

    const bad = [
      ['IMP-03', 'Raúl', 'Soto', 'XXXX', '', ''],
      ['IMP-04', 'Eva', 'Luna', '', '500', ''],
      ['IMP-05', 'Ema', 'Ruiz', '', '', 'Doctorado en Nada'],
    ];
    const refused = await runFile('teachers', csv([headers, ...bad]), { name: 'docentes.csv' });
    expect(refused.result).toMatchObject({ status: 'REFUSED', refused: 3 });
    expect(refused.result.errors.map((error: { row: number; column: string | null }) => [error.row, error.column])).toEqual([
      [2, 'rfc'],
      [3, 'contract_hours'],
      [4, 'academic_level'],
    ]);
    expect(await prisma.teacher.count({ where: { code: { in: ['IMP-03', 'IMP-04', 'IMP-05'] } } })).toBe(0);
  });

  it('lists the imports', async () => {
    const list = await call('GET', 'manage/api/imports/?importer=teachers', { token: admin });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.elements).toBeGreaterThanOrEqual(4);
    expect(list.body.data[0]).toMatchObject({ importer: 'teachers', file_name: 'docentes.csv' });
    expect(list.body.data[0]).not.toHaveProperty('file_path');
  });
});
