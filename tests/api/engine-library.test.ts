// The engine as a library: its operations are called without HTTP (a server component's first
// page, a job, another action) with one context object, return plain wire data or a FileResult,
// throw the one error class, and join a caller's transaction.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { actorForUser } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { operationContext } from '@/server/engine/context';
import * as engine from '@/server/engine/engine';
import { FileResult } from '@/server/engine/results';
import { ApiError } from '@/server/errors';
import { RESOURCES } from '@/server/modules/registry';

const definition = (base: string) => RESOURCES.find((d) => d.base === base)!;

async function actorOf(username: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { username }, select: { id: true } });
  const actor = await actorForUser(user.id);
  if (!actor) throw new Error(`no actor ${username}`);
  return actor;
}

/** Only what JSON carries: no Decimal, Date or bigint objects left for a client component. */
function isPlain(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(isPlain);
  return false;
}

describe('engine operations without HTTP', () => {
  it("gives a short list whole as no_paginate answers it, and nothing for a longer one (a page's embedded choices)", async () => {
    const admin = await actorOf('admin');
    const checked: string[] = [];
    for (const base of ['academic/api/careers/', 'scheduler/api/shifts/', 'scheduler/api/groups/', 'students/api/students/']) {
      const resource = definition(base);
      const query = { no_paginate: 'true', status: 'true' };
      const whole = (await engine.list(resource, operationContext(admin, { query }))) as unknown[];
      const short = await engine.listAllIfShort(resource, operationContext(admin, { query }));
      // Up to a page of 100 the answer is the whole list, in its order; past it, nothing.
      expect([base, short]).toEqual([base, whole.length <= engine.MAX_PAGE_SIZE ? whole : null]);
      // A smaller bound: the same rule.
      const two = await engine.listAllIfShort(resource, operationContext(admin, { query }), 2);
      expect([base, two]).toEqual([base, whole.length <= 2 ? whole : null]);
      checked.push(`${whole.length <= engine.MAX_PAGE_SIZE ? 'short' : 'long'}:${whole.length > 2 ? 'many' : 'few'}`);
    }
    // The demo data has both kinds: lists that fit a page and one that does not (its students).
    expect(checked).toContain('long:many');
    expect(checked.filter((kind) => kind.startsWith('short')).length).toBeGreaterThan(1);
  });

  it('list and show return plain wire data, the same the API answers', async () => {
    const admin = await actorOf('admin');
    const sales = definition('finance/api/sales/');
    const page = await engine.listPage(sales, operationContext(admin, { query: { page_size: '3', ordering: 'id' } }));
    expect(page.data).toHaveLength(3);
    expect(page.elements).toBeGreaterThan(3);
    expect(isPlain(page)).toBe(true);
    // Money travels as exact decimal text.
    expect(typeof page.data[0].total_pay).toBe('string');
    const record = await engine.show(sales, operationContext(admin), page.data[0].id as number);
    expect(isPlain(record)).toBe(true);
    expect(record.id).toBe(page.data[0].id);
  });

  it('keeps the row scope: a student lists only their own rows', async () => {
    const student = await actorOf('alumno');
    const scores = await engine.listAll(definition('scores/api/scores/'), operationContext(student, { query: { no_paginate: 'true' } }));
    expect(scores.length).toBeGreaterThan(0);
    expect(new Set(scores.map((row) => row.student_id))).toEqual(new Set([student.student_id]));
  });

  it('throws the one error class for a refusal, with the message key', async () => {
    const student = await actorOf('alumno');
    await expect(engine.listPage(definition('manage/api/users/'), operationContext(student))).rejects.toBeInstanceOf(ApiError);
    await expect(engine.show(definition('academic/api/campus/'), operationContext(student), 2_147_483_648)).rejects.toMatchObject({ status: 404 });
  });

  it('writes inside a caller transaction: rolled back with it, history row included', async () => {
    const admin = await actorOf('admin');
    const campus = definition('academic/api/campus/');
    const before = { campuses: await prisma.campus.count(), history: await prisma.auditLog.count({ where: { resource: 'campus' } }) };
    await expect(
      prisma.$transaction(async (tx) => {
        const created = await engine.create(campus, operationContext(admin, { tx }), { code: 'TXT', name: 'Dentro de la transacción' });
        expect(created.name).toBe('Dentro de la transacción');
        // The caller's own reads see it before commit.
        expect((await engine.show(campus, operationContext(admin, { tx }), created.id as number)).code).toBe('TXT');
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await prisma.campus.count()).toBe(before.campuses);
    expect(await prisma.auditLog.count({ where: { resource: 'campus' } })).toBe(before.history);
  });

  it('an export is a FileResult whose workbook reads back with the labels of the reader’s language', async () => {
    const admin = await actorOf('admin');
    const result = await engine.exportList(definition('academic/api/campus/'), operationContext(admin, { locale: 'en', query: { ordering: 'code' } }));
    expect(result).toBeInstanceOf(FileResult);
    expect(result.filename).toMatch(/\.xlsx$/);
    const bytes = new Uint8Array(await new Response(result.body as ReadableStream<Uint8Array>).arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Code', 'Name', 'Status']));
  });
});
