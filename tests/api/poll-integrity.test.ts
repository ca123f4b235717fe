// The poll application aggregate (issue 27): a finished poll is locked for its student; an
// application with answers is closed, never deleted; who an application expects follows
// withdrawals and movements, in its stored total and on every board; an incomplete teacher
// evaluation has no score and no weight in the summaries. Then the state matrix of each resource
// of the aggregate (the application, its answers, its teacher evaluations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool, prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { historyOf, runStateMatrix } from './state-matrix';

let admin: string;
let ana: { id: number; token: string; cicleId: number; careerId: number };
let general: { pollId: number; scale: number; open: number };
const created = { polls: [] as number[], assignments: [] as number[] };

const catalog = async (clas: number, code: string) => (await prisma.catalog.findFirstOrThrow({ where: { clas_id: clas, code } })).id;
const SCALE = [5, 4, 3, 2, 1].map((value) => ({ value, label: `Valor ${value}` }));
const HOUR = 3_600_000;

async function assignment(pollId: number, data: Record<string, unknown> = {}): Promise<number> {
  const now = Date.now();
  const answer = await call('POST', 'polls/api/assignments/', {
    token: admin,
    body: { poll_id: pollId, cicle_id: ana.cicleId, start_at: new Date(now - HOUR).toISOString(), end_at: new Date(now + 24 * HOUR).toISOString(), status: 'OPEN', all_careers: true, ...data },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  created.assignments.push(answer.body.id);
  return answer.body.id as number;
}

const storeGeneral = (id: number, answers: unknown[]) => call('POST', 'polls/api/results/store_general/', { token: ana.token, body: { assignment_id: id, answers } });
const finishGeneral = (id: number) => call('POST', 'polls/api/results/finish_general_evaluation/', { token: ana.token, body: { assignment_id: id } });

beforeAll(async () => {
  admin = await tokenFor('admin');
  const student = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } }, select: { id: true, career_id: true, current_group: { select: { cicle_id: true } } } });
  ana = { id: student.id, token: await tokenFor('alumno'), cicleId: student.current_group!.cicle_id, careerId: student.career_id! };
  const poll = await call('POST', 'polls/api/polls/', { token: admin, body: { title: 'Encuesta de integridad', poll_type_id: await catalog(12, 'GEN'), is_active: true } });
  expect(poll.status, JSON.stringify(poll.body)).toBe(201);
  created.polls.push(poll.body.id);
  const section = (await call('POST', 'polls/api/sections/', { token: admin, body: { poll_id: poll.body.id, title: 'Servicios', section_order: 1 } })).body.id;
  const question = async (order: number, type: string, title: string, options: unknown[], mandatory = true) => {
    const answer = await call('POST', 'polls/api/questions/', { token: admin, body: { section_id: section, question_type_id: await catalog(13, type), question_order: order, title, options, is_mandatory: mandatory } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as number;
  };
  general = { pollId: poll.body.id, scale: await question(1, 'SCALE', 'La atención es rápida', SCALE), open: await question(2, 'OPEN', '¿Algo más?', [], false) };
});

afterAll(async () => {
  await prisma.pollAssignment.deleteMany({ where: { id: { in: created.assignments } } });
  await prisma.poll.deleteMany({ where: { id: { in: created.polls } } });
});

describe('a finished general poll', () => {
  it('is locked for that student: answering again or changing an answer is refused (409) and changes nothing', async () => {
    const id = await assignment(general.pollId);
    expect((await storeGeneral(id, [{ question_id: general.scale, value: 4 }])).status).toBe(200);
    // Before finishing, answers still change.
    expect((await storeGeneral(id, [{ question_id: general.scale, value: 5 }, { question_id: general.open, text: 'Nada' }])).status).toBe(200);
    expect((await finishGeneral(id)).status).toBe(200);
    const before = await prisma.pollResult.findMany({ where: { assignment_id: id, student_id: ana.id }, orderBy: { id: 'asc' } });
    const changed = await storeGeneral(id, [{ question_id: general.scale, value: 1 }]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(409);
    expect(changed.body.detail).toBe('Ya terminaste esta encuesta: tus respuestas quedaron registradas y no cambian.');
    // Emptying an answer (which removes it) is a change too.
    expect((await storeGeneral(id, [{ question_id: general.open, text: '' }])).status).toBe(409);
    expect(await prisma.pollResult.findMany({ where: { assignment_id: id, student_id: ana.id }, orderBy: { id: 'asc' } })).toEqual(before);
    // Nor through the generic API: an answer is written by the answering only.
    const own = before[0];
    expect((await call('PATCH', `polls/api/results/${own.id}/`, { token: admin, body: { answer: 'Otra' } })).status).toBe(409);
    expect((await call('DELETE', `polls/api/results/${own.id}/`, { token: admin })).status).toBe(409);
    expect((await call('POST', 'polls/api/results/', { token: admin, body: { assignment_id: id, question_id: general.scale, student_id: ana.id, answer: 'Valor 1' } })).status).toBe(409);
    expect(await prisma.pollResult.findMany({ where: { assignment_id: id, student_id: ana.id }, orderBy: { id: 'asc' } })).toEqual(before);
    // Finishing again counts nothing more and the student reads what she answered.
    const counted = (await prisma.pollAssignment.findUniqueOrThrow({ where: { id } })).answers;
    expect((await finishGeneral(id)).status).toBe(200);
    expect((await prisma.pollAssignment.findUniqueOrThrow({ where: { id } })).answers).toBe(counted);
    const state = await call('GET', `polls/api/results/${own.id}/state/`, { token: admin });
    expect(state.body.state).toBe('FINISHED');
  });
});

describe('an application with answers', () => {
  it('is closed, never deleted: DELETE answers 409 saying to close it; close/ closes it with history; an empty one may be deleted', async () => {
    const id = await assignment(general.pollId);
    expect((await storeGeneral(id, [{ question_id: general.scale, value: 3 }])).status).toBe(200);
    const answers = await prisma.pollResult.count({ where: { assignment_id: id } });
    expect(answers).toBe(1);
    const refused = await call('DELETE', `polls/api/assignments/${id}/`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('No se puede eliminar: la aplicación está con respuestas. Ciérrala en lugar de borrarla; sus respuestas se conservan.');
    expect(await prisma.pollResult.count({ where: { assignment_id: id } })).toBe(1);
    expect((await call('GET', `polls/api/assignments/${id}/state/`, { token: admin })).body).toMatchObject({ state: 'ANSWERED', delete: false, operations: ['close'] });
    // Who it asks is fixed once answers arrived.
    const other = await prisma.cicle.findFirstOrThrow({ where: { id: { not: ana.cicleId } }, select: { id: true } });
    const moved = await call('PATCH', `polls/api/assignments/${id}/`, { token: admin, body: { cicle_id: other.id } });
    expect(moved.status).toBe(409);
    const closed = await call('POST', `polls/api/assignments/${id}/close/`, { token: admin });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('CLOSED');
    const history = await call('GET', `polls/api/assignments/${id}/history/`, { token: admin });
    expect(history.body[0].type).toBe('~');
    expect(history.body[0].changes).toContainEqual(expect.objectContaining({ field: 'status', new: 'CLOSED' }));
    expect((await call('POST', `polls/api/assignments/${id}/close/`, { token: admin })).status).toBe(409);
    // Closed, it takes no answers and is still not deleted.
    expect((await storeGeneral(id, [{ question_id: general.scale, value: 1 }])).status).toBe(409);
    const still = await call('DELETE', `polls/api/assignments/${id}/`, { token: admin, lang: 'en' });
    expect(still.status).toBe(409);
    expect(still.body.detail).toBe('It cannot be deleted: the application is closed and its answers are kept.');
    expect(await prisma.pollResult.count({ where: { assignment_id: id } })).toBe(1);
    // Without answers it is a draft with no consequences.
    const empty = await assignment(general.pollId, { status: 'DRAFT' });
    expect((await call('DELETE', `polls/api/assignments/${empty}/`, { token: admin })).status).toBe(204);
  });
});

type Board = { expected: number; answered: number; counters: { answers: number; total: number } };

describe('who an application expects', () => {
  it('follows withdrawals and movements: the stored total and every board drop a withdrawn student and count a moved one once', async () => {
    const id = await assignment(general.pollId);
    // Two students of the period in whole groups, neither the one other tests sign in as.
    const { rows } = await getPool().query<{ student_id: number; group_id: number; career_id: number }>(
      `SELECT sg.student_id, g.id AS group_id, g.career_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id AND g.cicle_id = $1 AND g.status
         JOIN students st ON st.id = sg.student_id AND st.is_active AND st.current_group_id = g.id
        WHERE sg.status AND sg.is_current AND sg.subject_id IS NULL AND sg.student_id <> $2
          AND EXISTS (SELECT 1 FROM groups o WHERE o.cicle_id = g.cicle_id AND o.career_id = g.career_id AND o.id <> g.id AND o.status
                        AND (o.capacity IS NULL OR o.capacity > (SELECT count(*) FROM student_groups x WHERE x.group_id = o.id AND x.status AND x.is_current AND x.subject_id IS NULL)))
        ORDER BY sg.student_id DESC LIMIT 2`,
      [ana.cicleId, ana.id],
    );
    expect(rows).toHaveLength(2);
    const [leaving, moving] = rows;
    const board = async () => (await call('GET', `polls/api/assignments/status_careers/?assignment_id=${id}`, { token: admin })).body as Board;
    const shown = async () => (await call('GET', `polls/api/assignments/${id}/`, { token: admin })).body as { total: number; answers: number };
    const listed = async () => (await call('GET', 'polls/api/assignments/get_assignments/', { token: admin })).body.find((row: { id: number }) => row.id === id) as { total: number };
    const byStudents = async () => (await call('GET', `polls/api/assignments/status_by_students/?assignment_id=${id}`, { token: admin })).body as { student_id: number; expected: number }[];
    const start = await board();
    expect((await shown()).total).toBe(start.expected);
    expect((await byStudents()).some((row) => row.student_id === leaving.student_id)).toBe(true);

    const type = await prisma.terminationType.findUniqueOrThrow({ where: { code: 'BD' } });
    const withdrawal = await call('POST', 'students/api/terminations/', { token: admin, body: { student_id: leaving.student_id, type_id: type.id, reason: 'Cambio de ciudad' } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    const after = await board();
    expect(after.expected).toBe(start.expected - 1);
    expect(after.counters.total).toBe(start.expected - 1);
    expect((await shown()).total).toBe(start.expected - 1);
    expect((await listed()).total).toBe(start.expected - 1);
    expect((await byStudents()).some((row) => row.student_id === leaving.student_id)).toBe(false);

    // A movement to a sibling group keeps the student expected once, in the new group.
    const target = await prisma.group.findFirstOrThrow({ where: { cicle_id: ana.cicleId, career_id: moving.career_id, id: { not: moving.group_id }, status: true }, orderBy: { id: 'asc' }, select: { id: true } });
    const movement = await call('POST', 'students/api/student-movements/', { token: admin, body: { student_id: moving.student_id, to_group_id: target.id, comments: 'Cambio de turno' } });
    expect(movement.status, JSON.stringify(movement.body)).toBe(201);
    const moved = await board();
    expect(moved.expected).toBe(start.expected - 1);
    expect((await shown()).total).toBe(start.expected - 1);
    const rowsOfMoved = (await byStudents()).filter((row) => row.student_id === moving.student_id);
    expect(rowsOfMoved.map((row) => row.expected)).toEqual([1]);
  });
});

describe('a teacher evaluation', () => {
  it('has no score until it is complete, and the summary counts only complete ones', async () => {
    const evaluation = await prisma.poll.findFirstOrThrow({ where: { poll_type: { code: 'DOC' }, is_active: true }, orderBy: { id: 'asc' }, select: { id: true } });
    const id = await assignment(evaluation.id);
    const mine = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: { not: null }, status: true, group: { cicle_id: ana.cicleId, student_groups: { some: { student_id: ana.id, subject_id: null, status: true } } } }, orderBy: { id: 'asc' }, select: { id: true } });
    const questions = await prisma.pollQuestion.findMany({ where: { section: { poll_id: evaluation.id, status: true }, is_active: true, status: true }, orderBy: [{ section: { section_order: 'asc' } }, { question_order: 'asc' }], select: { id: true, question_type: { select: { code: true } } } });
    const scale = questions.filter((question) => question.question_type?.code === 'SCALE');
    expect(scale.length).toBeGreaterThan(2);
    const store = (answers: { question_id: number; value: number }[]) => call('POST', 'polls/api/results/store_teacher/', { token: ana.token, body: { assignment_id: id, schedule_id: mine.id, answers } });
    // One evaluation is enough to show results here (the school's minimum, 5 by default, hides them:
    // tests/api/teacher-term.test.ts): this test is about which evaluations count.
    await prisma.setting.updateMany({ data: { min_evaluations: 1 } });
    const summaryCount = async () => {
      const summary = await call('GET', `polls/api/results/summary/?assignment_id=${id}`, { token: admin });
      const first = summary.body.questions.find((row: { question_id: number }) => row.question_id === scale[0].id);
      return { answers: first.answers as number, mean: first.mean as string | null };
    };

    const half = await store(scale.slice(0, 2).map((question) => ({ question_id: question.id, value: 5 })));
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(half.body).toMatchObject({ is_complete: false, score: null });
    const stored = await prisma.teacherEvaluation.findFirstOrThrow({ where: { assignment_id: id, student_id: ana.id, schedule_id: mine.id } });
    expect([stored.is_complete, stored.score]).toEqual([false, null]);
    expect((await call('POST', 'polls/api/results/get_responses_teacher/', { token: ana.token, body: { assignment_id: id, schedule_id: mine.id } })).body.score).toBeNull();
    expect(await summaryCount()).toEqual({ answers: 0, mean: null });

    const whole = await store(scale.map((question) => ({ question_id: question.id, value: 4 })));
    expect(whole.body).toMatchObject({ is_complete: true, score: '4.00' });
    expect(await summaryCount()).toEqual({ answers: 1, mean: '4.00' });
    // Complete, it is not made incomplete again.
    const emptied = await store([{ question_id: scale[0].id, value: null as unknown as number }]);
    expect(emptied.status).toBe(400);
    expect((await prisma.teacherEvaluation.findFirstOrThrow({ where: { id: stored.id } })).score?.toFixed(2)).toBe('4.00');
    await prisma.setting.updateMany({ data: { min_evaluations: 5 } });
  });

  it('the database keeps no score on an incomplete evaluation', async () => {
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM teacher_evaluations WHERE NOT is_complete AND score IS NOT NULL');
    expect(rows[0].n).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The state matrix of each resource of the aggregate.

/** A bare application of the general poll in a given step, with or without an answer of Ana's. */
async function application(status: 'DRAFT' | 'OPEN' | 'CLOSED', answered: boolean, finished = false): Promise<number> {
  const now = Date.now();
  const row = await prisma.pollAssignment.create({ data: { poll_id: general.pollId, cicle_id: ana.cicleId, start_at: new Date(now - HOUR), end_at: new Date(now + 24 * HOUR), status }, select: { id: true } });
  created.assignments.push(row.id);
  if (answered) await prisma.pollResult.create({ data: { assignment_id: row.id, question_id: general.scale, student_id: ana.id, answer: 'Valor 4', answer_json: { value: 4 } } });
  if (finished) await prisma.pollCompletion.create({ data: { assignment_id: row.id, student_id: ana.id } });
  return row.id;
}

describe('state matrix', () => {
  it('polls/api/assignments/: EMPTY edits and deletes; ANSWERED keeps who it asks; CLOSED keeps all but its notes and flag', async () => {
    const otherCicle = (await prisma.cicle.findFirstOrThrow({ where: { id: { not: ana.cicleId } }, select: { id: true } })).id;
    const otherPoll = (await prisma.poll.findFirstOrThrow({ where: { id: { not: general.pollId } }, select: { id: true } })).id;
    const career = (await prisma.career.findFirstOrThrow({ select: { id: true } })).id;
    const stored = (id: number) => prisma.pollAssignment.findUniqueOrThrow({ where: { id } });
    await runStateMatrix({
      base: 'polls/api/assignments/',
      token: () => admin,
      states: { EMPTY: () => application('OPEN', false), ANSWERED: () => application('OPEN', true), CLOSED: () => application('CLOSED', true) },
      edits: {
        poll_id: () => otherPoll,
        cicle_id: () => otherCicle,
        start_at: async (id) => new Date((await stored(id)).start_at.getTime() - HOUR).toISOString(),
        end_at: async (id) => new Date((await stored(id)).end_at.getTime() + HOUR).toISOString(),
        status: async (id) => ((await stored(id)).status === 'OPEN' ? 'DRAFT' : 'OPEN'),
        notes: () => 'Nota nueva',
        all_groups: async (id) => !(await stored(id)).all_groups,
        all_careers: async (id) => !(await stored(id)).all_careers,
        careers_selected: () => [career],
        is_active: async (id) => !(await stored(id)).is_active,
      },
      snapshot: async (id) => ({
        row: await prisma.pollAssignment.findUnique({ where: { id }, include: { careers_selected: true } }),
        results: await prisma.pollResult.findMany({ where: { assignment_id: id }, orderBy: { id: 'asc' } }),
        completions: await prisma.pollCompletion.findMany({ where: { assignment_id: id } }),
        history: await historyOf('poll_assignments', id),
      }),
    });
  });

  it('polls/api/results/: an answer is never written through the generic API, in any state', async () => {
    const otherStudent = (await prisma.student.findFirstOrThrow({ where: { id: { not: ana.id } }, select: { id: true } })).id;
    const schedule = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: { not: null } }, select: { id: true, teacher_id: true } });
    const resultOf = async (status: 'OPEN' | 'CLOSED', finished: boolean) => {
      const id = await application(status, true, finished);
      return (await prisma.pollResult.findFirstOrThrow({ where: { assignment_id: id } })).id;
    };
    await runStateMatrix({
      base: 'polls/api/results/',
      token: () => admin,
      states: { ANSWERED: () => resultOf('OPEN', false), FINISHED: () => resultOf('OPEN', true), CLOSED: () => resultOf('CLOSED', false) },
      edits: {
        assignment_id: async () => application('OPEN', false),
        question_id: async () => general.open,
        student_id: () => otherStudent,
        teacher_id: () => schedule.teacher_id,
        schedule_id: () => schedule.id,
        answer: () => 'Otra respuesta',
        answer_json: () => ({ value: 1 }),
        status: () => false,
      },
      snapshot: async (id) => ({ row: await prisma.pollResult.findUnique({ where: { id } }), history: await historyOf('poll_results', id) }),
    });
  });

  it('polls/api/teacher-evaluations/: an evaluation is never written through the generic API, in any state', async () => {
    const evaluationPoll = (await prisma.poll.findFirstOrThrow({ where: { poll_type: { code: 'DOC' } }, orderBy: { id: 'asc' }, select: { id: true } })).id;
    const mine = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: { not: null }, status: true, group: { cicle_id: ana.cicleId, student_groups: { some: { student_id: ana.id } } } }, orderBy: { id: 'asc' }, select: { id: true, teacher_id: true } });
    const other = await prisma.schedule.findFirstOrThrow({ where: { teacher_id: { not: null }, id: { not: mine.id } }, select: { id: true } });
    const otherStudent = (await prisma.student.findFirstOrThrow({ where: { id: { not: ana.id } }, select: { id: true } })).id;
    const evaluationOf = async (status: 'OPEN' | 'CLOSED', complete: boolean) => {
      const now = Date.now();
      const assignmentRow = await prisma.pollAssignment.create({ data: { poll_id: evaluationPoll, cicle_id: ana.cicleId, start_at: new Date(now - HOUR), end_at: new Date(now + 24 * HOUR), status }, select: { id: true } });
      created.assignments.push(assignmentRow.id);
      const row = await prisma.teacherEvaluation.create({ data: { assignment_id: assignmentRow.id, student_id: ana.id, schedule_id: mine.id, teacher_id: mine.teacher_id!, is_complete: complete, score: complete ? '4.50' : null }, select: { id: true } });
      return row.id;
    };
    await runStateMatrix({
      base: 'polls/api/teacher-evaluations/',
      token: () => admin,
      states: { ANSWERED: () => evaluationOf('OPEN', false), FINISHED: () => evaluationOf('OPEN', true), CLOSED: () => evaluationOf('CLOSED', true) },
      edits: {
        student_id: () => otherStudent,
        schedule_id: () => other.id,
        assignment_id: async () => application('OPEN', false),
        is_complete: async (id) => !(await prisma.teacherEvaluation.findUniqueOrThrow({ where: { id } })).is_complete,
        status: () => false,
      },
      snapshot: async (id) => ({ row: await prisma.teacherEvaluation.findUnique({ where: { id } }), history: await historyOf('teacher_evaluations', id) }),
    });
  });
});
