// The teacher's term (issue 29, items 6 and 11) through the API:
// - my_classes/: a teacher's own classes only, each opening the partial whose capture is open today
//   (by its window or an exception for the class) or saying which opens next and when; a grade
//   captured there is saved.
// - my_evaluations/ and the results: a teacher reads only their own, once the window closes (before,
//   when they appear); below the school's minimum of evaluations no mean, count or text reaches
//   anyone (teacher or staff).
// - a deactivated poll is not offered to students and takes no answers (409); the same answers sent
//   twice are answered as the first time, without duplicate rows or a constraint's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '@/lib/grades/window';
import { openSession } from '@/server/auth/sessions';
import { getPool, prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

let admin: string;
const created = { polls: [] as number[], assignments: [] as number[], users: [] as number[], exceptions: [] as number[] };

/** A calendar day `days` from the school's today, as the API and the database keep it. */
const dayFrom = (days: number) => {
  const date = new Date(`${schoolToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
};
const iso = (date: Date) => date.toISOString().slice(0, 10);
const catalog = async (clas: number, code: string) => (await prisma.catalog.findFirstOrThrow({ where: { clas_id: clas, code } })).id;

beforeAll(async () => {
  admin = await tokenFor('admin');
});

afterAll(async () => {
  await prisma.periodException.deleteMany({ where: { id: { in: created.exceptions } } });
  await prisma.pollAssignment.deleteMany({ where: { id: { in: created.assignments } } });
  await prisma.poll.deleteMany({ where: { id: { in: created.polls } } });
  await prisma.teacher.updateMany({ where: { user_id: { in: created.users } }, data: { user_id: null } });
  await prisma.authSession.deleteMany({ where: { user_id: { in: created.users } } });
  await prisma.user.deleteMany({ where: { id: { in: created.users } } });
});

describe('Mis clases', () => {
  let teacher: { id: number; token: string };
  let schedule: { id: number; cicle_id: number; group_id: number; subject_id: number };
  let partials: { id: number; no: number }[];

  beforeAll(async () => {
    const own = await prisma.teacher.findFirstOrThrow({ where: { user: { username: 'docente' } }, select: { id: true } });
    teacher = { id: own.id, token: await tokenFor('docente') };
    const found = await prisma.schedule.findFirstOrThrow({
      where: { teacher_id: own.id, status: true, factors: { none: {} }, group: { status: true, student_groups: { some: { status: true } } } },
      orderBy: { id: 'desc' },
      select: { id: true, group_id: true, subject_id: true, group: { select: { cicle_id: true } } },
    });
    schedule = { id: found.id, cicle_id: found.group.cicle_id, group_id: found.group_id, subject_id: found.subject_id };
    const cicle = await prisma.cicle.findUniqueOrThrow({ where: { id: schedule.cicle_id }, select: { partials: true } });
    partials = await prisma.partial.findMany({ where: { cicle_id: schedule.cicle_id, partial_type: 'O', status: true, no: { lte: cicle.partials } }, orderBy: { no: 'asc' }, select: { id: true, no: true } });
    expect(partials.length).toBeGreaterThanOrEqual(3);
    // Partial 1 closed, partial 2 open today, the rest later (each a week apart).
    for (const [index, partial] of partials.entries()) {
      const offset = (index - 1) * 14;
      await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayFrom(offset - 3), end_eval: dayFrom(offset + 3) } });
    }
    await prisma.periodException.deleteMany({ where: { schedule_id: schedule.id } });
  });

  const row = async () => {
    const answer = await call('GET', `scores/api/scores/my_classes/?cicle_id=${schedule.cicle_id}`, { token: teacher.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { all: answer.body.results as { schedule_id: number; capture: Record<string, unknown> }[], mine: answer.body.results.find((entry: { schedule_id: number }) => entry.schedule_id === schedule.id) };
  };

  it('lists only the teacher’s own classes; staff and students have no "my classes"', async () => {
    const { all } = await row();
    const owned = await prisma.schedule.findMany({ where: { teacher_id: teacher.id, status: true, group: { cicle_id: schedule.cicle_id } }, select: { id: true } });
    expect(all.map((entry) => entry.schedule_id).sort((a, b) => a - b)).toEqual(owned.map((entry) => entry.id).sort((a, b) => a - b));
    expect((await call('GET', `scores/api/scores/my_classes/?cicle_id=${schedule.cicle_id}`, { token: admin })).status).toBe(403);
    expect((await call('GET', `scores/api/scores/my_classes/?cicle_id=${schedule.cicle_id}`, { token: await tokenFor('alumno') })).status).toBe(403);
    expect((await call('GET', 'scores/api/scores/my_classes/?cicle_id=abc', { token: teacher.token })).status).toBe(400);
  });

  it('lists the same classes, in the same order, as the capture sheet offers the teacher; staff see every class there', async () => {
    const { all } = await row();
    const sheet = await call('GET', `scores/api/scores/capture_classes/?cicle_id=${schedule.cicle_id}`, { token: teacher.token });
    expect(sheet.status).toBe(200);
    const offered = sheet.body.results as Record<string, unknown>[];
    expect(offered.map((entry) => entry.schedule_id)).toEqual(all.map((entry) => entry.schedule_id));
    expect(offered[0]).not.toHaveProperty('capture');
    const staff = await call('GET', `scores/api/scores/capture_classes/?cicle_id=${schedule.cicle_id}`, { token: admin });
    expect(staff.status).toBe(200);
    expect(staff.body.results.length).toBe(await prisma.schedule.count({ where: { status: true, group: { cicle_id: schedule.cicle_id } } }));
  });

  it('opens the partial open today, then an exception, then says which opens next', async () => {
    expect((await row()).mine.capture).toEqual({ state: 'open', partial_id: partials[1].id, partial: expect.any(String), by: 'partial', date: iso(dayFrom(3)), pending: false });
    // Control Escolar switches partial 2 off: the row says partial 3 opens, and when.
    await prisma.partial.update({ where: { id: partials[1].id }, data: { allow_scores: false } });
    expect((await row()).mine.capture).toMatchObject({ state: 'next', partial_id: partials[2].id, date: iso(dayFrom(11)), pending: false });
    // An exception for this class reopens partial 1 until its own end.
    const exception = await call('POST', 'scores/api/periods-exception/', { token: admin, body: { schedule_id: schedule.id, partial_id: partials[0].id, start: iso(dayFrom(-1)), end: iso(dayFrom(2)), notes: 'prórroga' } });
    expect(exception.status, JSON.stringify(exception.body)).toBe(201);
    created.exceptions.push(exception.body.id);
    expect((await row()).mine.capture).toEqual({ state: 'open', partial_id: partials[0].id, partial: expect.any(String), by: 'exception', date: iso(dayFrom(2)), pending: false });
    await prisma.periodException.deleteMany({ where: { id: exception.body.id } });
    await prisma.partial.update({ where: { id: partials[1].id }, data: { allow_scores: true } });
  });

  it('the grade captured in the partial it opens is saved', async () => {
    const { mine } = await row();
    const partialId = mine.capture.partial_id as number;
    const sheet = await call('GET', `students/api/students/get_for_capture/?schedule_id=${schedule.id}&partial_id=${partialId}`, { token: teacher.token });
    expect(sheet.status).toBe(200);
    expect(sheet.body.window.open).toBe(true);
    const student = sheet.body.students[0];
    const saved = await call('POST', 'scores/api/scores/capture/', { token: teacher.token, body: { schedule_id: schedule.id, partial_id: partialId, notes: 'Captura de prueba', scores: [{ student_id: student.student_id, score: '8.5' }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await prisma.score.findFirstOrThrow({ where: { schedule_id: schedule.id, partial_id: partialId, student_id: student.student_id } });
    expect(stored.score?.toFixed(1)).toBe('8.5');
  });
});

/** A signed-in session of the teacher, giving them a user when the demo has none. */
async function teacherSession(teacherId: number): Promise<string> {
  const found = await prisma.teacher.findUniqueOrThrow({ where: { id: teacherId }, select: { user_id: true } });
  let userId = found.user_id;
  if (!userId) {
    userId = (await prisma.user.create({ data: { username: `profesor-termino-${teacherId}`, password: '!', first_name: 'Profesor', last_name: '' } })).id;
    created.users.push(userId);
    await prisma.teacher.update({ where: { id: teacherId }, data: { user_id: userId } });
  }
  return (await openSession(userId, 'api', { ip: '', userAgent: '' })).token;
}

describe("a teacher's results", () => {
  let evaluated: { teacher_id: number; assignment_id: number; n: number };
  let teacher: string;
  let settingId: number;

  beforeAll(async () => {
    // The teacher with the most complete evaluations in a closed application of the demo.
    const { rows } = await getPool().query<{ teacher_id: number; assignment_id: number; n: number }>(
      `SELECT te.teacher_id, te.assignment_id, count(*)::int AS n FROM teacher_evaluations te
         JOIN poll_assignments a ON a.id = te.assignment_id AND a.is_active AND (a.status = 'CLOSED' OR a.end_at < now())
        WHERE te.is_complete GROUP BY te.teacher_id, te.assignment_id ORDER BY count(*) DESC, te.teacher_id LIMIT 1`,
    );
    evaluated = rows[0];
    expect(evaluated.n).toBeGreaterThan(1);
    teacher = await teacherSession(evaluated.teacher_id);
    settingId = (await prisma.setting.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } })).id;
  });

  const setMinimum = async (value: unknown) => call('PUT', `manage/api/settings/${settingId}/`, { token: admin, body: { id: settingId, min_evaluations: value } });

  it('reads only their own, and before the window closes only when the results appear', async () => {
    // An evaluation of the teacher's period still being answered.
    const cicle = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: evaluated.teacher_id, status: true }, orderBy: { id: 'desc' }, select: { group: { select: { cicle_id: true } } } });
    const poll = await prisma.poll.findFirstOrThrow({ where: { poll_type: { code: 'DOC' }, is_active: true }, select: { id: true } });
    const end = new Date(Date.now() + 5 * 86_400_000);
    const open = await call('POST', 'polls/api/assignments/', { token: admin, body: { poll_id: poll.id, cicle_id: cicle.group.cicle_id, start_at: new Date(Date.now() - 3_600_000).toISOString(), end_at: end.toISOString(), status: 'OPEN', all_careers: true } });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    created.assignments.push(open.body.id);

    const mine = await call('GET', 'polls/api/assignments/my_evaluations/', { token: teacher });
    expect(mine.status).toBe(200);
    const pending = mine.body.find((row: { assignment_id: number }) => row.assignment_id === open.body.id);
    expect(pending).toMatchObject({ closed: false, evaluations: null, score: null, end_at: end.toISOString() });
    expect((await call('GET', `polls/api/results/summary/?assignment_id=${open.body.id}`, { token: teacher })).status).toBe(409);
    // The closed ones count only their own evaluations.
    const closed = mine.body.filter((row: { closed: boolean }) => row.closed);
    const { rows } = await getPool().query<{ id: number; n: number }>(
      `SELECT a.id, count(te.id)::int AS n FROM poll_assignments a JOIN teacher_evaluations te ON te.assignment_id = a.id AND te.teacher_id = $1 AND te.is_complete
        WHERE a.is_active AND (a.status = 'CLOSED' OR a.end_at < now()) GROUP BY a.id`,
      [evaluated.teacher_id],
    );
    for (const row of rows) expect(closed.find((entry: { assignment_id: number }) => entry.assignment_id === row.id)?.evaluations).toBe(row.n);
    // Their own results, whatever teacher the query names; staff-only boards stay closed to them.
    const summary = await call('GET', `polls/api/results/summary/?assignment_id=${evaluated.assignment_id}&teacher_id=999999`, { token: teacher });
    expect(summary.body).toMatchObject({ teacher_id: evaluated.teacher_id, evaluations: evaluated.n, hidden: false });
    expect((await call('GET', `polls/api/assignments/status_by_teachers/?assignment_id=${evaluated.assignment_id}`, { token: teacher })).status).toBe(403);
    expect((await call('GET', 'polls/api/assignments/my_evaluations/', { token: admin })).status).toBe(403);
  });

  it('below the minimum of evaluations: no mean, counts or texts for anyone', async () => {
    expect((await setMinimum(0)).status).toBe(400);
    expect((await prisma.setting.findUniqueOrThrow({ where: { id: settingId } })).min_evaluations).toBe(5);
    const raised = await setMinimum(evaluated.n + 1);
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);

    const mine = (await call('GET', 'polls/api/assignments/my_evaluations/', { token: teacher })).body.find((row: { assignment_id: number }) => row.assignment_id === evaluated.assignment_id);
    expect(mine).toMatchObject({ closed: true, evaluations: evaluated.n, score: null, below_minimum: true, min_evaluations: evaluated.n + 1 });
    for (const token of [teacher, admin]) {
      const summary = await call('GET', `polls/api/results/summary/?assignment_id=${evaluated.assignment_id}&teacher_id=${evaluated.teacher_id}`, { token });
      expect(summary.status).toBe(200);
      expect(summary.body.hidden).toBe(true);
      for (const question of summary.body.questions) {
        expect([question.mean, question.answers, question.texts]).toEqual([null, 0, []]);
        expect(question.options.every((option: { count: number }) => option.count === 0)).toBe(true);
      }
    }
    const board = await call('GET', `polls/api/assignments/status_by_teachers/?assignment_id=${evaluated.assignment_id}`, { token: admin });
    const line = board.body.find((row: { teacher_id: number }) => row.teacher_id === evaluated.teacher_id);
    expect(line).toMatchObject({ answered: evaluated.n, score: null, below_minimum: true });
    // Every teacher under the minimum has no mean on the board.
    expect(board.body.filter((row: { answered: number; score: string | null }) => row.answered < evaluated.n + 1 && row.score !== null)).toEqual([]);

    // At the minimum the mean is shown again.
    expect((await setMinimum(evaluated.n)).status).toBe(200);
    const shown = (await call('GET', 'polls/api/assignments/my_evaluations/', { token: teacher })).body.find((row: { assignment_id: number }) => row.assignment_id === evaluated.assignment_id);
    expect(shown).toMatchObject({ below_minimum: false, score: expect.stringMatching(/^\d+\.\d{2}$/) });
    const summary = await call('GET', `polls/api/results/summary/?assignment_id=${evaluated.assignment_id}`, { token: teacher });
    expect(summary.body.hidden).toBe(false);
    expect(summary.body.questions.some((question: { mean: string | null }) => question.mean !== null)).toBe(true);
    await setMinimum(5);
  });
});

describe("a student's answers", () => {
  let ana: { id: number; token: string; cicleId: number };
  let pollId: number;
  let questionId: number;

  beforeAll(async () => {
    const student = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, current_group: { select: { cicle_id: true } } } });
    ana = { id: student.id, token: await tokenFor('alumno'), cicleId: student.current_group!.cicle_id };
    const poll = await call('POST', 'polls/api/polls/', { token: admin, body: { title: 'Encuesta de servicios', poll_type_id: await catalog(12, 'GEN'), is_active: true } });
    expect(poll.status, JSON.stringify(poll.body)).toBe(201);
    created.polls.push(poll.body.id);
    pollId = poll.body.id;
    const section = await call('POST', 'polls/api/sections/', { token: admin, body: { poll_id: pollId, title: 'Servicios', section_order: 1 } });
    const question = await call('POST', 'polls/api/questions/', {
      token: admin,
      body: { section_id: section.body.id, question_type_id: await catalog(13, 'SCALE'), question_order: 1, title: 'La atención es rápida', options: [5, 4, 3, 2, 1].map((value) => ({ value, label: `Valor ${value}` })), is_mandatory: true },
    });
    expect(question.status, JSON.stringify(question.body)).toBe(201);
    questionId = question.body.id;
  });

  async function application(): Promise<number> {
    const answer = await call('POST', 'polls/api/assignments/', {
      token: admin,
      body: { poll_id: pollId, cicle_id: ana.cicleId, start_at: new Date(Date.now() - 3_600_000).toISOString(), end_at: new Date(Date.now() + 86_400_000).toISOString(), status: 'OPEN', all_careers: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    created.assignments.push(answer.body.id);
    return answer.body.id;
  }
  const store = (assignmentId: number, value: number) => call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: assignmentId, answers: [{ question_id: questionId, value }] } });

  it('sent twice, at once or after finishing, is answered like the first: one row, counted once', async () => {
    const id = await application();
    const [first, second] = await Promise.all([store(id, 4), store(id, 4)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const finish = () => call('POST', 'polls/api/results/finish_general_evaluation/', { token: ana.token, body: { assignment_id: id } });
    const [done, again] = await Promise.all([finish(), finish()]);
    expect([done.status, again.status, again.body]).toEqual([200, 200, { assignment_id: id, finished: true }]);
    // The last save sent again after the finish (a retried request) is answered as before.
    const repeated = await store(id, 4);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(first.body);
    // A change after the finish is refused in words, never with a database constraint's.
    const changed = await store(id, 2);
    expect(changed.status).toBe(409);
    expect(changed.body.detail).toBe('Ya terminaste esta encuesta: tus respuestas quedaron registradas y no cambian.');
    expect(await prisma.pollResult.count({ where: { assignment_id: id, student_id: ana.id } })).toBe(1);
    expect((await prisma.pollResult.findFirstOrThrow({ where: { assignment_id: id, student_id: ana.id } })).answer_json).toEqual({ value: 4 });
    expect(await prisma.pollCompletion.count({ where: { assignment_id: id, student_id: ana.id } })).toBe(1);
    const counters = await prisma.pollAssignment.findUniqueOrThrow({ where: { id }, select: { answers: true } });
    expect(counters.answers).toBe(1);
  });

  it('a deactivated poll is not offered and takes no answers', async () => {
    const id = await application();
    const offered = async () => {
      const [hub, list] = await Promise.all([call('GET', 'polls/api/assignments/get_hub/', { token: ana.token }), call('GET', 'polls/api/assignments/get_assignments/', { token: ana.token })]);
      return [hub.body.some((row: { assignment_id: number }) => row.assignment_id === id), list.body.some((row: { id: number }) => row.id === id)];
    };
    expect(await offered()).toEqual([true, true]);
    const off = await call('PUT', `polls/api/polls/${pollId}/`, { token: admin, body: { id: pollId, is_active: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await offered()).toEqual([false, false]);
    const refused = await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: id, answers: [{ question_id: questionId, value: 5 }] }, lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('This poll was deactivated: it is no longer answered.');
    expect((await call('POST', 'polls/api/results/finish_general_evaluation/', { token: ana.token, body: { assignment_id: id } })).status).toBe(409);
    expect(await prisma.pollResult.count({ where: { assignment_id: id } })).toBe(0);
    await call('PUT', `polls/api/polls/${pollId}/`, { token: admin, body: { id: pollId, is_active: true } });
  });
});
