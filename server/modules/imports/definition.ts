// What an importer is: the columns of its template (Spanish and English header names, type,
// required, catalogue, example), how a row is validated (with the resource's own zod schemas, so
// an imported row obeys exactly the API's rules) and how it is written (through the owners'
// operations: the engine's create/update of the same resource definitions the screens use, whose
// hooks call the owner, e.g. `enrol` for a student's group). The framework (run.ts) streams the
// file, reads each cell as its type, resolves catalogues and calls these two functions.
import type { ImportValueType } from '@/lib/imports/values';
import type { OperationContext } from '@/server/engine/context';
import type { Db, ResourceDefinition } from '@/server/engine/types';
import type { Message } from '@/server/errors';
import type { CatalogLookup } from './catalogs';

export type CatalogEntry = {
  /** What the row stores: the entry's id, or its code for a text field (sex: H/M/X). */
  value: number | string;
  code: string | null;
  name: string;
};

/** Where a catalogue column takes its values; `scope` narrows it by another column's value (a group within its period). */
export type CatalogSource = {
  key: string;
  load(db: Db, scope: number | null): Promise<CatalogEntry[]>;
  /** The column whose resolved id scopes this one ("cicle" for a group). */
  scopedBy?: string;
  /** false: the template gives no drop-down list of it (thousands of students are typed, not picked). */
  listed?: boolean;
};

export type ImportColumn = {
  key: string;
  /** The template's header in Spanish and in English; `aliases` are other names the header may have. */
  es: string;
  en: string;
  aliases?: readonly string[];
  type: ImportValueType;
  required?: boolean;
  catalog?: CatalogSource;
  /** The template's example row. */
  example: string;
};

/**
 * Which catalogue values go with which (the study plans a student may have grades of), read once
 * per run as pairs and looked up in memory, so a row's check never queries.
 */
export type RelationSource = {
  key: string;
  load(db: Db): Promise<Iterable<readonly [number, number]>>;
};

/** A row's values by column key: text, `YYYY-MM-DD`, decimals as text, booleans, catalogue values; null when empty. */
export type RowValues = Record<string, string | number | boolean | null>;

/** A refusal of a row: the column it names (null: the row as a whole) and the message. */
export type RowError = { column: string | null; message: Message };

export type Validated<T> = { ok: true; input: T; key: string } | { ok: false; errors: RowError[] };

export type Outcome = 'created' | 'updated' | 'unchanged';

export type ImporterDefinition<T = unknown> = {
  /** The importer's name in URLs and records ("students"). */
  name: string;
  columns: readonly ImportColumn[];
  /** The columns that identify a record (CURP, else the control number): shown in the template's notes. */
  naturalKey: readonly string[];
  /** The import column an API field's refusal names (`current_group_id` -> `group`). */
  columnOfField: Readonly<Record<string, string>>;
  /** The resource whose write right the importer needs (a student's, for the students importer). */
  resource(): ResourceDefinition;
  /**
   * Judges one row with the resource's schemas (no writes). Answers the input for `write` and the
   * row's natural key (two rows of one file with the same key are refused), or the row's errors.
   * `lookup` is the run's catalogues, for checks between the row's resolved values.
   */
  validate(values: RowValues, db: Db, lookup: CatalogLookup): Promise<Validated<T>>;
  /** Writes one validated row in `ctx.tx` through the owners' operations; says what it did. */
  write(input: T, ctx: OperationContext): Promise<Outcome>;
  /**
   * Writes up to BATCH_ROWS validated rows at once (set-based, through the owners' bulk operations,
   * with the same rules as `write`); answers each row's outcome in the order given. A row an owner
   * refuses is thrown as `BatchRowRefused` naming its place in the batch. An importer without it is
   * written row by row.
   */
  writeBatch?(inputs: readonly T[], ctx: OperationContext): Promise<Outcome[]>;
  /** After the last batch, in the same transaction: what the batches left for the end (the period
   * averages of a kardex touched by many batches, computed once). */
  afterBatches?(ctx: OperationContext): Promise<void>;
};

/** How many rows an importer's `writeBatch` receives at once: big enough that a statement's
 * round trip is shared by many rows, small enough that a batch's records stay a few MB. */
export const BATCH_ROWS = 500;

/** An owner's refusal (an ApiError) of the row at `index` of a batch given to `writeBatch`. */
export { RowOfBatchRefused as BatchRowRefused } from '@/server/errors';

export function defineImporter<T>(definition: ImporterDefinition<T>): ImporterDefinition<T> {
  return definition;
}
