// The catalogues an import's cells name by code or by name ("ISC" or "Ingeniería en Sistemas"),
// read once per run and looked up in memory. Names are compared without accents or case; a name
// two entries share is refused as ambiguous rather than guessed.
import { normalizeHeader } from '@/lib/imports/headers';
import type { Db } from '@/server/engine/types';
import { type Message, msg } from '@/server/errors';
import type { CatalogEntry, CatalogSource, RelationSource } from './definition';

/** Entries of the shared catalogue (manage/api/catalogs/) of one classification. */
export function catalogClass(key: string, clas: number): CatalogSource {
  return {
    key,
    load: async (db) => (await db.catalog.findMany({ where: { clas_id: clas, status: true }, select: { id: true, code: true, name: true }, orderBy: { id: 'asc' } })).map((entry) => ({ value: entry.id, code: entry.code, name: entry.name })),
  };
}

/** A fixed list of coded values a text field takes (sex: H, M, X). */
export function fixedChoices(key: string, entries: readonly { code: string; name: string }[]): CatalogSource {
  return { key, load: async () => entries.map((entry) => ({ value: entry.code, code: entry.code, name: entry.name })) };
}

export const careers: CatalogSource = {
  key: 'careers',
  load: async (db) => (await db.career.findMany({ where: { status: true }, select: { id: true, code: true, name: true }, orderBy: { id: 'asc' } })).map((c) => ({ value: c.id, code: c.code, name: c.name })),
};

/** A period of the row's career's campus (each campus has its own periods, often with the same names). */
export const cicles: CatalogSource = {
  key: 'cicles',
  scopedBy: 'career',
  load: async (db, careerId) => {
    const career = careerId === null ? null : await db.career.findUnique({ where: { id: careerId }, select: { campus_id: true } });
    const rows = await db.cicle.findMany({ where: career ? { campus_id: career.campus_id } : {}, select: { id: true, description: true, cicle_name: true }, orderBy: { start: 'desc' } });
    return rows.map((c) => ({ value: c.id, code: c.cicle_name, name: c.description }));
  },
};

export const states: CatalogSource = {
  key: 'states',
  load: async (db) => (await db.state.findMany({ where: { status: true }, select: { id: true, code: true, name: true }, orderBy: { code: 'asc' } })).map((s) => ({ value: s.id, code: s.code, name: s.name })),
};

/** A municipality within the row's state. */
export const cities: CatalogSource = {
  key: 'cities',
  scopedBy: 'state',
  load: async (db, stateId) => (stateId === null ? [] : (await db.city.findMany({ where: { state_id: stateId, status: true }, select: { id: true, code: true, name: true }, orderBy: { name: 'asc' } })).map((c) => ({ value: c.id, code: c.code, name: c.name }))),
};

/** A group of the row's period, by its code ("1A-ISC"). */
export const groups: CatalogSource = {
  key: 'groups',
  scopedBy: 'cicle',
  load: async (db, cicleId) =>
    (await db.group.findMany({ where: { status: true, ...(cicleId === null ? { cicle: { is_active: true } } : { cicle_id: cicleId }) }, select: { id: true, code: true }, orderBy: { id: 'asc' } })).map((g) => ({ value: g.id, code: g.code, name: g.code })),
};

export const occupations: CatalogSource = {
  key: 'occupations',
  load: async (db) => (await db.occupation.findMany({ where: { status: true }, select: { id: true, description: true }, orderBy: { id: 'asc' } })).map((o) => ({ value: o.id, code: null, name: o.description })),
};

type Index = { byCode: Map<string, CatalogEntry>; byName: Map<string, CatalogEntry | 'ambiguous'>; entries: CatalogEntry[] };

/** One run's catalogues, each read once (per scope) and kept for the run. */
export class CatalogLookup {
  private readonly indexes = new Map<string, Promise<Index>>();
  private readonly relations = new Map<string, Promise<Map<number, number[]>>>();

  constructor(private readonly db: Db) {}

  entries(source: CatalogSource, scope: number | null = null): Promise<CatalogEntry[]> {
    return this.index(source, scope).then((index) => index.entries);
  }

  /** How a resolved value reads: the entry's code and name. */
  async label(source: CatalogSource, value: number | string, scope: number | null = null): Promise<string> {
    const entry = (await this.entries(source, scope)).find((candidate) => candidate.value === value);
    if (!entry) return String(value);
    return entry.code && normalizeHeader(entry.code) !== normalizeHeader(entry.name) ? `${entry.code} — ${entry.name}` : entry.name;
  }

  /** The entry a cell names by code or by name, or the message that refuses it. */
  async resolve(source: CatalogSource, text: string, scope: number | null = null): Promise<{ value: number | string } | { message: Message }> {
    const index = await this.index(source, scope);
    const wanted = normalizeHeader(text);
    const byCode = index.byCode.get(wanted);
    if (byCode) return { value: byCode.value };
    const byName = index.byName.get(wanted);
    if (byName === 'ambiguous') return { message: msg('imports.errors.ambiguous', { value: text }) };
    if (byName) return { value: byName.value };
    return { message: msg('imports.errors.unknown_value', { value: text }) };
  }

  /** The values a relation pairs with `from` (the plans of a student), read once per run. */
  async related(source: RelationSource, from: number): Promise<readonly number[]> {
    let relation = this.relations.get(source.key);
    if (!relation) {
      relation = source.load(this.db).then((pairs) => {
        const byFrom = new Map<number, number[]>();
        for (const [left, right] of pairs) {
          const known = byFrom.get(left);
          if (!known) byFrom.set(left, [right]);
          else if (!known.includes(right)) known.push(right);
        }
        return byFrom;
      });
      this.relations.set(source.key, relation);
    }
    return (await relation).get(from) ?? [];
  }

  private index(source: CatalogSource, scope: number | null): Promise<Index> {
    const key = `${source.key}:${scope ?? ''}`;
    let index = this.indexes.get(key);
    if (!index) {
      index = source.load(this.db, scope).then((entries) => {
        const byCode = new Map<string, CatalogEntry>();
        const byName = new Map<string, CatalogEntry | 'ambiguous'>();
        for (const entry of entries) {
          if (entry.code) byCode.set(normalizeHeader(entry.code), entry);
          const name = normalizeHeader(entry.name);
          const known = byName.get(name);
          byName.set(name, known && known !== entry && (known === 'ambiguous' || known.value !== entry.value) ? 'ambiguous' : entry);
        }
        return { byCode, byName, entries };
      });
      this.indexes.set(key, index);
    }
    return index;
  }
}
