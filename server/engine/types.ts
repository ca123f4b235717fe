// A resource definition: one object per resource base of the spec yields its API, its access
// rules, its row scope and (projected) its screens. See architecture.md, "One definition per resource".
import type { HistoryEntry } from './audit';
import type { z } from 'zod';
import type { Actor } from '@/server/auth/actor';
import type { Prisma, PrismaClient } from '@/server/db/client';
import type { ActionContext, OperationContext } from './context';
import type { StateTable } from './states';
import type { ActionContract, ParsedInputOf, ParsedQueryOf } from '@/lib/contracts/contract';

export type Db = PrismaClient | Prisma.TransactionClient;
export type Row = Record<string, unknown>;
export type Where = Record<string, unknown>;

/** The part of a Prisma model delegate the engine uses; each definition picks its own delegate. */
export type Delegate = {
  findMany(args: object): Promise<Row[]>;
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
  create(args: object): Promise<Row>;
  update(args: object): Promise<Row>;
  delete(args: object): Promise<Row>;
};

/** `enumType` names an enum's values for the screens (`enums.<enumType>.<value>`). */
export type FilterKind = 'int' | 'bool' | 'string' | 'date' | { choices: readonly string[]; enumType?: string };

/** "none" means the actor may see no row at all; undefined means no restriction. */
export type ScopeResult<W = Where> = W | 'none' | undefined;

export type Access = {
  /** Screen routes whose holders may read and write the resource. */
  routes: readonly string[];
  /** Routes that may only read (e.g. a lookup list used by another screen). */
  readRoutes?: readonly string[];
  /** Permission prefix: `<prefix>.view` reads, `<prefix>.add|change|delete` write. */
  permission?: string;
  /** Any signed-in user may read (small public catalogues: campuses, periods). */
  anyoneReads?: boolean;
  /** Kinds of user who read their own rows (through the row scope) without any route. */
  ownReaders?: readonly ('student' | 'teacher' | 'aspirant')[];
  /** Kinds of user who change (never create or delete) their own rows, through the row scope: an
   * applicant's pre-form. The definition decides which fields they may set. */
  ownEditors?: readonly ('student' | 'teacher' | 'aspirant')[];
  /** Kinds of user who add rows of their own (an applicant's documents): the definition's
   * inputToData makes the row theirs, whatever the input says. */
  ownCreators?: readonly ('student' | 'teacher' | 'aspirant')[];
};

export type WriteContext = {
  tx: Prisma.TransactionClient;
  ctx: OperationContext;
  actor: Actor;
  existing: Row | null;
  /** After inputToData: the data the write stores (what a hook may read instead of asking again). */
  data?: Row;
};

/**
 * An action returns plain data (answered as JSON 200), a StatusResult (201, 202, 204) or a
 * FileResult (server/engine/results.ts), or throws the one error class (server/errors.ts).
 */
export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;

export type ActionDefinition = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path after the base, e.g. "{id}/change_password/" or "stats/". */
  path: string;
  /** Which right the action needs on the resource; actions may check more themselves. */
  needs: 'read' | 'write' | 'signed-in';
  /** Whether it changes data (default: every method but GET). A GET that writes says so: a
   * cookie-authenticated call that changes data must come from the app's own pages. */
  changesData?: boolean;
  handler: ActionHandler;
  /** Its contract (lib/contracts): the dispatcher parses the body and query with it before the
   * handler runs, the API document shows it, and test runs check every answer against it. */
  contract?: ActionContract;
};

/** What a contract's handler receives: the context with the body and query already parsed. */
export type ContractContext<C extends ActionContract> = ActionContext & { input: ParsedInputOf<C>; queryInput: ParsedQueryOf<C> };

/**
 * A resource's (or group's) action from its contract: the contract says where it is and what it
 * takes and answers; this adds who may call it and what it does.
 */
export function defineAction<C extends ActionContract>(
  contract: C,
  options: { needs: ActionDefinition['needs']; changesData?: boolean; handler: (ctx: ContractContext<C>) => Promise<unknown> },
): ActionDefinition {
  return {
    method: contract.method,
    path: contract.path,
    needs: options.needs,
    changesData: options.changesData,
    contract,
    handler: options.handler as ActionHandler,
  };
}

/** A field that holds a file, set only by uploading one (multipart, under the field's name). */
export type FileField = {
  /** What the bytes may be. */
  kinds: readonly ('pdf' | 'image' | 'certificate' | 'private-key')[];
  /** Narrows the kinds to these detected extensions (a logo printed by pdfkit: png and jpg only). */
  extensions?: readonly string[];
  required: boolean;
} & (
  | /** On disk under UPLOAD_DIR/<folder>/; the column holds the stored path. */ { storage: 'disk'; folder: string }
  | /** In the column itself, as base64 (certificates; the definition may encrypt it). */ { storage: 'base64' }
);

/**
 * A column of an export: a wire field, headed by the label the screens use (`fields.<field>` unless
 * `labelKey`). Codes of a fixed set are named by their messages: an enum's (`enums.<enumType>.<value>`)
 * or any group's (`valuesKey`: "settings.roles.categories" names "staff" as "Personal").
 */
export type ExportColumn = { field: string; labelKey?: string; width?: number; enumType?: string; valuesKey?: string };

export type ResourceDefinition = {
  /** Full base path without leading slash, e.g. "manage/api/users/". */
  base: string;
  /** Name used in the audit history and in messages (`tables.<table>`). */
  table: string;
  /** The Prisma model, when the definition is derived from the data model. */
  model?: string;
  /** Relation names accepted in payloads and filters for their foreign-key column ("career" -> "career_id"). */
  relationAliases?: Readonly<Record<string, string>>;
  /** Fields whose schema the definition states itself: forms leave their checking to the API. */
  fieldOverrides?: readonly string[];
  /** The table has a `search_text` column (unaccented, lower-case): search uses it and its trigram index. */
  searchText?: boolean;
  delegate: (db: Db) => Delegate;
  access: Access;
  readOnly?: boolean;
  /** One row that is edited, never created nor deleted (the system settings). */
  singleton?: boolean;
  /** The active flag the `status` query parameter filters; null when the resource has none. */
  activeField?: string | null;
  /** The field the `campus_id` query parameter filters (e.g. "campus_id" or a relation path). */
  campusFilter?: (campusId: number) => Where;
  /** `cicle_id=` for a resource that belongs to a period through a relation (a request through its schedule's group). */
  periodFilter?: (cicleId: number) => Where;
  /** Prisma select of what show (and, without listSelect, list) returns. */
  select: Record<string, unknown>;
  /** A lighter select for lists and exports: the relations a list shows (each one is a join). */
  listSelect?: Record<string, unknown>;
  /** Shapes a selected row for the wire (e.g. flattening join rows); defaults to the row. */
  serialize?: (row: Row) => Row;
  searchFields: readonly string[];
  filters: Readonly<Record<string, FilterKind>>;
  /** Filters read under another name than their column: an applicant's admission step is the
   * `status` column, while lists use `status=true|false` for the active flag. */
  filterColumns?: Readonly<Record<string, string>>;
  orderingFields: readonly string[];
  defaultOrdering: string;
  createSchema?: z.ZodType;
  updateSchema?: z.ZodType;
  /** Turns validated input into Prisma `data` (relations, hashing, encryption). */
  inputToData?: (input: Row, write: WriteContext) => Promise<Row> | Row;
  /** Fields never recorded in the history (passwords, secrets). */
  auditExclude?: readonly string[];
  scope?: (actor: Actor) => ScopeResult;
  /** The state table of the aggregate the resource belongs to (server/engine/states.ts): the generic
   * update, delete and create consult it and answer 409 for what the record's state forbids. */
  states?: StateTable;
  beforeDelete?: (write: WriteContext) => Promise<void>;
  /**
   * Runs inside the write's transaction once the record is saved (created or updated), for what
   * follows from it: a payment settles its sale. `existing` is the record before the write. The
   * history rows it returns are written with the record's own, in one statement.
   */
  afterWrite?: (id: number, write: WriteContext) => Promise<void | readonly HistoryEntry[]>;
  /** Runs inside the delete's transaction once the record is gone (`existing` is what it was). */
  afterDelete?: (write: WriteContext) => Promise<void>;
  /** Runs after a committed create, update or delete (e.g. forgetting cached actors). */
  afterChange?: () => void | Promise<void>;
  exportColumns?: readonly ExportColumn[];
  actions?: readonly ActionDefinition[];
  /** Fields that hold files, by field name. */
  files?: Readonly<Record<string, FileField>>;
  /**
   * Fields that take a list of ids of another resource (a subject's prerequisites), and where a
   * form finds the choices; `{field}` in `query` is the form's current value of that field.
   */
  idLists?: Readonly<Record<string, { base: string; labelField: string; detailField?: string; query?: Readonly<Record<string, string>> }>>;
};

/**
 * Actions at paths of the spec that belong to no resource (`reports/api/get_new_students/`,
 * `reports/attendance-list-export/`): a base, who may use them, and the actions below it. The
 * dispatcher runs them like a resource's actions (same authorization, errors and answers).
 */
export type ActionGroup = {
  /** Full base path without leading slash, e.g. "reports/". */
  base: string;
  access: Access;
  actions: readonly ActionDefinition[];
};

/** What a create or an update parsed; a definition with one schema only (a singleton's update) gets its. */
type ParsedInput<Create extends z.ZodType, Update extends z.ZodType> = unknown extends z.output<Create> ? z.output<Update> : unknown extends z.output<Update> ? z.output<Create> : z.output<Create> | z.output<Update>;

/**
 * A hand-written definition (users, roles, permissions, settings): typed like a derived one where
 * it counts. `inputToData` receives what its schemas parsed, typed from them (a PUT's input may
 * leave any field out).
 */
export function defineResource<Create extends z.ZodType = z.ZodType, Update extends z.ZodType = z.ZodType>(
  definition: Omit<ResourceDefinition, 'createSchema' | 'updateSchema' | 'inputToData'> & {
    createSchema?: Create;
    updateSchema?: Update;
    inputToData?: (input: ParsedInput<Create, Update>, write: WriteContext) => Promise<Row> | Row;
  },
): ResourceDefinition {
  return definition as ResourceDefinition;
}

/** Narrows a Prisma delegate to the engine's view of it (the engine passes plain args objects). */
export function delegate<T>(pick: (db: Db) => T): (db: Db) => Delegate {
  return (db) => pick(db) as unknown as Delegate;
}
