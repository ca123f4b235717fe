// State tables: for a record whose state a domain rule owns (a paid sale, a stamped invoice, a
// signed title), which fields the generic update may change in which state, whether the generic
// delete may remove it and whether a new record may join it. The table is data next to the
// aggregate's owner module; the engine consults it before every generic write and refuses with 409
// naming the field and the state, so a request is applied whole or refused whole (architecture.md,
// "Aggregates and their owners"). The screens read the same table to lock what may not change.
import type { Prisma } from '@/server/db/client';
import { Prisma as PrismaNamespace } from '@/server/db/client';
import { ApiError, msg } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';
import type { Row } from './types';

/** What a state allows the generic API to do. */
export type StateRule = {
  /** Fields a generic update may change: a list, `'*'` (every field the schema takes) or none. */
  update: readonly string[] | '*';
  /** Whether the generic DELETE may remove the record. */
  delete: boolean;
  /** The message (key, with `{state}`) of a refused delete when the state has a way out to name
   * ("close it instead"); the generic one otherwise. */
  deleteMessage?: string;
  /** For a record that belongs to a parent (a sale's line): whether a new one may join a parent in
   * this state. Records without a parent are created in the table's `initial` state. */
  create?: boolean;
  /** Named operations of the owner allowed in this state (`cancel`, `void_signature`...): what the
   * screens offer. */
  operations?: readonly string[];
};

export type StateTable<S extends string = string> = {
  /** The aggregate (`sale`, `invoice`, `title`...): names its states' messages, `states.<aggregate>.<state>`. */
  aggregate: string;
  /** Every state the aggregate's records can be in, with what each allows. */
  states: Readonly<Record<S, StateRule>>;
  /** The state of a stored record, read in the write's transaction (after any lock the owner takes). */
  stateOf: (tx: Prisma.TransactionClient, row: Row) => Promise<S> | S;
  /** For a child resource: the state of the parent a new record names (null when it names none: the
   * schema's own messages answer then). */
  parentState?: (tx: Prisma.TransactionClient, input: Row) => Promise<S | null> | S | null;
};

export function defineStates<S extends string>(table: StateTable<S>): StateTable<S> {
  return table;
}

/** Which fields of a write change the stored record: a PUT repeats unchanged fields, and those are
 * no change, so a full PUT of a locked record that edits only an open field passes. */
export function changedFields(input: Row, before: Row): string[] {
  return Object.keys(input).filter((field) => input[field] !== undefined && !sameValue(input[field], before[field]));
}

function plain(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Dates without a time travel as YYYY-MM-DD; a time of day as 1970-01-01THH:MM:SS.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (value instanceof PrismaNamespace.Decimal) return value.toFixed();
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) return (value as Row).id;
  return value;
}

/** Equal as stored values: 300, "300" and "300.00" are one amount; "2026-01-05" and that midnight one day. */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = plain(a);
  const y = plain(b);
  if (x === y) return true;
  if (x === null || y === null) return false;
  const numeric = /^-?\d+(\.\d+)?$/;
  if ((typeof x === 'number' || (typeof x === 'string' && numeric.test(x))) && (typeof y === 'number' || (typeof y === 'string' && numeric.test(y)))) {
    return new PrismaNamespace.Decimal(String(x)).equals(new PrismaNamespace.Decimal(String(y)));
  }
  if (typeof x === 'string' && typeof y === 'string' && /^\d{4}-\d{2}-\d{2}/.test(x) && /^\d{4}-\d{2}-\d{2}/.test(y)) {
    return new Date(x.length === 10 ? `${x}T00:00:00Z` : x).getTime() === new Date(y.length === 10 ? `${y}T00:00:00Z` : y).getTime();
  }
  return JSON.stringify(x) === JSON.stringify(y);
}

function fieldLabel(field: string, t: Translate): string {
  return t.has(`fields.${field}`) ? t(`fields.${field}`) : field;
}

export function stateLabel(table: StateTable, state: string, t: Translate): string {
  const key = `states.${table.aggregate}.${state}`;
  return t.has(key) ? t(key) : state;
}

/** 409 naming the field that may not change and the state that locks it. */
export function lockedField(table: StateTable, state: string, field: string, t: Translate): ApiError {
  return new ApiError(409, msg('errors.state_locked_field', { field: fieldLabel(field, t), state: stateLabel(table, state, t) }), null, { field, state });
}

/** The fields of an update the record's state does not let change (none when it may). */
export function lockedFields(table: StateTable, state: string, changed: readonly string[]): string[] {
  const rule = table.states[state as keyof typeof table.states] as StateRule | undefined;
  if (!rule) return [...changed];
  if (rule.update === '*') return [];
  return changed.filter((field) => !rule.update.includes(field));
}

/** Refuses (409) an update that changes a field its record's state locks. */
export async function checkUpdate(table: StateTable, tx: Prisma.TransactionClient, before: Row, input: Row, t: Translate): Promise<void> {
  const changed = changedFields(input, before);
  if (!changed.length) return;
  const state = await table.stateOf(tx, before);
  const [field] = lockedFields(table, state, changed);
  if (field) throw lockedField(table, state, field, t);
}

/** Refuses (409) a delete its record's state does not allow. */
export async function checkDelete(table: StateTable, tx: Prisma.TransactionClient, before: Row, t: Translate): Promise<void> {
  const state = await table.stateOf(tx, before);
  const rule = table.states[state as keyof typeof table.states] as StateRule | undefined;
  if (!rule?.delete) throw new ApiError(409, msg(rule?.deleteMessage ?? 'errors.state_forbids_delete', { state: stateLabel(table, state, t) }), null, { state });
}

/** Refuses (409) a new child record under a parent whose state takes none. */
export async function checkCreate(table: StateTable, tx: Prisma.TransactionClient, input: Row, t: Translate): Promise<void> {
  if (!table.parentState) return;
  const state = await table.parentState(tx, input);
  if (state === null) return;
  const rule = table.states[state as keyof typeof table.states] as StateRule | undefined;
  if (!rule?.create) throw new ApiError(409, msg('errors.state_forbids_create', { state: stateLabel(table, state, t) }), null, { state });
}

/** What a screen needs to lock a record: its state, the fields it may change and whether it may go. */
export async function stateOfRecord(table: StateTable, tx: Prisma.TransactionClient, row: Row, t: Translate): Promise<{ state: string; label: string; update: readonly string[] | '*'; delete: boolean; operations: readonly string[] }> {
  const state = await table.stateOf(tx, row);
  const rule = table.states[state as keyof typeof table.states] as StateRule;
  return { state, label: stateLabel(table, state, t), update: rule.update, delete: rule.delete, operations: rule.operations ?? [] };
}
