// The state matrix of an aggregate's resource, as data: for every state of its state table a record
// in that state, and for every field the generic update takes a new value. The runner tries each
// field's PUT and PATCH and the DELETE in each state through the API, and checks that what the
// table allows is applied exactly and everything else answers 409 (or 403) with nothing changed:
// the aggregate's rows and their history are compared before and after. A state or a field the
// resource gains without a row here fails the matrix.
import { expect } from 'vitest';
import { z } from 'zod';
import { prisma } from '@/server/db/client';
import type { ResourceDefinition } from '@/server/engine/types';
import { RESOURCES } from '@/server/modules/registry';
import { call } from './client';

export type StateMatrix = {
  /** The resource base, e.g. `finance/api/payments/`. */
  base: string;
  /** The token the writes are tried with (one who holds the resource's rights). */
  token: () => string;
  /** A fresh record in each state of the table (its id). */
  states: Record<string, () => Promise<number>>;
  /** For each field the update schema accepts: a new value, or the whole body of a change of that
   * field that needs company (a captured score's new value with its note). */
  edits: Record<string, ((id: number) => unknown | Promise<unknown>) | { body: (id: number) => Record<string, unknown> | Promise<Record<string, unknown>> } | { skip: string }>;
  /** Everything the aggregate stores about the record (its rows and their history), to compare. */
  snapshot: (id: number) => Promise<unknown>;
};

export function definitionOf(base: string): ResourceDefinition {
  const definition = RESOURCES.find((d) => d.base === base);
  if (!definition) throw new Error(`no resource ${base}`);
  return definition;
}

/** The fields the generic update accepts (its zod object's keys). */
export function updateFields(definition: ResourceDefinition): string[] {
  const schema = definition.updateSchema as z.ZodObject | undefined;
  return schema && 'shape' in schema ? Object.keys(schema.shape) : [];
}

/** Every history row of a table's record: part of what a refused write must leave untouched. */
export async function historyOf(table: string, id: number): Promise<unknown[]> {
  return prisma.auditLog.findMany({ where: { resource: table, record_id: String(id) }, orderBy: { id: 'asc' }, select: { id: true, type: true, changes: true } });
}

/** Checks that the matrix covers the table and the schema, then runs every cell. */
export async function runStateMatrix(matrix: StateMatrix): Promise<void> {
  const definition = definitionOf(matrix.base);
  const table = definition.states;
  expect(table, `${matrix.base} has a state table`).toBeTruthy();
  expect(Object.keys(matrix.states).sort(), `states of ${matrix.base}`).toEqual(Object.keys(table!.states).sort());
  expect(Object.keys(matrix.edits).sort(), `fields of ${matrix.base}`).toEqual(updateFields(definition).sort());
  const token = matrix.token();
  for (const [state, make] of Object.entries(matrix.states)) {
    const rule = table!.states[state];
    for (const [field, edit] of Object.entries(matrix.edits)) {
      // A field no request can give a new valid value (the reason says why) is left out.
      if ('skip' in edit) continue;
      for (const method of ['PATCH', 'PUT'] as const) {
        const id = await make();
        const before = await matrix.snapshot(id);
        const body = typeof edit === 'function' ? { [field]: await edit(id) } : await edit.body(id);
        const answer = await call(method, `${matrix.base}${id}/`, { token, body });
        const allowed = rule.update === '*' || rule.update.includes(field);
        const where = `${method} ${matrix.base}${id}/ ${field} in ${state}`;
        if (allowed) {
          expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(200);
        } else {
          expect([403, 409], `${where}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
          expect(await matrix.snapshot(id), `${where} changed nothing`).toEqual(before);
        }
      }
    }
    const id = await make();
    const before = await matrix.snapshot(id);
    const answer = await call('DELETE', `${matrix.base}${id}/`, { token });
    const where = `DELETE ${matrix.base}${id}/ in ${state}`;
    if (rule.delete) {
      expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(204);
    } else {
      expect([403, 409], `${where}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      expect(await matrix.snapshot(id), `${where} changed nothing`).toEqual(before);
    }
    const shown = await call('GET', `${matrix.base}${id}/state/`, { token });
    if (!rule.delete) expect(shown.body?.state, `${matrix.base}${id}/state/`).toBe(state);
  }
}
