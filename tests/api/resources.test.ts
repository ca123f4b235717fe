import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { decryptSecret } from '@/server/auth/crypto';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

describe('authorization', () => {
  it('anonymous calls get 401, a role without the route 403, the superuser 200', async () => {
    expect((await call('GET', 'manage/api/users/')).status).toBe(401);
    const finance = await tokenFor('finanzas');
    const forbidden = await call('GET', 'manage/api/users/', { token: finance });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.detail).toBe('No tiene permiso para realizar esta acción.');
    expect((await call('POST', 'manage/api/roles/', { token: finance, body: { name: 'x', short: 'x' } })).status).toBe(403);
    expect((await call('GET', 'manage/api/users/', { token: await tokenFor('admin') })).status).toBe(200);
  });

  it('a permission grants what its code says even without the route', async () => {
    const permission = await prisma.permission.findUniqueOrThrow({ where: { short: 'users.view' } });
    const user = await prisma.user.findUniqueOrThrow({ where: { username: 'coordinacion' } });
    await prisma.userPermission.create({ data: { user_id: user.id, permission_id: permission.id } });
    const { body } = await call('POST', 'manage/login/', { body: { username: 'coordinacion', password: 'plantel2026' } });
    expect((await call('GET', 'manage/api/users/', { token: body.token })).status).toBe(200);
    expect((await call('POST', 'manage/api/users/', { token: body.token, body: { username: 'nope', password: 'abcdefgh1' } })).status).toBe(403);
    await prisma.userPermission.delete({ where: { user_id_permission_id: { user_id: user.id, permission_id: permission.id } } });
  });

  it('unknown paths are 404 and wrong methods 405', async () => {
    const admin = await tokenFor('admin');
    expect((await call('GET', 'manage/api/no-such-thing/', { token: admin })).status).toBe(404);
    expect((await call('DELETE', 'manage/api/users/', { token: admin })).status).toBe(405);
    expect((await call('POST', 'manage/api/settings/', { token: admin, body: {} })).status).toBe(405);
  });

  it('a path without its trailing slash answers the same', async () => {
    const admin = await tokenFor('admin');
    const withSlash = await call('GET', 'manage/api/roles/?ordering=short', { token: admin });
    const without = await call('GET', 'manage/api/roles?ordering=short', { token: admin });
    expect(without.status).toBe(200);
    expect(without.body).toEqual(withSlash.body);
  });
});

describe('row scope', () => {
  it('a student sees only their own student record', async () => {
    const token = await tokenFor('alumno');
    const own = await prisma.student.findFirstOrThrow({ where: { user: { username: 'alumno' } } });
    const other = await prisma.student.create({ data: { no_control: 'OTHER-1', names: 'Otro', first_name: 'Alumno' } });
    try {
      const list = await call('GET', 'students/api/students/', { token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([own.id]);
      expect((await call('GET', `students/api/students/${other.id}/`, { token })).status).toBe(404);
      expect((await call('GET', `students/api/students/${other.id}/history/`, { token })).status).toBe(404);
      expect((await call('GET', `students/api/students/${own.id}/`, { token })).status).toBe(200);
      // The portal only reads: no student writes student records.
      expect((await call('PUT', `students/api/students/${own.id}/`, { token, body: { no_control: 'X', names: 'X', first_name: 'X' } })).status).toBe(403);
      expect((await call('DELETE', `students/api/students/${other.id}/`, { token })).status).toBe(403);
      const file = await call<ArrayBuffer>('GET', 'students/api/students/export/?format=csv', { token, raw: true });
      const lines = new TextDecoder().decode(file.body).trim().split('\r\n');
      expect(lines).toHaveLength(2);
    } finally {
      await prisma.student.delete({ where: { id: other.id } });
    }
  });

  it('a teacher sees only their own teacher record and the students of their groups', async () => {
    const token = await tokenFor('docente');
    const stranger = await prisma.teacher.create({ data: { code: 'DOC-999', names: 'Otra', first_name: 'Persona' } });
    try {
      const teachers = await call('GET', 'academic/api/teachers/', { token });
      expect(teachers.body.data.map((t: { code: string }) => t.code)).toEqual(['DOC-001']);
      expect((await call('GET', `academic/api/teachers/${stranger.id}/`, { token })).status).toBe(404);
      const students = await call('GET', 'students/api/students/?no_paginate=true', { token });
      const teacher = await prisma.teacher.findUniqueOrThrow({ where: { code: 'DOC-001' } });
      const taught = await prisma.student.findMany({
        where: { student_groups: { some: { group: { schedules: { some: { teacher_id: teacher.id } } } } } },
        select: { id: true },
      });
      expect(taught.length).toBeGreaterThan(0);
      expect(students.body.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b)).toEqual(taught.map((s) => s.id).sort((a, b) => a - b));
      expect(students.body.some((s: { names: string; first_name: string }) => s.names === 'Ana' && s.first_name === 'López')).toBe(true);
      expect((await call('GET', 'manage/api/users/', { token })).status).toBe(403);
    } finally {
      await prisma.teacher.delete({ where: { id: stranger.id } });
    }
  });

  it('an aspirant reads only their own aspirant record', async () => {
    const { body } = await call('POST', 'manage/aspirants/', { body: { web_code: 'A202600001', web_pass: 'plantel2026' } });
    const list = await call('GET', 'inscription/api/aspirants/?no_paginate=true', { token: body.token });
    expect(list.body.map((a: { web_code: string }) => a.web_code)).toEqual(['A202600001']);
    const own = list.body[0].id;
    expect((await call('GET', `inscription/api/aspirants/${own}/`, { token: body.token })).status).toBe(200);
    // Their own application they change while it is pre-registered (issue 15), never its status.
    const mine = await call('GET', `inscription/api/aspirants/${own}/`, { token: body.token });
    // Its status is the process's: a save that sets it is refused whole (409 naming it), never half applied.
    const refused = await call('PUT', `inscription/api/aspirants/${own}/`, { token: body.token, body: { ...mine.body, status: 'PAY', notes_prev: 'Quisiera el turno matutino.' } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.field).toBe('status');
    const changed = await call('PUT', `inscription/api/aspirants/${own}/`, { token: body.token, body: { ...mine.body, notes_prev: 'Quisiera el turno matutino.' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect([changed.body.status, changed.body.notes_prev]).toEqual(['PRE', 'Quisiera el turno matutino.']);
    const other = await prisma.aspirant.findFirstOrThrow({ where: { id: { not: own } }, select: { id: true } });
    expect((await call('PUT', `inscription/api/aspirants/${other.id}/`, { token: body.token, body: { notes_prev: 'x' } })).status).toBe(404);
    expect((await call('GET', 'students/api/students/', { token: body.token })).status).toBe(403);
  });

  it('every signed-in user reads campuses and periods (the top bar selectors)', async () => {
    const token = await tokenFor('alumno');
    const campuses = await call('GET', 'academic/api/campus/?no_paginate=true&status=true', { token });
    expect(campuses.status).toBe(200);
    expect(campuses.body.length).toBeGreaterThanOrEqual(2);
    const campusId = campuses.body[0].id;
    const cicles = await call('GET', `academic/api/cicles/?no_paginate=true&status=true&campus_id=${campusId}`, { token });
    expect(cicles.body.every((c: { campus: { id: number } }) => c.campus.id === campusId)).toBe(true);
    expect((await call('POST', 'academic/api/campus/', { token, body: { code: 'X', name: 'X' } })).status).toBe(403);
  });
});

describe('users, roles, permissions and settings', () => {
  it('creates, updates, records history and deletes a user; the password never leaves the server', async () => {
    const admin = await tokenFor('admin');
    const role = await prisma.role.findUniqueOrThrow({ where: { short: 'finanzas' } });
    const created = await call('POST', 'manage/api/users/', {
      token: admin,
      body: { username: 'nuevo.usuario', first_name: 'Nuevo', last_name: 'Usuario', email: 'nuevo@example.com', password: 'una-clave-larga', roles: [{ id: role.id }], id: 999, created_at: '2000-01-01' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'nuevo.usuario', roles: [{ id: role.id, short: 'finanzas' }], is_active: true });
    expect(created.body.id).not.toBe(999);
    expect(created.body).not.toHaveProperty('password');
    const id = created.body.id;

    const updated = await call('PUT', `manage/api/users/${id}/`, { token: admin, body: { ...created.body, first_name: 'Renombrado', is_active: false, roles: [] } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ first_name: 'Renombrado', is_active: false, roles: [] });

    const history = await call('GET', `manage/api/users/${id}/history/`, { token: admin });
    expect(history.status).toBe(200);
    expect(history.body.map((h: { type: string }) => h.type)).toEqual(['~', '+']);
    expect(history.body[0].user).toBe('admin');
    const changed = Object.fromEntries(history.body[0].changes.map((c: { field: string; old: unknown; new: unknown }) => [c.field, [c.old, c.new]]));
    expect(changed.first_name).toEqual(['Nuevo', 'Renombrado']);
    expect(changed.is_active).toEqual([true, false]);
    expect(JSON.stringify(history.body)).not.toContain('argon2');

    const inactive = await call('GET', 'manage/api/users/?status=false&search=renombrado', { token: admin });
    expect(inactive.body.data.map((u: { id: number }) => u.id)).toEqual([id]);

    expect((await call('DELETE', `manage/api/users/${id}/`, { token: admin })).status).toBe(204);
    expect((await call('GET', `manage/api/users/${id}/`, { token: admin })).status).toBe(404);
    const after = await call('GET', `manage/api/users/${id}/history/`, { token: admin });
    expect(after.body[0].type).toBe('-');
  });

  it('answers 400 with field messages and changes nothing on bad input', async () => {
    const admin = await tokenFor('admin');
    const before = await prisma.user.count();
    const empty = await call('POST', 'manage/api/users/', { token: admin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.username).toEqual(['Este campo es obligatorio.']);
    expect(empty.body.password).toBeDefined();
    const long = await call('POST', 'manage/api/users/', { token: admin, body: { username: 'x'.repeat(151), password: 'abcdefghij', email: 'bad' }, lang: 'en' });
    expect(long.body.username).toEqual(['Type at most 150 characters.']);
    expect(long.body.email).toEqual(['Type a valid email.']);
    const duplicate = await call('POST', 'manage/api/users/', { token: admin, body: { username: 'control', password: 'abcdefghij' } });
    expect(duplicate.status).toBe(409);
    const missingRole = await call('POST', 'manage/api/users/', { token: admin, body: { username: 'ghost', password: 'abcdefghij', roles: [987654] } });
    expect(missingRole.status).toBe(400);
    expect(await prisma.user.count()).toBe(before);
  });

  it('only a superuser makes superusers', async () => {
    const permission = await prisma.permission.findUniqueOrThrow({ where: { short: 'users.add' } });
    const user = await prisma.user.findUniqueOrThrow({ where: { username: 'control' } });
    await prisma.userPermission.create({ data: { user_id: user.id, permission_id: permission.id } });
    try {
      const { body } = await call('POST', 'manage/login/', { body: { username: 'control', password: 'plantel2026' } });
      const answer = await call('POST', 'manage/api/users/', { token: body.token, body: { username: 'sneaky', password: 'abcdefghij', is_superuser: true } });
      expect(answer.status).toBe(403);
    } finally {
      await prisma.userPermission.delete({ where: { user_id_permission_id: { user_id: user.id, permission_id: permission.id } } });
    }
  });

  it('roles accept only known routes; the route list is what the menu shows', async () => {
    const admin = await tokenFor('admin');
    const bad = await call('POST', 'manage/api/roles/', { token: admin, body: { name: 'Caja', short: 'caja', routes: ['finance-sales', 'no-such-route'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.routes).toEqual(['Elija una opción válida.']);
    const ok = await call('POST', 'manage/api/roles/', { token: admin, body: { name: 'Caja', short: 'caja', routes: ['finance-sales', 'finance-sales', 'finance-payments'] } });
    expect(ok.status).toBe(201);
    expect(ok.body.routes).toEqual(['finance-sales', 'finance-payments']);
    expect((await call('DELETE', `manage/api/roles/${ok.body.id}/`, { token: admin })).status).toBe(204);
  });

  it('stores the e-mail password encrypted and never sends it back', async () => {
    const admin = await tokenFor('admin');
    const list = await call('GET', 'manage/api/settings/', { token: admin });
    const setting = list.body.data[0];
    expect(setting).not.toHaveProperty('email_password');
    expect(setting.email_password_set).toBe(false);
    expect(setting.min_approve).toBe('6');
    const saved = await call('PUT', `manage/api/settings/${setting.id}/`, { token: admin, body: { ...setting, email_password: 's3cr3t-smtp', min_approve: '7.5' } });
    expect(saved.status).toBe(200);
    expect(saved.body.email_password_set).toBe(true);
    expect(saved.body.min_approve).toBe('7.5');
    expect(JSON.stringify(saved.body)).not.toContain('s3cr3t');
    const row = await prisma.setting.findUniqueOrThrow({ where: { id: setting.id } });
    expect(row.email_password).not.toContain('s3cr3t');
    expect(decryptSecret(row.email_password)).toBe('s3cr3t-smtp');
    // An empty password keeps the stored one.
    await call('PUT', `manage/api/settings/${setting.id}/`, { token: admin, body: { ...saved.body, email_password: '' } });
    expect(decryptSecret((await prisma.setting.findUniqueOrThrow({ where: { id: setting.id } })).email_password)).toBe('s3cr3t-smtp');
    const history = await call('GET', `manage/api/settings/${setting.id}/history/`, { token: admin });
    expect(JSON.stringify(history.body)).not.toContain('s3cr3t');
    const bad = await call('PUT', `manage/api/settings/${setting.id}/`, { token: admin, body: { min_approve: 'seis' } });
    expect(bad.status).toBe(400);
    await call('PUT', `manage/api/settings/${setting.id}/`, { token: admin, body: { min_approve: '6' } });
  });
});

describe('search', () => {
  it('is case- and accent-insensitive, every word must match, and wildcards are literal', async () => {
    const admin = await tokenFor('admin');
    const created = await call('POST', 'manage/api/users/', { token: admin, body: { username: 'zquetzal', first_name: 'Zoraida', last_name: 'Quetzalcóatl Ñandú', password: 'una-clave-larga' } });
    expect(created.status).toBe(201);
    const ids = async (search: string) => (await call('GET', `manage/api/users/?search=${encodeURIComponent(search)}`, { token: admin })).body.data.map((u: { id: number }) => u.id);
    expect(await ids('zoraida')).toEqual([created.body.id]);
    expect(await ids('QUETZALCOATL nandu')).toEqual([created.body.id]);
    expect(await ids('Ñandú')).toEqual([created.body.id]);
    expect(await ids('zoraida lopez')).toEqual([]);
    expect(await ids('z_r')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    const students = await call('GET', 'students/api/students/?search=lopez', { token: admin });
    expect(students.body.data.some((s: { first_name: string }) => s.first_name === 'López')).toBe(true);
    await call('DELETE', `manage/api/users/${created.body.id}/`, { token: admin });
  });
});

describe('delete and export', () => {
  it('refuses to delete a record still referenced, naming what references it', async () => {
    const admin = await tokenFor('admin');
    const campus = await prisma.campus.findFirstOrThrow({ where: { code: 'NTE' } });
    const answer = await call('DELETE', `academic/api/campus/${campus.id}/`, { token: admin });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/^No se puede eliminar: todavía lo usan registros de (carreras|ciclos escolares|aspirantes|perfiles|departamentos académicos|listas de precios)\.$/);
    expect(await prisma.campus.findUnique({ where: { id: campus.id } })).not.toBeNull();
  });

  it('exports the filtered list as a workbook and as csv with formulas neutralised', async () => {
    const admin = await tokenFor('admin');
    await prisma.role.create({ data: { name: '=HYPERLINK("http://evil")', short: 'evil' } });
    const list = await call('GET', 'manage/api/roles/?no_paginate=true&ordering=short', { token: admin });
    const file = await call<ArrayBuffer>('GET', 'manage/api/roles/export/?format=xlsx&ordering=short', { token: admin, raw: true });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="roles_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(list.body.length + 1);
    // Headers are the screens' field labels in the reader's language (Spanish by default), and so are yes/no.
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Abreviatura', 'Nombre', 'Estatus']));
    expect(header).not.toContain('short');
    const shortColumn = header.indexOf('Abreviatura') + 1;
    const statusColumn = header.indexOf('Estatus') + 1;
    expect(sheet.getRow(2).getCell(statusColumn).value).toBe('Sí');
    const shorts = [];
    for (let r = 2; r <= sheet.rowCount; r += 1) shorts.push(sheet.getRow(r).getCell(shortColumn).value);
    expect(shorts).toEqual(list.body.map((r: { short: string }) => r.short));
    const english = await call<ArrayBuffer>('GET', 'manage/api/roles/export/?format=csv&ordering=short', { token: admin, raw: true, lang: 'en' });
    const englishLines = new TextDecoder().decode(english.body).replace(/^\uFEFF/, '').split('\r\n');
    expect(englishLines[0].split(',')).toEqual(expect.arrayContaining(['Abbreviation', 'Name', 'Status']));
    expect(englishLines[1]).toMatch(/,Yes(,|$)/);
    const csv = await call<ArrayBuffer>('GET', 'manage/api/roles/export/?format=csv&search=evil', { token: admin, raw: true });
    const text = new TextDecoder().decode(csv.body);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    await prisma.role.delete({ where: { short: 'evil' } });
  });
});

describe('subjects/update_order/', () => {
  it('reorders the subjects of one plan, with a history row for each one that moved', async () => {
    const admin = await tokenFor('admin');
    const plan = await prisma.studyPlan.findFirstOrThrow({ where: { subjects: { some: { grade: 1 } } }, select: { id: true } });
    const grade = await prisma.subject.findMany({ where: { study_plan_id: plan.id, grade: 1 }, orderBy: [{ order: 'asc' }, { code: 'asc' }], select: { id: true, order: true } });
    expect(grade.length).toBeGreaterThan(2);
    const reversed = [...grade].reverse().map((subject, index) => ({ id: subject.id, order: index + 1 }));
    const answer = await call('POST', 'academic/api/subjects/update_order/', { token: admin, body: { subjects: reversed } });
    expect(answer.status).toBe(200);
    const firstGrade = answer.body.filter((subject: { grade: number }) => subject.grade === 1).map((subject: { id: number }) => subject.id);
    expect(firstGrade).toEqual(reversed.map((subject) => subject.id));
    const moved = reversed.filter((subject) => grade.find((before) => before.id === subject.id)!.order !== subject.order);
    for (const subject of moved) {
      const history = await call('GET', `academic/api/subjects/${subject.id}/history/`, { token: admin });
      expect(history.body[0].changes).toContainEqual({ field: 'order', old: grade.find((before) => before.id === subject.id)!.order, new: subject.order });
    }
    // Put them back.
    await call('POST', 'academic/api/subjects/update_order/', { token: admin, body: { subjects: grade } });
  });

  it('refuses subjects of two plans, unknown ones, bad orders and users who may not edit plans', async () => {
    const admin = await tokenFor('admin');
    const [a, b] = await prisma.studyPlan.findMany({ where: { subjects: { some: {} } }, take: 2, select: { subjects: { take: 1, select: { id: true, order: true } } } });
    const mixed = await call('POST', 'academic/api/subjects/update_order/', { token: admin, body: { subjects: [{ id: a.subjects[0].id, order: 5 }, { id: b.subjects[0].id, order: 6 }] } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.subjects).toBeTruthy();
    expect((await call('POST', 'academic/api/subjects/update_order/', { token: admin, body: { subjects: [{ id: 999_999_999, order: 1 }] } })).status).toBe(400);
    const badOrder = await call('POST', 'academic/api/subjects/update_order/', { token: admin, body: { subjects: [{ id: a.subjects[0].id, order: -1 }] } });
    expect(badOrder.status).toBe(400);
    expect((await call('POST', 'academic/api/subjects/update_order/', { token: admin, body: {} })).status).toBe(400);
    expect((await call('POST', 'academic/api/subjects/update_order/', { token: await tokenFor('finanzas'), body: { subjects: [{ id: a.subjects[0].id, order: 1 }] } })).status).toBe(403);
    const unchanged = await prisma.subject.findUniqueOrThrow({ where: { id: a.subjects[0].id }, select: { order: true } });
    expect(unchanged.order).toBe(a.subjects[0].order);
  });
});

describe('a PUT that names some fields', () => {
  it('keeps every other field of a user (flags, e-mail, names) and of a role (routes, status)', async () => {
    const admin = await tokenFor('admin');
    const user = await call('POST', 'manage/api/users/', {
      token: admin,
      body: { username: 'parcial.put', password: 'una-clave-larga-2026', email: 'parcial@plantel.mx', first_name: 'Ana', last_name: 'Ruiz', is_superuser: true, is_staff: false, is_active: false },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const renamed = await call('PUT', `manage/api/users/${user.body.id}/`, { token: admin, body: { first_name: 'Ana María' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ first_name: 'Ana María', last_name: 'Ruiz', email: 'parcial@plantel.mx', is_superuser: true, is_staff: false, is_active: false });

    const role = await call('POST', 'manage/api/roles/', { token: admin, body: { name: 'Parcial', short: 'parcial_put', routes: ['tools-turns', 'academic-campus'], status: false } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const roleRenamed = await call('PUT', `manage/api/roles/${role.body.id}/`, { token: admin, body: { name: 'Parcial 2' } });
    expect(roleRenamed.body).toMatchObject({ name: 'Parcial 2', short: 'parcial_put', routes: ['tools-turns', 'academic-campus'], status: false });

    const permission = await call('POST', 'manage/api/permissions/', { token: admin, body: { name: 'Parcial', short: 'parcial.put', status: false } });
    const permissionRenamed = await call('PUT', `manage/api/permissions/${permission.body.id}/`, { token: admin, body: { name: 'Parcial 2' } });
    expect(permissionRenamed.body).toMatchObject({ name: 'Parcial 2', status: false });

    await call('DELETE', `manage/api/users/${user.body.id}/`, { token: admin });
    await call('DELETE', `manage/api/roles/${role.body.id}/`, { token: admin });
    await call('DELETE', `manage/api/permissions/${permission.body.id}/`, { token: admin });
  });
});
