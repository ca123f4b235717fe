import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD, DEMO_WEB_CODE } from '@/prisma/seed/demo';
import { nextAuthSecret } from '@/server/auth/keys';
import { prisma } from '@/server/db/client';
import { call } from './client';

const login = (username: string, password = DEFAULT_DEMO_PASSWORD, lang?: string) => call('POST', 'manage/login/', { body: { username, password }, lang });

describe('manage/login/', () => {
  it('answers user, token and refresh token', async () => {
    const answer = await login('control');
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ username: 'control', full_name: 'Carmen Ruiz Salgado', is_superuser: false, kind: 'staff', role_shorts: ['control_escolar'] });
    expect(answer.body.user.routes).toContain('scholar-students');
    expect(answer.body.user).not.toHaveProperty('password');
    expect(answer.body.token.split('.')).toHaveLength(3);
    expect(answer.body.refresh_token).toMatch(/^[0-9a-f-]{36}\./);
  });

  it('refuses a wrong password with 401, status 1 and a generic message in the request language', async () => {
    const es = await login('finanzas', 'wrong-password');
    expect(es.status).toBe(401);
    expect(es.body).toEqual({ status: 1, detail: 'Usuario o contraseña incorrectos.' });
    const en = await login('finanzas', 'wrong-password', 'en-US,en;q=0.9');
    expect(en.body.detail).toBe('Wrong username or password.');
    const unknown = await login('nobody-at-all', 'whatever');
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe(es.body.detail);
  });

  it('gives 400 with field messages for missing fields', async () => {
    const answer = await call('POST', 'manage/login/', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ username: ['Este campo es obligatorio.'], password: ['Este campo es obligatorio.'] });
    const bad = await call('POST', 'manage/login/', { body: '{not json' as unknown as object });
    expect(bad.status).toBe(400);
  });

  it('locks a username after repeated failures, even for the right password, then the lock expires', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login('coordinacion', 'nope')).status).toBe(401);
    const fifth = await login('coordinacion', 'nope');
    expect(fifth.status).toBe(429);
    expect(fifth.body.detail).toMatch(/Demasiados intentos/);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('coordinacion')).status).toBe(429);
    // Another username is not affected.
    expect((await login('control')).status).toBe(200);
    await prisma.loginThrottle.update({ where: { username: 'user:coordinacion' }, data: { locked_until: new Date(Date.now() - 1000) } });
    expect((await login('coordinacion')).status).toBe(200);
    expect(await prisma.loginThrottle.findUnique({ where: { username: 'user:coordinacion' } })).toBeNull();
  });

  it('rehashes a legacy Django password to argon2id at the first login', async () => {
    await prisma.user.create({
      data: { username: 'legacy', password: 'pbkdf2_sha256$180000$btQDcwXF2RoK6Q$D4cC7bgbaIZGHsTdw9TYhRfuLfLGbsZlI4Rp802e7kU=' },
    });
    expect((await login('legacy', 'hello!')).status).toBe(401);
    expect((await login('legacy', 'hello')).status).toBe(200);
    const user = await prisma.user.findUniqueOrThrow({ where: { username: 'legacy' } });
    expect(user.password.startsWith('$argon2id$')).toBe(true);
    expect((await login('legacy', 'hello')).status).toBe(200);
  });

  it('refuses inactive users', async () => {
    await prisma.user.create({ data: { username: 'gone', password: (await prisma.user.findUniqueOrThrow({ where: { username: 'control' } })).password, is_active: false } });
    expect((await login('gone')).status).toBe(401);
  });
});

describe('manage/aspirants/', () => {
  it('signs an aspirant in with web code and password', async () => {
    const answer = await call('POST', 'manage/aspirants/', { body: { web_code: DEMO_WEB_CODE.toLowerCase(), web_pass: DEFAULT_DEMO_PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body.aspirant).toMatchObject({ web_code: DEMO_WEB_CODE, status: 'PRE' });
    expect(answer.body.user.kind).toBe('aspirant');
    expect(answer.body.token).toBeTruthy();
  });
  it('refuses a wrong password with status 1', async () => {
    const answer = await call('POST', 'manage/aspirants/', { body: { web_code: DEMO_WEB_CODE, web_pass: 'wrong' } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ status: 1, detail: 'Código web o contraseña incorrectos.' });
    expect((await call('POST', 'manage/aspirants/', { body: { web_code: '' } })).status).toBe(400);
  });
});

describe('tokens and sessions', () => {
  it('refresh rotates: the new token works and the old one is refused', async () => {
    const first = await login('control');
    const refreshed = await call('POST', 'manage/token-refresh/', { body: { refresh_token: first.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await call('GET', 'manage/check_session/', { token: refreshed.body.token })).status).toBe(200);

    const reused = await call('POST', 'manage/token-refresh/', { body: { refresh_token: first.body.refresh_token } });
    expect(reused.status).toBe(401);
    expect(reused.body.status).toBe(1);
    // Reuse of a rotated token revokes the whole session: the newest refresh token dies too.
    expect((await call('POST', 'manage/token-refresh/', { body: { refresh_token: refreshed.body.refresh_token } })).status).toBe(401);
  });

  it('refuses malformed refresh tokens', async () => {
    for (const refresh_token of [undefined, '', 'x.y', 42]) {
      expect((await call('POST', 'manage/token-refresh/', { body: { refresh_token } })).status).toBe(401);
    }
  });

  it('check_session answers the user for a token, 401 without or with a bad one', async () => {
    const { body } = await login('finanzas');
    const ok = await call('GET', 'manage/check_session/', { token: body.token });
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe('finanzas');
    expect((await call('GET', 'manage/check_session/')).status).toBe(401);
    expect((await call('GET', 'manage/check_session/', { token: body.token.slice(0, -2) + 'xx' })).status).toBe(401);
    expect((await call('GET', 'manage/check_session/')).body.detail).toBe('Inicie sesión para continuar.');
  });

  it('the browser session cookie resolves to the same user', async () => {
    const { body } = await login('control');
    const sessionId = body.refresh_token.split('.')[0];
    const cookie = await encode({ token: { uid: body.user.id, sid: sessionId }, secret: nextAuthSecret() });
    const answer = await call('GET', 'manage/check_session/', { cookie: `plantel.session=${cookie}` });
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(body.user.id);
    const forged = await encode({ token: { uid: body.user.id, sid: sessionId }, secret: 'another-secret' });
    expect((await call('GET', 'manage/check_session/', { cookie: `plantel.session=${forged}` })).status).toBe(401);
  });

  it('logout revokes the session: its refresh token stops working', async () => {
    const { body } = await login('control');
    const out = await call('POST', 'manage/logout/', { token: body.token });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('plantel.session=;');
    expect((await call('POST', 'manage/token-refresh/', { body: { refresh_token: body.refresh_token } })).status).toBe(401);
    expect((await call('POST', 'manage/logout/')).status).toBe(401);
  });
});

describe('manage/initial_data/', () => {
  it('gives the user, campuses, the campus periods and the first active period', async () => {
    const { body } = await login('control');
    const answer = await call('GET', 'manage/initial_data/', { token: body.token });
    expect(answer.status).toBe(200);
    expect(answer.body.user.username).toBe('control');
    expect(answer.body.campuses.map((c: { name: string }) => c.name)).toEqual(['Campus Norte', 'Campus Sur']);
    const norte = answer.body.campuses[0].id;
    expect(answer.body.selection.campus_id).toBe(norte);
    const selected = answer.body.cicles.find((c: { id: number }) => c.id === answer.body.selection.cicle_id);
    expect(selected.is_active).toBe(true);
    expect(answer.body.cicles.every((c: { campus_id: number }) => c.campus_id === norte)).toBe(true);
    expect(answer.body.cicle_locked).toBe(false);

    const sur = answer.body.campuses[1].id;
    const other = await call('GET', `manage/initial_data/?campus_id=${sur}`, { token: body.token });
    expect(other.body.selection.campus_id).toBe(sur);
    expect(other.body.cicles.every((c: { campus_id: number }) => c.campus_id === sur)).toBe(true);
  });

  it("forces a student's period to their group's", async () => {
    const { body } = await login('alumno');
    const answer = await call('GET', 'manage/initial_data/', { token: body.token });
    expect(answer.body.user.kind).toBe('student');
    expect(answer.body.cicle_locked).toBe(true);
    const student = await prisma.student.findFirstOrThrow({ where: { user_id: body.user.id }, select: { current_group: { select: { cicle_id: true } } } });
    expect(answer.body.selection.cicle_id).toBe(student.current_group!.cicle_id);
  });
});

describe('manage/signup/', () => {
  it('registers an aspirant (PRE) and signs them in', async () => {
    const career = await prisma.career.findFirstOrThrow({ where: { code: 'ISC' } });
    const answer = await call('POST', 'manage/signup/', {
      body: { names: 'Luis', first_name: 'Pérez', second_name: 'Soto', email: 'luis@example.com', campus_id: career.campus_id, career_id: career.id, web_pass: 'segura-123', web_pass_confirm: 'segura-123' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.status).toBe(0);
    expect(answer.body.token).toBeTruthy();
    expect(answer.body.user.kind).toBe('aspirant');
    expect(answer.body.aspirant.web_code).toMatch(/^A\d{9}$/);
    const again = await call('POST', 'manage/aspirants/', { body: { web_code: answer.body.aspirant.web_code, web_pass: 'segura-123' } });
    expect(again.status).toBe(200);
  });
  it('answers field errors with status 1', async () => {
    const incomplete = await call('POST', 'manage/signup/', { body: { names: 'Luis', web_pass: 'a', web_pass_confirm: 'b' } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.status).toBe(1);
    expect(incomplete.body.email).toEqual(['Este campo es obligatorio.']);
    expect(incomplete.body.web_pass).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
    const career = await prisma.career.findFirstOrThrow({ where: { code: 'ISC' } });
    const body = { names: 'Luis', first_name: 'Pérez', email: 'l@example.com', campus_id: career.campus_id, career_id: career.id, web_pass: 'segura-123', web_pass_confirm: 'segura-124' };
    const mismatch = await call('POST', 'manage/signup/', { body });
    expect(mismatch.body).toEqual({ status: 1, web_pass_confirm: ['Las contraseñas no coinciden.'] });
    const before = await prisma.aspirant.count();
    const wrongCampus = await call('POST', 'manage/signup/', { body: { ...body, web_pass_confirm: 'segura-123', campus_id: career.campus_id + 1 } });
    expect(wrongCampus.status).toBe(400);
    expect(await prisma.aspirant.count()).toBe(before);
  });
});

describe('change_password', () => {
  it('users change their own with the current password', async () => {
    const { body } = await login('finanzas');
    const path = `manage/api/users/${body.user.id}/change_password/`;
    const wrong = await call('POST', path, { token: body.token, body: { current_password: 'nope', password: 'nueva-clave-1', password_confirm: 'nueva-clave-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.current_password).toEqual(['La contraseña actual no es correcta.']);
    const mismatch = await call('POST', path, { token: body.token, body: { current_password: DEFAULT_DEMO_PASSWORD, password: 'nueva-clave-1', password_confirm: 'otra-clave-1' } });
    expect(mismatch.body).toEqual({ password_confirm: ['Las contraseñas no coinciden.'] });
    const ok = await call('POST', path, { token: body.token, body: { current_password: DEFAULT_DEMO_PASSWORD, password: 'nueva-clave-1', password_confirm: 'nueva-clave-1' } });
    expect(ok.status).toBe(200);
    expect((await login('finanzas')).status).toBe(401);
    expect((await login('finanzas', 'nueva-clave-1')).status).toBe(200);
    // Staff reset it back (the admin needs no current password).
    const admin = await login('admin');
    const reset = await call('POST', path, { token: admin.body.token, body: { password: DEFAULT_DEMO_PASSWORD, password_confirm: DEFAULT_DEMO_PASSWORD } });
    expect(reset.status).toBe(200);
    expect((await login('finanzas')).status).toBe(200);
  });
  it("a user without Settings > Users cannot change someone else's", async () => {
    const { body } = await login('control');
    const admin = await prisma.user.findUniqueOrThrow({ where: { username: 'admin' } });
    const answer = await call('POST', `manage/api/users/${admin.id}/change_password/`, { token: body.token, body: { password: 'x-x-x-x-x-x', password_confirm: 'x-x-x-x-x-x' } });
    expect(answer.status).toBe(403);
  });
});
