// A score has one door (issue 27): the generic create, update and delete of scores/api/scores/
// follow the capture sheet's rules — the teacher's window, the school's scale, a note and a
// ScoreTrack row for a change to a captured score, nothing typed where factors compute the partial
// — and a captured score is never deleted. The state matrix covers every field in both states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';
import { historyOf, runStateMatrix } from './state-matrix';

let admin: string;
let teacher: string;
let schedule: { id: number; group_id: number; cicle_id: number };
let partial: { id: number; allow_scores: boolean; start_eval: Date | null; end_eval: Date | null };
let students: number[];
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  admin = await tokenFor('admin');
  teacher = await tokenFor('docente');
  const owner = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
  const found = await prisma.schedule.findFirstOrThrow({
    where: { teacher_id: owner.id, status: true, factors: { none: {} }, group: { student_groups: { some: { status: true } } } },
    select: { id: true, group_id: true, subject_id: true, group: { select: { cicle_id: true } } },
  });
  schedule = { id: found.id, group_id: found.group_id, cicle_id: found.group.cicle_id };
  const enrolled = await prisma.studentGroup.findMany({ where: { group_id: found.group_id, status: true, OR: [{ subject_id: null }, { subject_id: found.subject_id }] }, select: { student_id: true } });
  students = enrolled.map((row) => row.student_id);
  const partials = await prisma.partial.findMany({ where: { cicle_id: schedule.cicle_id, partial_type: 'O' }, orderBy: { no: 'desc' } });
  partial = partials[0];
  await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-5), end_eval: dayOffset(5) } });
});

afterAll(async () => {
  await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: partial.allow_scores, start_eval: partial.start_eval, end_eval: partial.end_eval } });
});

/** A score row of the schedule's partial for the n-th student, empty or captured. */
async function scoreOf(index: number, value: string | null): Promise<number> {
  const key = { student_id: students[index % students.length], schedule_id: schedule.id, partial_id: partial.id };
  const row = await prisma.score.upsert({ where: { student_id_schedule_id_partial_id: key }, create: { ...key, score: value }, update: { score: value, is_np: false, status: true }, select: { id: true } });
  await prisma.scoreTrack.deleteMany({ where: { score_id: row.id } });
  return row.id;
}

async function snapshot(id: number) {
  const score = await prisma.score.findUnique({ where: { id }, select: { score: true, is_np: true, status: true, student_id: true, partial_id: true, schedule_id: true } });
  return { score: score && { ...score, score: score.score?.toFixed() ?? null }, tracks: await prisma.scoreTrack.count({ where: { score_id: id } }), history: await historyOf('scores', id) };
}

describe('a score through the generic API', () => {
  it('changes a captured score only with a note, and keeps the change in its track', async () => {
    const id = await scoreOf(0, '7.00');
    const noteless = await call('PATCH', `scores/api/scores/${id}/`, { token: teacher, body: { score: '9' } });
    expect(noteless.status).toBe(400);
    expect(noteless.body.notes).toEqual(['Escriba una nota.']);
    expect((await snapshot(id)).score?.score).toBe('7');
    const changed = await call('PATCH', `scores/api/scores/${id}/`, { token: teacher, body: { score: '9', notes: 'Revisión de examen' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.score).toBe('9');
    const tracks = await prisma.scoreTrack.findMany({ where: { score_id: id } });
    expect(tracks.map((t) => [t.original_score?.toFixed(), t.new_score?.toFixed(), t.notes])).toEqual([['7', '9', 'Revisión de examen']]);
  });

  it("is refused to the teacher outside the partial's window with 409, changing nothing", async () => {
    const id = await scoreOf(1, '8.00');
    await prisma.partial.update({ where: { id: partial.id }, data: { start_eval: dayOffset(-20), end_eval: dayOffset(-10) } });
    try {
      const before = await snapshot(id);
      const late = await call('PUT', `scores/api/scores/${id}/`, { token: teacher, body: { score: '10', notes: 'tarde' } });
      expect(late.status).toBe(409);
      expect(late.body.detail).toBe('Las fechas no coinciden con el parcial.');
      expect(await snapshot(id)).toEqual(before);
    } finally {
      await prisma.partial.update({ where: { id: partial.id }, data: { start_eval: dayOffset(-5), end_eval: dayOffset(5) } });
    }
  });

  it('refuses a score off the scale and never moves a score to another student', async () => {
    const id = await scoreOf(2, '6.00');
    expect((await call('PATCH', `scores/api/scores/${id}/`, { token: admin, body: { score: '11', notes: 'x' } })).status).toBe(400);
    const moved = await call('PATCH', `scores/api/scores/${id}/`, { token: admin, body: { student_id: students[3 % students.length] === students[2 % students.length] ? students[0] : students[3 % students.length] } });
    expect(moved.status).toBe(409);
    expect(moved.body.detail).toMatch(/no puede cambiar en el estado «capturada»/);
  });

  it('never deletes a captured score (409), and deletes an empty one', async () => {
    const captured = await scoreOf(3, '5.00');
    const refused = await call('DELETE', `scores/api/scores/${captured}/`, { token: admin });
    expect(refused.status).toBe(409);
    expect(await prisma.score.count({ where: { id: captured } })).toBe(1);
    const empty = await scoreOf(4, null);
    expect((await call('DELETE', `scores/api/scores/${empty}/`, { token: admin })).status).toBe(204);
  });

  it('follows its state table in every state, for every field', async () => {
    let n = 0;
    await runStateMatrix({
      base: 'scores/api/scores/',
      token: () => admin,
      states: { EMPTY: () => scoreOf(n++, null), CAPTURED: () => scoreOf(n++, '7.50') },
      edits: {
        score: { body: () => ({ score: '8.5', notes: 'Corrección' }) },
        is_np: { body: () => ({ is_np: true, notes: 'No presentó' }) },
        status: () => false,
        notes: () => 'Corrección',
        // Whom and what a score is of never changes: refused in every state.
        student_id: async (id) => (await prisma.student.findFirstOrThrow({ where: { scores: { none: { id } } }, select: { id: true } })).id,
        partial_id: async () => (await prisma.partial.findFirstOrThrow({ where: { id: { not: partial.id }, cicle_id: schedule.cicle_id }, select: { id: true } })).id,
        schedule_id: async () => (await prisma.schedule.findFirstOrThrow({ where: { id: { not: schedule.id } }, select: { id: true } })).id,
      },
      snapshot,
    });
  });
});
