// Grades through the API: the evaluation factors of a schedule's partial keep to five and 100 %.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

let scheduleId: number;
let partialId: number;

beforeAll(async () => {
  const schedule = await prisma.schedule.findFirstOrThrow({ where: { factors: { none: {} } }, select: { id: true, group: { select: { cicle_id: true } } } });
  scheduleId = schedule.id;
  partialId = (await prisma.partial.findFirstOrThrow({ where: { cicle_id: schedule.group.cicle_id, partial_type: 'O' }, orderBy: { no: 'asc' }, select: { id: true } })).id;
});

afterAll(async () => {
  await prisma.factor.deleteMany({ where: { schedule_id: scheduleId, partial_id: partialId } });
});

describe('evaluation factors', () => {
  it('take at most 100 % (attendance aside) and at most five, with the spec messages', async () => {
    const token = await tokenFor('admin');
    const add = (name: string, value: string, extra: Record<string, unknown> = {}, lang?: string) =>
      call('POST', 'scores/api/factors/', { token, lang, body: { name, value, schedule_id: scheduleId, partial_id: partialId, ...extra } });

    expect((await add('Examen', '40')).status).toBe(201);
    expect((await add('Tareas', '30')).status).toBe(201);
    const over = await add('Proyecto', '30.01');
    expect(over.status).toBe(400);
    expect(over.body.value).toEqual(['No puede exceder el 100 %.']);
    const overEn = await add('Proyecto', '31', {}, 'en');
    expect(overEn.body.value).toEqual(["You can't exceed 100 %."]);
    expect((await add('Proyecto', '30')).status).toBe(201);
    // Attendance is left out of the formula, so it does not use up the 100 %.
    expect((await add('Asistencia', '10', { is_attendance: true })).status).toBe(201);
    expect((await add('Participación', '0')).status).toBe(201);
    const sixth = await add('Extra', '0', {}, 'en');
    expect(sixth.status).toBe(400);
    expect(sixth.body.non_field_errors).toEqual(["You can't add more than five factors."]);
    expect(await prisma.factor.count({ where: { schedule_id: scheduleId, partial_id: partialId } })).toBe(5);
  });
});

describe('capturing a partial for a group', () => {
  let schedule: { id: number; group_id: number; cicle_id: number };
  let partial: { id: number; allow_scores: boolean; start_eval: Date | null; end_eval: Date | null };
  let students: number[];
  let teacherToken: string;
  const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000);

  beforeAll(async () => {
    teacherToken = await tokenFor('docente');
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
    const found = await prisma.schedule.findFirstOrThrow({
      where: { teacher_id: teacher.id, status: true, factors: { none: {} }, group: { student_groups: { some: { status: true } } } },
      select: { id: true, group_id: true, subject_id: true, group: { select: { cicle_id: true } } },
    });
    schedule = { id: found.id, group_id: found.group_id, cicle_id: found.group.cicle_id };
    const enrolled = await prisma.studentGroup.findMany({ where: { group_id: found.group_id, status: true, OR: [{ subject_id: null }, { subject_id: found.subject_id }] }, select: { student_id: true } });
    students = enrolled.map((row) => row.student_id).slice(0, 3);
    // A partial of the period without scores for this schedule yet.
    const partials = await prisma.partial.findMany({ where: { cicle_id: schedule.cicle_id, partial_type: 'O' }, orderBy: { no: 'desc' } });
    const free = [];
    for (const candidate of partials) if (!(await prisma.score.count({ where: { schedule_id: schedule.id, partial_id: candidate.id } }))) free.push(candidate);
    partial = free[0] ?? partials[0];
    await prisma.score.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
  });

  afterAll(async () => {
    await prisma.score.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    await prisma.periodException.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: partial.allow_scores, start_eval: partial.start_eval, end_eval: partial.end_eval } });
  });

  const save = (token: string, scores: unknown[], extra: Record<string, unknown> = {}, lang?: string) =>
    call('POST', 'scores/api/scores/capture/', { token, lang, body: { schedule_id: schedule.id, partial_id: partial.id, scores, ...extra } });

  it('is refused outside the window with 409, and an exception for the schedule opens it', async () => {
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-20), end_eval: dayOffset(-10) } });
    const closed = await save(teacherToken, [{ student_id: students[0], score: '8' }], {}, 'en');
    expect(closed.status).toBe(409);
    expect(closed.body.detail).toBe('Dates do not match the partial.');
    const sheet = await call('GET', `students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${partial.id}`, { token: teacherToken });
    expect(sheet.status).toBe(200);
    expect(sheet.body.window.open).toBe(false);

    await prisma.periodException.create({ data: { schedule_id: schedule.id, partial_id: partial.id, start: dayOffset(-1), end: dayOffset(2), notes: 'Prórroga' } });
    const opened = await save(teacherToken, [{ student_id: students[0], score: '8' }]);
    expect(opened.status).toBe(200);
    expect(opened.body.window).toMatchObject({ open: true, by: 'exception' });
    await prisma.periodException.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
  });

  it('saves a group in one request inside the window; a change needs a note and leaves a ScoreTrack row', async () => {
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-2), end_eval: dayOffset(2) } });
    await prisma.score.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    const first = await save(teacherToken, [
      { student_id: students[0], score: '8.5' },
      { student_id: students[1], score: 'NP' },
      { student_id: students[2], score: '10' },
    ]);
    expect(first.status).toBe(200);
    const byStudent = Object.fromEntries(first.body.students.map((row: { student_id: number; score: string | null }) => [row.student_id, row.score]));
    expect([byStudent[students[0]], byStudent[students[1]], byStudent[students[2]]]).toEqual(['8.5', 'NP', '10']);

    // One bad cell: nothing is saved.
    const bad = await save(teacherToken, [{ student_id: students[0], score: '9' }, { student_id: students[2], score: '11' }]);
    expect(bad.status).toBe(400);
    expect(bad.body['scores.1.score']).toEqual(['Escriba una calificación válida.']);
    expect((await prisma.score.findFirstOrThrow({ where: { schedule_id: schedule.id, partial_id: partial.id, student_id: students[0] } })).score?.toFixed()).toBe('8.5');

    const noNote = await save(teacherToken, [{ student_id: students[0], score: '9' }]);
    expect(noNote.status).toBe(400);
    expect(noNote.body.notes).toEqual(['Escriba una nota.']);
    const tracksBefore = await prisma.scoreTrack.count();
    const withNote = await save(teacherToken, [{ student_id: students[0], score: '9' }], { notes: 'Revisión de examen' });
    expect(withNote.status).toBe(200);
    expect(withNote.body.changed).toBe(1);
    const track = await prisma.scoreTrack.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { score: true } });
    expect(await prisma.scoreTrack.count()).toBe(tracksBefore + 1);
    expect(track).toMatchObject({ notes: 'Revisión de examen' });
    expect([track.original_score?.toFixed(), track.new_score?.toFixed(), track.score.student_id]).toEqual(['8.5', '9', students[0]]);
  });

  it("a teacher never captures another teacher's schedule, nor a student anything", async () => {
    const other = await prisma.schedule.findFirstOrThrow({ where: { teacher: { code: { not: 'DOC-001' } }, group: { cicle_id: schedule.cicle_id } }, select: { id: true } });
    const answer = await call('POST', 'scores/api/scores/capture/', { token: teacherToken, body: { schedule_id: other.id, partial_id: partial.id, scores: [] } });
    expect(answer.status).toBe(403);
    expect((await call('GET', `students/api/students/get_for_capture/?schedule_id=${other.id}&partial_id=${partial.id}`, { token: teacherToken })).status).toBe(403);
    const student = await tokenFor('alumno');
    expect((await call('POST', 'scores/api/scores/capture/', { token: student, body: { schedule_id: schedule.id, partial_id: partial.id, scores: [] } })).status).toBe(403);
    expect((await call('GET', `students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${partial.id}`, { token: student })).status).toBe(403);
  });

  it('with factors, the partial is computed from them', async () => {
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-2), end_eval: dayOffset(2) } });
    const admin = await tokenFor('admin');
    const exam = await call('POST', 'scores/api/factors/', { token: admin, body: { name: 'Examen', value: '60', schedule_id: schedule.id, partial_id: partial.id } });
    const work = await call('POST', 'scores/api/factors/', { token: admin, body: { name: 'Tareas', value: '40', schedule_id: schedule.id, partial_id: partial.id } });
    const attendance = await call('POST', 'scores/api/factors/', { token: admin, body: { name: 'Asistencia', value: '0', is_attendance: true, schedule_id: schedule.id, partial_id: partial.id } });
    try {
      const answer = await save(teacherToken, [{ student_id: students[2], score: '2', factors: { [exam.body.id]: '9', [work.body.id]: '7.5', [attendance.body.id]: '0' } }], { notes: 'Por factores' });
      expect(answer.status).toBe(200);
      // 9 × 60 + 7.5 × 40 = 840, / 100 = 8.4; the typed 2 is ignored.
      expect(answer.body.students.find((row: { student_id: number }) => row.student_id === students[2]).score).toBe('8.4');
    } finally {
      await prisma.factor.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    }
  });
  it('move_scores computes the partials from the factors and locks them', async () => {
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-2), end_eval: dayOffset(2) } });
    await prisma.score.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    const admin = await tokenFor('admin');
    const move = (lang?: string) => call('POST', 'scores/api/factors/move_scores/', { token: teacherToken, lang, body: { schedule_id: schedule.id, partial_id: partial.id } });
    const none = await move('en');
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe('Factors are not set up.');
    const exam = await call('POST', 'scores/api/factors/', { token: admin, body: { name: 'Examen', value: '50', schedule_id: schedule.id, partial_id: partial.id } });
    const work = await call('POST', 'scores/api/factors/', { token: admin, body: { name: 'Tareas', value: '50', schedule_id: schedule.id, partial_id: partial.id } });
    try {
      // One student complete, one with a factor missing (their partial stays open).
      await prisma.factorScore.createMany({
        data: [
          { factor_id: exam.body.id, student_id: students[0], score: '9' },
          { factor_id: work.body.id, student_id: students[0], score: '8' },
          { factor_id: exam.body.id, student_id: students[1], score: '7' },
        ],
      });
      const moved = await move();
      expect(moved.status).toBe(200);
      const byStudent = Object.fromEntries(moved.body.students.map((row: { student_id: number; score: string | null }) => [row.student_id, row.score]));
      expect([byStudent[students[0]], byStudent[students[1]]]).toEqual(['8.5', null]);
      expect(moved.body.factors.every((factor: { block: boolean }) => factor.block)).toBe(true);
      const again = await move('en');
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('The factors of this partial are already locked.');
      // A locked factor's scores no longer change.
      const locked = await save(teacherToken, [{ student_id: students[1], factors: { [work.body.id]: '10' } }]);
      expect(locked.status).toBe(400);
      expect(locked.body[`scores.0.factors.${work.body.id}`]).toEqual(['Este factor ya está cerrado.']);
    } finally {
      await prisma.factor.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    }
  });
});

describe('period actions of the main scores', () => {
  it('generate_all_extras requests an extra for every failed final once; running it twice adds nothing', async () => {
    const admin = await tokenFor('admin');
    const failing = await prisma.mainScore.findFirstOrThrow({ where: { final: { not: null }, approved: false }, select: { cicle_id: true } });
    const before = await prisma.extraordinary.count();
    const first = await call('GET', `scores/api/main-scores/generate_all_extras/?cicle_id=${failing.cicle_id}`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.created).toBeGreaterThan(0);
    expect(await prisma.extraordinary.count()).toBe(before + first.body.created);
    // Every failed final of the period now has its request, and each has a history row.
    const failed = await prisma.mainScore.findMany({ where: { cicle_id: failing.cicle_id, final: { not: null }, approved: false, extra: null, ts: null }, select: { student_id: true, schedule_id: true } });
    for (const row of failed.slice(0, 20)) {
      expect(await prisma.extraordinary.count({ where: { student_id: row.student_id, schedule_id: row.schedule_id, category: 'X', is_deleted: false, status: { not: 'CANCELLED' } } })).toBe(1);
    }
    const newest = await prisma.extraordinary.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(await prisma.auditLog.count({ where: { resource: 'extraordinaries', record_id: String(newest.id), type: '+' } })).toBe(1);

    const second = await call('GET', `scores/api/main-scores/generate_all_extras/?cicle_id=${failing.cicle_id}`, { token: admin });
    expect(second.body.created).toBe(0);
    expect(await prisma.extraordinary.count()).toBe(before + first.body.created);

    expect((await call('GET', `scores/api/main-scores/generate_all_extras/?cicle_id=${failing.cicle_id}`, { token: await tokenFor('docente') })).status).toBe(403);
    expect((await call('GET', 'scores/api/main-scores/generate_all_extras/', { token: admin })).status).toBe(400);
  });

  it('failure_statistic counts failures by career, group and subject', async () => {
    const admin = await tokenFor('admin');
    const { cicle_id } = await prisma.mainScore.findFirstOrThrow({ where: { final: { not: null } }, select: { cicle_id: true } });
    const answer = await call('GET', `scores/api/main-scores/failure_statistic/?cicle_id=${cicle_id}`, { token: admin });
    expect(answer.status).toBe(200);
    const total = await prisma.mainScore.count({ where: { cicle_id, final: { not: null } } });
    const failed = await prisma.mainScore.count({ where: { cicle_id, final: { not: null }, approved: false } });
    expect([answer.body.total, answer.body.failed]).toEqual([total, failed]);
    for (const list of [answer.body.careers, answer.body.groups, answer.body.subjects]) {
      expect(list.reduce((sum: number, row: { total: number }) => sum + row.total, 0)).toBe(total);
      expect(list.reduce((sum: number, row: { failed: number }) => sum + row.failed, 0)).toBe(failed);
    }
    const worst = answer.body.subjects[0];
    expect(worst.rate).toMatch(/^\d+\.\d$/);
    expect(Math.abs(Number(worst.rate) - (100 * worst.failed) / worst.total)).toBeLessThanOrEqual(0.05);
  });
});

describe('extraordinary exams', () => {
  it('are approved only when paid and within max_extra, graded by their teacher, and cancelled only with a reason', async () => {
    const admin = await tokenFor('admin');
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
    const schedule = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: teacher.id }, select: { id: true, group: { select: { cicle_id: true } } } });
    const student = await prisma.studentGroup.findFirstOrThrow({ where: { group: { schedules: { some: { id: schedule.id } } } }, select: { student_id: true } });
    const setting = await prisma.setting.findFirstOrThrow();
    // A clean slate for this student in the period, and a limit of two exams.
    await prisma.setting.update({ where: { id: setting.id }, data: { max_extra: 2 } });
    const inPeriod = { student_id: student.student_id, schedule: { group: { cicle_id: schedule.group.cicle_id } } };
    await prisma.extraordinary.updateMany({ where: { ...inPeriod, status: { in: ['REQ', 'PAID', 'APPROVED', 'GRADED'] } }, data: { is_deleted: true } });
    const make = (paid: boolean) => prisma.extraordinary.create({ data: { student_id: student.student_id, schedule_id: schedule.id, status: paid ? 'PAID' : 'REQ', paid } });
    const [first, second, third, unpaid] = [await make(true), await make(true), await make(true), await make(false)];
    try {
      const checked = await call('GET', `scores/api/extraordinary/check_extras_approved/?cicle_id=${schedule.group.cicle_id}`, { token: admin });
      expect(checked.status).toBe(200);
      const statuses = await prisma.extraordinary.findMany({ where: { id: { in: [first.id, second.id, third.id, unpaid.id] } }, orderBy: { id: 'asc' }, select: { status: true } });
      expect(statuses.map((row) => row.status)).toEqual(['APPROVED', 'APPROVED', 'PAID', 'REQ']);
      const reasons = Object.fromEntries(checked.body.refused.map((row: { id: number; detail: string }) => [row.id, row.detail]));
      expect(reasons[third.id]).toBe('El alumno ya tiene el máximo de 2 extraordinarios en el periodo.');
      expect(reasons[unpaid.id]).toBe('La solicitud aún no está pagada.');

      // Graded by the schedule's teacher; not twice; not by another teacher's schedule.
      const docente = await tokenFor('docente');
      const graded = await call('POST', 'scores/api/extraordinary/save_score/', { token: docente, body: { id: first.id, score: '7.5' } });
      expect(graded.status).toBe(200);
      expect(graded.body).toMatchObject({ score: '7.5', status: 'GRADED' });
      expect((await call('POST', 'scores/api/extraordinary/save_score/', { token: docente, body: { id: first.id, score: '8' } })).status).toBe(409);
      expect((await call('POST', 'scores/api/extraordinary/save_score/', { token: docente, body: { id: second.id, score: '12' } })).status).toBe(400);
      await prisma.extraordinary.update({ where: { id: second.id }, data: { limit_capture: new Date(Date.now() - 60_000) } });
      const late = await call('POST', 'scores/api/extraordinary/save_score/', { token: docente, body: { id: second.id, score: '8' }, lang: 'en' });
      expect(late.status).toBe(409);
      expect(late.body.detail).toBe('The deadline to capture this score has passed.');

      // Cancelling needs a reason; a graded request cannot go back.
      const noReason = await call('PUT', `scores/api/extraordinary/${unpaid.id}/`, { token: admin, body: { status: 'CANCELLED', reason: '' } });
      expect(noReason.status).toBe(400);
      expect(noReason.body.reason).toEqual(['Escriba el motivo.']);
      expect((await call('PUT', `scores/api/extraordinary/${unpaid.id}/`, { token: admin, body: { status: 'CANCELLED', reason: 'Baja del alumno' } })).status).toBe(200);
      expect((await call('PUT', `scores/api/extraordinary/${first.id}/`, { token: admin, body: { status: 'REQ' } })).status).toBe(409);

      // A T.S. only after a failed extra of the same subject: the extra above passed (7.5).
      const ts = { student_id: student.student_id, schedule_id: schedule.id, category: 'T' };
      const refusedTs = await call('POST', 'scores/api/extraordinary/', { token: admin, body: ts });
      expect(refusedTs.status).toBe(400);
      expect(refusedTs.body.category).toEqual(['Un T.S. solo procede después de reprobar el extraordinario de la misma materia.']);
      await prisma.extraordinary.update({ where: { id: first.id }, data: { score: '4' } });
      const allowedTs = await call('POST', 'scores/api/extraordinary/', { token: admin, body: ts });
      expect(allowedTs.status).toBe(201);
      const removed = await prisma.extraordinary.delete({ where: { id: allowedTs.body.id } });
      await prisma.sale.delete({ where: { id: removed.sale_id! } });
    } finally {
      await prisma.extraordinary.deleteMany({ where: { id: { in: [first.id, second.id, third.id, unpaid.id] } } });
      await prisma.setting.update({ where: { id: setting.id }, data: { max_extra: setting.max_extra } });
    }
  });
});
