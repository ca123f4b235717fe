// The list fast path (server/engine/sql-list.ts) must answer exactly what Prisma answers: same rows,
// same order, same values once on the wire, same count. Checked over every resource of the
// registry on the demo data, with and without search, filters, ordering and row scopes.
import { describe, expect, it } from 'vitest';
import type { Actor } from '@/server/auth/actor';
import { getPool, prisma } from '@/server/db/client';
import { listOrder, listWhere } from '@/server/engine/engine';
import { compileList, countOf } from '@/server/engine/sql-list';
import type { ResourceDefinition, Where } from '@/server/engine/types';
import { toWire } from '@/server/engine/wire';
import { RESOURCES } from '@/server/modules/registry';

async function both(definition: ResourceDefinition, where: Where, orderBy: Where[], take = 30, skip = 0) {
  const select = definition.listSelect ?? definition.select;
  const compiled = compileList(definition.model!, { where, orderBy, select, skip, take });
  const model = definition.delegate(prisma);
  const [expected, expectedCount] = await Promise.all([model.findMany({ where, orderBy, select, skip, take }), model.count({ where })]);
  if (!compiled) return { compiled: false as const, expected, expectedCount };
  // The page as the list reads it (picked by key, relations read by key), without and with its
  // count; and the same page as one statement with its relations joined (what an export reads).
  const [page, counted, joined, count] = await Promise.all([compiled.readPage(false), compiled.readPage(true), getPool().query(compiled.page), getPool().query(compiled.count)]);
  return {
    compiled: true as const,
    expected,
    expectedCount,
    actual: page.rows,
    actualCount: countOf(count),
    joined: compiled.rows(joined),
    counted: { rows: counted.rows, total: counted.elements },
  };
}

/** The fast path's answers (page, count, and the counted page) against Prisma's. */
function expectSame(result: Extract<Awaited<ReturnType<typeof both>>, { compiled: true }>) {
  expect(result.actualCount).toBe(result.expectedCount);
  expect(wire(result.actual)).toEqual(wire(result.expected));
  expect(wire(result.joined)).toEqual(wire(result.expected));
  expect(wire(result.counted.rows)).toEqual(wire(result.expected));
  expect(result.counted.total).toBe(result.expectedCount);
}

function wire(rows: unknown[]) {
  return JSON.parse(JSON.stringify(toWire(rows)));
}

const withModel = RESOURCES.filter((definition) => definition.model);

describe('SQL list fast path', () => {
  it.each(withModel.map((d) => [d.base, d] as const))('%s answers what Prisma answers', async (_base, definition) => {
    const queries: URLSearchParams[] = [
      new URLSearchParams(),
      new URLSearchParams({ search: 'a' }),
      new URLSearchParams({ search: 'ma' }),
      new URLSearchParams({ status: 'true' }),
      new URLSearchParams({ campus_id: '1' }),
    ];
    // Ordering by the first sortable fields, descending, exercises each column's type. Each search
    // and filter is read in the default order and each ordering with the search that matches most
    // (the where and the order compile separately, so their product adds time, not cases).
    const orderings = definition.orderingFields.slice(0, 3).map((field) => `-${field}`);
    const combinations: [URLSearchParams, string | null][] = [
      ...queries.map((query) => [query, null] as [URLSearchParams, null]),
      ...orderings.map((ordering) => [queries[1], ordering] as [URLSearchParams, string]),
    ];
    let compiledAny = false;
    for (const [query, ordering] of combinations) {
      const result = await both(definition, listWhere(definition, query), listOrder(definition, ordering), 40);
      if (!result.compiled) continue;
      compiledAny = true;
      expectSame(result);
    }
    // A batch larger than a list page (an export's) reaches the relations by joins, not lookups.
    const batch = await both(definition, {}, listOrder(definition, null), 150, 5);
    if (batch.compiled) expectSame(batch);
    // Lists whose select is a plain set of columns and owned relations must take the fast path.
    const select = definition.listSelect ?? definition.select;
    const simple = Object.values(select).every((value) => value === true || (typeof value === 'object' && value !== null && Object.keys(value).join() === 'select'));
    if (simple) expect(compiledAny).toBe(true);
    // A comparison, not a timing: the report views read through Prisma take their time on a slow machine.
  }, 120_000);

  it('applies row scopes, including to-many paths', async () => {
    const teacher = await prisma.teacher.findFirstOrThrow({ where: { schedules: { some: {} } }, select: { id: true } });
    const student = await prisma.student.findFirstOrThrow({ select: { id: true } });
    const checked: string[] = [];
    for (const definition of withModel) {
      for (const actor of [
        { kind: 'teacher', teacher_id: teacher.id } as Actor,
        { kind: 'student', student_id: student.id } as Actor,
      ]) {
        const scope = definition.scope?.(actor);
        if (!scope || scope === 'none') continue;
        const result = await both(definition, { AND: [{}, scope] }, listOrder(definition, null), 50);
        if (!result.compiled) continue;
        checked.push(definition.base);
        expectSame(result);
      }
    }
    expect(checked).toContain('students/api/students/');
  });

  it('reads a page of a joined list by key, and an export batch by joins', async () => {
    const definition = withModel.find((d) => d.base === 'students/api/students/')!;
    const select = definition.listSelect ?? definition.select;
    const query = (take: number, skip = 0) => compileList('Student', { where: {}, orderBy: listOrder(definition, null), select, take, skip })!;
    expect(query(2000).page.text).not.toContain('LATERAL');
    // Every page of a list is the same prepared statement (limit and offset are its parameters):
    // pages read one after another on the same connections hold each row once, in order, with the
    // relations of each (a student's career) as Prisma reads them.
    const pages = [];
    for (let skip = 0; skip < 60; skip += 20) pages.push(...(await query(20, skip).readPage(true)).rows);
    const expected = await definition.delegate(prisma).findMany({ orderBy: listOrder(definition, null), select, take: 60 });
    expect(wire(pages)).toEqual(wire(expected));
    expect(pages.some((row) => row.career !== null)).toBe(true);
    // A page past the end is empty and still says how many rows the list has.
    const past = await query(20, 100_000).readPage(true);
    expect(past.rows).toEqual([]);
    expect(past.elements).toBe(await prisma.student.count());
  });

  it('pages, and treats LIKE wildcards as text', async () => {
    const definition = withModel.find((d) => d.base === 'students/api/students/')!;
    const order = listOrder(definition, 'first_name,second_name,names');
    const second = await both(definition, {}, order, 10, 10);
    expect(wire(second.actual!)).toEqual(wire(second.expected));
    const wildcard = await both(definition, listWhere(definition, new URLSearchParams({ search: '_%' })), order);
    expect(wildcard.actualCount).toBe(0);
    expect(wildcard.expectedCount).toBe(0);
  });

  it('refuses what it does not know rather than guessing', () => {
    const definition = withModel.find((d) => d.base === 'students/api/students/')!;
    expect(compileList('Student', { where: { student_groups: { every: {} } }, orderBy: [], select: definition.select })).toBeNull();
    expect(compileList('Student', { where: {}, orderBy: [{ career: { name: 'asc' } }], select: { id: true } })).toBeNull();
    expect(compileList('Student', { where: { names: { search: 'x' } }, orderBy: [], select: { id: true } })).toBeNull();
  });
});
