// "My sessions" (manage/api/sessions/) and the audit of every table (manage/api/audit/), issue 19:
// a user lists only their own sessions that still work, the one asking marked current; ending one
// stops its token at once (401, no cached actor); another user's session is a 404 like an unknown
// one; every kind of user may use it. The audit pages every history row with the filters of its
// screen, named in the reader's language, for the staff of Configuración › Auditoría only, and its
// workbook holds the filtered rows.
import ExcelJS from 'exceljs';
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '@/prisma/seed/demo';
import { forgetActor } from '@/server/auth/actor';
import { nextAuthSecret } from '@/server/auth/keys';
import { hashPassword } from '@/server/auth/password';
import { openSession } from '@/server/auth/sessions';
import { prisma } from '@/server/db/client';
import { call, tokenFor } from './client';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

type Signed = { token: string; sessionId: string; userId: number };
type SessionRow = { id: string; kind: string; device: string; device_kind: string; ip: string; user_agent: string; current: boolean; created_at: string; last_used_at: string; expires_at: string };

async function signIn(username: string, userAgent = CHROME_WINDOWS, ip = '203.0.113.7'): Promise<Signed> {
  const answer = await call('POST', 'manage/login/', { body: { username, password: DEFAULT_DEMO_PASSWORD }, headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } });
  expect(answer.status).toBe(200);
  return { token: answer.body.token, sessionId: answer.body.refresh_token.split('.')[0], userId: answer.body.user.id };
}

/** A staff account of this file's own: ending "all the others" must not end another test file's sessions. */
async function ownUser(prefix: string, data: { first_name?: string; last_name?: string } = {}): Promise<number> {
  const user = await prisma.user.create({
    data: { username: `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`, password: await hashPassword(DEFAULT_DEMO_PASSWORD), is_staff: true, ...data },
    select: { id: true, username: true },
  });
  usernames.set(user.id, user.username);
  return user.id;
}
const usernames = new Map<number, string>();

const sessionsOf = async (token: string) => (await call<SessionRow[]>('GET', 'manage/api/sessions/', { token })).body;
const check = async (token: string) => (await call('GET', 'manage/check_session/', { token })).status;

describe('manage/api/sessions/', () => {
  it('lists only the caller’s own working sessions, the one asking marked current, with readable devices', async () => {
    const userId = await ownUser('sessions-list');
    const username = usernames.get(userId)!;
    const office = await signIn(username, CHROME_WINDOWS, '203.0.113.7');
    const phone = await signIn(username, SAFARI_IPHONE, '198.51.100.4');
    const ended = await signIn(username);
    await call('POST', 'manage/logout/', { token: ended.token });
    // An expired one is no longer a session.
    const expired = await signIn(username);
    await prisma.authSession.update({ where: { id: expired.sessionId }, data: { expires_at: new Date(Date.now() - 1000) } });
    const stranger = await signIn('finanzas');

    const answer = await call<SessionRow[]>('GET', 'manage/api/sessions/', { token: office.token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((session) => session.id).sort()).toEqual([office.sessionId, phone.sessionId].sort());
    const mine = answer.body.find((session) => session.id === office.sessionId)!;
    expect(mine).toMatchObject({ kind: 'api', current: true, ip: '203.0.113.7', device: 'Chrome 131 · Windows', device_kind: 'computer', user_agent: CHROME_WINDOWS });
    expect(Date.parse(mine.expires_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(mine.created_at)).toBeLessThanOrEqual(Date.now());
    expect(answer.body.find((session) => session.id === phone.sessionId)).toMatchObject({ current: false, ip: '198.51.100.4', device: 'Safari 17 · iPhone', device_kind: 'phone' });
    expect(answer.body.some((session) => session.id === stranger.sessionId)).toBe(false);
    // From the phone, the phone is the current one.
    expect((await sessionsOf(phone.token)).filter((session) => session.current).map((session) => session.id)).toEqual([phone.sessionId]);
    // In English, a session without a user agent is an unknown device.
    await prisma.authSession.update({ where: { id: phone.sessionId }, data: { user_agent: '' } });
    const english = await call<SessionRow[]>('GET', 'manage/api/sessions/', { token: office.token, lang: 'en' });
    expect(english.body.find((session) => session.id === phone.sessionId)!.device).toBe('Unknown device');
    expect((await call('GET', 'manage/api/sessions/')).status).toBe(401);
  });

  it('ends one session: its token is refused at once, the others keep working', async () => {
    const username = usernames.get(await ownUser('sessions-end'))!;
    const keeper = await signIn(username);
    const doomed = await signIn(username);
    // The doomed token's actor is cached by this call: ending must forget it.
    expect(await check(doomed.token)).toBe(200);
    const answer = await call('POST', `manage/api/sessions/${doomed.sessionId}/end/`, { token: keeper.token });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await check(doomed.token)).toBe(401);
    expect((await call('GET', 'manage/api/sessions/', { token: doomed.token })).status).toBe(401);
    expect(await check(keeper.token)).toBe(200);
    expect((await sessionsOf(keeper.token)).map((session) => session.id)).toEqual([keeper.sessionId]);
    const row = await prisma.authSession.findUniqueOrThrow({ where: { id: doomed.sessionId } });
    expect(row.revoked_at).not.toBeNull();
    expect(row.refresh_token_hash).toBeNull();
    // Ended already: nothing left to end.
    expect((await call('POST', `manage/api/sessions/${doomed.sessionId}/end/`, { token: keeper.token })).status).toBe(404);
  });

  it('answers 404 for another user’s session, an unknown id or a malformed one, and leaves them alone', async () => {
    const username = usernames.get(await ownUser('sessions-404'))!;
    const me = await signIn(username);
    const other = await signIn('coordinacion');
    const theirs = await call('POST', `manage/api/sessions/${other.sessionId}/end/`, { token: me.token });
    expect(theirs.status).toBe(404);
    const unknown = await call('POST', 'manage/api/sessions/00000000-0000-4000-8000-000000000000/end/', { token: me.token });
    expect(unknown.status).toBe(404);
    // The same answer: nothing tells an existing session of someone else from no session at all.
    expect(theirs.body).toEqual(unknown.body);
    expect((await call('POST', 'manage/api/sessions/not-a-uuid/end/', { token: me.token })).status).toBe(404);
    expect(await check(other.token)).toBe(200);
    expect((await prisma.authSession.findUniqueOrThrow({ where: { id: other.sessionId } })).revoked_at).toBeNull();
    expect((await call('GET', `manage/api/sessions/${other.sessionId}/end/`, { token: me.token })).status).toBe(405);
  });

  it('ends all the others, never the one asking', async () => {
    const username = usernames.get(await ownUser('sessions-others'))!;
    const me = await signIn(username);
    const others = [await signIn(username), await signIn(username, SAFARI_IPHONE)];
    for (const other of others) expect(await check(other.token)).toBe(200);
    const answer = await call('POST', 'manage/api/sessions/end_others/', { token: me.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ended: 2 });
    for (const other of others) expect(await check(other.token)).toBe(401);
    expect(await check(me.token)).toBe(200);
    expect((await sessionsOf(me.token)).map((session) => session.id)).toEqual([me.sessionId]);
    expect((await call('POST', 'manage/api/sessions/end_others/', { token: me.token })).body).toEqual({ ended: 0 });
  });

  it('ending the current session signs the caller out and clears the browser’s cookies', async () => {
    const username = usernames.get(await ownUser('sessions-self'))!;
    const me = await signIn(username);
    const answer = await call('POST', `manage/api/sessions/${me.sessionId}/end/`, { token: me.token });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toContain('plantel.session=;');
    expect(await check(me.token)).toBe(401);
  });

  it('works for a student, a teacher and an aspirant, each on their own sessions', async () => {
    for (const username of ['alumno', 'docente', 'aspirante']) {
      const first = await signIn(username);
      const second = await signIn(username, SAFARI_IPHONE);
      const listed = await call<SessionRow[]>('GET', 'manage/api/sessions/', { token: first.token });
      expect(listed.status, username).toBe(200);
      expect(listed.body.map((session) => session.id)).toEqual(expect.arrayContaining([first.sessionId, second.sessionId]));
      expect(listed.body.filter((session) => session.current).map((session) => session.id)).toEqual([first.sessionId]);
      expect((await call('POST', `manage/api/sessions/${second.sessionId}/end/`, { token: first.token })).status, username).toBe(204);
      expect(await check(second.token)).toBe(401);
      await call('POST', 'manage/logout/', { token: first.token });
    }
  });

  it('lists a browser session as such, read through its cookie', async () => {
    const userId = await ownUser('sessions-browser');
    const browser = await openSession(userId, 'browser', { ip: '192.0.2.1', userAgent: SAFARI_IPHONE });
    const cookie = `plantel.session=${await encode({ token: { uid: userId, sid: browser.sessionId }, secret: nextAuthSecret() })}`;
    const listed = await call<SessionRow[]>('GET', 'manage/api/sessions/', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: browser.sessionId, kind: 'browser', current: true, device: 'Safari 17 · iPhone' })]);
  });

  it('dates a session’s last activity by its use, writing at most once every few minutes', async () => {
    const username = usernames.get(await ownUser('sessions-touch'))!;
    const me = await signIn(username);
    const lastUsed = async () => (await prisma.authSession.findUniqueOrThrow({ where: { id: me.sessionId } })).last_used_at.getTime();
    // Used a minute ago: a new request (its actor not cached) leaves the date as it is.
    const minuteAgo = new Date(Date.now() - 60_000);
    await prisma.authSession.update({ where: { id: me.sessionId }, data: { last_used_at: minuteAgo } });
    forgetActor(me.sessionId);
    expect(await check(me.token)).toBe(200);
    expect(await lastUsed()).toBe(minuteAgo.getTime());
    // Used an hour ago: the request dates it now.
    await prisma.authSession.update({ where: { id: me.sessionId }, data: { last_used_at: new Date(Date.now() - 3_600_000) } });
    forgetActor(me.sessionId);
    const before = Date.now();
    expect(await check(me.token)).toBe(200);
    expect(await lastUsed()).toBeGreaterThanOrEqual(before - 1000);
  });
});

type AuditRow = {
  id: string;
  date: string;
  resource: string;
  resource_label: string;
  record_id: string;
  type: string;
  type_label: string;
  user: { id: number; username: string; full_name: string } | null;
  summary: string;
  changes: { field: string; old: unknown; new: unknown; old_label?: string; new_label?: string }[];
  reason?: string;
};
type AuditPage = { data: AuditRow[]; pages: number; elements: number; elements_capped: boolean };

describe('manage/api/audit/', () => {
  let admin: string;
  let auditor: number;
  let record: string;
  const campuses: { id: number; name: string }[] = [];

  beforeAll(async () => {
    admin = await tokenFor('admin');
    auditor = await ownUser('auditor', { first_name: 'Olga', last_name: 'Auditora Pérez' });
    record = String(900_000 + Math.floor(Math.random() * 90_000));
    campuses.push(...(await prisma.campus.findMany({ select: { id: true, name: true }, orderBy: { id: 'asc' }, take: 2 })));
    // Mexico City is UTC-6 all year: 05:30 UTC on the 10th is still the 9th at school.
    await prisma.auditLog.createMany({
      data: [
        { resource: 'careers', record_id: record, type: '+', user_id: auditor, username: usernames.get(auditor)!, date: new Date('2026-03-09T18:00:00Z'), changes: [{ field: 'name', old: null, new: 'Ingeniería Auditada' }, { field: 'code', old: null, new: 'IAU' }] },
        { resource: 'careers', record_id: record, type: '~', user_id: auditor, username: usernames.get(auditor)!, date: new Date('2026-03-10T05:30:00Z'), changes: [{ field: 'campus_id', old: campuses[0].id, new: campuses[1].id }], reason: 'Cambio de sede' },
        { resource: 'campuses', record_id: record, type: '-', user_id: auditor, username: usernames.get(auditor)!, date: new Date('2026-03-10T07:00:00Z'), changes: [{ field: 'name', old: 'Campus Auditado', new: null }] },
      ],
    });
  });

  const list = (query: string, token = admin, lang?: string) => call<AuditPage>('GET', `manage/api/audit/?${query}`, { token, lang });

  it('pages every history row, newest first, named in the reader’s language', async () => {
    const answer = await list(`user_id=${auditor}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ elements: 3, pages: 1, elements_capped: false });
    expect(answer.body.data.map((row) => [row.resource, row.type])).toEqual([
      ['campuses', '-'],
      ['careers', '~'],
      ['careers', '+'],
    ]);
    const [deleted, changed, created] = answer.body.data;
    expect(created).toMatchObject({ resource_label: 'Carreras', record_id: record, type_label: 'Alta', date: '2026-03-09T18:00:00.000Z', user: { id: auditor, full_name: 'Olga Auditora Pérez' } });
    // A creation reads by the record's name; a change of a key by the records it points to.
    expect(created.summary).toBe('Nombre: Ingeniería Auditada');
    expect(changed.type_label).toBe('Modificación');
    expect(changed.changes[0]).toMatchObject({ old_label: expect.stringContaining(campuses[0].name), new_label: expect.stringContaining(campuses[1].name) });
    expect(changed.summary).toContain(`${campuses[0].name}`);
    expect(changed.summary).toContain('→');
    expect(changed.reason).toBe('Cambio de sede');
    expect(deleted).toMatchObject({ type_label: 'Baja', summary: 'Nombre: Campus Auditado' });
    const english = await list(`user_id=${auditor}`, admin, 'en');
    expect(english.body.data.map((row) => row.type_label)).toEqual(['Deleted', 'Changed', 'Created'].map((word) => expect.stringMatching(new RegExp(word, 'i'))));
    // Oldest first on request; and in pages.
    expect((await list(`user_id=${auditor}&ordering=date`)).body.data[0].type).toBe('+');
    const second = await list(`user_id=${auditor}&page_size=2&page=2`);
    expect(second.body).toMatchObject({ elements: 3, pages: 2 });
    expect(second.body.data.map((row) => row.type)).toEqual(['+']);
  });

  it('filters by table, record, kind of change and school days (inclusive)', async () => {
    const rows = async (query: string) => (await list(`user_id=${auditor}&${query}`)).body.data.map((row) => `${row.resource}:${row.type}`);
    expect(await rows('resource=careers')).toEqual(['careers:~', 'careers:+']);
    expect(await rows(`record_id=${record}&resource=campuses`)).toEqual(['campuses:-']);
    expect(await rows('type=~')).toEqual(['careers:~']);
    expect(await rows('type=%2B')).toEqual(['careers:+']);
    // 05:30 UTC on the 10th is the 9th in Mexico City.
    expect(await rows('date_after=2026-03-10')).toEqual(['campuses:-']);
    expect(await rows('date_before=2026-03-09')).toEqual(['careers:~', 'careers:+']);
    expect(await rows('date_after=2026-03-09&date_before=2026-03-09')).toEqual(['careers:~', 'careers:+']);
    expect(await rows('date_after=2026-03-11')).toEqual([]);
    // Without the user: the table and record still find them, among everyone's rows.
    expect((await list(`resource=careers&record_id=${record}`)).body.elements).toBe(2);
  });

  it('refuses bad filters with the field’s message', async () => {
    const bad = await list('date_after=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ date_after: ['Escriba una fecha válida.'] });
    expect((await list('type=x')).body).toHaveProperty('type');
    expect((await list('user_id=abc')).body).toHaveProperty('user_id');
  });

  it('is for the staff of Configuración › Auditoría only', async () => {
    for (const username of ['docente', 'alumno', 'finanzas', 'control']) {
      const token = await tokenFor(username);
      expect((await list('', token)).status, username).toBe(403);
      expect((await call('GET', 'manage/api/audit/export/', { token })).status, username).toBe(403);
      expect((await call('GET', 'manage/api/audit/resources/', { token })).status, username).toBe(403);
    }
    expect((await call('GET', 'manage/api/audit/')).status).toBe(401);
    // A role with the screen opens it (the seeded Administración role has it).
    const role = await prisma.role.findUniqueOrThrow({ where: { short: 'admin' }, select: { id: true, routes: true } });
    expect(role.routes).toContain('settings-audit');
    const holder = await ownUser('audit-admin');
    await prisma.userRole.create({ data: { user_id: holder, role_id: role.id } });
    const token = (await signIn(usernames.get(holder)!)).token;
    expect((await list(`user_id=${auditor}`, token)).body.elements).toBe(3);
  });

  it('names the tables that have history, for the filter', async () => {
    const answer = await call<{ resource: string; label: string }[]>('GET', 'manage/api/audit/resources/', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(expect.arrayContaining([{ resource: 'careers', label: 'Carreras' }, { resource: 'campuses', label: 'Planteles' }]));
    const labels = answer.body.map((item) => item.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es')));
    expect(new Set(answer.body.map((item) => item.resource)).size).toBe(answer.body.length);
  });

  it('exports the filtered rows as a workbook', async () => {
    const file = await call<ArrayBuffer>('GET', `manage/api/audit/export/?user_id=${auditor}&resource=careers&format=xlsx`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(file.headers.get('content-disposition') ?? '')?.[1] ?? '')).toMatch(/^auditoría_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Fecha', 'Usuario', 'Nombre de usuario', 'Tabla', 'Registro', 'Movimiento', 'Resumen', 'Cambios', 'Motivo']);
    expect(sheet.actualRowCount).toBe(3);
    const [changed, created] = [values(2), values(3)];
    // The school's wall clock: 05:30 UTC is 23:30 of the day before.
    expect(changed[0]).toEqual(new Date(Date.UTC(2026, 2, 9, 23, 30)));
    expect(changed.slice(1, 6)).toEqual(['Olga Auditora Pérez', usernames.get(auditor), 'Carreras', record, 'Modificación']);
    expect(String(changed[7])).toContain(campuses[1].name);
    expect(changed[8]).toBe('Cambio de sede');
    expect(created[5]).toBe('Alta');
    expect(String(created[7]).split('\n')).toEqual(['Nombre: Ingeniería Auditada', expect.stringMatching(/: IAU$/)]);
    // Nothing of the campus row, which the filter leaves out.
    expect(JSON.stringify([changed, created])).not.toContain('Campus Auditado');
  });

  it('records a real write as the user who made it', async () => {
    const changed = await call('PATCH', `manage/api/users/${auditor}/`, { token: admin, body: { last_name: 'Auditora Ruiz' } });
    expect(changed.status).toBe(200);
    const answer = await list(`resource=users&record_id=${auditor}&type=~`);
    const [row] = answer.body.data;
    expect(row).toMatchObject({ resource_label: 'Usuarios', user: { username: 'admin' }, summary: expect.stringContaining('Apellidos') });
    expect(row.changes).toContainEqual({ field: 'last_name', old: 'Auditora Pérez', new: 'Auditora Ruiz' });
  });
});
