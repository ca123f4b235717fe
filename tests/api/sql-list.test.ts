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
  const [page, count] = await Promise.all([getPool().query(compiled.page), getPool().query(compiled.count)]);
  // The page that carries the count in a last column, when the list has one: same rows, same count.
  const counted = compiled.pageWithCount ? await getPool().query(compiled.pageWithCount) : null;
  return {
    compiled: true as const,
    expected,
    expectedCount,
    actual: compiled.rows(page),
    actualCount: countOf(count),
    counted: counted && { rows: compiled.rows(counted), total: compiled.totalOf(counted) },
  };
}

/** The fast path's answers (page, count, and the counted page) against Prisma's. */
function expectSame(result: Extract<Awaited<ReturnType<typeof both>>, { compiled: true }>) {
  expect(result.actualCount).toBe(result.expectedCount);
  expect(wire(result.actual)).toEqual(wire(result.expected));
  if (!result.counted) return;
  expect(wire(result.counted.rows)).toEqual(wire(result.expected));
  expect(result.counted.total).toBe(result.expected.length ? result.expectedCount : null);
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

  it('picks a joined page by key and reaches its relations by lookups, an export batch by joins', () => {
    const definition = withModel.find((d) => d.base === 'students/api/students/')!;
    const query = (take: number) => compileList('Student', { where: {}, orderBy: listOrder(definition, null), select: definition.listSelect ?? definition.select, take })!;
    expect(query(25).pageWithCount!.text).toMatch(/FROM \(SELECT t\."id", count\(\*\) OVER \(\) AS "__total" FROM "students" t .* LIMIT 25\) k JOIN "students" t ON t\."id" = k\."id" LEFT JOIN LATERAL/);
    expect(query(2000).page.text).not.toContain('LATERAL');
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
