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
