// Writing an imported record through the same operations as the screens: the engine's create and
// update of the resource's own definition (its schema, state table, hooks and owners' operations,
// its history row), in the import's transaction. A record found by its natural key is compared
// first: when every imported field already holds the imported value nothing is written
// ("unchanged"), else only the fields that differ are sent, so a corrected file updates only what
// it corrects.
import type { z } from 'zod';
import type { OperationContext } from '@/server/engine/context';
import { create, show, update } from '@/server/engine/engine';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import { zodFieldErrors } from '@/server/validation';
import type { Outcome, RowError } from './definition';

/** A stored wire value and an imported one compared as a person would: 8.50 is 8.5, a day is its date. */
export function sameValue(imported: unknown, stored: unknown): boolean {
  const plain = (value: unknown): unknown => {
    if (value === undefined || value === '') return null;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (value && typeof value === 'object' && 'id' in value) return (value as Row).id;
    if (typeof value === 'string') {
      if (/^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(value)) return value.slice(0, 10);
      if (/^-?\d+\.\d+$/.test(value)) return value.replace(/0+$/, '').replace(/\.$/, '');
    }
    if (typeof value === 'number') return String(value);
    return value;
  };
  const a = plain(imported);
  const b = plain(stored);
  return a === b || (typeof a === 'string' && typeof b === 'string' && a === b) || String(a) === String(b);
}

/** The imported fields whose value differs from the stored record's. */
export function changedFields(imported: Row, stored: Row): Row {
  const changed: Row = {};
  for (const [field, value] of Object.entries(imported)) if (value !== undefined && !sameValue(value, stored[field])) changed[field] = value;
  return changed;
}

/** A payload judged by a resource's schema: its parsed form, or the errors by import column. */
export function judge(schema: z.ZodType | undefined, payload: Row, columnOf: Readonly<Record<string, string>>): { ok: true; parsed: Row } | { ok: false; errors: RowError[] } {
  if (!schema) return { ok: true, parsed: payload };
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true, parsed: result.data as Row };
  const errors: RowError[] = [];
  // One message per column: the first rule a cell breaks is what a person fixes first.
  for (const [field, messages] of Object.entries(zodFieldErrors(result.error, payload))) errors.push({ column: columnOf[field] ?? null, message: messages[0] });
  return { ok: false, errors };
}

/**
 * Creates the record, or updates the fields of it that differ (`compare`: the parsed values, as the
 * schema normalises them; `payload`: what is sent, as the API takes it).
 */
export async function upsertThrough(definition: ResourceDefinition, ctx: OperationContext, existingId: number | null, payload: Row, compare: Row = payload): Promise<{ id: number; outcome: Outcome }> {
  if (existingId === null) {
    const row = await create(definition, ctx, payload);
    return { id: row.id as number, outcome: 'created' };
  }
  const stored = await show(definition, ctx, existingId);
  // Only what the file gives is compared: a schema fills the fields a payload leaves out (with null
  // or a default), and those must keep the stored value.
  const given: Row = {};
  for (const field of Object.keys(payload)) given[field] = field in compare ? compare[field] : payload[field];
  const changed = changedFields(given, stored);
  if (Object.keys(changed).length === 0) return { id: existingId, outcome: 'unchanged' };
  const sent: Row = {};
  for (const field of Object.keys(changed)) sent[field] = payload[field];
  await update(definition, ctx, existingId, sent);
  return { id: existingId, outcome: 'updated' };
}

/** The outcome of a record made of parts (a student, her address, her relative): created if its head was, updated if any part was. */
export function combined(head: Outcome, ...parts: Outcome[]): Outcome {
  if (head === 'created') return 'created';
  return head === 'updated' || parts.some((part) => part !== 'unchanged') ? 'updated' : 'unchanged';
}
