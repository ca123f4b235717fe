// The rows of small, rarely changed tables (careers, periods, shifts, statuses, groups…) that list
// pages show as relations, kept in this process's memory so that a page whose relations are all
// here needs no second statement. Measured on the large data set: the students list's relations
// statement cost PostgreSQL 0.17 ms of the 0.6 ms a page cost it.
//
// Kept fresh two ways:
// - every write to a table of CACHED_TABLES, from any instance, job or script, fires a
//   statement-level trigger (migration 20261129120000_table_change_notices) that sends the table's
//   name on PostgreSQL's `plantel_table_changed` channel at commit, and every instance forgets that
//   table's rows when it hears it;
// - a call of this process that changes data forgets every table once it has answered
//   (server/http/dispatch.ts), so its caller's next read never waits on the notice's way back.
// While this process does not hear the channel (starting, or its listening connection is down),
// nothing is served from here nor kept. A read that began before a notice never stores what it
// read (the generation it started with has moved on).
import { listening, subscribe } from '@/server/db/notify';

/**
 * The tables whose rows may be served from memory: each has the change trigger (a test holds the
 * two lists equal). Only tables written rarely belong here: a NOTIFY at commit takes a lock every
 * notifying transaction of the database waits on in turn.
 */
export const CACHED_TABLES: ReadonlySet<string> = new Set([
  'academic_deptos',
  'campuses',
  'careers',
  'catalogs',
  'cfdi_types',
  'cicles',
  'cities',
  'clasifications',
  'companies',
  'concepts',
  'countries',
  'document_types',
  'fiscal_regimes',
  'groups',
  'iedus',
  'issued_document_types',
  'occupations',
  'partials',
  'payment_forms',
  'payment_methods',
  'price_lists',
  'prod_servs',
  'school_origins',
  'shifts',
  'states',
  'study_plans',
  'subjects',
  'termination_types',
  'title_responsables',
  'type_relations',
  'type_vouchers',
  'units',
]);

export const TABLE_CHANGED_CHANNEL = 'plantel_table_changed';

/** Rows kept per shape of lookup (a table read with a given set of columns); the oldest go first. */
const ROWS_PER_SHAPE = 20_000;

type Row = readonly (string | null)[];
type CacheState = {
  subscribed: boolean;
  /** The channel is listened to: a change committed from now on is heard. */
  hearing: boolean;
  /** Moves on at every forgetting: a read that started before it stores nothing. */
  generation: number;
  /** table -> shape -> key -> row */
  tables: Map<string, Map<string, Map<string, Row>>>;
};

// On globalThis: the production server and Next's bundle may each load this module; one cache.
const holder = globalThis as { plantelLookupCache?: CacheState };
const state = (holder.plantelLookupCache ??= { subscribed: false, hearing: false, generation: 0, tables: new Map() });

function forgetTable(table: string): void {
  state.generation += 1;
  state.tables.delete(table);
}

/** Forgets every kept row (a write of this process, or the notices were interrupted). */
export function forgetCachedLookups(): void {
  state.generation += 1;
  state.tables.clear();
}

/**
 * The generation to read under, or null when the cache cannot be trusted now (the process does
 * not hear the change notices). The first call starts listening.
 */
export function lookupGeneration(): number | null {
  if (!state.subscribed) {
    state.subscribed = true;
    // Nothing is kept before the LISTEN is in place: a change committed meanwhile would go unheard.
    void subscribe(TABLE_CHANGED_CHANNEL, { onMessage: forgetTable, onGap: forgetCachedLookups }).then(() => {
      state.hearing = true;
    });
  }
  return state.hearing && listening() ? state.generation : null;
}

export function cachedLookup(table: string, shape: string, key: string): Row | undefined {
  return state.tables.get(table)?.get(shape)?.get(key);
}

/** Keeps rows read under `generation` (their key in `keyColumn`), unless something changed since. */
export function keepLookups(table: string, shape: string, rows: readonly Row[], keyColumn: number, generation: number): void {
  if (generation !== state.generation || !CACHED_TABLES.has(table) || !rows.length) return;
  let shapes = state.tables.get(table);
  if (!shapes) state.tables.set(table, (shapes = new Map()));
  let kept = shapes.get(shape);
  if (!kept) shapes.set(shape, (kept = new Map()));
  for (const row of rows) {
    const key = row[keyColumn];
    if (key === null) continue;
    kept.delete(key);
    kept.set(key, row);
  }
  // Map keeps insertion order: the first keys are the ones kept longest ago.
  for (const key of kept.keys()) {
    if (kept.size <= ROWS_PER_SHAPE) break;
    kept.delete(key);
  }
}
