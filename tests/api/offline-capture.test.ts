// Changes typed on a teacher's device and sent when a connection returns (issue 32):
// POST scores/api/scores/capture_change/ applies each key once, answers a retry the same, detects
// a score changed by someone else since the sheet was loaded (409 with both values, who and when),
// and keeps the capture's rules: the window (a late change is refused naming the day it closed)
// and the note a changed captured score needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { newChangeKey } from '@/lib/grades/capture-queue';
import { call, tokenFor } from './client';

const PATH = 'scores/api/scores/capture_change/';

describe('a capture change sent from the teacher’s device', () => {
  let schedule: { id: number; cicle_id: number };
  let partial: { id: number; description: string; allow_scores: boolean; start_eval: Date | null; end_eval: Date | null };
  let students: number[];
  let teacherToken: string;
  let adminToken: string;
  const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000);
  const ymd = (date: Date) => date.toISOString().slice(0, 10);

  beforeAll(async () => {
    teacherToken = await tokenFor('docente');
    adminToken = await tokenFor('admin');
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
    const found = await prisma.schedule.findFirstOrThrow({
      where: { teacher_id: teacher.id, status: true, factors: { none: {} }, group: { student_groups: { some: { status: true } } } },
      select: { id: true, group_id: true, subject_id: true, group: { select: { cicle_id: true } } },
    });
    schedule = { id: found.id, cicle_id: found.group.cicle_id };
    const enrolled = await prisma.studentGroup.findMany({ where: { group_id: found.group_id, status: true, is_current: true, OR: [{ subject_id: null }, { subject_id: found.subject_id }] }, select: { student_id: true } });
    students = enrolled.map((row) => row.student_id).slice(0, 4);
    partial = await prisma.partial.findFirstOrThrow({ where: { cicle_id: schedule.cicle_id, partial_type: 'O' }, orderBy: { no: 'desc' }, select: { id: true, description: true, allow_scores: true, start_eval: true, end_eval: true } });
    await prisma.score.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    await prisma.periodException.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-2), end_eval: dayOffset(2) } });
  });

  afterAll(async () => {
    await prisma.score.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    await prisma.periodException.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: partial.allow_scores, start_eval: partial.start_eval, end_eval: partial.end_eval } });
  });

  const send = (body: Record<string, unknown>, token = teacherToken, lang = 'es') =>
    call('POST', PATH, { token, lang, body: { key: newChangeKey(), schedule_id: schedule.id, partial_id: partial.id, column: 'score', loaded: null, ...body } });
  const stored = async (studentId: number) => {
    const row = await prisma.score.findUnique({ where: { student_id_schedule_id_partial_id: { student_id: studentId, schedule_id: schedule.id, partial_id: partial.id } } });
    return row ? (row.is_np ? 'NP' : (row.score?.toFixed() ?? null)) : null;
  };
  const historyOf = async (studentId: number) => {
    const row = await prisma.score.findUniqueOrThrow({ where: { student_id_schedule_id_partial_id: { student_id: studentId, schedule_id: schedule.id, partial_id: partial.id } }, select: { id: true } });
    return prisma.auditLog.findMany({ where: { resource: 'scores', record_id: String(row.id) }, orderBy: { id: 'asc' } });
  };

  it('applies a key once: the same change sent twice writes once and answers the same', async () => {
    const key = newChangeKey();
    const first = await send({ key, student_id: students[0], value: '8.5' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ key, applied: true, student_id: students[0], column: 'score', value: '8.5', score: '8.5' });
    const history = (await historyOf(students[0])).length;

    // The answer was lost on the way; meanwhile someone else changed the cell. The retry is the
    // same change: it is answered as the first time and changes nothing.
    await call('POST', 'scores/api/scores/capture/', { token: adminToken, body: { schedule_id: schedule.id, partial_id: partial.id, notes: 'Revisión', scores: [{ student_id: students[0], score: '9' }] } });
    const again = await send({ key, student_id: students[0], value: '8.5' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stored(students[0])).toBe('9');
    expect(await prisma.captureChange.count({ where: { key } })).toBe(1);
    expect((await historyOf(students[0])).length).toBe(history + 1);

    // Another cell under a key already used is a mistake of the client, not a retry.
    const misuse = await send({ key, student_id: students[1], value: '7' });
    expect(misuse.status).toBe(409);
    expect(await stored(students[1])).toBeNull();
  });

  it('answers the same to two arrivals of one change at once, and writes it once', async () => {
    const key = newChangeKey();
    const [a, b] = await Promise.all([send({ key, student_id: students[2], value: '7' }), send({ key, student_id: students[2], value: '7' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await prisma.captureChange.count({ where: { key } })).toBe(1);
    expect((await historyOf(students[2])).filter((entry) => entry.type === '+')).toHaveLength(1);
  });

  it('answers 409 with both values, who and when when someone else changed the score since the sheet was loaded', async () => {
    await send({ student_id: students[3], value: '6' });
    // A second session (Control Escolar) corrects it while the teacher is offline.
    const other = await call('POST', 'scores/api/scores/capture/', { token: adminToken, body: { schedule_id: schedule.id, partial_id: partial.id, notes: 'Corrección de Control Escolar', scores: [{ student_id: students[3], score: '7.5' }] } });
    expect(other.status).toBe(200);

    const late = await send({ student_id: students[3], loaded: '6', value: '9', notes: 'Examen revisado' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/Otra persona cambió/);
    const admin = await prisma.user.findUniqueOrThrow({ where: { username: 'admin' } });
    expect(late.body.conflict).toMatchObject({ student_id: students[3], column: 'score', loaded: '6', yours: '9', current: '7.5' });
    expect(late.body.conflict.by).toBe(`${admin.first_name} ${admin.last_name}`.trim() || 'admin');
    expect(Math.abs(Date.parse(late.body.conflict.at) - Date.now())).toBeLessThan(60_000);
    expect(await stored(students[3])).toBe('7.5');

    // The teacher keeps theirs: sent again over the value shown. History has both changes, each with its note.
    const kept = await send({ student_id: students[3], loaded: '7.5', value: '9', notes: 'Examen revisado' });
    expect(kept.status).toBe(200);
    expect(await stored(students[3])).toBe('9');
    const history = await historyOf(students[3]);
    expect(history.filter((entry) => entry.type === '~').map((entry) => [entry.changes, entry.reason])).toEqual([
      [[{ field: 'score', old: '6', new: '7.5' }], 'Corrección de Control Escolar'],
      [[{ field: 'score', old: '7.5', new: '9' }], 'Examen revisado'],
    ]);

    // The screens read the same through the API: the score's history, each change with its note.
    const listed = await call('GET', `scores/api/scores/?no_paginate=true&schedule_id=${schedule.id}&partial_id=${partial.id}&student_id=${students[3]}`, { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    const read = await call('GET', `scores/api/scores/${listed.body[0].id}/history/`, { token: adminToken });
    expect(read.body.slice(0, 2).map((entry: { changes: { new: unknown }[]; reason?: string }) => [entry.changes[0]?.new, entry.reason])).toEqual([
      ['9', 'Examen revisado'],
      ['7.5', 'Corrección de Control Escolar'],
    ]);

    // Someone else typed the same value meanwhile: nothing to write, nothing to decide.
    const same = await send({ student_id: students[3], loaded: '7.5', value: '9.0', notes: 'Examen revisado' });
    expect(same.status).toBe(200);
    expect(same.body.applied).toBe(false);
  });

  it('still needs a note to change a captured score, and writes nothing without it', async () => {
    const before = await stored(students[1]);
    await send({ student_id: students[1], value: '8' });
    const noteless = await send({ student_id: students[1], loaded: '8', value: '10' });
    expect(noteless.status).toBe(400);
    expect(noteless.body.notes).toEqual(['Escriba una nota.']);
    expect(await stored(students[1])).toBe('8');
    const invalid = await send({ student_id: students[1], loaded: '8', value: '99', notes: 'x' }, teacherToken, 'en');
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body)).toEqual(['value']);
    expect(before).toBeNull();
  });

  it('refuses a change arriving after the window closed, saying when it closed', async () => {
    const closedOn = dayOffset(-3);
    await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-20), end_eval: closedOn } });
    try {
      const late = await send({ student_id: students[0], loaded: '9', value: '10', notes: 'Tarde' });
      expect(late.status).toBe(409);
      const [y, m, d] = ymd(closedOn).split('-');
      expect(late.body.detail).toBe(`La captura del ${partial.description} cerró el ${d}/${m}/${y}: el cambio no se guardó.`);
      expect(late.body.closed_on).toBe(ymd(closedOn));
      expect(await stored(students[0])).toBe('9');
      // Staff still correct at any time.
      expect((await send({ student_id: students[0], loaded: '9', value: '10', notes: 'Acta corregida' }, adminToken)).status).toBe(200);
    } finally {
      await prisma.partial.update({ where: { id: partial.id }, data: { allow_scores: true, start_eval: dayOffset(-2), end_eval: dayOffset(2) } });
    }
  });

  it('changes a factor’s cell with the same rules, and refuses a typed partial where factors compute it', async () => {
    const exam = await call('POST', 'scores/api/factors/', { token: adminToken, body: { name: 'Examen', value: '50', schedule_id: schedule.id, partial_id: partial.id } });
    const work = await call('POST', 'scores/api/factors/', { token: adminToken, body: { name: 'Tareas', value: '50', schedule_id: schedule.id, partial_id: partial.id } });
    expect([exam.status, work.status]).toEqual([201, 201]);
    const student = students[2];
    try {
      const typedPartial = await send({ student_id: student, value: '9' });
      expect(typedPartial.status).toBe(409);
      const first = await send({ student_id: student, column: String(exam.body.id), value: '9' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ applied: true, column: String(exam.body.id), value: '9' });
      // Someone else changes the same factor score: the device's change over its old value is a conflict (no one to name for a factor's cell).
      await prisma.factorScore.update({ where: { factor_id_student_id: { factor_id: exam.body.id, student_id: student } }, data: { score: '6' } });
      const late = await send({ student_id: student, column: String(exam.body.id), loaded: '9', value: '10' });
      expect(late.status).toBe(409);
      expect(late.body.conflict).toMatchObject({ column: String(exam.body.id), loaded: '9', yours: '10', current: '6', by: null });
    } finally {
      await prisma.factorScore.deleteMany({ where: { factor_id: { in: [exam.body.id, work.body.id] } } });
      await prisma.factor.deleteMany({ where: { schedule_id: schedule.id, partial_id: partial.id } });
    }
  });

  it('keeps a teacher to their own classes', async () => {
    const other = await prisma.schedule.findFirstOrThrow({ where: { teacher: { code: { not: 'DOC-001' } }, group: { cicle_id: schedule.cicle_id } }, select: { id: true } });
    const answer = await call('POST', PATH, { token: teacherToken, body: { key: newChangeKey(), schedule_id: other.id, partial_id: partial.id, student_id: students[0], column: 'score', value: '8', loaded: null } });
    expect(answer.status).toBe(403);
    const bad = await call('POST', PATH, { token: teacherToken, body: { key: 'x', schedule_id: schedule.id, partial_id: partial.id, student_id: students[0], column: 'nope', value: '8' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['column', 'key']);
  });
});
