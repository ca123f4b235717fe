// Resource definitions derived from the data model: a definition names its model and what is
// particular to it (access, search, scope, actions); the select, the validation, the filters, the
// ordering and the export columns come from the model's metadata. Field names in the config are
// typed against the Prisma model, so a misspelt field fails to compile.
import { z } from 'zod';
import { fieldSchema, fieldSpec } from '@/lib/field-schema';
import { forUpdate } from '@/lib/validation';
import type { HistoryEntry } from './audit';
import type { StateTable } from './states';
import type { Actor } from '@/server/auth/actor';
import metaJson from '@/server/db/generated/model-meta.json';
import type { FieldMeta, ModelMeta, SchemaMeta } from '@/server/db/schema-meta';
import { type ReferenceSpec, referenceSpecOf } from '@/lib/resource-ui/records';
import { type OwnRowRules, ownRows } from './scopes';
import type { FieldPath, Model, OrderTerm, RelationField, ScalarField, WhereOf, WriteInput } from './model-types';
import type { Access, ActionDefinition, Db, Delegate, ExportColumn, FileField, FilterKind, ResourceDefinition, Row, ScopeResult, WriteContext } from './types';

export const META = metaJson as unknown as SchemaMeta;

export type { FieldPath, ScalarField, RelationField, WhereOf, WriteInput } from './model-types';

/** The parsed values of the extra write fields; nothing when the definition declares none (the
 * type parameter then stays at its wide constraint, which must not add an index signature). */
type ParsedExtra<Extra extends Record<string, z.ZodType>> = string extends keyof Extra ? Record<never, never> : { [K in keyof Extra]: z.output<Extra[K]> };

export type ModelResourceConfig<M extends Model, Extra extends Record<string, z.ZodType> = Record<never, never>> = {
  base: string;
  model: M;
  access: Access;
  readOnly?: boolean;
  /** Fields `search` matches (case- and accent-insensitive): the model's own text fields (through
   * its indexed search_text column) and fields of related records ("student.names"). */
  search?: readonly FieldPath<M>[];
  /** Default ordering, e.g. ['-created_at'] or ['first_name', 'names']. */
  ordering?: readonly OrderTerm<M>[];
  /** Fields of related records a list may also be sorted by (`?ordering=student.first_name`). */
  sortableRelations?: readonly FieldPath<M>[];
  /** Fields never sent or accepted (secrets). */
  hidden?: readonly ScalarField<M>[];
  /** Fields computed by the system: sent, never accepted from a payload. */
  readOnlyFields?: readonly ScalarField<M>[];
  /** Replacement validation for particular fields (CURP, RFC, ranges...). */
  fields?: Partial<Record<ScalarField<M>, z.ZodType>>;
  /** Accepted fields the model has no column for (a relation list, a secret to encrypt);
   * `inputToData` turns them into Prisma data. */
  writeFields?: Extra;
  /** Extra list filters beyond those derived (foreign keys, flags, enums). */
  filters?: Record<string, FilterKind>;
  campusFilter?: (campusId: number) => WhereOf<M>;
  periodFilter?: (cicleId: number) => WhereOf<M>;
  /** How students, teachers and aspirants reach their own rows (each a where of this model); a kind
   * left out sees nothing, staff are not restricted (server/engine/scopes.ts). */
  ownRows?: OwnRowRules<WhereOf<M>>;
  /** A row scope of another shape than ownRows (e.g. a shop's public concepts). */
  scope?: (actor: Actor) => ScopeResult<WhereOf<M>>;
  /** Extra relations to include in reads, e.g. a to-many list shown with the record. */
  include?: Record<string, unknown>;
  /** The relations a list and an export show (default: every one the record shows). Each is a join. */
  listRelations?: readonly RelationField<M>[];
  serialize?: (row: Row) => Row;
  /** Turns the validated input into Prisma `data` (relations, hashing, derived fields). */
  inputToData?: (input: WriteInput<M, ParsedExtra<Extra>>, write: WriteContext) => Promise<Row> | Row;
  /** The aggregate's state table (server/engine/states.ts). */
  states?: StateTable;
  beforeDelete?: (write: WriteContext) => Promise<void>;
  afterWrite?: (id: number, write: WriteContext) => Promise<void | readonly HistoryEntry[]>;
  afterDelete?: (write: WriteContext) => Promise<void>;
  afterChange?: () => void;
  auditExclude?: readonly string[];
  actions?: readonly ActionDefinition[];
  exportColumns?: readonly ExportColumn[];
  /** Fields that hold an uploaded file; whether one is required comes from the column. */
  files?: Partial<Record<ScalarField<M>, { kinds: FileField['kinds'] } & ({ storage: 'disk'; folder: string } | { storage: 'base64' })>>;
};

/** A path must reach a scalar through to-one relations ("sale.student.names"). */
export function checkRelationPath(model: string, path: string): void {
  let current = model;
  const parts = path.split('.');
  parts.forEach((part, index) => {
    const field = modelMeta(current).fields.find((f) => f.name === part);
    const last = index === parts.length - 1;
    if (!field || field.list || (last ? field.kind === 'relation' : field.kind !== 'relation')) {
      throw new Error(`${model}: "${path}" is not a scalar reached through to-one relations`);
    }
    current = field.type;
  });
}

export function modelMeta(model: string): ModelMeta {
  const meta = META.models[model];
  if (!meta) throw new Error(`Unknown model ${model}`);
  return meta;
}

/**
 * Text fields that hold one of a few codes (a person's sex: H, M, X), named to people by
 * `resource.choices.<field>.<code>` in forms, histories and exports.
 */
export const TEXT_CHOICES: Readonly<Record<string, readonly string[]>> = { genre: ['H', 'M', 'X'] };

/** Fields that name a record to a person, in order of preference. */
const LABELS = ['code', 'no_control', 'web_code', 'username', 'name', 'names', 'first_name', 'second_name', 'last_name', 'description', 'title', 'short', 'folio', 'serie'];

export function labelFields(model: string): string[] {
  const names = new Set(modelMeta(model).fields.filter((f) => f.kind !== 'relation' && !f.list).map((f) => f.name));
  const picked = LABELS.filter((name) => names.has(name)).slice(0, 4);
  return picked;
}

const SYSTEM = new Set(['id', 'created_at', 'updated_at', 'search_text']);

const STUDENT_NAME = ['student.first_name', 'student.second_name', 'student.names'];

/**
 * How records are named where their own fields say nothing to people: a class by its subject,
 * group and teacher; a sale by whom it charges; a score by its student. Every other model is named
 * by its label fields (referenceSpecOf).
 */
const REFERENCE_SPECS: Readonly<Record<string, ReferenceSpec>> = {
  Schedule: { words: [['subject.description']], detail: ['group.code', 'teacher.first_name', 'teacher.second_name', 'teacher.names'] },
  Sale: { words: [STUDENT_NAME, ['aspirant.first_name', 'aspirant.second_name', 'aspirant.names'], ['client']], detail: ['sale_date'] },
  Score: { words: [STUDENT_NAME], detail: ['partial.description'] },
  SwearCareer: { words: [STUDENT_NAME], detail: ['career.name'] },
  PollAssignment: { words: [['poll.title']], detail: ['cicle.description'] },
  Address: { words: [['street', 'colony']], detail: ['cp'] },
  // Groups and partials repeat their names every period: the period (and a group's shift) tells
  // "ISC-1A" of this period from last year's in every choice, list and history line.
  Group: { words: [['code']], detail: ['cicle.description', 'shift.description'] },
  Partial: { words: [['description']], detail: ['cicle.description'] },
  // An invoice is known by its series and folio together ("A78"), then by whom it was made out to.
  Invoice: { words: [['serie', 'folio']], detail: ['social_reason'], tight: true },
};

/** How a model's records are named wherever another record points to one (lists, forms, history). */
export function referenceSpec(model: string): ReferenceSpec {
  return REFERENCE_SPECS[model] ?? referenceSpecOf(labelFields(model));
}

/** The paths a reference spec reads, as a Prisma select of the referenced record (nested through its relations). */
export function referenceSelect(model: string): Record<string, unknown> {
  const spec = referenceSpec(model);
  const select: Record<string, unknown> = { id: true };
  for (const path of [...spec.words.flat(), ...spec.detail]) {
    checkRelationPath(model, path);
    let level = select;
    const parts = path.split('.');
    parts.forEach((part, index) => {
      if (index === parts.length - 1) level[part] = true;
      else {
        const nested = (level[part] as { select: Record<string, unknown> } | undefined) ?? { select: { id: true } };
        level[part] = nested;
        level = nested.select;
      }
    });
  }
  return select;
}

function scalarFields(meta: ModelMeta, hidden: readonly string[]): FieldMeta[] {
  return meta.fields.filter((f) => f.kind !== 'relation' && !hidden.includes(f.name));
}

/** To-one relations whose foreign key this model holds: shown as small objects, written by id. */
function ownedRelations(meta: ModelMeta): FieldMeta[] {
  return meta.fields.filter((f) => f.kind === 'relation' && !f.list && f.relationFrom);
}

export function deriveSelect(meta: ModelMeta, hidden: readonly string[], include: Record<string, unknown> = {}): Record<string, unknown> {
  const select: Record<string, unknown> = {};
  for (const field of scalarFields(meta, hidden)) select[field.name] = true;
  for (const relation of ownedRelations(meta)) select[relation.name] = { select: referenceSelect(relation.type) };
  return { ...select, ...include };
}

function writable(meta: ModelMeta, config: { hidden?: readonly string[]; readOnlyFields?: readonly string[] }): FieldMeta[] {
  const blocked = new Set([...(config.hidden ?? []), ...(config.readOnlyFields ?? [])]);
  return meta.fields.filter((f) => f.kind !== 'relation' && !f.list && !f.updatedAt && !f.id && !SYSTEM.has(f.name) && !blocked.has(f.name));
}

export function deriveSchemas(meta: ModelMeta, config: { hidden?: readonly string[]; readOnlyFields?: readonly string[]; fields?: Record<string, z.ZodType | undefined>; extra?: Record<string, z.ZodType> }) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of writable(meta, config)) shape[field.name] = config.fields?.[field.name] ?? fieldSchema(fieldSpec(field, META.enums));
  Object.assign(shape, config.extra);
  const create = z.object(shape);
  // PUT carries the whole record, but a field it leaves out keeps its value (never a default).
  const update = forUpdate(shape);
  return { create, update };
}

/** Foreign keys may be sent under the relation's name ("career": 5 or {id: 5}) or the column's. */
export function relationAliases(meta: ModelMeta): Record<string, string> {
  return Object.fromEntries(ownedRelations(meta).map((relation) => [relation.name, relation.relationFrom!]));
}

export function deriveFilters(meta: ModelMeta): Record<string, FilterKind> {
  const filters: Record<string, FilterKind> = { id: 'int' };
  for (const field of meta.fields) {
    if (field.kind === 'relation' || field.list) continue;
    // Periods, plans and monthly charges are looked up by year and month.
    if (field.type === 'Int' && (field.name.endsWith('_id') || field.name === 'year' || field.name === 'month')) filters[field.name] = 'int';
    else if (field.type === 'Boolean' && field.name !== 'status') filters[field.name] = 'bool';
    else if (field.kind === 'enum') filters[field.name] = { choices: META.enums[field.type] ?? [], enumType: field.type };
  }
  return filters;
}

/** The full select without the relations a list does not show. */
function listSelect(select: Record<string, unknown>, meta: ModelMeta, keep: readonly string[]): Record<string, unknown> {
  const relations = new Set(meta.fields.filter((f) => f.kind === 'relation').map((f) => f.name));
  return Object.fromEntries(Object.entries(select).filter(([name]) => !relations.has(name) || keep.includes(name)));
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function modelResource<M extends Model, Extra extends Record<string, z.ZodType> = Record<never, never>>(config: ModelResourceConfig<M, Extra>): ResourceDefinition {
  const meta = modelMeta(config.model);
  const hidden = (config.hidden ?? []) as readonly string[];
  const names = new Set(meta.fields.map((f) => f.name));
  const activeField = names.has('status') && meta.fields.find((f) => f.name === 'status')?.type === 'Boolean' ? 'status' : names.has('is_active') ? 'is_active' : null;
  const { create, update } = config.readOnly
    ? { create: undefined, update: undefined }
    : deriveSchemas(meta, { hidden, readOnlyFields: config.readOnlyFields as readonly string[] | undefined, fields: config.fields as Record<string, z.ZodType | undefined>, extra: config.writeFields });
  // Relation paths are checked against the model metadata as the module loads: a path the types
  // let through (a list relation, say) fails at start-up, not on the first search.
  const ownFields = new Set(meta.fields.filter((f) => f.kind !== 'relation').map((f) => f.name));
  const search = (config.search ?? []) as readonly string[];
  const sortable = (config.sortableRelations ?? []) as readonly string[];
  for (const path of [...search, ...sortable]) if (path.includes('.')) checkRelationPath(config.model, path);
  for (const field of search) if (!field.includes('.') && !ownFields.has(field)) throw new Error(`${config.base}: unknown search field "${field}"`);
  // Dates travel as YYYY-MM-DD and times as HH:MM:SS, not as midnight/epoch timestamps.
  const dateFields = meta.fields.filter((f) => f.dateKind === 'Date').map((f) => f.name);
  const timeFields = meta.fields.filter((f) => f.dateKind === 'Time').map((f) => f.name);
  const formatDates = (row: Row): Row => {
    if (!dateFields.length && !timeFields.length) return row;
    const out: Row = { ...row };
    for (const name of dateFields) if (out[name] instanceof Date) out[name] = (out[name] as Date).toISOString().slice(0, 10);
    for (const name of timeFields) if (out[name] instanceof Date) out[name] = (out[name] as Date).toISOString().slice(11, 19);
    return out;
  };
  const serialize = config.serialize ? (row: Row) => config.serialize!(formatDates(row)) : dateFields.length || timeFields.length ? formatDates : undefined;
  const orderingFields = [...scalarFields(meta, hidden).filter((f) => f.type !== 'Json').map((f) => f.name), ...sortable];
  const defaultOrdering = config.ordering?.length ? config.ordering.join(',') : names.has('created_at') ? '-id' : 'id';
  for (const term of defaultOrdering.split(',')) {
    if (!orderingFields.includes(term.replace(/^-/, '')) && term.replace(/^-/, '') !== 'id') throw new Error(`${config.base}: unknown ordering "${term}"`);
  }
  return {
    base: config.base,
    table: meta.table,
    model: config.model,
    delegate: (db: Db) => (db as unknown as Record<string, Delegate>)[lowerFirst(config.model)],
    access: config.access,
    readOnly: config.readOnly,
    activeField,
    campusFilter: (config.campusFilter as ResourceDefinition['campusFilter']) ?? (names.has('campus_id') ? (campusId: number) => ({ campus_id: campusId }) : undefined),
    periodFilter: config.periodFilter as ResourceDefinition['periodFilter'],
    select: deriveSelect(meta, [...hidden, 'search_text'], config.include),
    listSelect: config.listRelations ? listSelect(deriveSelect(meta, [...hidden, 'search_text'], config.include), meta, config.listRelations as readonly string[]) : undefined,
    serialize,
    searchFields: search,
    searchText: names.has('search_text'),
    filters: { ...deriveFilters(meta), ...config.filters },
    orderingFields,
    defaultOrdering,
    createSchema: create,
    updateSchema: update,
    relationAliases: relationAliases(meta),
    fieldOverrides: Object.keys(config.fields ?? {}),
    // The engine passes the input its schemas parsed; the definition reads it with the model's types.
    inputToData: config.inputToData as ResourceDefinition['inputToData'],
    auditExclude: [...hidden, ...(config.auditExclude ?? [])],
    scope: (config.ownRows ? ownRows(config.ownRows) : config.scope) as ResourceDefinition['scope'],
    states: config.states,
    beforeDelete: config.beforeDelete,
    afterWrite: config.afterWrite,
    afterDelete: config.afterDelete,
    afterChange: config.afterChange,
    // Without its own list, an export's columns are derived from the model (server/engine/export.ts).
    exportColumns: config.exportColumns,
    actions: config.actions,
    files: config.files ? deriveFileFields(meta, config.files as Record<string, Omit<FileField, 'required'>>) : undefined,
  };
}

function deriveFileFields(meta: ModelMeta, files: Record<string, Omit<FileField, 'required'>>): Record<string, FileField> {
  return Object.fromEntries(
    Object.entries(files).map(([name, field]) => {
      const column = meta.fields.find((f) => f.name === name);
      if (!column) throw new Error(`${meta.name}.${name}: no such file field`);
      return [name, { ...field, required: !column.optional && !column.hasDefault } as FileField];
    }),
  );
}
