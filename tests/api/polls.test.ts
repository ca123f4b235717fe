// Polls through the API: a student answers only applications of their own period and careers,
// inside the window; a missing mandatory answer is refused with its message; a teacher evaluation
// is only for the student's own teachers, complete once every mandatory question is answered, its
// score the mean of its scale; fifty students answering at once leave the counters exactly right;
// a teacher never reads who answered what; sorting keeps every question; answered questions stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '@/server/auth/sessions';
import { getPool, prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

let admin: string;
let ana: { id: number; token: string; cicleId: number; careerId: number };
let general: { pollId: number; sections: number[]; questions: { scale: number; choice: number; open: number; optional: number } };
const created = { polls: [] as number[], assignments: [] as number[], users: [] as number[] };

const catalog = async (clas: number, code: string) => (await prisma.catalog.findFirstOrThrow({ where: { clas_id: clas, code } })).id;
const SCALE = [5, 4, 3, 2, 1].map((value) => ({ value, label: `Valor ${value}` }));

async function assignment(pollId: number, data: Record<string, unknown> = {}) {
  const now = Date.now();
  const answer = await call('POST', 'polls/api/assignments/', {
    token: admin,
    body: { poll_id: pollId, cicle_id: ana.cicleId, start_at: new Date(now - 3_600_000).toISOString(), end_at: new Date(now + 86_400_000).toISOString(), status: 'OPEN', all_careers: true, ...data },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  created.assignments.push(answer.body.id);
  return answer.body.id as number;
}

beforeAll(async () => {
  admin = await tokenFor('admin');
  const student = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, career_id: true, current_group: { select: { cicle_id: true } } } });
  ana = { id: student.id, token: await tokenFor('alumno'), cicleId: student.current_group!.cicle_id, careerId: student.career_id! };
  // A general poll built through the API: two sections, four questions.
  const poll = await call('POST', 'polls/api/polls/', { token: admin, body: { title: 'Encuesta de prueba', poll_type_id: await catalog(12, 'GEN'), is_active: true } });
  expect(poll.status, JSON.stringify(poll.body)).toBe(201);
  created.polls.push(poll.body.id);
  const sections = [];
  for (const [order, title] of ['Servicios', 'Comentarios'].entries()) sections.push((await call('POST', 'polls/api/sections/', { token: admin, body: { poll_id: poll.body.id, title, section_order: order + 1 } })).body.id);
  const question = async (section: number, order: number, type: string, title: string, options: unknown[], mandatory = true) => {
    const answer = await call('POST', 'polls/api/questions/', { token: admin, body: { section_id: section, question_type_id: await catalog(13, type), question_order: order, title, options, is_mandatory: mandatory } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as number;
  };
  general = {
    pollId: poll.body.id,
    sections,
    questions: {
      scale: await question(sections[0], 1, 'SCALE', 'La atención es rápida', SCALE),
      choice: await question(sections[0], 2, 'SINGLE', '¿Cómo pagas?', [{ value: 'caja', label: 'En caja' }, { value: 'web', label: 'En línea' }]),
      open: await question(sections[1], 1, 'OPEN', '¿Qué mejorarías?', []),
      optional: await question(sections[1], 2, 'OPEN', '¿Algo más?', [], false),
    },
  };
});

afterAll(async () => {
  await prisma.pollAssignment.deleteMany({ where: { id: { in: created.assignments } } });
  await prisma.poll.deleteMany({ where: { id: { in: created.polls } } });
  await prisma.student.updateMany({ where: { user_id: { in: created.users } }, data: { user_id: null } });
  await prisma.teacher.updateMany({ where: { user_id: { in: created.users } }, data: { user_id: null } });
  await prisma.authSession.deleteMany({ where: { user_id: { in: created.users } } });
  await prisma.user.deleteMany({ where: { id: { in: created.users } } });
});

describe('a general poll', () => {
  it('is answered only inside its window, by the students it is applied to', async () => {
    const open = await assignment(general.pollId);
    const closed = await assignment(general.pollId, { start_at: new Date(Date.now() - 5 * 86_400_000).toISOString(), end_at: new Date(Date.now() - 86_400_000).toISOString() });
    const otherCicle = await prisma.cicle.findFirstOrThrow({ where: { id: { not: ana.cicleId } }, orderBy: { id: 'asc' }, select: { id: true } });
    const elsewhere = await assignment(general.pollId, { cicle_id: otherCicle.id });
    const otherCareer = await prisma.career.findFirstOrThrow({ where: { id: { not: ana.careerId } }, select: { id: true } });
    const notHerCareer = await assignment(general.pollId, { all_careers: false, careers_selected: [otherCareer.id] });
    const body = (id: number) => ({ assignment_id: id, answers: [{ question_id: general.questions.scale, value: 4 }] });
    expect((await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: body(closed) })).status).toBe(409);
    for (const id of [elsewhere, notHerCareer]) {
      const refused = await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: body(id) });
      expect(refused.status).toBe(400);
      expect(refused.body.assignment_id).toEqual(['Esa encuesta no está aplicada a ti.']);
    }
    const saved = await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: body(open) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await prisma.pollResult.count({ where: { assignment_id: { in: [closed, elsewhere, notHerCareer] } } })).toBe(0);
    // Staff do not answer as students.
    expect((await call('POST', 'polls/api/results/store_general/', { token: admin, body: body(open) })).status).toBe(403);
  });

  it('refuses a missing mandatory answer by its question, saves as it goes, and counts the student once', async () => {
    const id = await assignment(general.pollId);
    const q = general.questions;
    const bad = await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: id, answers: [{ question_id: q.scale, value: 9 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body[`answers.${q.scale}`]).toEqual(['Elige una de las opciones de «La atención es rápida».']);
    // A section is not left with a mandatory question unanswered.
    const section = await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: id, section_id: general.sections[0], answers: [{ question_id: q.scale, value: 5 }] } });
    expect(section.status).toBe(400);
    expect(section.body[`answers.${q.choice}`]).toEqual(['Responde esta pregunta: «¿Cómo pagas?».']);
    // What was valid in it is kept.
    expect(await prisma.pollResult.count({ where: { assignment_id: id, student_id: ana.id } })).toBe(0);
    const first = await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: id, section_id: general.sections[0], answers: [{ question_id: q.scale, value: 5 }, { question_id: q.choice, value: 'web' }] } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.missing).toEqual([q.open]);
    const early = await call('POST', 'polls/api/results/finish_general_evaluation/', { token: ana.token, body: { assignment_id: id } });
    expect(early.status).toBe(400);
    expect(early.body[`answers.${q.open}`]).toEqual(['Responde esta pregunta: «¿Qué mejorarías?».']);
    await call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: id, answers: [{ question_id: q.open, text: 'Más horarios en caja.' }, { question_id: q.scale, value: 4 }] } });
    const responses = await call('POST', 'polls/api/results/get_responses_general/', { token: ana.token, body: { assignment_id: id } });
    expect(responses.body.answers.map((row: { question_id: number; answer: string }) => [row.question_id, row.answer])).toEqual([
      [q.scale, 'Valor 4'],
      [q.choice, 'En línea'],
      [q.open, 'Más horarios en caja.'],
    ]);
    const before = await prisma.pollAssignment.findUniqueOrThrow({ where: { id }, select: { answers: true, total: true } });
    const [one, two] = await Promise.all([0, 1].map(() => call('POST', 'polls/api/results/finish_general_evaluation/', { token: ana.token, body: { assignment_id: id } })));
    expect([one.status, two.status]).toEqual([200, 200]);
    const after = await prisma.pollAssignment.findUniqueOrThrow({ where: { id }, select: { answers: true, total: true } });
    expect(after.answers).toBe(before.answers + 1);
    // Its total is every student of the period's groups.
    const { rows } = await getPool().query('SELECT count(DISTINCT sg.student_id)::int AS n FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE g.cicle_id = $1 AND g.status AND sg.status AND sg.subject_id IS NULL', [ana.cicleId]);
    expect(after.total).toBe(rows[0].n);
  });
});

describe('sorting and keeping questions', () => {
  it('saves a new order that names every question once; keeps a question that has answers', async () => {
    const q = general.questions;
    const refused = await call('POST', 'polls/api/polls/sort_questions/', { token: admin, body: { section_id: general.sections[0], ids: [q.choice] } });
    expect(refused.status).toBe(400);
    const twice = await call('POST', 'polls/api/polls/sort_questions/', { token: admin, body: { section_id: general.sections[0], ids: [q.choice, q.choice] } });
    expect(twice.status).toBe(400);
    const sorted = await call('POST', 'polls/api/polls/sort_questions/', { token: admin, body: { section_id: general.sections[0], ids: [q.choice, q.scale] } });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    const order = await prisma.pollQuestion.findMany({ where: { section_id: general.sections[0] }, orderBy: { question_order: 'asc' }, select: { id: true } });
    expect(order.map((row) => row.id)).toEqual([q.choice, q.scale]);
    const sections = await call('POST', 'polls/api/polls/sort_sections/', { token: admin, body: { poll_id: general.pollId, ids: [...general.sections].reverse() } });
    expect(sections.status).toBe(200);
    expect(await prisma.pollQuestion.count({ where: { section: { poll_id: general.pollId } } })).toBe(4);
    // Answered (the tests above): deactivated, never deleted.
    const removed = await call('DELETE', `polls/api/questions/${q.scale}/`, { token: admin });
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toBe('Ya tiene respuestas: desactívala en lugar de borrarla.');
  });
});

describe('a teacher evaluation', () => {
  it('is only for the student’s own teachers; complete once every mandatory answer is in, with its score', async () => {
    const evaluation = await prisma.poll.findFirstOrThrow({ where: { poll_type: { code: 'DOC' }, is_active: true }, orderBy: { id: 'asc' }, select: { id: true } });
    const id = await assignment(evaluation.id);
    const mine = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: { not: null }, status: true, group: { cicle_id: ana.cicleId, student_groups: { some: { student_id: ana.id, subject_id: null, status: true } } } }, orderBy: { id: 'asc' }, select: { id: true } });
    const notMine = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: { not: null }, status: true, group: { cicle_id: ana.cicleId, student_groups: { none: { student_id: ana.id } } } }, select: { id: true } });
    const questions = await prisma.pollQuestion.findMany({ where: { section: { poll_id: evaluation.id }, is_active: true, status: true }, orderBy: [{ section: { section_order: 'asc' } }, { question_order: 'asc' }], select: { id: true, is_mandatory: true, question_type: { select: { code: true } } } });
    const scale = questions.filter((question) => question.question_type?.code === 'SCALE');
    const refused = await call('POST', 'polls/api/results/store_teacher/', { token: ana.token, body: { assignment_id: id, schedule_id: notMine.id, answers: [{ question_id: scale[0].id, value: 5 }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.schedule_id).toEqual(['Solo evalúas a los profesores de tus propias clases de ese periodo.']);
    const before = (await prisma.pollAssignment.findUniqueOrThrow({ where: { id } })).answers;
    const half = await call('POST', 'polls/api/results/store_teacher/', { token: ana.token, body: { assignment_id: id, schedule_id: mine.id, answers: scale.slice(0, 2).map((question) => ({ question_id: question.id, value: 5 })) } });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(half.body.is_complete).toBe(false);
    const values = scale.map((_, index) => (index % 3 === 0 ? 4 : 5));
    const whole = await call('POST', 'polls/api/results/store_teacher/', { token: ana.token, body: { assignment_id: id, schedule_id: mine.id, answers: scale.map((question, index) => ({ question_id: question.id, value: values[index] })) } });
    expect(whole.body.is_complete).toBe(true);
    const mean = (Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100).toFixed(2);
    expect(whole.body.score).toBe(mean);
    const stored = await prisma.teacherEvaluation.findFirstOrThrow({ where: { assignment_id: id, student_id: ana.id, schedule_id: mine.id } });
    expect([stored.is_complete, stored.score?.toFixed(2)]).toEqual([true, mean]);
    // Saved again, it is not counted again.
    await call('POST', 'polls/api/results/store_teacher/', { token: ana.token, body: { assignment_id: id, schedule_id: mine.id, answers: [{ question_id: scale[0].id, value: 3 }] } });
    expect((await prisma.pollAssignment.findUniqueOrThrow({ where: { id } })).answers).toBe(before + 1);
    // The hub lists her classes with this one complete.
    const hub = await call('GET', 'polls/api/assignments/get_hub/', { token: ana.token });
    const entry = hub.body.find((row: { assignment_id: number }) => row.assignment_id === id);
    expect(entry.classes.find((row: { schedule_id: number }) => row.schedule_id === mine.id).is_complete).toBe(true);
    // A teacher reads nobody's answers; staff read teacher evaluations only as counts.
    const teacher = await tokenFor('docente');
    expect((await call('GET', `polls/api/results/?assignment_id=${id}`, { token: teacher })).body.data ?? []).toEqual([]);
    expect((await call('GET', `polls/api/teacher-evaluations/?assignment_id=${id}`, { token: teacher })).body.data ?? []).toEqual([]);
    // Staff who follow the polls (the administration role, not a superuser) read no one's evaluation.
    const role = await prisma.role.findFirstOrThrow({ where: { short: 'admin' } });
    const follower = await prisma.user.create({ data: { username: 'seguimiento-encuestas', password: '!', first_name: 'Seguimiento', last_name: '', is_staff: true, roles: { create: { role_id: role.id } } } });
    created.users.push(follower.id);
    const staff = (await openSession(follower.id, 'api', { ip: '', userAgent: '' })).token;
    const listed = await call('GET', `polls/api/results/?assignment_id=${id}`, { token: staff });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    const evaluations = await call('GET', `polls/api/teacher-evaluations/?assignment_id=${id}`, { token: staff });
    expect(evaluations.status).toBe(200);
    expect(evaluations.body.data).toEqual([]);
    expect((await call('GET', `polls/api/assignments/status_careers/?assignment_id=${id}`, { token: staff })).status).toBe(200);
    expect((await call('GET', `polls/api/assignments/status_by_teachers/?assignment_id=${id}`, { token: teacher })).status).toBe(403);
    // The summary names no student; an open window keeps it from the teacher.
    const summary = await call('GET', `polls/api/results/summary/?assignment_id=${id}`, { token: admin });
    expect(JSON.stringify(summary.body)).not.toMatch(/student|no_control/);
    // One evaluation is under the school's minimum (5): no counts, so no one can tell who answered.
    expect(summary.body).toMatchObject({ evaluations: 1, hidden: true });
    expect(summary.body.questions.find((row: { question_id: number }) => row.question_id === scale[0].id).options.reduce((sum: number, option: { count: number }) => sum + option.count, 0)).toBe(0);
    expect((await call('GET', `polls/api/results/summary/?assignment_id=${id}`, { token: teacher })).status).toBe(409);
  });

  it('fifty students answering at once leave the counters exactly right', async () => {
    const evaluation = await prisma.poll.findFirstOrThrow({ where: { poll_type: { code: 'DOC' }, is_active: true }, orderBy: { id: 'asc' }, select: { id: true } });
    const id = await assignment(evaluation.id);
    const questions = await prisma.pollQuestion.findMany({ where: { section: { poll_id: evaluation.id }, is_active: true, is_mandatory: true }, select: { id: true } });
    // Fifty students of the period, each with one class to evaluate and a session of their own.
    const { rows } = await getPool().query<{ student_id: number; schedule_id: number; user_id: number | null }>(
      `SELECT DISTINCT ON (sg.student_id) sg.student_id, s.id AS schedule_id, st.user_id
         FROM student_groups sg JOIN groups g ON g.id = sg.group_id AND g.cicle_id = $1 AND g.status
         JOIN schedules s ON s.group_id = g.id AND s.status AND s.teacher_id IS NOT NULL
         JOIN students st ON st.id = sg.student_id AND st.is_active
        WHERE sg.status AND sg.subject_id IS NULL AND sg.student_id <> $2
        ORDER BY sg.student_id, s.id LIMIT 50`,
      [ana.cicleId, ana.id],
    );
    expect(rows).toHaveLength(50);
    const tokens: string[] = [];
    for (const row of rows) {
      let userId = row.user_id;
      if (!userId) {
        userId = (await prisma.user.create({ data: { username: `encuesta-${row.student_id}`, password: '!', first_name: 'Alumno', last_name: '' } })).id;
        created.users.push(userId);
        await prisma.student.update({ where: { id: row.student_id }, data: { user_id: userId } });
      }
      tokens.push((await openSession(userId, 'api', { ip: '', userAgent: '' })).token);
    }
    const before = await prisma.pollAssignment.findUniqueOrThrow({ where: { id }, select: { answers: true } });
    // Each student sends their evaluation twice at the same moment: each counts once.
    const answers = await Promise.all(
      [...rows, ...rows].map((row, index) =>
        call('POST', 'polls/api/results/store_teacher/', { token: tokens[index % 50], body: { assignment_id: id, schedule_id: row.schedule_id, answers: questions.map((question) => ({ question_id: question.id, value: 4 })) } }),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    const after = await prisma.pollAssignment.findUniqueOrThrow({ where: { id }, select: { answers: true } });
    expect(after.answers - before.answers).toBe(50);
    expect(await prisma.teacherEvaluation.count({ where: { assignment_id: id, is_complete: true } })).toBe(50);
    // The status board agrees with a direct count.
    const board = await call('GET', `polls/api/assignments/status_careers/?assignment_id=${id}`, { token: admin });
    expect(board.body.answered).toBe(50);
    const expected = await getPool().query(
      `SELECT count(*)::int AS n FROM (SELECT DISTINCT sg.student_id, s.id FROM student_groups sg JOIN groups g ON g.id = sg.group_id AND g.cicle_id = $1 AND g.status
         JOIN schedules s ON s.group_id = g.id AND s.status AND s.teacher_id IS NOT NULL AND (sg.subject_id IS NULL OR sg.subject_id = s.subject_id) WHERE sg.status) x`,
      [ana.cicleId],
    );
    expect(board.body.expected).toBe(expected.rows[0].n);
    const teachers = await call('GET', `polls/api/assignments/status_by_teachers/?assignment_id=${id}`, { token: admin });
    expect(teachers.body.reduce((sum: number, row: { answered: number }) => sum + row.answered, 0)).toBe(50);
    const file = await call<ArrayBuffer>('GET', `polls/api/assignments/export_status_by_teachers/?assignment_id=${id}`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe("a teacher's own results", () => {
  it('once the window has closed: only their evaluations, as counts and means', async () => {
    // The teacher most evaluated in a closed application of the demo, signed in as themself.
    const { rows: [evaluated] } = await getPool().query<{ teacher_id: number; user_id: number | null }>(
      `SELECT te.teacher_id, t.user_id FROM teacher_evaluations te JOIN teachers t ON t.id = te.teacher_id
         JOIN poll_assignments a ON a.id = te.assignment_id AND a.is_active AND (a.status = 'CLOSED' OR a.end_at < now())
        WHERE te.is_complete GROUP BY te.teacher_id, t.user_id ORDER BY count(*) DESC, te.teacher_id LIMIT 1`,
    );
    let userId = evaluated.user_id;
    if (!userId) {
      userId = (await prisma.user.create({ data: { username: `profesor-${evaluated.teacher_id}`, password: '!', first_name: 'Profesor', last_name: '' } })).id;
      created.users.push(userId);
      await prisma.teacher.update({ where: { id: evaluated.teacher_id }, data: { user_id: userId } });
    }
    const teacher = (await openSession(userId, 'api', { ip: '', userAgent: '' })).token;
    const own = { id: evaluated.teacher_id };
    const mine = await call('GET', 'polls/api/assignments/my_evaluations/', { token: teacher });
    expect(mine.status).toBe(200);
    const { rows } = await getPool().query(
      `SELECT a.id, count(te.id)::int AS n FROM teacher_evaluations te JOIN poll_assignments a ON a.id = te.assignment_id AND a.is_active AND (a.status = 'CLOSED' OR a.end_at < now())
        WHERE te.teacher_id = $1 AND te.is_complete GROUP BY a.id ORDER BY a.id`,
      [own.id],
    );
    // Closed applications they were evaluated in (open ones and those without evaluations are listed too, without counts).
    expect(mine.body.filter((row: { closed: boolean; evaluations: number | null }) => row.closed && row.evaluations).map((row: { assignment_id: number; evaluations: number }) => [row.assignment_id, row.evaluations]).sort((a: number[], b: number[]) => a[0] - b[0])).toEqual(rows.map((row) => [row.id, row.n]));
    expect(rows.length).toBeGreaterThan(0);
    const summary = await call('GET', `polls/api/results/summary/?assignment_id=${rows[0].id}&teacher_id=999999`, { token: teacher });
    expect(summary.status).toBe(200);
    // Their own, whatever teacher the query names.
    expect(summary.body.teacher_id).toBe(own.id);
    const first = summary.body.questions.find((question: { kind: string }) => question.kind === 'SCALE');
    // Answers of complete evaluations only: an incomplete one has no weight (issue 27).
    const counted = await getPool().query(
      `SELECT count(*)::int AS n FROM poll_results r WHERE r.assignment_id = $1 AND r.question_id = $2 AND r.teacher_id = $3 AND r.answer_json ? 'value'
          AND EXISTS (SELECT 1 FROM teacher_evaluations te WHERE te.assignment_id = r.assignment_id AND te.student_id = r.student_id AND te.schedule_id = r.schedule_id AND te.is_complete)`,
      [rows[0].id, first.question_id, own.id],
    );
    expect(first.answers).toBe(counted.rows[0].n);
    expect((await call('GET', 'polls/api/assignments/my_evaluations/', { token: admin })).status).toBe(403);
  });
});
