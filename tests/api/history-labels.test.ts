// A record's history names what its keys point to, as the screens do: a student's career change
// reads "Ingeniería … → Arquitectura", a user's roles by their names, an enum value by its label.
import { describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

type Change = { field: string; old: unknown; new: unknown; old_label?: string; new_label?: string };

describe('history labels', () => {
  it("a student's career change reads as the careers' names", async () => {
    const token = await tokenFor('admin');
    const student = await prisma.student.findFirstOrThrow({ where: { career_id: { not: null } }, select: { id: true, career_id: true, career: { select: { name: true } } } });
    const other = await prisma.career.findFirstOrThrow({ where: { id: { not: student.career_id! } }, select: { id: true, name: true } });
    const changed = await call('PUT', `students/api/students/${student.id}/`, { token, body: { career_id: other.id } });
    expect(changed.status).toBe(200);
    const history = await call<{ type: string; changes: Change[] }[]>('GET', `students/api/students/${student.id}/history/`, { token });
    expect(history.status).toBe(200);
    const change = history.body[0].changes.find((c) => c.field === 'career_id');
    expect(change).toMatchObject({ old: student.career_id, new: other.id, old_label: expect.stringContaining(student.career!.name), new_label: expect.stringContaining(other.name) });
    await call('PUT', `students/api/students/${student.id}/`, { token, body: { career_id: student.career_id } });
  });

  it("a user's roles read as their names", async () => {
    const token = await tokenFor('admin');
    const user = await prisma.user.findFirstOrThrow({ where: { is_staff: true, is_superuser: false }, select: { id: true, roles: { select: { role_id: true } } } });
    const roles = await prisma.role.findMany({ select: { id: true, name: true }, take: 2, orderBy: { id: 'asc' } });
    const before = user.roles.map((link) => link.role_id);
    const changed = await call('PUT', `manage/api/users/${user.id}/`, { token, body: { roles: roles.map((role) => role.id) } });
    expect(changed.status).toBe(200);
    const history = await call<{ changes: Change[] }[]>('GET', `manage/api/users/${user.id}/history/`, { token });
    const change = history.body[0].changes.find((c) => c.field === 'roles')!;
    // What the dialog shows: the label the server adds, else the names the change kept.
    const shown = change.new_label ?? (change.new as { name: string }[]).map((role) => role.name).join(', ');
    expect(shown).toBe(roles.map((role) => role.name).join(', '));
    await call('PUT', `manage/api/users/${user.id}/`, { token, body: { roles: before } });
  });

  it('an enum value reads as its label in the interface language', async () => {
    const token = await tokenFor('admin');
    const scholarship = await prisma.scholarship.findFirstOrThrow({ select: { id: true, base_type: true } });
    const next = scholarship.base_type === 'P' ? 'A' : 'P';
    const changed = await call('PUT', `finance/api/scholarships/${scholarship.id}/`, { token, body: { base_type: next } });
    expect(changed.status).toBe(200);
    const history = await call<{ changes: Change[] }[]>('GET', `finance/api/scholarships/${scholarship.id}/history/`, { token, lang: 'es' });
    const change = history.body[0].changes.find((c) => c.field === 'base_type');
    expect(change).toMatchObject({ old_label: next === 'P' ? 'Importe fijo' : 'Porcentaje', new_label: next === 'P' ? 'Porcentaje' : 'Importe fijo' });
    await call('PUT', `finance/api/scholarships/${scholarship.id}/`, { token, body: { base_type: scholarship.base_type } });
  });

  it("a student's sex reads as its name, not its code", async () => {
    const token = await tokenFor('admin');
    const student = await prisma.student.findFirstOrThrow({ where: { genre: 'H' }, select: { id: true } });
    const changed = await call('PUT', `students/api/students/${student.id}/`, { token, body: { genre: 'M' } });
    expect(changed.status).toBe(200);
    const history = await call<{ changes: Change[] }[]>('GET', `students/api/students/${student.id}/history/`, { token, lang: 'es' });
    expect(history.body[0].changes.find((c) => c.field === 'genre')).toMatchObject({ old: 'H', new: 'M', old_label: 'Hombre', new_label: 'Mujer' });
  });

  it('a deactivation keeps its reason in the history; a cancellation without one changes nothing', async () => {
    const token = await tokenFor('admin');
    const teacher = await prisma.teacher.findFirstOrThrow({ where: { status: true }, select: { id: true } });
    const reason = 'Renunció al cargo; entrega de grupos pendiente';
    const off = await call('PUT', `academic/api/teachers/${teacher.id}/`, { token, body: { status: false }, headers: { 'x-change-reason': encodeURIComponent(reason) } });
    expect(off.status).toBe(200);
    const history = await call<{ reason?: string; changes: Change[] }[]>('GET', `academic/api/teachers/${teacher.id}/history/`, { token });
    expect(history.body[0]).toMatchObject({ reason, changes: [expect.objectContaining({ field: 'status', old: true, new: false })] });
    await call('PUT', `academic/api/teachers/${teacher.id}/`, { token, body: { status: true } });

    const sale = await prisma.sale.findFirstOrThrow({ where: { status: true }, select: { id: true } });
    // A sale's Estatus is no cancellation (409, issue 27); cancel/ without a reason is a 400.
    const refused = await call('PUT', `finance/api/sales/${sale.id}/`, { token, body: { status: false, cancel_notes: '' } });
    expect(refused.status).toBe(409);
    const noReason = await call('POST', `finance/api/sales/${sale.id}/cancel/`, { token, body: { reason: '' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.reason).toBeTruthy();
    expect((await prisma.sale.findUniqueOrThrow({ where: { id: sale.id } })).status).toBe(true);
  });
});
