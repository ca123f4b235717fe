// The pure side of multiplying a loaded data set inside PostgreSQL (scripts/db/multiply.ts): which
// tables are copied, in which order, and the SQL that copies a table's base rows N − 1 times, each
// copy a new campus with its own ids, references and unique values. Nothing here touches a database.
import { curpCheckDigit } from '../../lib/mx/curp';

export type ColumnInfo = {
  name: string;
  /** format_type, e.g. integer, character varying(20) */
  type: string;
  /** varchar's length, null otherwise */
  maxLength: number | null;
  /** GENERATED ALWAYS AS (…) STORED: filled by the database, never inserted */
  generated: boolean;
};

export type ForeignKey = { name: string; table: string; column: string; refTable: string; refColumn: string };

export type UniqueIndex = { name: string; table: string; columns: string[] };

export type SchemaCatalog = {
  /** table → columns in order */
  tables: Map<string, ColumnInfo[]>;
  foreignKeys: ForeignKey[];
  uniqueIndexes: UniqueIndex[];
};

/**
 * Tables shared by every campus: catalogues (geography, SAT's codes, roles, document types…) and
 * the school's own settings and signers. They are not copied; references to them are kept.
 */
export const SHARED_TABLES: ReadonlySet<string> = new Set([
  'clasifications', 'catalogs', 'countries', 'states', 'cities', 'occupations', 'medical_options', 'document_types',
  'termination_types', 'iedus', 'shifts', 'roles', 'permissions', 'settings', 'cfdi_types', 'fiscal_regimes',
  'payment_forms', 'payment_methods', 'prod_servs', 'units', 'type_relations', 'type_vouchers', 'exchange_rates',
  'polls', 'poll_sections', 'poll_questions', 'companies', 'school_origins', 'title_responsables', 'issued_document_types',
]);

/** Tables of the running system (sessions, throttles, jobs, imports, migrations): never copied. */
export const OPERATIONAL_TABLES: ReadonlySet<string> = new Set([
  '_prisma_migrations', 'auth_sessions', 'login_throttles', 'rate_limit_counters', 'idempotency_keys', 'jobs',
  'data_imports', 'import_mappings', 'control_number_sequences',
]);

/** A column's value in copy `k` written by hand: references the catalogue does not know (polymorphic ids). */
export type ColumnRule = (context: { column: string; offsetOf: (table: string) => number; copy: string }) => string;

export const COLUMN_RULES: Record<string, Record<string, ColumnRule>> = {
  // item_id points at a student or an aspirant, as category says.
  student_comments: {
    item_id: ({ offsetOf, copy }) =>
      `CASE category WHEN 'student' THEN item_id + ${copy} * ${offsetOf('students')} WHEN 'aspirant' THEN item_id + ${copy} * ${offsetOf('aspirants')} ELSE item_id END`,
  },
};

/**
 * The column of a unique index that is rewritten when the index holds no shifted column (an id or a
 * reference to a copied table), where the first text column is not the right one.
 */
export const UNIQUE_REWRITE_COLUMN: Record<string, string> = {
  invoices_serie_folio_key: 'folio',
};

/** Unique columns with a rewriting rule of their own (the generic one appends `-k`). */
export type RewriteKind = 'suffix' | 'curp' | 'uuid';

export function rewriteKind(table: string, column: string): RewriteKind {
  if (column === 'curp') return 'curp';
  if (table === 'invoices' && column === 'uuid') return 'uuid';
  return 'suffix';
}

/**
 * Statements run after the copy, for text that repeats a rewritten value of another table: an
 * electronic title's control number and CURP are its student's, an admitted aspirant's CURP too.
 * `offsetOf(table)` is the base's largest id: rows past it are copies.
 */
export const AFTER_COPY: ((offsetOf: (table: string) => number) => string)[] = [
  (offsetOf) =>
    `UPDATE electronic_titles e SET no_control = s.no_control, curp = s.curp FROM swear_careers w JOIN students s ON s.id = w.student_id WHERE w.id = e.swear_id AND e.id > ${offsetOf('electronic_titles')}`,
  (offsetOf) => `UPDATE aspirants a SET curp = s.curp FROM students s WHERE s.id = a.student_id AND a.id > ${offsetOf('aspirants')}`,
];

/** E-mail columns of people, rewritten in copies (emailValue). */
export const EMAIL_COLUMNS: Record<string, string[]> = {
  users: ['email'], students: ['email'], teachers: ['email'], aspirants: ['email'], families: ['email'],
};

/** `user@domain` → `user+k@domain` when it fits the column; other values are kept. */
export function emailValue(value: string | null, copy: number, maxLength: number | null): string | null {
  if (value === null || !value.includes('@')) return value;
  const next = value.replace('@', `+${copy}@`);
  return maxLength !== null && next.length > maxLength ? value : next;
}

export function emailSql(column: string, copy: string, maxLength: number | null): string {
  const col = quote(column);
  const next = `regexp_replace(${col}, '@', '+' || ${copy}::text || '@')`;
  return maxLength === null ? next : `CASE WHEN length(${next}) <= ${maxLength} THEN ${next} ELSE ${col} END`;
}

// ---------------------------------------------------------------------------------------------
// Table order

/**
 * Tables in foreign-key order: every table after the tables it references (self references
 * ignored). A cycle (users ⇄ groups through current_group_id and boss_id) is broken by taking, of
 * the tables left, the one with the fewest unmet references (then by name); the broken edges are
 * returned, so the caller knows the load must not check those keys row by row.
 */
export function sortTables(tables: readonly string[], edges: readonly { table: string; refTable: string }[]): { order: string[]; broken: { table: string; refTable: string }[] } {
  const names = [...new Set(tables)].sort();
  const set = new Set(names);
  const needs = new Map(names.map((name) => [name, new Set<string>()]));
  for (const edge of edges) {
    if (edge.table === edge.refTable || !set.has(edge.table) || !set.has(edge.refTable)) continue;
    needs.get(edge.table)?.add(edge.refTable);
  }
  const order: string[] = [];
  const done = new Set<string>();
  const broken: { table: string; refTable: string }[] = [];
  const unmet = (name: string) => [...(needs.get(name) ?? [])].filter((ref) => !done.has(ref)).sort();
  while (order.length < names.length) {
    const left = names.filter((name) => !done.has(name));
    const ready = left.filter((name) => unmet(name).length === 0);
    if (ready.length > 0) {
      for (const name of ready) {
        order.push(name);
        done.add(name);
      }
      continue;
    }
    // Stuck: walk unmet references from the first table left until one repeats; that walk's loop is
    // a cycle, and its edge of smallest (table, referenced table) is dropped.
    const path: string[] = [];
    let at = left[0];
    while (!path.includes(at)) {
      path.push(at);
      at = unmet(at)[0];
    }
    const cycle = path.slice(path.indexOf(at));
    const edgesOfCycle = cycle.map((table, i) => ({ table, refTable: cycle[(i + 1) % cycle.length] }));
    const drop = edgesOfCycle.reduce((best, edge) => (`${edge.table} ${edge.refTable}` < `${best.table} ${best.refTable}` ? edge : best));
    needs.get(drop.table)?.delete(drop.refTable);
    broken.push(drop);
  }
  return { order, broken };
}

// ---------------------------------------------------------------------------------------------
// Unique values

/** The generic rule: `value-k`, the value cut from its end when the column is too short for both. */
export function suffixValue(value: string | null, copy: number, maxLength: number | null): string | null {
  if (value === null) return null;
  const suffix = `-${copy}`;
  if (maxLength === null || value.length + suffix.length <= maxLength) return value + suffix;
  return value.slice(0, Math.max(0, maxLength - suffix.length)) + suffix;
}

/** The generic rule in SQL, `copy` an SQL expression of the copy number. */
export function suffixSql(column: string, copy: string, maxLength: number | null): string {
  const suffix = `'-' || ${copy}::text`;
  const col = quote(column);
  if (maxLength === null) return `${col} || ${suffix}`;
  return `CASE WHEN length(${col}) + length(${suffix}) <= ${maxLength} THEN ${col} || ${suffix} ELSE left(${col}, ${maxLength} - length(${suffix})) || ${suffix} END`;
}

const CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ';

/**
 * A copied person's CURP: a homonym of the original. The first 13 characters (initials, birth date,
 * sex, state) are kept; the three internal consonants encode `rank × copies + (k − 1)`, where rank
 * is the person's place among the base rows sharing those 13 characters; the homonym character is
 * `9` (born before 2000) or `Z` (from 2000), which the generator never reaches (it takes `0`/`A` and
 * the next ones only for homonyms); the check digit is recomputed. The result passes isValidCurp,
 * and two (rank, k) pairs of one 13-character prefix never meet (up to 21³ = 9,261 of them).
 */
export function copiedCurp(curp: string, rank: number, copy: number, copies: number): string {
  const n = rank * copies + (copy - 1);
  if (n >= CONSONANTS.length ** 3) throw new Error(`Too many homonyms to copy ${curp}`);
  const consonants = CONSONANTS[Math.floor(n / 441) % 21] + CONSONANTS[Math.floor(n / 21) % 21] + CONSONANTS[n % 21];
  const homonym = /\d/.test(curp[16]) ? '9' : 'Z';
  const first17 = curp.slice(0, 13) + consonants + homonym;
  return first17 + curpCheckDigit(first17);
}

/** SQL functions the copy statements call (session-local, in pg_temp). */
const CURP_WEIGHTS_SQL = Array.from({ length: 17 }, (_, i) => `(strpos('0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', substr(first17, ${i + 1}, 1)) - 1) * ${18 - i}`).join(' + ');
const CONSONANT_SQL = (divisor: number) => `substr('${CONSONANTS}', ((rank * copies + copy - 1) / ${divisor} % 21)::int + 1, 1)`;

/** SQL functions the copy statements call (session-local, in pg_temp). Single expressions, so
 * PostgreSQL inlines them: a subquery per row made the students' copy ten times slower. */
export const HELPER_FUNCTIONS_SQL = `
CREATE OR REPLACE FUNCTION pg_temp.curp_check(first17 text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT ((10 - ((${CURP_WEIGHTS_SQL}) % 10)) % 10)::text
$$;
CREATE OR REPLACE FUNCTION pg_temp.curp_first17(curp text, rank bigint, copy int, copies int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT left(curp, 13) || ${CONSONANT_SQL(441)} || ${CONSONANT_SQL(21)} || ${CONSONANT_SQL(1)}
    || CASE WHEN substr(curp, 17, 1) ~ '[0-9]' THEN '9' ELSE 'Z' END
$$;
CREATE OR REPLACE FUNCTION pg_temp.copied_curp(curp text, rank bigint, copy int, copies int) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE first17 text;
BEGIN
  IF curp IS NULL OR length(curp) <> 18 THEN RETURN curp; END IF;
  first17 := pg_temp.curp_first17(curp, rank, copy, copies);
  RETURN first17 || pg_temp.curp_check(first17);
END
$$;
CREATE OR REPLACE FUNCTION pg_temp.copied_uuid(value text, copy int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN NULL ELSE (
    SELECT upper(substr(m, 1, 8) || '-' || substr(m, 9, 4) || '-4' || substr(m, 14, 3) || '-a' || substr(m, 18, 3) || '-' || substr(m, 21, 12))
    FROM md5(value || ':' || copy::text) AS m) END
$$;
`;

// ---------------------------------------------------------------------------------------------
// Copy statements

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type TablePlan = {
  table: string;
  /** the columns inserted (generated ones left out) */
  columns: string[];
  /** columns rewritten to keep a unique index */
  rewritten: string[];
  /** INSERT … SELECT of every copy 1..copies−1 of the base rows, in one statement */
  sql: string;
};

/** Which tables are copied: every table but the shared and operational ones. */
export function copiedTables(catalog: SchemaCatalog): string[] {
  return [...catalog.tables.keys()].filter((table) => !SHARED_TABLES.has(table) && !OPERATIONAL_TABLES.has(table));
}

/**
 * The statement that copies one table's base rows: `id + k × offset`, each reference to a copied
 * table `ref + k × that table's offset`, references to shared tables kept, one column of each
 * unique index that holds no shifted column rewritten (its rule: rewriteKind), generated columns
 * left to the database. `offsets` are the base rows' max(id) of each copied table with an id.
 */
export function planTable(table: string, catalog: SchemaCatalog, copied: ReadonlySet<string>, offsets: ReadonlyMap<string, number>, copies: number): TablePlan {
  const columns = catalog.tables.get(table);
  if (!columns) throw new Error(`Table ${table} is not in the catalogue`);
  const offsetOf = (name: string) => {
    const offset = offsets.get(name);
    if (offset === undefined) throw new Error(`No id offset for ${name}`);
    return offset;
  };
  const copy = 'copy_no.k';
  const shifted = new Map<string, string>();
  if (columns.some((column) => column.name === 'id') && offsets.has(table)) shifted.set('id', `"id" + ${copy} * ${offsetOf(table)}`);
  for (const fk of catalog.foreignKeys) {
    if (fk.table !== table || !copied.has(fk.refTable)) continue;
    if (fk.refColumn !== 'id') throw new Error(`${fk.name} references ${fk.refTable}.${fk.refColumn}: only references to ids can be shifted`);
    shifted.set(fk.column, `${quote(fk.column)} + ${copy} * ${offsetOf(fk.refTable)}`);
  }
  const rules = COLUMN_RULES[table] ?? {};
  for (const [column, rule] of Object.entries(rules)) shifted.set(column, rule({ column, offsetOf, copy }));

  const rewritten = new Map<string, string>();
  const byName = new Map(columns.map((column) => [column.name, column]));
  let needsRank = false;
  for (const index of catalog.uniqueIndexes) {
    if (index.table !== table) continue;
    if (index.columns.some((column) => shifted.has(column))) continue;
    const chosen =
      UNIQUE_REWRITE_COLUMN[index.name] ??
      index.columns.find((column) => /char|text/.test(byName.get(column)?.type ?? '')) ??
      index.columns.find((column) => /^(integer|bigint|smallint)$/.test(byName.get(column)?.type ?? ''));
    const info = chosen ? byName.get(chosen) : undefined;
    if (!chosen || !info) throw new Error(`Unique index ${index.name} on ${table} has no shifted column and no text or whole-number column to rewrite`);
    if (rewritten.has(chosen)) continue;
    const kind = rewriteKind(table, chosen);
    if (/^(integer|bigint|smallint)$/.test(info.type)) {
      // A number (a folio number): shifted past the base's largest, as ids are.
      rewritten.set(chosen, `${quote(chosen)} + ${copy} * (SELECT COALESCE(MAX(${quote(chosen)}), 0) FROM ${quote(table)})`);
    } else if (kind === 'curp') {
      needsRank = true;
      rewritten.set(chosen, `pg_temp.copied_curp(${quote(chosen)}, base.curp_rank, ${copy}, ${copies - 1})`);
    } else if (kind === 'uuid') rewritten.set(chosen, `pg_temp.copied_uuid(${quote(chosen)}, ${copy})`);
    else rewritten.set(chosen, suffixSql(chosen, copy, info.maxLength));
  }
  // A copy is a campus of its own: its name says which.
  if (table === 'campuses' && byName.has('name')) rewritten.set('name', `${quote('name')} || ' ' || (${copy} + 1)::text`);
  // E-mail addresses are not unique in the schema, but a person's copy gets an address of its own
  // (sign-in and password reset look people up by it): user+k@domain.
  for (const column of EMAIL_COLUMNS[table] ?? []) {
    const info = byName.get(column);
    if (info && !rewritten.has(column)) rewritten.set(column, emailSql(column, copy, info.maxLength));
  }

  const inserted = columns.filter((column) => !column.generated).map((column) => column.name);
  const expressions = inserted.map((name) => rewritten.get(name) ?? shifted.get(name) ?? quote(name));
  const source = needsRank
    ? `(SELECT *, row_number() OVER (PARTITION BY left("curp", 13) ORDER BY ${byName.has('id') ? '"id"' : '"curp"'}) - 1 AS curp_rank FROM ${quote(table)}) AS base`
    : `${quote(table)} AS base`;
  const sql = `INSERT INTO ${quote(table)} (${inserted.map(quote).join(', ')}) SELECT ${expressions.join(', ')} FROM ${source} CROSS JOIN generate_series(1, ${copies - 1}) AS copy_no(k)`;
  return { table, columns: inserted, rewritten: [...rewritten.keys()], sql };
}

// ---------------------------------------------------------------------------------------------
// Sizes

/**
 * How the huge set is built at a factor: `copies` copies (the base counted) of the huge size at
 * `factor / copies`. At 1: 25 copies of one twenty-fifth of huge (3 campuses of 20 careers).
 * Smaller factors use fewer copies, so a trial stays small.
 */
export function hugePlan(factor: number, copies?: number): { copies: number; baseFactor: number } {
  if (!(factor > 0 && factor <= 1)) throw new Error(`The huge data set's scale factor is between 0 and 1 (not ${factor})`);
  const n = copies ?? Math.max(1, Math.round(25 * Math.sqrt(factor)));
  if (!(Number.isInteger(n) && n >= 1)) throw new Error(`Copies is a whole number of 1 or more (not ${copies})`);
  return { copies: n, baseFactor: factor / n };
}
