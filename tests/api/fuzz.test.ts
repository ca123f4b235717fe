// Property-based fuzzing of every resource (fast-check, fixed seed): arbitrary JSON in creates and
// updates, arbitrary list parameters. Whatever arrives, the API never answers 5xx, never stores a
// value its schema would refuse, and a refused request changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/server/db/client';
import type { FieldMeta } from '@/server/db/schema-meta';
import { META, modelMeta } from '@/server/engine/model';
import type { ResourceDefinition } from '@/server/engine/types';
import { RESOURCES } from '@/server/modules/registry';
import { buildPayload } from '../factories/records';
import { call, tokenFor } from './client';
import { INT4, asText, nasty, seedOf } from './fuzz-arbitraries';

const RUNS = 8;

function writableFields(definition: ResourceDefinition): FieldMeta[] {
  return modelMeta(definition.model!).fields.filter((field) => field.kind !== 'relation' && !field.list && !['id', 'created_at', 'updated_at', 'search_text'].includes(field.name));
}

/** A payload of arbitrary values for some of the fields a resource takes. */
function payloads(definition: ResourceDefinition) {
  const names = writableFields(definition).map((field) => field.name);
  return fc.dictionary(fc.constantFrom(...names, 'unknown_field'), nasty, { minKeys: 1, maxKeys: 2 });
}

/** The stored value of a field is one its schema accepts. */
function problemOf(field: FieldMeta, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.includes('\u0000')) return 'NUL stored';
  if (field.kind === 'enum') return (META.enums[field.type] ?? []).includes(String(value)) ? null : `unknown enum value ${String(value)}`;
  switch (field.type) {
    case 'String':
      return typeof value === 'string' && (!field.maxLength || value.length <= field.maxLength) ? null : 'text too long or not text';
    case 'Int':
      return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT4 ? null : `integer out of range: ${String(value)}`;
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(field.dateKind === 'Time' ? `1970-01-01T${value}Z` : value)) ? null : `bad date ${String(value)}`;
    case 'Decimal':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? null : `bad decimal ${String(value)}`;
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'not a boolean';
    default:
      return null;
  }
}

function expectStoredValid(definition: ResourceDefinition, record: Record<string, unknown>) {
  const problems = writableFields(definition)
    .filter((field) => field.name in record)
    .map((field) => [field.name, problemOf(field, record[field.name])])
    .filter(([, problem]) => problem);
  expect(problems, `${definition.base}: stored values its schema refuses`).toEqual([]);
}

const WRITABLE = RESOURCES.filter((definition) => definition.model && definition.createSchema && !definition.readOnly && !definition.singleton);
const LISTED = RESOURCES.filter((definition) => definition.model);

let admin = '';
beforeAll(async () => {
  admin = await tokenFor('admin');
});

const created: { base: string; id: number }[] = [];
afterAll(async () => {
  for (const { base, id } of created.reverse()) {
    const removed = await call('DELETE', `${base}${id}/`, { token: admin });
    if (removed.status === 204 || removed.status === 404) continue;
    // A record its state keeps (money, a student) holds fuzzed values later files would read: the
    // test takes it away itself.
    const table = modelMeta(RESOURCES.find((definition) => definition.base === base)!.model!).table;
    await prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = $1`, id).catch(() => undefined);
  }
});

const auditRows = () => prisma.auditLog.count();

describe('fuzzing creates', () => {
  it.each(WRITABLE.map((definition) => [definition.base, definition] as const))('%s never answers 5xx and stores only valid values', async (base, definition) => {
    // A valid record with some fields replaced: the bad value is then the only thing wrong, so it
    // reaches as far as it can (an all-random payload stops at the first missing field).
    const valid = (await buildPayload(definition.model!)) ?? {};
    await fc.assert(
      fc.asyncProperty(payloads(definition), async (fuzzed) => {
        const payload = { ...valid, ...fuzzed };
        const before = await auditRows();
        const answer = await call('POST', base, { token: admin, body: payload });
        expect(answer.status, `${base} ${JSON.stringify(payload)} -> ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        if (answer.status === 201) {
          created.push({ base, id: answer.body.id });
          expectStoredValid(definition, (await call('GET', `${base}${answer.body.id}/`, { token: admin })).body);
        } else {
          expect(await auditRows(), `${base}: a refused create left a history row`).toBe(before);
        }
      }),
      { seed: seedOf(base), numRuns: RUNS },
    );
  });
});

describe('fuzzing updates', () => {
  it.each(WRITABLE.map((definition) => [definition.base, definition] as const))('%s never answers 5xx and a refused PUT changes nothing', async (base, definition) => {
    const payload = await buildPayload(definition.model!);
    if (!payload) return;
    const made = await call('POST', base, { token: admin, body: payload });
    // Resources whose records need files or a particular state are covered by their create fuzz.
    if (made.status !== 201) return;
    created.push({ base, id: made.body.id });
    const path = `${base}${made.body.id}/`;
    await fc.assert(
      fc.asyncProperty(payloads(definition), async (change) => {
        const before = (await call('GET', path, { token: admin })).body;
        const answer = await call('PUT', path, { token: admin, body: change });
        expect(answer.status, `${base} ${JSON.stringify(change)} -> ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        const after = (await call('GET', path, { token: admin })).body;
        if (answer.status === 200) expectStoredValid(definition, after);
        else expect(after, `${base}: a refused PUT changed the record`).toEqual(before);
      }),
      { seed: seedOf(base), numRuns: RUNS },
    );
  });
});

describe('a boolean is never an integer', () => {
  // Every integer field every resource takes (order, grades, cicle_in_year, capacity, hours, age,
  // surcharge_max_days...), with `true` and `false`: refused with the field's message, never stored
  // as 1 or 0 (z.coerce once did that in 20 fields).
  // Resources that need a file in their create answer for the missing file first: fuzz-uploads.test.ts
  // sends theirs.
  const cases = WRITABLE.filter((definition) => !Object.values(definition.files ?? {}).some((file) => file.required)).flatMap((definition) => {
    const shape = (definition.createSchema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    return writableFields(definition)
      .filter((field) => field.type === 'Int' && field.name in shape)
      .map((field) => [`${definition.base} ${field.name}`, definition, field.name] as const);
  });
  it('covers the integer fields', () => {
    expect(cases.length).toBeGreaterThan(40);
  });
  it.each(cases)('%s', async (_name, definition, field) => {
    const valid = (await buildPayload(definition.model!)) ?? {};
    for (const flag of [true, false]) {
      const before = await auditRows();
      const answer = await call('POST', definition.base, { token: admin, body: { ...valid, [field]: flag } });
      if (answer.status === 201) created.push({ base: definition.base, id: answer.body.id });
      expect(answer.status, `${definition.base} ${field}=${flag} -> ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body[field], `${definition.base} ${field}: its own message`).toBeTruthy();
      expect(await auditRows()).toBe(before);
    }
  });
});

describe('fuzzing list parameters', () => {
  const word = fc.oneof(nasty.map(asText), fc.constantFrom('true', 'false', '1,2', '-1', '99999999999', '2026-02-30'));
  it.each(LISTED.map((definition) => [definition.base, definition] as const))('%s answers 200 or 400, never 5xx', async (base, definition) => {
    const names = ['page', 'page_size', 'ordering', 'search', 'status', 'campus_id', 'cicle_id', 'no_paginate', ...Object.keys(definition.filters)];
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), word, { minKeys: 1, maxKeys: 4 }), async (parameters) => {
        const query = new URLSearchParams(parameters as Record<string, string>).toString();
        const answer = await call('GET', `${base}?${query}`, { token: admin });
        expect([200, 400], `${base}?${query} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`).toContain(answer.status);
      }),
      { seed: seedOf(base), numRuns: RUNS },
    );
  });

  it('refuses an id past the integer range in a path with 404, a filter with 400', async () => {
    expect((await call('GET', 'academic/api/careers/99999999999/', { token: admin })).status).toBe(404);
    expect((await call('GET', 'academic/api/careers/2147483648/', { token: admin })).status).toBe(404);
    const filter = await call('GET', 'academic/api/careers/?campus_id=99999999999', { token: admin });
    expect(filter.status).toBe(400);
    expect(filter.body.campus_id[0]).toBe('El número está fuera del rango permitido.');
  });

  it('refuses NUL in a search or a text field, an impossible date and true for a number, in Spanish', async () => {
    const search = await call('GET', 'academic/api/careers/?search=a%00b', { token: admin });
    expect(search.status).toBe(400);
    expect(search.body.search[0]).toMatch(/NUL/);
    const text = await call('POST', 'academic/api/campus/', { token: admin, body: { code: 'N\u0000L', name: 'Nulo' } });
    expect(text.status).toBe(400);
    expect(text.body.code[0]).toMatch(/NUL/);
    const cicle = await call('POST', 'academic/api/cicles/', { token: admin, body: { description: 'Fecha imposible', start: '2026-02-30', end: '2026-06-30', year: 2026, campus_id: 1 } });
    expect(cicle.status).toBe(400);
    expect(cicle.body.start).toEqual(['Escriba una fecha válida.']);
    const sale = await prisma.sale.findFirstOrThrow({ select: { id: true } });
    const payment = await call('POST', 'finance/api/payments/', { token: admin, body: { sale_id: true, amount: '10.00' } });
    expect(payment.status).toBe(400);
    expect(payment.body.sale_id).toEqual(['Escriba un número entero.']);
    expect(sale.id).toBeGreaterThan(0);
    const category = await call('POST', 'students/api/document-types/', { token: admin, body: { name: 'Categoría rara', category_career: 'INVENTADA' } });
    expect(category.status).toBe(400);
    expect(Object.keys(category.body)).toContain('category_career');
  });
});
