// The contract of every resource base (design/api.md), run against a real PostgreSQL: list shapes,
// create -> show -> update -> history -> delete -> 404, validation, 401, 403, export. Views answer
// reads and refuse writes with 405.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma, statementCount } from '@/server/db/client';
import { forgetActor } from '@/server/auth/actor';
import { RESOURCES } from '@/server/modules/registry';
import { modelMeta } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import { buildPayload, changeFor, hasRequiredFields } from '../factories/records';
import { ADDED_BASES, ALL_BASES, VIEW_BASES } from './resource-bases';
import { call, tokenFor } from './client';

/** A payment is never deleted: it is cancelled with a reason (domain.md, "Money"). */
// Records with history that no DELETE erases (issue 27): refused with 409 and a message, or (an
// applicant) deactivated and kept.
const KEPT_FOREVER = new Set(['finance/api/payments/', 'students/api/students/', 'finance/api/sales/', 'finance/api/discounts/', 'finance/api/references/', 'finance/api/recurrents/']);
const DEACTIVATED_BY_DELETE = new Set(['inscription/api/aspirants/']);

/** Records written only by their owner's operations, never by the generic create (their state
 * matrices in tests/api/poll-integrity.test.ts): a poll's answers come from store_general/ and
 * store_teacher/, which check each answer against its question and the student's lock. */
const OWNER_WRITTEN = new Set(['polls/api/results/', 'polls/api/teacher-evaluations/']);

/** Fields the system derives from another on purpose: a recurrent charge's month names its month, a
 * user's names make the full name. */
const DERIVED_FROM: Record<string, readonly string[]> = { month: ['month_name'], first_name: ['full_name'], last_name: ['full_name'] };

/** Resources with one row that is edited, never created or deleted. */
const SINGLETONS = new Set(['manage/api/settings/']);

let admin = '';
let outsider = '';

beforeAll(async () => {
  admin = await tokenFor('admin');
  // A signed-in user whose only role opens one unrelated screen.
  const role = await prisma.role.upsert({ where: { short: 'contract_outsider' }, update: {}, create: { name: 'Solo turnos', short: 'contract_outsider', routes: ['tools-turns'] } });
  const user = await prisma.user.upsert({
    where: { username: 'contract-outsider' },
    update: {},
    create: { username: 'contract-outsider', password: (await prisma.user.findUniqueOrThrow({ where: { username: 'control' } })).password, roles: { create: [{ role_id: role.id }] } },
  });
  expect(user.id).toBeGreaterThan(0);
  outsider = await tokenFor('contract-outsider');
});

afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: 'contract-outsider' } });
  await prisma.role.deleteMany({ where: { short: 'contract_outsider' } });
});

const byBase = new Map(RESOURCES.map((definition) => [definition.base, definition]));

const SAMPLE_PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const SAMPLE_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A create of a resource with files on disk goes as a form, with a sample file in each. */
function withUploads(definition: ResourceDefinition, payload: Record<string, unknown>): { body: unknown } | { form: FormData } {
  const fileFields = Object.entries(definition.files ?? {}).filter(([, field]) => field.storage === 'disk');
  if (!fileFields.length) return { body: payload };
  const form = new FormData();
  const data = { ...payload };
  for (const [name, field] of fileFields) {
    delete data[name];
    const pdf = field.kinds.includes('pdf');
    form.append(name, new Blob([pdf ? SAMPLE_PDF : SAMPLE_PNG]), pdf ? 'muestra.pdf' : 'muestra.png');
  }
  form.append('data', JSON.stringify(data));
  return { form };
}

describe('the registry', () => {
  it('has every resource base of the spec and nothing unknown', () => {
    const missing = ALL_BASES.filter((base) => !byBase.has(base));
    expect(missing).toEqual([]);
    const extra = RESOURCES.map((d) => d.base).filter((base) => !ALL_BASES.includes(base) && !ADDED_BASES.includes(base));
    expect(extra).toEqual([]);
    expect(ALL_BASES).toHaveLength(103);
  });
});

describe.each(ALL_BASES.filter((base) => byBase.has(base)))('%s', (base) => {
  const definition = byBase.get(base)!;
  const isView = VIEW_BASES.has(base);
  // Read-only resources other than the views (records the system writes, such as score tracks).
  const readOnly = isView || definition.readOnly === true;

  it('lists with the envelope and without pagination', async () => {
    const page = await call('GET', `${base}?page=1&page_size=5`, { token: admin });
    expect(page.status).toBe(200);
    expect(Object.keys(page.body).sort()).toEqual(['data', 'elements', 'pages']);
    expect(Array.isArray(page.body.data)).toBe(true);
    expect(page.body.data.length).toBeLessThanOrEqual(5);
    expect(page.body.pages).toBe(Math.ceil(page.body.elements / 5));
    const whole = await call('GET', `${base}?no_paginate=true`, { token: admin });
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.body.length).toBe(Math.min(page.body.elements, 10_000));
  });

  it('refuses anonymous calls with 401 and a user without the route with 403', async () => {
    expect((await call('GET', base)).status).toBe(401);
    const answer = await call('GET', base, { token: outsider });
    const allowedToAll = definition.access.anyoneReads || definition.access.routes.includes('tools-turns');
    expect(answer.status).toBe(allowedToAll ? 200 : 403);
    if (!readOnly && !definition.access.routes.includes('tools-turns')) {
      expect((await call('POST', base, { token: outsider, body: {} })).status).toBe(403);
    }
  });

  it('runs at most 3 SQL statements for a list page, whatever the page size', async () => {
    for (const size of [1, 50]) {
      // Resolve the actor afresh first (it is cached for a few seconds; a hit near the end of that
      // window would let it expire before the list call on a slow run), so only the list is counted.
      await forgetActor();
      await call('GET', 'manage/check_session/', { token: admin });
      const before = statementCount();
      expect((await call('GET', `${base}?page_size=${size}`, { token: admin })).status).toBe(200);
      // The actor is cached per session, so only the page and its count reach the database.
      expect(statementCount() - before).toBeLessThanOrEqual(3);
    }
  });

  it('exports a workbook whose rows match the list', async () => {
    const list = await call('GET', `${base}?page_size=1`, { token: admin });
    const file = await call<ArrayBuffer>('GET', `${base}export/?format=xlsx`, { token: admin, raw: true });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+_\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    expect(workbook.worksheets[0].actualRowCount).toBe(list.body.elements + 1);
  });

  it('is a view exactly when the spec says so', () => {
    expect(definition.model && modelMeta(definition.model).isView === true).toBe(isView);
  });

  if (readOnly) {
    it('is read-only: show works, writes answer 405', async () => {
      const list = await call('GET', `${base}?page_size=1`, { token: admin });
      const first = list.body.data[0];
      if (first) expect((await call('GET', `${base}${first.id}/`, { token: admin })).status).toBe(200);
      expect((await call('POST', base, { token: admin, body: {} })).status).toBe(405);
      expect((await call('PUT', `${base}1/`, { token: admin, body: {} })).status).toBe(405);
      expect((await call('DELETE', `${base}1/`, { token: admin })).status).toBe(405);
    });
    return;
  }

  if (SINGLETONS.has(base)) {
    it('is edited, never created nor deleted', async () => {
      expect((await call('POST', base, { token: admin, body: {} })).status).toBe(405);
      const first = (await call('GET', base, { token: admin })).body.data[0];
      expect((await call('DELETE', `${base}${first.id}/`, { token: admin })).status).toBe(405);
    });
    return;
  }

  it('gives 400 with field messages for an empty create', async () => {
    const answer = await call('POST', base, { token: admin, body: {} });
    if (!hasRequiredFields(definition.model!) && answer.status === 201) {
      // Every field optional (an address, a medical sheet): an empty record is valid.
      expect((await call('DELETE', `${base}${answer.body.id}/`, { token: admin })).status).toBe(204);
      return;
    }
    expect(answer.status).toBe(400);
    const messages = Object.values(answer.body).flat();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
  });

  if (OWNER_WRITTEN.has(base)) {
    it('is never created through the generic API: 409 with the reason, nothing stored', async () => {
      const payload = await buildPayload(definition.model!);
      const before = await call('GET', `${base}?page_size=1`, { token: admin });
      const refused = await call('POST', base, { token: admin, body: payload });
      expect([400, 409], JSON.stringify(refused.body)).toContain(refused.status);
      if (refused.status === 409) expect(refused.body.detail).toBeTruthy();
      expect((await call('GET', `${base}?page_size=1`, { token: admin })).body.elements).toBe(before.body.elements);
    });
    return;
  }

  it('creates, shows, updates, keeps history and deletes', async () => {
    expect(definition.model, 'the definition names its model').toBeTruthy();
    // A random pick for a key of several columns may meet an existing row (409): try again.
    let payload = await buildPayload(definition.model!);
    expect(payload, 'the factory can build a record').not.toBeNull();
    let created = await call('POST', base, { token: admin, ...withUploads(definition, payload!) });
    for (let attempt = 0; attempt < 5 && created.status === 409; attempt += 1) {
      payload = await buildPayload(definition.model!);
      created = await call('POST', base, { token: admin, ...withUploads(definition, payload!) });
    }
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const shown = await call('GET', `${base}${id}/`, { token: admin });
    expect(shown.status).toBe(200);
    expect(shown.body.id).toBe(id);

    // A file field changes only by uploading; the text change goes to another field.
    const change = changeFor(definition.model!, shown.body, Object.keys(definition.files ?? {}));
    if (definition.states) {
      // A record whose state a rule owns: the change and the delete are applied or refused (409) as
      // its state table says (each aggregate's matrix test tries every field in every state).
      const stateOf = async () => {
        const answer = await call('GET', `${base}${id}/state/`, { token: admin });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(Object.keys(definition.states!.states)).toContain(answer.body.state);
        return answer.body as { state: string; update: string[] | '*'; delete: boolean };
      };
      const state = await stateOf();
      if (change) {
        const [field] = Object.keys(change);
        const updated = await call('PUT', `${base}${id}/`, { token: admin, body: { ...shown.body, ...change } });
        expect(updated.status, JSON.stringify(updated.body)).toBe(state.update === '*' || state.update.includes(field) ? 200 : 409);
      }
      const final = await stateOf();
      const removed = await call('DELETE', `${base}${id}/`, { token: admin });
      expect(removed.status, JSON.stringify(removed.body)).toBe(final.delete ? 204 : 409);
      return;
    }
    if (change) {
      const updated = await call('PUT', `${base}${id}/`, { token: admin, body: { ...shown.body, ...change } });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      const [field, value] = Object.entries(change)[0];
      expect(updated.body[field]).toBe(value);
      // A PUT that names one field changes that field alone: every other keeps its value.
      const partial = await call('PUT', `${base}${id}/`, { token: admin, body: { [field]: shown.body[field] } });
      expect(partial.status, JSON.stringify(partial.body)).toBe(200);
      expect(partial.body[field]).toEqual(shown.body[field]);
      const others = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([name]) => name !== field && name !== 'updated_at' && !DERIVED_FROM[field]?.includes(name)));
      expect(others(partial.body)).toEqual(others(updated.body));
    }
    const history = await call('GET', `${base}${id}/history/`, { token: admin });
    expect(history.status).toBe(200);
    expect(history.body.map((h: { type: string }) => h.type)).toEqual(change ? ['~', '~', '+'] : ['+']);

    if (KEPT_FOREVER.has(base)) {
      const refused = await call('DELETE', `${base}${id}/`, { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBeTruthy();
      return;
    }
    expect((await call('DELETE', `${base}${id}/`, { token: admin })).status).toBe(204);
    if (DEACTIVATED_BY_DELETE.has(base)) {
      expect((await call('GET', `${base}${id}/`, { token: admin })).body.is_active).toBe(false);
      return;
    }
    expect((await call('GET', `${base}${id}/`, { token: admin })).status).toBe(404);
  });
});
