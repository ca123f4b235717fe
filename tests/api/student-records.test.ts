// Control escolar's writes that change a student's situation, through the API: a group change
// moves the enrolment and the current group (a full group refuses it and nothing changes); a
// withdrawal makes the student inactive, closes their enrolments and stops their tuition, and a
// reinstatement restores them; enrolling checks capacity; the timetable refuses a group, a teacher
// or a student in two classes at once, naming both; new students get consecutive control numbers
// even when created at the same moment. Every write leaves its history rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

let admin: string;
let cicleId: number;
let careerId: number;
let otherCareerId: number;
let studyPlanId: number | null;
const groups: Record<string, number> = {};
let teacherA: number;
let teacherB: number;
const subjects: number[] = [];
let counter = 0;
const stamp = Date.now() % 100_000;

beforeAll(async () => {
  admin = await tokenFor('admin');
  const group = await prisma.group.findFirstOrThrow({ where: { status: true, career_id: { not: null }, cicle: { is_active: true } }, orderBy: { id: 'asc' }, select: { cicle_id: true, career_id: true, study_plan_id: true } });
  cicleId = group.cicle_id;
  careerId = group.career_id!;
  studyPlanId = group.study_plan_id;
  otherCareerId = (await prisma.career.findFirstOrThrow({ where: { id: { not: careerId } }, select: { id: true } })).id;
  const make = async (code: string, capacity: number, career = careerId) =>
    (await prisma.group.create({ data: { code: `PR${stamp}-${code}`, grade: 1, group: code.slice(-1), cicle_id: cicleId, career_id: career, capacity, study_plan_id: studyPlanId }, select: { id: true } })).id;
  groups.home = await make('A', 0);
  groups.roomy = await make('B', 0);
  groups.full = await make('C', 1);
  groups.other = await make('D', 0, otherCareerId);
  groups.second = await make('E', 0);
  // Teachers of this file only: the seeded ones have their own weeks.
  teacherA = (await prisma.teacher.create({ data: { names: 'Ana', first_name: 'Horario', second_name: 'Uno', code: `PRA${stamp}` }, select: { id: true } })).id;
  teacherB = (await prisma.teacher.create({ data: { names: 'Beto', first_name: 'Horario', second_name: 'Dos', code: `PRB${stamp}` }, select: { id: true } })).id;
  subjects.push(...(await prisma.subject.findMany({ take: 4, orderBy: { id: 'asc' }, select: { id: true } })).map((subject) => subject.id));
});

afterAll(async () => {
  await prisma.group.updateMany({ where: { id: { in: Object.values(groups) } }, data: { status: false } });
});

/** A new active student enrolled in a group as a whole. */
async function student(groupId: number) {
  counter += 1;
  const created = await call('POST', 'students/api/students/', { token: admin, body: { names: 'Prueba', first_name: 'Expediente', second_name: `Número ${counter}`, career_id: careerId, cicle_id: cicleId, cicle_start_id: cicleId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const enrolled = await call('POST', 'scheduler/api/student-groups/', { token: admin, body: { student_id: id, group_id: groupId } });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
  await prisma.student.update({ where: { id }, data: { current_group_id: groupId } });
  return { id, no_control: created.body.no_control as string };
}

describe('group changes (movements)', () => {
  it('refuse a full group and change nothing; move the enrolment and the current group into one with room', async () => {
    const occupant = await student(groups.full);
    const { id } = await student(groups.home);
    const before = await prisma.studentMovement.count({ where: { student_id: id } });
    const full = await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: id, to_group_id: groups.full, comments: 'Cambio de turno' } });
    // A full group is a state that forbids the move: 409 (api.md), no longer a field error.
    expect(full.status).toBe(409);
    expect(full.body.detail).toMatch(/^Cupo excedido: el grupo PR\d+-C ya tiene sus 1 lugares ocupados\.$/);
    expect(await prisma.studentMovement.count({ where: { student_id: id } })).toBe(before);
    expect((await prisma.student.findUniqueOrThrow({ where: { id } })).current_group_id).toBe(groups.home);

    const moved = await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: id, to_group_id: groups.roomy, comments: 'Cambio de turno' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body).toMatchObject({ from_group_id: groups.home, to_group_id: groups.roomy, cicle_id: cicleId });
    const enrolments = await prisma.studentGroup.findMany({ where: { student_id: id }, orderBy: { id: 'asc' }, select: { group_id: true, is_current: true } });
    expect(enrolments).toEqual([
      { group_id: groups.home, is_current: false },
      { group_id: groups.roomy, is_current: true },
    ]);
    expect((await prisma.student.findUniqueOrThrow({ where: { id } })).current_group_id).toBe(groups.roomy);
    const history = await prisma.auditLog.findMany({ where: { resource: 'students', record_id: String(id), type: '~' } });
    expect(history.some((row) => JSON.stringify(row.changes).includes('current_group_id'))).toBe(true);

    // An applied movement is not edited; undoing it is another movement.
    const edit = await call('PUT', `students/api/student-movements/${moved.body.id}/`, { token: admin, body: { ...moved.body, to_group_id: groups.second } });
    expect(edit.status).toBe(409);
    const back = await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: id, to_group_id: groups.home } });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect((await prisma.studentGroup.findMany({ where: { student_id: id, is_current: true } })).map((row) => row.group_id)).toEqual([groups.home]);

    // Another career only when staff say so; the same group or a group they are not in, never.
    const career = await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: id, to_group_id: groups.other } });
    expect(career.status).toBe(400);
    expect(career.body.to_group_id).toEqual(['El grupo destino es de otra carrera: confirme el cambio de carrera para moverlo.']);
    const allowed = await call('POST', 'students/api/student-movements/?allow_other_career=true', { token: admin, body: { student_id: id, to_group_id: groups.other } });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    expect((await prisma.student.findUniqueOrThrow({ where: { id } })).career_id).toBe(otherCareerId);
    expect((await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: id, to_group_id: groups.other } })).status).toBe(400);
    expect((await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: occupant.id, from_group_id: groups.home, to_group_id: groups.roomy } })).status).toBe(400);
  });

  it('enrolling a student in a full group is refused', async () => {
    const { id } = await student(groups.second);
    const full = await call('POST', 'scheduler/api/student-groups/', { token: admin, body: { student_id: id, group_id: groups.full } });
    expect(full.status).toBe(409);
    expect(full.body.detail).toMatch(/^Cupo excedido/);
  });
});

describe('withdrawals', () => {
  it('deactivate the student, close their enrolments and stop their tuition; a reinstatement restores them', async () => {
    const { id } = await student(groups.second);
    const concept = await prisma.concept.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } });
    const month = await prisma.recurrent.create({ data: { student_id: id, cicle_id: cicleId, concept_id: concept.id, limit_date: new Date('2099-03-10T00:00:00Z'), month: 3, month_name: 'Marzo', year: 2099 }, select: { id: true } });
    const temporary = await prisma.terminationType.findUniqueOrThrow({ where: { code: 'BT' } });
    const withdrawal = await call('POST', 'students/api/terminations/', { token: admin, body: { student_id: id, type_id: temporary.id, reason: 'Motivos de salud' } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    const out = await prisma.student.findUniqueOrThrow({ where: { id }, select: { is_active: true, current_group_id: true, status: { select: { code: true } } } });
    expect(out).toEqual({ is_active: false, current_group_id: null, status: { code: 'BT' } });
    expect(await prisma.studentGroup.count({ where: { student_id: id, is_current: true } })).toBe(0);
    expect((await prisma.recurrent.findUniqueOrThrow({ where: { id: month.id } })).status).toBe(false);
    expect((await call('POST', 'students/api/terminations/', { token: admin, body: { student_id: id, type_id: temporary.id } })).status).toBe(409);

    const back = await call('POST', `students/api/terminations/${withdrawal.body.id}/reinstate/`, { token: admin });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.group).toMatchObject({ id: groups.second });
    const again = await prisma.student.findUniqueOrThrow({ where: { id }, select: { is_active: true, current_group_id: true, status: { select: { code: true } } } });
    expect(again).toEqual({ is_active: true, current_group_id: groups.second, status: { code: 'REG' } });
    expect((await prisma.recurrent.findUniqueOrThrow({ where: { id: month.id } })).status).toBe(true);
    expect((await call('POST', `students/api/terminations/${withdrawal.body.id}/reinstate/`, { token: admin })).status).toBe(409);
    const history = await prisma.auditLog.findMany({ where: { resource: 'students', record_id: String(id), type: '~' }, orderBy: { id: 'asc' } });
    // Enrolling sets the current group in rows of its own (enrol), so only the rows that touch is_active are compared.
    expect(history.map((row) => (row.changes as { field: string; new: unknown }[]).find((change) => change.field === 'is_active')?.new).filter((value) => value !== undefined)).toEqual([false, true]);

    // A definitive withdrawal is not reversed.
    const definitive = await prisma.terminationType.findUniqueOrThrow({ where: { code: 'BD' } });
    const gone = await call('POST', 'students/api/terminations/', { token: admin, body: { student_id: id, type_id: definitive.id, reason: 'Cambio de ciudad' } });
    expect(gone.status).toBe(201);
    expect((await prisma.student.findUniqueOrThrow({ where: { id }, select: { status: { select: { code: true } } } })).status?.code).toBe('BD');
    const refused = await call('POST', `students/api/terminations/${gone.body.id}/reinstate/`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Solo una baja temporal se revierte con una reincorporación.');
  });
});

describe('control numbers of new students', () => {
  it('gives twenty students created at once twenty consecutive numbers', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) => call('POST', 'students/api/students/', { token: admin, body: { names: 'Concurrente', first_name: 'Prueba', second_name: `N${index}`, career_id: careerId } })),
    );
    for (const answer of created) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const numbers = created.map((answer) => Number(answer.body.no_control)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19] - numbers[0]).toBe(19);
    // A number typed by staff is kept.
    const typed = await call('POST', 'students/api/students/', { token: admin, body: { names: 'Tecleado', first_name: 'Prueba', no_control: `X${stamp}`, career_id: careerId } });
    expect(typed.body.no_control).toBe(`X${stamp}`);
  });
});

describe('timetable clashes', () => {
  async function schedule(groupId: number, subjectId: number, teacherId: number | null) {
    const answer = await call('POST', 'scheduler/api/schedules/', { token: admin, body: { group_id: groupId, subject_id: subjectId, teacher_id: teacherId } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as number;
  }
  const hour = (scheduleId: number, day: number, start: string, end: string) => call('POST', 'scheduler/api/schedules-hours/', { token: admin, body: { schedule_id: scheduleId, week_day: day, start_hour: start, end_hour: end } });

  it('refuse a group, a teacher or a student in two classes at once, naming both; touching hours are fine', async () => {
    const first = await schedule(groups.roomy, subjects[0], teacherA);
    expect((await hour(first, 1, '07:00', '09:00')).status).toBe(201);

    const second = await schedule(groups.roomy, subjects[1], teacherB);
    const group = await hour(second, 1, '08:00', '10:00');
    expect(group.status).toBe(409);
    expect(group.body.detail).toMatch(/^Choque de horario: el grupo PR\d+-B ya tiene .+ el lunes de 08:00 a 09:00; no puede tener también .+\.$/);
    expect(await prisma.scheduleHour.count({ where: { schedule_id: second } })).toBe(0);
    const touching = await hour(second, 1, "09:00", "10:00");
    expect(touching.status, JSON.stringify(touching.body)).toBe(201);

    const elsewhere = await schedule(groups.second, subjects[2], teacherA);
    const teacher = await hour(elsewhere, 1, '08:30', '09:30');
    expect(teacher.status).toBe(409);
    expect(teacher.body.detail).toMatch(/^Choque de horario: .+ ya da .+ el lunes de 08:30 a 09:00; no puede dar también .+\.$/);
    expect((await hour(elsewhere, 2, '08:30', '09:30')).status).toBe(201);

    // A change of teacher keeps the class's hours: the new teacher must be free then.
    const busy = await call('PUT', `scheduler/api/schedules/${second}/`, { token: admin, body: { group_id: groups.roomy, subject_id: subjects[1], teacher_id: teacherA } });
    expect(busy.status, JSON.stringify(busy.body)).toBe(200);
    const clash = await schedule(groups.home, subjects[2], teacherB);
    expect((await hour(clash, 2, '09:00', '10:00')).status).toBe(201);
    const swap = await call('PUT', `scheduler/api/schedules/${clash}/`, { token: admin, body: { group_id: groups.home, subject_id: subjects[2], teacher_id: teacherA } });
    expect(swap.status).toBe(409);
    expect(swap.body.detail).toMatch(/^Choque de horario: Horario Uno Ana ya da .+ el martes de 09:00 a 09:30;/);
    expect((await prisma.schedule.findUniqueOrThrow({ where: { id: clash } })).teacher_id).toBe(teacherB);

    // An irregular student who takes a subject in another group at that time.
    const { id } = await student(groups.roomy);
    const irregular = await call('POST', 'scheduler/api/student-groups/', { token: admin, body: { student_id: id, group_id: groups.home, subject_id: subjects[3] } });
    expect(irregular.status, JSON.stringify(irregular.body)).toBe(201);
    const theirs = await schedule(groups.home, subjects[3], null);
    const studentClash = await hour(theirs, 1, '07:30', '08:00');
    expect(studentClash.status).toBe(409);
    expect(studentClash.body.detail).toMatch(/^Choque de horario: Expediente Número \d+ Prueba toma .+ el lunes de 07:30 a 08:00; no puede tomar también .+\.$/);
    expect((await hour(theirs, 1, '10:00', '11:00')).status).toBe(201);

    // An individual load: refused when two of its classes, or one and their own group's, meet at once.
    const early = await schedule(groups.second, subjects[3], null);
    expect((await hour(early, 1, '08:00', '08:30')).status).toBe(201);
    const { id: irregularId } = await student(groups.roomy);
    const load = (ids: number[]) => call('POST', 'scheduler/api/schedules/save_irregular/', { token: admin, body: { student_id: irregularId, cicle_id: cicleId, schedule_ids: ids } });
    const overlapping = await load([early]);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.detail).toMatch(/^Choque de horario: Expediente Número \d+ Prueba toma .+ el lunes de 08:00 a 08:30;/);
    expect((await load([elsewhere, clash])).status).toBe(400);
    const saved = await load([clash, theirs]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await prisma.studentGroup.findMany({ where: { student_id: irregularId, subject_id: { not: null }, is_current: true }, orderBy: { id: 'asc' } })).map((row) => [row.group_id, row.subject_id])).toEqual([
      [groups.home, subjects[2]],
      [groups.home, subjects[3]],
    ]);
    expect((await prisma.student.findUniqueOrThrow({ where: { id: irregularId } })).is_regular).toBe(false);
    // The period's offer names the classes, with the student's load marked.
    const offer = await call('GET', `scheduler/api/schedules/offer/?cicle_id=${cicleId}&career_id=${careerId}&student_id=${irregularId}`, { token: admin });
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect([...offer.body.load].sort()).toEqual([clash, theirs].sort());
    expect(offer.body.classes.find((item: { id: number }) => item.id === clash)).toMatchObject({ group: expect.stringMatching(/-A$/), hours: [{ week_day: 2, start_hour: '09:00', end_hour: '10:00' }] });
    expect((await call('GET', `scheduler/api/schedules/offer/?cicle_id=${cicleId}`, { token: await tokenFor('alumno') })).status).toBe(403);
    // A new load replaces the period's: what is left out is closed.
    expect((await load([theirs])).status).toBe(200);
    expect(await prisma.studentGroup.count({ where: { student_id: irregularId, subject_id: { not: null }, is_current: true } })).toBe(1);

    const reversed = await hour(theirs, 3, '11:00', '10:00');
    expect(reversed.status).toBe(400);
    expect(reversed.body.end_hour).toEqual(['La hora de fin debe ser posterior a la de inicio.']);
  });
});

describe('oath-taking', () => {
  it('takes the average, credits and owed subjects from the kardex, and refuses the oath naming what is missing', async () => {
    // A first-year student owes most of their plan.
    const { id } = await student(groups.roomy);
    const check = await call('GET', `academic/api/swear-careers/check/?student_id=${id}`, { token: admin });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.may_swear).toBe(false);
    const refused = await call('POST', 'academic/api/swear-careers/', { token: admin, body: { student_id: id, is_swear: true, score: '10.00', pending: 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^No puede rendir protesta: adeuda \d+ materias/);
    const candidate = await call('POST', 'academic/api/swear-careers/', { token: admin, body: { student_id: id, score: '10.00', pending: 0 } });
    expect(candidate.status, JSON.stringify(candidate.body)).toBe(201);
    // What was typed for the facts is not kept: they are the kardex's.
    expect(candidate.body.pending).toBe(check.body.pending_subjects.length);
    expect(candidate.body.score).toBe(check.body.score);

    // A student who passed every subject of their plan and handed in every mandatory document swears.
    const plan = await prisma.studyPlan.create({ data: { code: `PL${stamp}`, description: 'Plan de prueba de una materia', career_id: careerId }, select: { id: true } });
    const only = await prisma.subject.create({ data: { study_plan_id: plan.id, grade: 1, code: `PS${stamp}`, description: 'Seminario de titulación', credit: 8 }, select: { id: true } });
    const planGroup = await prisma.group.create({ data: { code: `PR${stamp}-T`, grade: 1, group: 'T', cicle_id: cicleId, career_id: careerId, study_plan_id: plan.id }, select: { id: true } });
    groups.plan = planGroup.id;
    const graduate = await student(planGroup.id);
    const types = await prisma.documentType.findMany({ where: { status: true, mandatory: true, category: { in: ['students', 'aspirants'] }, is_foreign: { in: ['M', 'B'] } }, select: { id: true, category_career: true } });
    const career = await prisma.career.findUniqueOrThrow({ where: { id: careerId }, select: { category_career: true } });
    const owedFile = await call('POST', 'academic/api/swear-careers/', { token: admin, body: { student_id: graduate.id, is_swear: true } });
    expect(owedFile.status).toBe(409);
    await prisma.subjectCicle.create({ data: { student_id: graduate.id, group_id: planGroup.id, cicle_id: cicleId, subject_id: only.id, final_score: 9.5 } });
    const documentsOnly = await call('POST', 'academic/api/swear-careers/', { token: admin, body: { student_id: graduate.id, is_swear: true } });
    expect(documentsOnly.status).toBe(409);
    expect(documentsOnly.body.detail).toMatch(/^El alumno tiene documentos pendientes \(\d+\): /);
    for (const type of types.filter((item) => item.category_career === 'GENERAL' || item.category_career === career.category_career)) {
      await prisma.studentDocument.create({ data: { student_id: graduate.id, doc_type_id: type.id, review_status: 'ACCEPTED', archived: true } });
    }
    const facts = await call('GET', `academic/api/swear-careers/check/?student_id=${graduate.id}`, { token: admin });
    expect(facts.body).toMatchObject({ may_swear: true, pending_subjects: [], pending_documents: [], score: '9.5', credits: '8.00' });
    const swear = await call('POST', 'academic/api/swear-careers/', { token: admin, body: { student_id: graduate.id, is_swear: true, date_apply: '2026-11-20' } });
    expect(swear.status, JSON.stringify(swear.body)).toBe(201);
    expect(swear.body).toMatchObject({ is_swear: true, pending: 0, score: '9.5' });
    expect(Number(swear.body.credits)).toBe(8);
    expect((await call('GET', 'academic/api/swear-careers/check/', { token: admin })).status).toBe(400);
  });
});
