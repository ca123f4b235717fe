// The academic importers of Herramientas › Importar (issue 31): study plans with their subjects,
// groups with their week schedules, enrolments. For each: the template reads back (headers, example
// row, drop-down lists); each kind of bad row is reported with its row and column and nothing is
// written; the same file twice changes nothing; a corrected file updates only its rows. The round
// trip exports the demo's plans, groups and enrolments in the templates' layout, imports them into a
// copy of the database emptied of those records, and reads the same records (and computed values:
// slot minutes, teachers' loads, group counts, current groups) back.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { matchHeaders } from '@/lib/imports/headers';
import { actorForUser } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { PrismaClient } from '@/server/db/generated/client';
import { operationContext } from '@/server/engine/context';
import type { Db } from '@/server/engine/types';
import { stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { CatalogLookup } from '@/server/modules/imports/catalogs';
import type { ImporterDefinition } from '@/server/modules/imports/definition';
import { enrolmentsLayout, groupsLayout, layoutWorkbook, plansLayout } from '@/server/modules/imports/export-layout';
import { readRows } from '@/server/modules/imports/reader';
import { importerNamed } from '@/server/modules/imports/registry';
import { checkRow } from '@/server/modules/imports/rows';
import { call, tokenFor } from './client';
import { importFile } from './imports-client';

let admin: string;
let runner: JobRunner;
/** A demo career with a plan that has subjects and a period of its campus. */
let demo: { career: string; careerId: number; cicle: string; cicleId: number; plan: string; planId: number; subjects: string[] };

beforeAll(async () => {
  admin = await tokenFor('admin');
  runner = await createJobRunner(JOBS, { pollingIntervalSeconds: 0.5 });
  const group = await prisma.group.findFirstOrThrow({
    where: { status: true, career_id: { not: null }, study_plan: { subjects: { some: {} } }, schedules: { some: {} } },
    orderBy: { id: 'asc' },
    select: { career: { select: { id: true, code: true } }, cicle: { select: { id: true, description: true } }, study_plan: { select: { id: true, code: true, subjects: { select: { code: true }, orderBy: { code: 'asc' } } } } },
  });
  demo = { career: group.career!.code, careerId: group.career!.id, cicle: group.cicle.description, cicleId: group.cicle.id, plan: group.study_plan!.code, planId: group.study_plan!.id, subjects: group.study_plan!.subjects.map((s) => s.code) };
});

afterAll(async () => {
  await runner.stop({ timeoutMs: 1000 });
  await stopJobSender();
});

const csv = (rows: string[][]) => rows.map((row) => row.map((cell) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';')).join('\r\n');

async function runFile(importer: string, content: string | Uint8Array, name = `${importer}.csv`) {
  const { id, result } = await importFile(admin, importer, content, { name, allColumns: true });
  return { id, result };
}

type RowErrorAnswer = { row: number; column: string | null; message: string };
const errorsOf = (result: { errors: RowErrorAnswer[] }) => result.errors.map((error) => [error.row, error.column]);
const writesOutsideImports = () => prisma.auditLog.count({ where: { resource: { not: 'data_imports' } } });

describe('templates', () => {
  it.each([
    ['plans', ['Carrera', 'Clave del plan', 'Nombre del plan', 'Clave de la materia', 'Nombre de la materia', 'Grado', 'Créditos', 'Seriación'], ['Carrera']],
    ['groups', ['Carrera', 'Periodo', 'Grupo', 'Grado', 'Letra', 'Plan de estudios', 'Materia', 'Docente', 'Día', 'Hora de inicio', 'Hora de fin'], ['Carrera', 'Turno', 'Docente', 'Día']],
    ['enrolments', ['CURP', 'Número de control', 'Carrera', 'Periodo', 'Grupo', 'Materia'], ['Carrera']],
  ])('%s: headers in Spanish, an example row, drop-down lists and notes', async (importer, headers, listed) => {
    const answer = await call<ArrayBuffer>('GET', `manage/api/imports/template/?importer=${importer}`, { token: admin, raw: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Datos', 'Ejemplo', 'Notas', 'Listas']);
    const data = workbook.getWorksheet('Datos')!;
    const written = (data.getRow(1).values as unknown[]).slice(1);
    for (const header of headers) expect(written).toContain(header);
    const example = workbook.getWorksheet('Ejemplo')!;
    expect(example.rowCount).toBe(2);
    expect((example.getRow(2).values as unknown[]).slice(1).filter(Boolean).length).toBeGreaterThan(2);
    for (const header of listed) {
      const validation = data.getCell(2, written.indexOf(header) + 1).dataValidation;
      expect(validation?.type, header).toBe('list');
      expect(validation?.formulae?.[0]).toContain('Listas');
    }
    expect(workbook.getWorksheet('Notas')!.rowCount).toBeGreaterThan(written.length);
    // The importer is listed for the screen with its label.
    const importers = await call('GET', 'manage/api/imports/importers/', { token: admin });
    expect(importers.body.results.find((entry: { name: string }) => entry.name === importer)?.label).toMatch(/\S/);
  });

  it('the day list holds the week days in Spanish', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call<ArrayBuffer>('GET', 'manage/api/imports/template/?importer=groups', { token: admin, raw: true })).body);
    const lists = workbook.getWorksheet('Listas')!;
    const column = (lists.getRow(1).values as unknown[]).indexOf('Día');
    expect([2, 3, 8].map((row) => lists.getCell(row, column).value)).toEqual(['Lunes', 'Martes', 'Domingo']);
  });
});

const PLAN_HEADERS = ['Carrera', 'Clave del plan', 'Nombre del plan', 'Fecha de aplicación', 'Fecha de término', 'Calificación mínima aprobatoria', 'Clave de la materia', 'Nombre de la materia', 'Grado', 'Horas por semana', 'Créditos', 'Obligatoria', 'Seriación'];

describe('plans importer', () => {
  const planRow = (subject: string, name: string, grade: string, extra: Partial<Record<string, string>> = {}) => {
    const row: Record<string, string> = { Carrera: demo.career, 'Clave del plan': 'IMPA-2026', 'Nombre del plan': 'Plan importado 2026', 'Fecha de aplicación': '01/08/2026', 'Calificación mínima aprobatoria': '7', 'Clave de la materia': subject, 'Nombre de la materia': name, Grado: grade, 'Horas por semana': '5', Créditos: '7,5', Obligatoria: 'Sí', ...extra };
    return PLAN_HEADERS.map((header) => row[header] ?? '');
  };
  const good = () => [planRow('IMPA-101', 'Cálculo diferencial', '1'), planRow('IMPA-102', 'Álgebra lineal', '1'), planRow('IMPA-201', 'Cálculo integral', '2', { Seriación: 'IMPA-101' })];
  const planState = () =>
    prisma.studyPlan.findFirst({ where: { code: 'IMPA-2026' }, select: { description: true, min_approve: true, apply_date: true, updated_at: true, subjects: { orderBy: { code: 'asc' }, select: { code: true, description: true, grade: true, week_hrs: true, credit: true, updated_at: true, serialized: { select: { prerequisite: { select: { code: true } } } } } } } });

  it('creates the plan and its subjects through the owners; again changes nothing; a correction updates its row only', async () => {
    const first = await runFile('plans', csv([PLAN_HEADERS, ...good()]));
    expect(first.result).toMatchObject({ status: 'IMPORTED', created: 3, updated: 0, unchanged: 0, refused: 0 });
    const stored = await planState();
    expect(stored).toMatchObject({ description: 'Plan importado 2026' });
    expect(stored!.min_approve?.toString()).toBe('7');
    expect(stored!.apply_date?.toISOString().slice(0, 10)).toBe('2026-08-01');
    expect(stored!.subjects.map((s) => [s.code, s.grade, s.week_hrs, s.credit.toString(), s.serialized.map((l) => l.prerequisite.code)])).toEqual([
      ['IMPA-101', 1, 5, '7.5', []],
      ['IMPA-102', 1, 5, '7.5', []],
      ['IMPA-201', 2, 5, '7.5', ['IMPA-101']],
    ]);
    // Each subject's own history says it was created (by the subjects resource).
    const subjectIds = (await prisma.subject.findMany({ where: { study_plan: { code: 'IMPA-2026' } }, select: { id: true } })).map((s) => String(s.id));
    expect(await prisma.auditLog.count({ where: { resource: 'subjects', type: '+', record_id: { in: subjectIds } } })).toBe(3);

    const writes = await writesOutsideImports();
    expect((await runFile('plans', csv([PLAN_HEADERS, ...good()]))).result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: 3 });
    expect(await writesOutsideImports()).toBe(writes);
    expect(await planState()).toEqual(stored);

    // Corrected: one subject's credits (decimal comma) and its prerequisites.
    const corrected = good();
    corrected[2] = planRow('IMPA-201', 'Cálculo integral', '2', { Créditos: '8,25', Seriación: 'IMPA-101, IMPA-102' });
    expect((await runFile('plans', csv([PLAN_HEADERS, ...corrected]))).result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 1, unchanged: 2 });
    const after = await planState();
    expect(after!.subjects[2].credit.toString()).toBe('8.25');
    expect(after!.subjects[2].serialized.map((l) => l.prerequisite.code).sort()).toEqual(['IMPA-101', 'IMPA-102']);
    expect(after!.subjects.slice(0, 2)).toEqual(stored!.subjects.slice(0, 2));
    expect(after!.updated_at).toEqual(stored!.updated_at);
  });

  it('reports each kind of bad row with its row and column, and writes nothing', async () => {
    const plans = await prisma.studyPlan.count();
    const subjects = await prisma.subject.count();
    const rows = [
      planRow('IMPB-101', 'Química', '1', { 'Clave del plan': 'IMPB-2026' }),
      planRow('IMPB-102', '', '1', { 'Clave del plan': 'IMPB-2026' }),
      planRow('IMPB-103', 'Física', '1', { 'Clave del plan': 'IMPB-2026', Carrera: 'NO-EXISTE' }),
      planRow('IMPB-104', 'Biología', '1', { 'Clave del plan': 'IMPB-2026', 'Fecha de aplicación': '31/02/2026' }),
      planRow('IMPB-105', 'Dibujo', '1', { 'Clave del plan': 'IMPB-2026', Créditos: 'cinco' }),
      planRow('IMPB-106', 'Ética', '15', { 'Clave del plan': 'IMPB-2026' }),
      planRow('IMPB-101', 'Química', '1', { 'Clave del plan': 'IMPB-2026' }),
    ];
    const { result } = await runFile('plans', csv([PLAN_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', created: 0, refused: 6 });
    expect(errorsOf(result)).toEqual([
      [3, 'subject_description'],
      [4, 'career'],
      [5, 'apply_date'],
      [6, 'credit'],
      [7, 'grade'],
      [8, 'subject_code'],
    ]);
    expect(result.errors.find((error: RowErrorAnswer) => error.row === 8)?.message).toContain('renglón 2');
    expect([await prisma.studyPlan.count(), await prisma.subject.count()]).toEqual([plans, subjects]);
  });

  it('refuses a row an owner’s rule refuses (a plan that ends before it starts), naming its row and column, and writes nothing', async () => {
    const plans = await prisma.studyPlan.count();
    const rows = [planRow('IMPC-101', 'Lógica', '1', { 'Clave del plan': 'IMPC-2026' }), planRow('IMPC-102', 'Redacción', '1', { 'Clave del plan': 'IMPC-2026', 'Fecha de término': '01/01/2020' })];
    const { result } = await runFile('plans', csv([PLAN_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', refused: 1 });
    expect(errorsOf(result)).toEqual([[3, 'end_date']]);
    expect(await prisma.studyPlan.count()).toBe(plans);
    // A prerequisite that is not in the plan, nor in an earlier row.
    const missing = await runFile('plans', csv([PLAN_HEADERS, planRow('IMPC-201', 'Lógica II', '2', { 'Clave del plan': 'IMPC-2026', Seriación: 'IMPC-999' })]));
    expect(errorsOf(missing.result)).toEqual([[2, 'serialized']]);
    expect(missing.result.errors[0].message).toContain('IMPC-999');
  });
});

const GROUP_HEADERS = ['Carrera', 'Periodo', 'Grupo', 'Grado', 'Letra', 'Plan de estudios', 'Cupo', 'Materia', 'Docente', 'Día', 'Hora de inicio', 'Hora de fin'];

describe('groups importer', () => {
  const teachers = ['IMPG-T1', 'IMPG-T2'];
  beforeAll(async () => {
    for (const [index, code] of teachers.entries()) {
      const made = await call('POST', 'academic/api/teachers/', { token: admin, body: { code, names: `Docente ${index + 1}`, first_name: 'Importado' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
  });
  const groupRow = (code: string, slot: [subject: string, teacher: string, day: string, start: string, end: string] | null, extra: Partial<Record<string, string>> = {}) => {
    const row: Record<string, string> = { Carrera: demo.career, Periodo: demo.cicle, Grupo: code, Grado: '1', Letra: code.slice(-1), 'Plan de estudios': demo.plan, Cupo: '30', ...extra };
    if (slot) Object.assign(row, { Materia: slot[0], Docente: slot[1], Día: slot[2], 'Hora de inicio': slot[3], 'Hora de fin': slot[4] });
    return GROUP_HEADERS.map((header) => row[header] ?? '');
  };
  const good = () => [
    groupRow('IMPG-X', [demo.subjects[0], teachers[0], 'Sábado', '7:00', '08:00']),
    groupRow('IMPG-X', [demo.subjects[0], teachers[0], 'Domingo', '07:00', '08:00']),
    groupRow('IMPG-X', [demo.subjects[1], teachers[1], 'Sábado', '08:00', '9:40']),
    groupRow('IMPG-Y', null),
  ];
  const groupState = () =>
    prisma.group.findMany({
      where: { code: { in: ['IMPG-X', 'IMPG-Y'] } },
      orderBy: { code: 'asc' },
      select: { code: true, grade: true, group: true, capacity: true, study_plan_id: true, updated_at: true, schedules: { orderBy: { id: 'asc' }, select: { subject: { select: { code: true } }, teacher: { select: { code: true } }, updated_at: true, schedule_hours: { orderBy: { id: 'asc' }, select: { week_day: true, start_hour: true, end_hour: true, total_minutes: true, updated_at: true } } } } },
    });

  it('creates the groups, their classes and slots; again changes nothing; a correction updates its row only', async () => {
    const first = await runFile('groups', csv([GROUP_HEADERS, ...good()]));
    expect(first.result).toMatchObject({ status: 'IMPORTED', created: 4, updated: 0, unchanged: 0, refused: 0 });
    const stored = await groupState();
    expect(stored.map((g) => [g.code, g.grade, g.group, g.capacity, g.study_plan_id])).toEqual([
      ['IMPG-X', 1, 'X', 30, demo.planId],
      ['IMPG-Y', 1, 'Y', 30, demo.planId],
    ]);
    const slots = stored[0].schedules.map((s) => [s.subject.code, s.teacher?.code, s.schedule_hours.map((h) => [h.week_day, h.start_hour.toISOString().slice(11, 16), h.end_hour.toISOString().slice(11, 16), h.total_minutes])]);
    expect(slots).toEqual([
      [demo.subjects[0], teachers[0], [[6, '07:00', '08:00', 60], [7, '07:00', '08:00', 60]]],
      [demo.subjects[1], teachers[1], [[6, '08:00', '09:40', 100]]],
    ]);

    const writes = await writesOutsideImports();
    expect((await runFile('groups', csv([GROUP_HEADERS, ...good()]))).result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: 4 });
    expect(await writesOutsideImports()).toBe(writes);
    expect(await groupState()).toEqual(stored);

    // Corrected: one slot ends later; the other rows and records stay as they were.
    const corrected = good();
    corrected[2] = groupRow('IMPG-X', [demo.subjects[1], teachers[1], 'Sábado', '08:00', '10:00']);
    expect((await runFile('groups', csv([GROUP_HEADERS, ...corrected]))).result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 1, unchanged: 3 });
    const after = await groupState();
    expect(after[0].schedules[1].schedule_hours[0]).toMatchObject({ total_minutes: 120 });
    expect(after[0].schedules[0]).toEqual(stored[0].schedules[0]);
    expect(after[1]).toEqual(stored[1]);
    expect(after[0].updated_at).toEqual(stored[0].updated_at);
  });

  it('reports each kind of bad row with its row and column, and writes nothing', async () => {
    const groups = await prisma.group.count();
    const rows = [
      groupRow('IMPH-A', [demo.subjects[0], teachers[0], 'Lunes', '06:00', '06:30']),
      groupRow('IMPH-B', null, { Grado: '' }),
      groupRow('IMPH-C', [demo.subjects[0], teachers[0], 'Lunez', '06:00', '06:30']),
      groupRow('IMPH-D', [demo.subjects[0], teachers[0], 'Lunes', '25:00', '26:00']),
      groupRow('IMPH-E', null, { Cupo: 'muchos' }),
      groupRow('IMPH-F', [demo.subjects[0], teachers[0], '', '06:00', '06:30']),
      groupRow('IMPH-G', ['NO-ES-MATERIA', teachers[0], 'Lunes', '06:00', '06:30']),
      groupRow('IMPH-A', [demo.subjects[0], teachers[0], 'Lunes', '06:00', '06:30']),
    ];
    const { result } = await runFile('groups', csv([GROUP_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', created: 0, refused: 7 });
    expect(errorsOf(result)).toEqual([
      [3, 'grade'],
      [4, 'week_day'],
      [5, 'start_hour'],
      [5, 'end_hour'],
      [6, 'capacity'],
      [7, 'week_day'],
      [8, 'subject'],
      [9, 'code'],
    ]);
    expect(await prisma.group.count()).toBe(groups);
  });

  it('refuses a slot that clashes with the teacher’s class (the schedules owner’s rule), and writes nothing', async () => {
    const groups = await prisma.group.count();
    const rows = [groupRow('IMPJ-A', null), groupRow('IMPJ-B', [demo.subjects[0], teachers[0], 'Sábado', '07:30', '08:30'])];
    const { result } = await runFile('groups', csv([GROUP_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', refused: 1 });
    expect(result.errors.map((error: RowErrorAnswer) => error.row)).toEqual([3]);
    expect(result.errors[0].message).toContain('IMPG-X');
    expect(await prisma.group.count()).toBe(groups);
  });
});

const ENROLMENT_HEADERS = ['CURP', 'Número de control', 'Carrera', 'Periodo', 'Grupo', 'Materia'];

describe('enrolments importer', () => {
  let target: { id: number; code: string; cicle: string; career: string; subject: string };
  let other: { id: number; code: string; subject: string };
  let students: { id: number; curp: string; no_control: string }[];
  beforeAll(async () => {
    // Two groups of one period and career, with room; students of the career not in them.
    const groups = await prisma.group.findMany({ where: { status: true, career_id: demo.careerId, cicle_id: demo.cicleId, study_plan: { subjects: { some: {} } } }, orderBy: { id: 'asc' }, select: { id: true, code: true, study_plan: { select: { subjects: { select: { code: true }, take: 1 } } } } });
    expect(groups.length).toBeGreaterThanOrEqual(2);
    await prisma.group.updateMany({ where: { id: { in: groups.map((g) => g.id) } }, data: { capacity: 0 } });
    target = { id: groups[0].id, code: groups[0].code, cicle: demo.cicle, career: demo.career, subject: groups[0].study_plan!.subjects[0].code };
    other = { id: groups[1].id, code: groups[1].code, subject: groups[1].study_plan!.subjects[0].code };
    const found = await prisma.student.findMany({ where: { is_active: true, curp: { not: null }, student_groups: { none: { group_id: { in: [target.id, other.id] } } } }, orderBy: { id: 'asc' }, take: 3, select: { id: true, curp: true, no_control: true } });
    expect(found).toHaveLength(3);
    students = found.map((s) => ({ id: s.id, curp: s.curp!, no_control: s.no_control }));
  });
  const enrolmentRow = (values: Partial<Record<string, string>>) => {
    const row: Record<string, string> = { Carrera: target.career, Periodo: target.cicle, Grupo: target.code, ...values };
    return ENROLMENT_HEADERS.map((header) => row[header] ?? '');
  };
  const enrolmentState = () => prisma.studentGroup.findMany({ where: { student_id: { in: students.map((s) => s.id) }, group_id: { in: [target.id, other.id] } }, orderBy: { id: 'asc' }, select: { student_id: true, group_id: true, subject_id: true, is_current: true, updated_at: true } });

  it('enrols through the owner (current group set); again changes nothing; a correction changes its row only', async () => {
    const good = [enrolmentRow({ CURP: students[0].curp }), enrolmentRow({ 'Número de control': students[1].no_control }), enrolmentRow({ CURP: students[2].curp, Grupo: other.code, Materia: other.subject })];
    const first = await runFile('enrolments', csv([ENROLMENT_HEADERS, ...good]));
    expect(first.result).toMatchObject({ status: 'IMPORTED', created: 3, updated: 0, unchanged: 0, refused: 0 });
    const stored = await enrolmentState();
    expect(stored.map((row) => [row.student_id, row.group_id, row.subject_id !== null, row.is_current])).toEqual([
      [students[0].id, target.id, false, true],
      [students[1].id, target.id, false, true],
      [students[2].id, other.id, true, true],
    ]);
    const current = await prisma.student.findMany({ where: { id: { in: [students[0].id, students[1].id] } }, select: { current_group_id: true } });
    expect(current.map((s) => s.current_group_id)).toEqual([target.id, target.id]);

    const writes = await writesOutsideImports();
    expect((await runFile('enrolments', csv([ENROLMENT_HEADERS, ...good]))).result).toMatchObject({ status: 'IMPORTED', created: 0, updated: 0, unchanged: 3 });
    expect(await writesOutsideImports()).toBe(writes);
    expect(await enrolmentState()).toEqual(stored);

    // Corrected: the second student belongs in the other group; `enrol` moves her (one current group per period).
    const corrected = [good[0], enrolmentRow({ 'Número de control': students[1].no_control, Grupo: other.code }), good[2]];
    expect((await runFile('enrolments', csv([ENROLMENT_HEADERS, ...corrected]))).result).toMatchObject({ status: 'IMPORTED', created: 1, updated: 0, unchanged: 2 });
    const after = await enrolmentState();
    expect(after.find((row) => row.student_id === students[0].id)).toEqual(stored[0]);
    expect(after.filter((row) => row.student_id === students[1].id).map((row) => [row.group_id, row.is_current])).toEqual([
      [target.id, false],
      [other.id, true],
    ]);
  });

  it('reports each kind of bad row with its row and column, and writes nothing', async () => {
    const enrolments = await prisma.studentGroup.count();
    const rows = [
      enrolmentRow({ CURP: students[0].curp, Grupo: other.code }),
      enrolmentRow({ CURP: 'XAXX010101HDFXXX09' }),
      enrolmentRow({ CURP: students[1].curp, Grupo: 'NO-EXISTE' }),
      enrolmentRow({ CURP: students[1].curp, Periodo: '' }),
      enrolmentRow({ CURP: students[1].curp, Materia: 'NO-ES-MATERIA' }),
      enrolmentRow({}),
      enrolmentRow({ CURP: students[0].curp, Grupo: other.code }),
    ];
    const { result } = await runFile('enrolments', csv([ENROLMENT_HEADERS, ...rows]));
    expect(result).toMatchObject({ status: 'REFUSED', created: 0, refused: 6 });
    // Each refused row's first error names its column (an empty period may also leave its group unknown).
    const firstColumn = (row: number) => result.errors.find((error: RowErrorAnswer) => error.row === row)?.column;
    expect([2, 3, 4, 5, 6, 7, 8].map(firstColumn)).toEqual([undefined, 'curp', 'group', 'cicle', 'subject', 'curp', 'curp']);
    expect(result.errors.find((error: RowErrorAnswer) => error.row === 8)?.message).toContain('renglón 2');
    expect(await prisma.studentGroup.count()).toBe(enrolments);
  });

  it('refuses an enrolment in a full group (the owner’s capacity rule), naming its row, and writes nothing', async () => {
    const enrolled = await prisma.studentGroup.count({ where: { group_id: target.id, is_current: true, status: true, subject_id: null } });
    await prisma.group.update({ where: { id: target.id }, data: { capacity: enrolled } });
    const enrolments = await prisma.studentGroup.count();
    const { result } = await runFile('enrolments', csv([ENROLMENT_HEADERS, enrolmentRow({ CURP: students[2].curp })]));
    expect(result).toMatchObject({ status: 'REFUSED', refused: 1 });
    expect(result.errors.map((error: RowErrorAnswer) => error.row)).toEqual([2]);
    expect(result.errors[0].message).toMatch(/[Cc]upo/);
    expect(await prisma.studentGroup.count()).toBe(enrolments);
    await prisma.group.update({ where: { id: target.id }, data: { capacity: 0 } });
  });
});

// ---------------------------------------------------------------------------------------------
// Round trip. The importers run here as run.ts runs them (each row read and judged by checkRow, then
// written by the importer in one transaction), against a second database: a copy of the seeded demo
// emptied of plans, subjects, groups, schedules and enrolments. The import job itself is bound to the
// application's database; its flow is covered above.

/** Imports an xlsx into `db` with the importer's own row checking and writes, all or nothing. */
async function importInto(db: PrismaClient, name: string, file: Buffer, actorId: number) {
  const importer = importerNamed(name) as ImporterDefinition<unknown>;
  const actor = (await actorForUser(actorId))!;
  const counts = { created: 0, updated: 0, unchanged: 0 };
  await db.$transaction(
    async (tx) => {
      const lookup = new CatalogLookup(tx as unknown as Db);
      const ctx = { ...operationContext(actor, { locale: 'es', tx, requestId: 'round-trip' }), reason: 'round trip' };
      let mapping: Record<string, number | null> | null = null;
      const keys = new Set<string>();
      for await (const row of readRows('xlsx', Readable.from(file))) {
        if (!mapping) {
          mapping = matchHeaders(row.cells.map((cell) => String(cell ?? '')), importer.columns.map((column) => ({ key: column.key, names: [column.es, column.en, ...(column.aliases ?? [])] })));
          continue;
        }
        const checked = await checkRow(importer, mapping, row, lookup, tx as unknown as Db);
        if (!checked.result.ok) throw new Error(`${name} row ${row.row}: ${JSON.stringify(checked.result.errors)} ${JSON.stringify(row.cells)}`);
        if (keys.has(checked.result.key)) throw new Error(`${name} row ${row.row}: duplicate ${checked.result.key}`);
        keys.add(checked.result.key);
        counts[await importer.write(checked.result.input, ctx)] += 1;
      }
    },
    { timeout: 600_000, maxWait: 30_000 },
  );
  return counts;
}

/** What the round trip exports: active plans of a career with subjects, active groups of the open periods of a career whose plan is of that career, their current enrolments. */
async function exported(db: Db, careerId: number) {
  const plans = await db.studyPlan.findMany({ where: { status: true, career_id: careerId, subjects: { some: {} } }, select: { id: true } });
  // The groups of the open periods (every campus's): the demo's other periods repeat the same layout, and a whole history would only make the test slower.
  const groups = await db.group.findMany({ where: { status: true, cicle: { is_active: true }, career_id: careerId, OR: [{ study_plan_id: null }, { study_plan: { status: true, career_id: { not: null }, subjects: { some: {} } } }] }, select: { id: true, career_id: true, study_plan: { select: { career_id: true } } } });
  const groupIds = groups.filter((g) => !g.study_plan || g.study_plan.career_id === g.career_id).map((g) => g.id);
  return {
    plans: await plansLayout(db, { planIds: plans.map((p) => p.id) }),
    groups: await groupsLayout(db, { groupIds }),
    enrolments: await enrolmentsLayout(db, { groupIds }),
    groupIds,
  };
}

/** Values computed from the records: each teacher's weekly minutes, each group's students, each student's current group, each plan's credits. */
async function computed(db: Db, groupIds: number[], careerId: number) {
  const hours = await db.scheduleHour.findMany({ where: { status: true, schedule: { status: true, group_id: { in: groupIds } } }, select: { total_minutes: true, schedule: { select: { teacher: { select: { code: true } } } } } });
  const loads: Record<string, number> = {};
  for (const hour of hours) loads[hour.schedule.teacher?.code ?? '-'] = (loads[hour.schedule.teacher?.code ?? '-'] ?? 0) + hour.total_minutes;
  const groups = await db.group.findMany({ where: { id: { in: groupIds } }, select: { code: true, cicle: { select: { description: true } }, _count: { select: { student_groups: { where: { is_current: true, status: true, subject_id: null } } } } } });
  const students = await db.student.findMany({ where: { current_group_id: { in: groupIds } }, select: { no_control: true, current_group: { select: { code: true } } } });
  const subjects = await db.subject.findMany({ where: { status: true, study_plan: { status: true, career_id: careerId } }, select: { credit: true, study_plan: { select: { code: true } } } });
  const credits: Record<string, string> = {};
  for (const subject of subjects) credits[subject.study_plan.code] = (Number(credits[subject.study_plan.code] ?? 0) + Number(subject.credit)).toFixed(2);
  return {
    loads,
    groups: Object.fromEntries(groups.map((g) => [`${g.cicle.description} ${g.code}`, g._count.student_groups])),
    currentGroups: Object.fromEntries(students.map((s) => [s.no_control, s.current_group?.code])),
    credits,
  };
}

describe('round trip', () => {
  const roundTrip = `plantel_rt_${process.env.VITEST_POOL_ID ?? '0'}_${Date.now().toString(36)}`;
  const adminUrl = inject('adminDatabaseUrl');
  const url = new URL(adminUrl);
  url.pathname = `/${roundTrip}`;
  let fresh: PrismaClient;
  async function sql(connectionString: string, text: string) {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  beforeAll(async () => {
    await sql(adminUrl, `CREATE DATABASE "${roundTrip}" TEMPLATE "${inject('templateDatabase')}" STRATEGY FILE_COPY`);
    fresh = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString() }) });
  });
  afterAll(async () => {
    await fresh?.$disconnect();
    await sql(adminUrl, `DROP DATABASE IF EXISTS "${roundTrip}" WITH (FORCE)`);
  });

  it('exports the demo’s plans, groups and enrolments in the templates’ layout and imports them the same into a database without them', async () => {
    // One career's plans, groups and enrolments: every career's rows take the same paths, and the
    // whole demo through the row-by-row writes would add minutes to the suite.
    const career = await fresh.group.findFirstOrThrow({ where: { status: true, cicle: { is_active: true }, career_id: { not: null }, student_groups: { some: { is_current: true } } }, orderBy: { id: 'asc' }, select: { career_id: true } });
    const source = await exported(fresh as unknown as Db, career.career_id!);
    expect(source.plans.rows.length).toBeGreaterThan(0);
    expect(source.groups.rows.length).toBeGreaterThan(0);
    expect(source.enrolments.rows.length).toBeGreaterThan(0);
    expect(source.groups.rows.some((row) => row[source.groups.headers.indexOf('Materia')])).toBe(true);
    const before = await computed(fresh as unknown as Db, source.groupIds, career.career_id!);
    const files = {
      plans: await layoutWorkbook(importerNamed('plans'), source.plans),
      groups: await layoutWorkbook(importerNamed('groups'), source.groups),
      enrolments: await layoutWorkbook(importerNamed('enrolments'), source.enrolments),
    };

    const adminId = (await prisma.user.findUniqueOrThrow({ where: { username: 'admin' }, select: { id: true } })).id;
    // Emptied of what the three importers write (the links other records hold to them are left
    // dangling: nothing of this test reads them), then imported in the order a school would.
    await sql(
      url.toString(),
      `SET session_replication_role = replica;
       DELETE FROM schedule_hours; DELETE FROM schedules; DELETE FROM student_groups; UPDATE students SET current_group_id = NULL;
       DELETE FROM groups; DELETE FROM subject_prerequisites; DELETE FROM subjects; DELETE FROM study_plans;`,
    );
    expect(await fresh.group.count()).toBe(0);
    for (const name of ['plans', 'groups', 'enrolments'] as const) {
      const counts = await importInto(fresh, name, files[name], adminId);
      expect(counts, name).toEqual({ created: source[name].rows.length, updated: 0, unchanged: 0 });
    }

    const after = await exported(fresh as unknown as Db, career.career_id!);
    expect(after.plans).toEqual(source.plans);
    expect(after.groups).toEqual(source.groups);
    expect(after.enrolments).toEqual(source.enrolments);
    expect(await computed(fresh as unknown as Db, after.groupIds, career.career_id!)).toEqual(before);
  }, 600_000);
});
