// Enrolling a new student, finished (issue 29, item 1): the form shows the control number a blank
// one would get and saving gives exactly that one (never the same to two clerks at once); the group
// chosen enrols her (the capture sheet and the attendance list show her); a portal account comes
// with her, whose first password her welcome sheet prints (and e-mails), and a reset makes the old
// one useless; the group page's two counts agree; the list finds "López" when "Lopez" is typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { attendanceLists } from '@/server/modules/scheduler';
import { schedulerDetails } from '@/server/modules/scheduler/screens';
import { studentsResource } from '@/server/modules/students/students.resource';
import { screenConfig } from '@/server/screens/derive';
import { call, tokenFor } from './client';
import { pdfText } from './pdf-text';
import { withSmtpSink } from './smtp-sink';

let control: string;
let cicleId: number;
let careerId: number;
let otherCareerGroupId: number;
let groupId: number;
let scheduleId: number;
let partialId: number;
const stamp = Date.now() % 100_000;
let counter = 0;

beforeAll(async () => {
  control = await tokenFor('control');
  const template = await prisma.group.findFirstOrThrow({
    where: { status: true, career_id: { not: null }, study_plan_id: { not: null }, shift_id: { not: null }, cicle: { is_active: true } },
    orderBy: { id: 'asc' },
    select: { cicle_id: true, career_id: true, study_plan_id: true, shift_id: true },
  });
  cicleId = template.cicle_id;
  careerId = template.career_id!;
  const group = await prisma.group.create({
    data: { code: `NS${stamp}-A`, grade: 1, group: 'A', cicle_id: cicleId, career_id: careerId, shift_id: template.shift_id, capacity: 0, study_plan_id: template.study_plan_id },
    select: { id: true },
  });
  groupId = group.id;
  const other = await prisma.group.findFirstOrThrow({ where: { status: true, cicle_id: cicleId, career_id: { not: careerId } }, select: { id: true } });
  otherCareerGroupId = other.id;
  const subject = await prisma.subject.findFirstOrThrow({ where: { study_plan_id: template.study_plan_id! }, select: { id: true } });
  const admin = await tokenFor('admin');
  const schedule = await call('POST', 'scheduler/api/schedules/', { token: admin, body: { group_id: groupId, subject_id: subject.id } });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
  scheduleId = schedule.body.id;
  partialId = (await prisma.partial.findFirstOrThrow({ where: { cicle_id: cicleId, partial_type: 'O' }, select: { id: true } })).id;
});

afterAll(async () => {
  await prisma.group.update({ where: { id: groupId }, data: { status: false } });
});

/** A new student saved the way the form saves her (no control number typed). */
async function saveStudent(extra: Record<string, unknown> = {}) {
  counter += 1;
  return call('POST', 'students/api/students/', { token: control, body: { names: 'Renata', first_name: 'Núñez', second_name: `Prueba ${stamp} ${counter}`, career_id: careerId, cicle_id: cicleId, cicle_start_id: cicleId, ...extra } });
}

const peek = async () => {
  const answer = await call('GET', 'students/api/students/next_control_number/', { token: control });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.no_control as string;
};

/** The first password her welcome sheet prints (the line after "Contraseña inicial:"). */
function printedPassword(text: string): string {
  const found = /Contraseña inicial:\s*(\S+)/.exec(text);
  expect(found, text).not.toBeNull();
  return found![1];
}

describe('the control number', () => {
  it('shown on the form is the one a blank number gets, and showing it takes nothing', async () => {
    const shown = await peek();
    expect(await peek()).toBe(shown);
    const saved = await saveStudent();
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.no_control).toBe(shown);
    expect(await peek()).not.toBe(shown);
  });

  it('two clerks saving at the same moment get two different numbers, both the sequence\'s', async () => {
    const shown = await peek();
    const answers = await Promise.all([saveStudent(), saveStudent(), saveStudent()]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const numbers = answers.map((answer) => answer.body.no_control as string);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers).toContain(shown);
    const serials = answers.map((answer) => Number(answer.body.serial_number)).sort((a, b) => a - b);
    expect(serials[2] - serials[0]).toBe(2);
  });

  it('only staff who create students may read it', async () => {
    expect((await call('GET', 'students/api/students/next_control_number/', { token: await tokenFor('alumno') })).status).toBe(403);
    expect((await call('GET', 'students/api/students/next_control_number/')).status).toBe(401);
  });
});

describe('the new-student form', () => {
  const config = screenConfig(studentsResource, { titleKey: 'menu.scholar-students', detailHref: '/scholar/students/{id}', openAfterCreate: true });
  const field = (name: string) => config.fields.find((candidate) => candidate.name === name)!;

  it('does not require the control number and reads its hint from next_control_number/', async () => {
    expect(field('no_control').required).toBe(false);
    const hint = field('no_control').hintFrom!;
    expect(hint.path).toBe('/students/api/students/next_control_number/');
    const answer = await call('GET', hint.path, { token: control });
    expect(answer.body[hint.field]).toBe(await peek());
  });

  it('offers the groups of the top bar\'s period and campus and of the form\'s career, and opens her page once saved', () => {
    expect(field('current_group_id').optionsFrom?.query).toMatchObject({ cicle_id: '{$cicle}', campus_id: '{$campus}', career_id: '{career_id}' });
    expect(config.openAfterCreate).toBe(true);
  });
});

describe('the group chosen on the new-student form', () => {
  it('enrols her in the same save: the capture sheet and the attendance list show her', async () => {
    const saved = await saveStudent({ current_group_id: groupId });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const enrolments = await prisma.studentGroup.findMany({ where: { student_id: saved.body.id }, select: { group_id: true, is_current: true, subject_id: true } });
    expect(enrolments).toEqual([{ group_id: groupId, is_current: true, subject_id: null }]);
    const sheet = await call('GET', `students/api/students/get_for_capture/?schedule_id=${scheduleId}&partial_id=${partialId}`, { token: control });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    expect(sheet.body.students.map((row: { student_id: number }) => row.student_id)).toContain(saved.body.id);
    const lists = await attendanceLists({ group_id: groupId });
    expect(lists.find((list) => list.schedule_id === scheduleId)?.students.map((row) => row.no_control)).toContain(saved.body.no_control);
  });

  it('a group of another career is refused on its field and nothing is saved, not even a number', async () => {
    const shown = await peek();
    const before = await prisma.student.count();
    const saved = await saveStudent({ current_group_id: otherCareerGroupId });
    expect(saved.status).toBe(400);
    expect(saved.body.current_group_id?.[0]).toMatch(/carrera/);
    expect(await prisma.student.count()).toBe(before);
    expect(await peek()).toBe(shown);
  });
});

describe('her portal account', () => {
  it('is created with her (user = control number, student role) and has no password until her welcome sheet', async () => {
    const saved = await saveStudent({ current_group_id: groupId, email: `renata${stamp}@alumnos.example` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const student = await prisma.student.findUniqueOrThrow({ where: { id: saved.body.id }, select: { user: { select: { username: true, roles: { select: { role: { select: { short: true } } } } } } } });
    expect(student.user?.username).toBe(saved.body.no_control);
    expect(student.user?.roles.map((row) => row.role.short)).toEqual(['student']);
    const access = await call('GET', `students/api/students/${saved.body.id}/portal_access/`, { token: control });
    expect(access.body).toEqual({ username: saved.body.no_control, active: true, password_given: false });
    // No password works before the sheet is printed.
    expect((await call('POST', 'manage/login/', { body: { username: saved.body.no_control, password: '!unusable' } })).status).toBe(401);
  });

  it('signs in with the password her welcome sheet prints (and e-mails); a reset makes the old one useless', async () => {
    await withSmtpSink(async (received) => {
      const saved = await saveStudent({ current_group_id: groupId, email: `sheet${stamp}@alumnos.example` });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const id = saved.body.id as number;
      const sheet = await call<ArrayBuffer>('POST', `students/api/students/${id}/reset_portal_access/`, { token: control, raw: true });
      expect(sheet.status).toBe(200);
      expect(sheet.headers.get('content-type')).toContain('application/pdf');
      expect(sheet.headers.get('cache-control')).toContain('no-store');
      const text = await pdfText(sheet.body);
      expect(text).toContain('Hoja de bienvenida');
      expect(text).toContain('Renata');
      expect(text).toContain(saved.body.no_control);
      expect(text).toMatch(/\/login/);
      const first = printedPassword(text);
      expect(first).toMatch(/^[A-Za-z0-9]{10}$/);

      const login = await call('POST', 'manage/login/', { body: { username: saved.body.no_control, password: first } });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const own = await call('GET', `students/api/students/${id}/`, { token: login.body.token });
      expect(own.status).toBe(200);
      expect((await call('GET', `students/api/students/${id}/portal_access/`, { token: control })).body.password_given).toBe(true);
      expect(received.some((mail) => mail.to.includes(`sheet${stamp}@alumnos.example`) && mail.text.includes(first))).toBe(true);

      // Reset from her page: a new password, the old one and its session stop working.
      const again = await call<ArrayBuffer>('POST', `students/api/students/${id}/reset_portal_access/`, { token: control, raw: true });
      expect(again.status).toBe(200);
      const second = printedPassword(await pdfText(again.body));
      expect(second).not.toBe(first);
      expect((await call('POST', 'manage/login/', { body: { username: saved.body.no_control, password: first } })).status).toBe(401);
      expect((await call('POST', 'manage/login/', { body: { username: saved.body.no_control, password: second } })).status).toBe(200);
      expect((await call('GET', 'manage/check_session/', { token: login.body.token })).status).toBe(401);

      // The history says the password changed, never what it is.
      const user = await prisma.student.findUniqueOrThrow({ where: { id }, select: { user_id: true } });
      const history = await prisma.auditLog.findMany({ where: { resource: 'users', record_id: String(user.user_id) }, select: { changes: true } });
      expect(history.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(history)).toContain('password');
      const written = JSON.stringify(await prisma.auditLog.findMany({ where: { date: { gte: new Date(Date.now() - 60_000) } }, select: { changes: true } }));
      expect(written).not.toContain(first);
      expect(written).not.toContain(second);
    });
  });

  it('is reset only by staff who edit students, within what they may see', async () => {
    const saved = await saveStudent();
    const alumno = await tokenFor('alumno');
    expect((await call('POST', `students/api/students/${saved.body.id}/reset_portal_access/`, { token: alumno })).status).toBe(403);
    expect((await call('POST', `students/api/students/${saved.body.id}/reset_portal_access/`, { token: await tokenFor('finanzas') })).status).toBe(403);
    expect((await call('POST', 'students/api/students/999999999/reset_portal_access/', { token: control })).status).toBe(404);
  });

  it('a control number typed that names someone else\'s account is refused (409) and nothing is saved', async () => {
    const before = await prisma.student.count();
    const saved = await saveStudent({ no_control: 'control' });
    expect(saved.status).toBe(409);
    expect(saved.body.detail).toMatch(/control/);
    expect(await prisma.student.count()).toBe(before);
  });
});

describe('the group page', () => {
  it('counts the same students in its two lists: its current whole-group enrolments', async () => {
    const [moved, stays, subjectOnly] = [await saveStudent({ current_group_id: groupId }), await saveStudent({ current_group_id: groupId }), await saveStudent()];
    for (const answer of [moved, stays, subjectOnly]) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    // One leaves for another group of her career: her enrolment here becomes history.
    const target = await prisma.group.create({ data: { code: `NS${stamp}-B`, grade: 1, group: 'B', cicle_id: cicleId, career_id: careerId, capacity: 0 }, select: { id: true } });
    expect((await call('PATCH', `students/api/students/${moved.body.id}/`, { token: control, body: { current_group_id: target.id } })).status).toBe(200);
    // Another takes a single subject here (an irregular load): she is not one of the group's students.
    const subject = await prisma.schedule.findUniqueOrThrow({ where: { id: scheduleId }, select: { subject_id: true } });
    expect((await call('POST', 'scheduler/api/student-groups/', { token: await tokenFor('admin'), body: { student_id: subjectOnly.body.id, group_id: groupId, subject_id: subject.subject_id } })).status).toBe(201);

    const filters = schedulerDetails['/academic/groups'].childFilters?.['scheduler/api/student-groups/'] ?? {};
    const enrolments = await call('GET', `scheduler/api/student-groups/?${new URLSearchParams({ group_id: String(groupId), ...filters })}`, { token: control });
    const students = await call('GET', `students/api/students/?current_group_id=${groupId}`, { token: control });
    expect(enrolments.status, JSON.stringify(enrolments.body)).toBe(200);
    expect(students.status).toBe(200);
    expect(enrolments.body.elements).toBe(students.body.elements);
    expect(students.body.elements).toBe(await prisma.studentGroup.count({ where: { group_id: groupId, is_current: true, status: true, subject_id: null } }));
    const ids = enrolments.body.data.map((row: { student: { id: number } | number }) => (typeof row.student === 'object' ? row.student.id : row.student));
    expect(ids).toContain(stays.body.id);
    expect(ids).not.toContain(moved.body.id);
    expect(ids).not.toContain(subjectOnly.body.id);
    // The group's capture sheet follows: she left it with nothing captured here; the one who stays is on it.
    const sheet = await call('GET', `students/api/students/get_for_capture/?schedule_id=${scheduleId}&partial_id=${partialId}`, { token: control });
    const onSheet = sheet.body.students.map((row: { student_id: number }) => row.student_id);
    expect(onSheet).toContain(stays.body.id);
    expect(onSheet).not.toContain(moved.body.id);
    await prisma.group.update({ where: { id: target.id }, data: { status: false } });
  });
});

describe('the students list', () => {
  it('finds a surname typed without its accents ("Lopez" finds "López")', async () => {
    const list = await call('GET', 'students/api/students/?search=Lopez', { token: control });
    expect(list.status).toBe(200);
    expect(list.body.data.some((row: { first_name: string }) => row.first_name === 'López')).toBe(true);
    const mine = await call('GET', `students/api/students/?search=${encodeURIComponent(`nunez prueba ${stamp}`)}`, { token: control });
    expect(mine.body.elements).toBeGreaterThan(0);
  });
});
