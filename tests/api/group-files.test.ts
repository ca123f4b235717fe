// A group's calls and the files control escolar prints, read back: its students (a teacher reaches
// only the groups they teach), its boss (one per group), its week as xlsx and PDF (also a teacher's
// and a student's), its attendance lists as PDF and xlsx with its students and the class days, every
// group of a period as a zip of PDFs, the photos of a group as a zip named by control number, the
// period's groups by grade, and an original lent from the students' call.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

let admin: string;
/** A seeded group of the active period with classes, students and a teacher. */
let group: { id: number; code: string; cicle_id: number; career_id: number };
let subject: { code: string; teacher_id: number };

beforeAll(async () => {
  admin = await tokenFor('admin');
  const row = await prisma.group.findFirstOrThrow({
    where: { status: true, cicle: { is_active: true }, schedules: { some: { teacher_id: { not: null }, schedule_hours: { some: {} } } }, student_groups: { some: { is_current: true, status: true } } },
    orderBy: { id: 'asc' },
    select: { id: true, code: true, cicle_id: true, career_id: true, schedules: { where: { teacher_id: { not: null }, schedule_hours: { some: {} } }, take: 1, select: { teacher_id: true, subject: { select: { code: true } } } } },
  });
  group = { id: row.id, code: row.code, cicle_id: row.cicle_id, career_id: row.career_id! };
  subject = { code: row.schedules[0].subject.code, teacher_id: row.schedules[0].teacher_id! };
});

const members = () =>
  prisma.studentGroup.findMany({
    where: { group_id: group.id, status: true, is_current: true, subject_id: null, student: { is_active: true } },
    select: { student: { select: { id: true, no_control: true, first_name: true, second_name: true, names: true } } },
  });

describe("a group's students and boss", () => {
  it('lists the students in order; a teacher reaches only their own groups', async () => {
    const answer = await call('GET', `scheduler/api/groups/list_students/?group_id=${group.id}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = (await members()).map((row) => row.student.no_control);
    expect(answer.body.students.filter((row: { subject: string | null }) => !row.subject).map((row: { no_control: string }) => row.no_control).sort()).toEqual([...expected].sort());
    const names = answer.body.students.map((row: { full_name: string }) => row.full_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' })));

    // A teacher reads the groups they teach; another group answers 404.
    const docente = await tokenFor('docente');
    const teaches = { OR: [{ schedules: { some: { teacher: { user: { username: 'docente' } } } } }, { tutor: { user: { username: 'docente' } } }] };
    const theirs = await prisma.group.findFirstOrThrow({ where: teaches, select: { id: true } });
    const notTheirs = await prisma.group.findFirstOrThrow({ where: { NOT: teaches }, select: { id: true } });
    expect((await call('GET', `scheduler/api/groups/list_students/?group_id=${theirs.id}`, { token: docente })).status).toBe(200);
    expect((await call('GET', `scheduler/api/groups/list_students/?group_id=${notTheirs.id}`, { token: docente })).status).toBe(404);
    expect((await call('POST', 'scheduler/api/groups/set_group_boss/', { token: docente, body: { group_id: theirs.id, student_id: null } })).status).toBe(403);
    expect((await call('GET', 'scheduler/api/groups/list_students/', { token: admin })).status).toBe(400);
    expect((await call('GET', 'scheduler/api/groups/list_students/?group_id=2147483000', { token: admin })).status).toBe(404);
  });

  it('keeps one boss per group, a student of it', async () => {
    const [first, second] = await members();
    expect((await call('POST', 'scheduler/api/groups/set_group_boss/', { token: admin, body: { group_id: group.id, student_id: first.student.id } })).status).toBe(200);
    const again = await call('POST', 'scheduler/api/groups/set_group_boss/', { token: admin, body: { group_id: group.id, student_id: second.student.id } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await prisma.group.findUniqueOrThrow({ where: { id: group.id } })).boss_id).toBe(second.student.id);
    expect((await prisma.studentGroup.findMany({ where: { group_id: group.id, is_boss: true } })).map((row) => row.student_id)).toEqual([second.student.id]);
    const outsider = await prisma.student.findFirstOrThrow({ where: { student_groups: { none: { group_id: group.id } } }, select: { id: true } });
    const refused = await call('POST', 'scheduler/api/groups/set_group_boss/', { token: admin, body: { group_id: group.id, student_id: outsider.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.student_id).toEqual(['El jefe de grupo debe ser un alumno inscrito en el grupo.']);
    expect(await prisma.auditLog.count({ where: { resource: 'groups', record_id: String(group.id) } })).toBeGreaterThanOrEqual(2);
  });
});

describe('weeks as files', () => {
  it("a group's week as xlsx and PDF; a teacher's and a student's too", async () => {
    const xlsx = await call<ArrayBuffer>('GET', `scheduler/api/groups/export_schedule/?group_id=${group.id}&format=xlsx`, { token: admin, raw: true });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).values).toEqual([undefined, 'Hora', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes']);
    const cells = sheet.getRows(3, sheet.rowCount - 2)!.flatMap((row) => (row.values as unknown[]).map(String));
    expect(cells.some((text) => text.startsWith(subject.code))).toBe(true);

    const pdf = await call<ArrayBuffer>('GET', `scheduler/api/groups/export_schedule/?group_id=${group.id}&format=pdf`, { token: admin, raw: true });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.body);
    expect(text).toContain(`Horario del grupo ${group.code}`);
    expect(text).toContain(subject.code);

    const teacher = await call<ArrayBuffer>('GET', `academic/api/teachers/export_schedule/?teacher_id=${subject.teacher_id}&cicle_id=${group.cicle_id}&format=pdf`, { token: admin, raw: true });
    expect(teacher.status).toBe(200);
    expect(await pdfText(teacher.body)).toContain(group.code);

    const alumno = await tokenFor('alumno');
    const own = await call<ArrayBuffer>('GET', 'students/api/students/export_schedule/?format=xlsx', { token: alumno, raw: true });
    expect(own.status).toBe(200);
    expect((await call('GET', `scheduler/api/groups/export_schedule/?group_id=${group.id}&format=doc`, { token: admin })).status).toBe(400);
  });
});

describe('attendance lists', () => {
  it("a group's lists as PDF and xlsx: its students in order, the class days as columns", async () => {
    const students = await members();
    const pdf = await call<ArrayBuffer>('GET', `scheduler/api/groups/export_attendance/?group_id=${group.id}&format=pdf`, { token: admin, raw: true });
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    expect(text).toContain('Lista de asistencia');
    for (const { student } of students.slice(0, 5)) expect(text).toContain(student.no_control);
    expect(text).toContain(subject.code);

    const xlsx = await call<ArrayBuffer>('GET', `scheduler/api/groups/export_attendance/?group_id=${group.id}&format=xlsx`, { token: admin, raw: true });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body);
    const sheet = book.worksheets.find((item) => item.getRow(1).getCell(1).text.includes(subject.code)) ?? book.worksheets[0];
    const header = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 3)).toEqual(['#', 'No. de control', 'Alumno']);
    // Dates as dd/mm, as many as the class meets in the period.
    expect(header.slice(3).every((value) => /^\d{2}\/\d{2}$/.test(value))).toBe(true);
    expect(header.length - 3).toBeGreaterThan(10);
    const controls = sheet.getRows(3, sheet.rowCount - 2)!.map((row) => row.getCell(2).text);
    for (const { student } of students) expect(controls).toContain(student.no_control);
  });

  it('every group of a period as a zip of PDFs', async () => {
    const zip = await call<ArrayBuffer>('GET', `scheduler/api/groups/export_attendance/?cicle_id=${group.cicle_id}&format=zip`, { token: admin, raw: true });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const archive = await JSZip.loadAsync(zip.body);
    const expected = await prisma.group.findMany({ where: { cicle_id: group.cicle_id, status: true }, select: { code: true } });
    expect(Object.keys(archive.files).sort()).toEqual(expected.map((row) => `${row.code.replace(/[\\/:*?"<>|]/g, '_')}.pdf`).sort());
    const one = await archive.file(`${group.code}.pdf`)!.async('uint8array');
    expect(await pdfText(one)).toContain(group.code);
  });
});

describe("a group's photos and the period's groups", () => {
  it('zips the photos of a group named by control number', async () => {
    const [first, second] = await members();
    for (const { student } of [first, second]) {
      const form = new FormData();
      form.append('photo', new Blob([PNG], { type: 'image/png' }), 'foto.png');
      const uploaded = await call('POST', `students/api/students/${student.id}/upload_photo/`, { token: admin, form });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    }
    const zip = await call<ArrayBuffer>('GET', `students/api/students/download_photos/?group_id=${group.id}`, { token: admin, raw: true });
    expect(zip.status).toBe(200);
    const archive = await JSZip.loadAsync(zip.body);
    const withPhoto = await prisma.student.findMany({ where: { photo_path: { not: null }, student_groups: { some: { group_id: group.id, status: true, is_current: true } } }, select: { no_control: true } });
    expect(Object.keys(archive.files).sort()).toEqual(withPhoto.map((row) => `${row.no_control}.png`).sort());
    expect(Object.keys(archive.files)).toContain(`${first.student.no_control}.png`);
    expect((await call('GET', 'students/api/students/download_photos/', { token: admin })).status).toBe(400);
  });

  it("lists the period's groups by grade with their students and capacity", async () => {
    const answer = await call('GET', `students/api/students/get_groups_by_grade/?cicle_id=${group.cicle_id}&career_id=${group.career_id}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const grades = answer.body.map((row: { grade: number }) => row.grade);
    expect(grades).toEqual([...grades].sort((a: number, b: number) => a - b));
    const mine = answer.body.flatMap((row: { groups: { id: number; students: number }[] }) => row.groups).find((row: { id: number }) => row.id === group.id);
    expect(mine.students).toBe(await prisma.studentGroup.count({ where: { group_id: group.id, status: true, is_current: true, subject_id: null } }));
    expect((await call('GET', 'students/api/students/get_groups_by_grade/', { token: admin })).status).toBe(400);
  });
});

describe('an original lent from the students call', () => {
  it('lends until a date, as lend_original/ does', async () => {
    // A student of this test only: the demo students' files stay as they are.
    const student = await prisma.student.create({ data: { no_control: `LD${Date.now() % 1_000_000}`, names: 'Préstamo', first_name: 'Prueba' }, select: { id: true } });
    const type = await prisma.documentType.findFirstOrThrow({ where: { category: 'students' }, select: { id: true } });
    const document = await prisma.studentDocument.create({ data: { student_id: student.id, doc_type_id: type.id, archived: true }, select: { id: true } });
    const lent = await call('POST', 'students/api/students/lend_document/', { token: admin, body: { document_id: document.id, date_limit: '2099-01-31' } });
    expect(lent.status, JSON.stringify(lent.body)).toBe(200);
    expect(lent.body).toMatchObject({ archived: false, date_limit: '2099-01-31' });
    expect((await call('POST', 'students/api/students/lend_document/', { token: admin, body: { document_id: document.id, date_limit: '2099-01-31' } })).status).toBe(409);
    expect((await call('POST', 'students/api/students/lend_document/', { token: admin, body: {} })).status).toBe(404);
  });
});

describe("teachers' loads", () => {
  it('reads each teacher’s weekly hours against their contract', async () => {
    await prisma.teacher.update({ where: { id: subject.teacher_id }, data: { contract_hours: 1 } });
    const answer = await call('GET', `scheduler/api/schedules/loads/?cicle_id=${group.cicle_id}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = answer.body.find((item: { teacher_id: number }) => item.teacher_id === subject.teacher_id);
    const minutes = await prisma.scheduleHour.aggregate({ _sum: { total_minutes: true }, where: { status: true, schedule: { teacher_id: subject.teacher_id, status: true, group: { cicle_id: group.cicle_id, status: true } } } });
    expect(row.scheduled_minutes).toBe(minutes._sum.total_minutes);
    expect(row.against_contract).toBe(row.scheduled_minutes > 60 ? 'over' : row.scheduled_minutes < 60 ? 'under' : 'even');
    // The week builder shows the same load under the teacher of each of the group's classes.
    const week = await call('GET', `scheduler/api/groups/week/?group_id=${group.id}`, { token: admin });
    expect(week.body.loads.find((item: { teacher_id: number }) => item.teacher_id === subject.teacher_id)).toEqual(row);
    // Without contract hours there is nothing to compare.
    await prisma.teacher.update({ where: { id: subject.teacher_id }, data: { contract_hours: null } });
    const again = await call('GET', `scheduler/api/schedules/loads/?cicle_id=${group.cicle_id}`, { token: admin });
    expect(again.body.find((item: { teacher_id: number }) => item.teacher_id === subject.teacher_id).against_contract).toBeNull();
    expect((await call('GET', 'scheduler/api/schedules/loads/', { token: admin })).status).toBe(400);
    expect((await call('GET', `scheduler/api/schedules/loads/?cicle_id=${group.cicle_id}`, { token: await tokenFor('docente') })).status).toBe(403);
  });
});
