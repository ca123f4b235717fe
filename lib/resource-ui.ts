// The serializable projection of a resource for its screens: which columns a list shows, which
// fields a form edits and how they validate, which row actions exist. Plain data only (no
// functions), so a server page can hand it to the client list and form. The pure helpers below
// (values <-> request body, client validation, URL <-> list state, server errors) are shared by
// every generic screen and are unit-testable without React.
import { type AccessSubject, hasPermission } from '@/lib/auth/access';
import { firstMessage } from './error-messages';
import { formatDate, parseDisplayDate } from './format';

// ---------------------------------------------------------------------------------------------
// Configuration types

/** `file`: a stored file's path, shown as its file name. */
export type ColumnType = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'money' | 'chips' | 'status' | 'file' | 'enum';

export type ListColumn = {
  /** A record field; dotted paths read nested objects (`campus.name`). */
  field: string;
  headerKey: string;
  type: ColumnType;
  width?: number;
  /** Share of the remaining width (columns without a width get 1). */
  flex?: number;
  /** Defaults to true, except for chips. */
  sortable?: boolean;
  /** The `ordering` name when it differs from `field` (`campus.name` -> `campus__name`). */
  sortField?: string;
  /** For chips: the property of each item to show (default `name`). */
  chipField?: string;
  /** Hidden on phones to keep the grid readable. */
  hideOnSmall?: boolean;
  /** For enums: the enum whose values are named in `enums.<enumType>.<value>`. */
  enumType?: string;
};

export type FieldType =
  | 'text'
  | 'password'
  | 'email'
  | 'number'
  | 'decimal'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'textarea'
  | 'routes'
  /** A file upload (sent as multipart); see FormField.file. */
  | 'file';

export type OptionValue = string | number | boolean;
export type FieldOption = { value: OptionValue; labelKey: string };

/** Options read from another resource (`GET {base}?no_paginate=true`), identified by `id`. */
export type OptionsSource = {
  base: string;
  labelField: string;
  /** A second, smaller text to tell similar options apart (a career's campus). */
  detailField?: string;
  /** Extra list parameters, e.g. `{ status: 'true' }`; `{field}` is the form's value of that field. */
  query?: Record<string, string>;
};

/**
 * The source with `{field}` placeholders filled from a form's values; null while one of them is
 * empty (a plan's prerequisites cannot be listed before the plan is chosen).
 */
export function resolveSource(source: OptionsSource | undefined, values: FormValues | undefined): OptionsSource | undefined | null {
  if (!source?.query) return source;
  const query: Record<string, string> = {};
  for (const [key, raw] of Object.entries(source.query)) {
    const placeholder = /^\{(\w+)\}$/.exec(raw);
    const value = placeholder ? values?.[placeholder[1]] : raw;
    if (value === undefined || value === '' || typeof value === 'object') return null;
    query[key] = String(value);
  }
  return { ...source, query };
}

export type FormField = {
  name: string;
  labelKey: string;
  type: FieldType;
  section: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  /** Bounds for number and decimal fields. */
  min?: number;
  max?: number;
  /** Most decimal places a decimal field accepts. */
  decimals?: number;
  options?: FieldOption[];
  optionsFrom?: OptionsSource;
  /** Only on create (an initial password). */
  createOnly?: boolean;
  /** Shown read-only; never sent. */
  readOnly?: boolean;
  helperKey?: string;
  /**
   * A secret the API never returns: this names the boolean record field that says one is stored.
   * The input starts empty, shows "(stored)" and is sent only when something is typed.
   */
  storedFlag?: string;
  /** Value on create when the record has none. */
  defaultValue?: OptionValue | OptionValue[];
  /** Grid columns out of 12 from the `sm` breakpoint up (default 6, textarea/routes 12). */
  span?: 4 | 6 | 8 | 12;
  /** A file field: the extensions it takes, and where a stored file is read (`{base}{id}/file/{name}/`). */
  file?: { accept: string; base?: string };
};

export type FormSection = { key: string; titleKey: string; descriptionKey?: string };

export type ListFilter = {
  /** The list parameter (`is_staff`). */
  param: string;
  labelKey: string;
  type: 'boolean' | 'select';
  options?: FieldOption[];
  /** Choices read from another resource (careers, periods...). */
  optionsFrom?: OptionsSource;
};

export type Ability = 'view' | 'create' | 'edit' | 'delete' | 'history' | 'export';
export type Abilities = Record<Ability, boolean>;

export type ActionIcon =
  | 'edit'
  | 'history'
  | 'delete'
  | 'open'
  | 'key'
  | 'activate'
  | 'deactivate'
  | 'lock'
  | 'unlock'
  | 'send'
  | 'download'
  | 'grade';

type RowActionBase = {
  key: string;
  labelKey: string;
  icon: ActionIcon;
  /** What the user must be allowed to do to see it (default `edit`). */
  ability?: Ability;
  /** Shown only when the record's field equals the value (activate vs. deactivate). */
  showIf?: { field: string; equals: OptionValue | null };
  /** A yes/no question asked first; `{label}` is the record's label. */
  confirmKey?: string;
  /** Snackbar text after it succeeds. */
  successKey?: string;
};

export type RowAction =
  /** Opens a page; `{id}` in the address is replaced by the record id. */
  | (RowActionBase & { kind: 'link'; href: string })
  /** Saves the record with one field changed (PUT), e.g. `is_active: false`. */
  | (RowActionBase & { kind: 'update'; set: { field: string; value: OptionValue } })
  /** Asks for a new password twice and POSTs `{password, password_confirm}` to `{base}{id}/{path}`. */
  | (RowActionBase & { kind: 'password'; path: string; minLength?: number })
  /** Handled by the client component that renders the list (its `onAction` prop). */
  | (RowActionBase & { kind: 'custom' });

/** Sent on `window` by a panel that changed the rows of the lists below it: they reload. */
export const RELOAD_LISTS_EVENT = 'plantel:reload-lists';

/** The message key that names an enum value: `enums.ExtraordinaryStatus.PAID`. */
export const enumKey = (enumType: string, value: unknown) => `enums.${enumType}.${String(value)}`;

export type ScreenConfig = {
  /** The API base, with its slashes: `/manage/api/users/`. */
  base: string;
  titleKey: string;
  descriptionKey?: string;
  /** Dialog titles: "New user" / "Edit user". */
  createTitleKey: string;
  editTitleKey: string;
  /** The field that names a record in questions and titles (`username`). */
  labelField: string;
  columns: ListColumn[];
  fields: FormField[];
  sections: FormSection[];
  filters: ListFilter[];
  /** Sent when the user has not sorted (`name`, `-id`). */
  defaultOrdering: string;
  searchable: boolean;
  /** The active/inactive/all selector (the list's `status` parameter); default true. */
  statusFilter?: boolean;
  allowCreate: boolean;
  allowDelete: boolean;
  allowExport: boolean;
  /** Default true. */
  allowHistory?: boolean;
  rowActions: RowAction[];
  /** List parameters every request of the screen carries (a child list's parent, a report's kind). */
  fixedQuery?: Readonly<Record<string, string>>;
  /** Inside another page (a record's child list): the list's state is not mirrored in the address. */
  embedded?: boolean;
  /**
   * The permission prefix of the resource (`users` -> `users.add`, `users.change`, ...), used by
   * `abilitiesFor`.
   */
  permission?: string;
};

// ---------------------------------------------------------------------------------------------
// Who may do what

const ABILITY_CODES: Record<Ability, string> = {
  view: 'view',
  create: 'add',
  edit: 'change',
  delete: 'delete',
  history: 'view',
  export: 'view',
};

/**
 * What the screen offers a user who may open it. Superusers do everything. A user who holds
 * permissions of this resource (`users.change`, ...) gets exactly those; one who holds none gets
 * everything, because the route itself is the grant in installations that only use roles. The
 * API checks again on every call: this only hides buttons that would be refused.
 */
export function abilitiesFor(subject: AccessSubject, config: Pick<ScreenConfig, 'permission' | 'allowCreate' | 'allowDelete' | 'allowExport' | 'allowHistory'>): Abilities {
  const prefix = config.permission;
  const granular = !!prefix && !subject.is_superuser && subject.permissions.some((code) => code.startsWith(`${prefix}.`));
  const may = (ability: Ability) => !granular || hasPermission(subject, `${prefix}.${ABILITY_CODES[ability]}`);
  return {
    view: may('view'),
    create: config.allowCreate && may('create'),
    edit: may('edit'),
    delete: config.allowDelete && may('delete'),
    history: config.allowHistory !== false && may('history'),
    export: config.allowExport && may('export'),
  };
}

// ---------------------------------------------------------------------------------------------
// Records and form values

export type ApiRecord = Record<string, unknown> & { id?: number | string };
/** A chosen upload is a File until the form is sent. */
export type FormValue = string | boolean | OptionValue[] | File;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'create' | 'edit';

/** Reads `a.b.c` from a record. */
export function readPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function recordLabel(record: ApiRecord | null | undefined, labelField: string): string {
  if (!record) return '';
  const value = readPath(record, labelField);
  return value === null || value === undefined || value === '' ? `#${record.id ?? ''}` : String(value);
}

/** Fields the form shows in this mode. */
export function visibleFields(fields: FormField[], mode: FormMode): FormField[] {
  return fields.filter((field) => mode === 'create' || !field.createOnly);
}

/** A foreign key arrives as `{id, ...}` and leaves as its id (api.md). */
function idOf(value: unknown): OptionValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? id : null;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** The form's starting values: text inputs hold strings, selections hold ids. */
export function initialValues(fields: FormField[], record: ApiRecord | null | undefined, mode: FormMode): FormValues {
  const values: FormValues = {};
  for (const field of visibleFields(fields, mode)) {
    const raw = record ? record[field.name] : undefined;
    const fallback = mode === 'create' ? field.defaultValue : undefined;
    switch (field.type) {
      case 'boolean':
        values[field.name] = typeof raw === 'boolean' ? raw : fallback === true;
        break;
      case 'multiselect':
      case 'routes': {
        const list = Array.isArray(raw) ? raw : Array.isArray(fallback) ? fallback : [];
        values[field.name] = list.map(idOf).filter((v): v is OptionValue => v !== null);
        break;
      }
      case 'select': {
        const id = idOf(raw ?? fallback);
        values[field.name] = id === null ? '' : String(id);
        break;
      }
      case 'password':
      case 'file':
        values[field.name] = '';
        break;
      case 'date':
        // Shown and typed day first (dd/mm/yyyy); sent as YYYY-MM-DD.
        values[field.name] = formatDate(typeof raw === 'string' ? raw.slice(0, 10) : typeof fallback === 'string' ? fallback : '');
        break;
      default:
        values[field.name] = raw === null || raw === undefined ? (fallback === undefined || Array.isArray(fallback) ? '' : String(fallback)) : String(raw);
    }
  }
  return values;
}

function optionFor(field: FormField, text: string): OptionValue {
  if (field.optionsFrom) return /^\d+$/.test(text) ? Number(text) : text;
  const option = field.options?.find((candidate) => String(candidate.value) === text);
  return option ? option.value : text;
}

/**
 * The request body for POST/PUT: numbers as numbers, decimals as exact strings ("6.50"),
 * selections as ids, empty optional values as null. Secrets are sent only when typed.
 */
export function toBody(fields: FormField[], values: FormValues, mode: FormMode, id?: number | string | null): ApiRecord {
  const body: ApiRecord = {};
  if (mode === 'edit' && id !== undefined && id !== null) body.id = id;
  for (const field of visibleFields(fields, mode)) {
    if (field.readOnly) continue;
    const value = values[field.name];
    switch (field.type) {
      case 'boolean':
        body[field.name] = value === true;
        break;
      case 'multiselect':
        body[field.name] = Array.isArray(value) ? value.map((item) => (field.optionsFrom ? optionFor(field, String(item)) : item)) : [];
        break;
      case 'routes':
        body[field.name] = Array.isArray(value) ? value.map(String) : [];
        break;
      case 'select': {
        const text = typeof value === 'string' ? value : '';
        body[field.name] = text === '' ? null : optionFor(field, text);
        break;
      }
      case 'number': {
        const text = typeof value === 'string' ? value.trim() : '';
        body[field.name] = text === '' ? null : Number(text);
        break;
      }
      case 'decimal': {
        const text = typeof value === 'string' ? value.trim() : '';
        body[field.name] = text === '' ? null : text;
        break;
      }
      case 'date': {
        const text = typeof value === 'string' ? value.trim() : '';
        body[field.name] = text === '' ? null : (parseDisplayDate(text) ?? text);
        break;
      }
      case 'file':
        // Only a newly chosen file is sent; nothing chosen keeps the stored one.
        if (isFile(value)) body[field.name] = value;
        break;
      case 'password': {
        const text = typeof value === 'string' ? value : '';
        // An untouched secret means "keep the stored one".
        if (text === '' && (field.storedFlag || mode === 'edit')) continue;
        body[field.name] = text;
        break;
      }
      default:
        body[field.name] = typeof value === 'string' ? value.trim() : '';
    }
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Client validation (the same rules as the API's, so most mistakes never make a round trip)

/** A message key of the `errors` namespace and its values. */
export type FieldError = { key: string; values?: Record<string, string | number> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** `student-documents/<uuid>/Acta.pdf` -> `Acta.pdf`; null for no file. */
export function storedFileName(stored: unknown): string | null {
  return typeof stored === 'string' && stored ? (stored.split('/').pop() ?? null) : null;
}

/** The API's limit (spec: "Upload files must be under 5MB"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export function isFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File;
}

export function validateField(field: FormField, value: FormValue | undefined, mode: FormMode = 'create'): FieldError | null {
  if (field.readOnly) return null;
  if (field.type === 'boolean') return null;
  if (field.type === 'file') {
    if (isFile(value)) return value.size > MAX_UPLOAD_BYTES ? { key: 'errors.file_too_large' } : value.size === 0 ? { key: 'errors.file_required' } : null;
    return field.required && mode === 'create' ? { key: 'errors.file_required' } : null;
  }
  if (Array.isArray(value)) {
    return field.required && value.length === 0 ? { key: 'errors.required' } : null;
  }
  const text = typeof value === 'string' ? (field.type === 'password' ? value : value.trim()) : '';
  if (text === '') return field.required && !field.storedFlag ? { key: 'errors.required' } : null;
  if (field.maxLength !== undefined && text.length > field.maxLength) return { key: 'errors.max_length', values: { max: field.maxLength } };
  if (field.minLength !== undefined && text.length < field.minLength) return { key: 'errors.min_length', values: { min: field.minLength } };
  if (field.type === 'email' && !EMAIL.test(text)) return { key: 'errors.email' };
  if (field.type === 'date' && parseDisplayDate(text) === null) return { key: 'errors.date' };
  if (field.type === 'number' || field.type === 'decimal') {
    if (field.type === 'number' && !INTEGER.test(text)) return { key: DECIMAL_TEXT.test(text) ? 'errors.type_integer' : 'errors.type_number' };
    if (field.type === 'decimal' && !DECIMAL_TEXT.test(text)) return { key: 'errors.type_decimal' };
    const places = text.split('.')[1]?.length ?? 0;
    if (field.decimals !== undefined && places > field.decimals) return { key: 'errors.max_decimals', values: { places: field.decimals } };
    // Comparing bounds in floating point is fine: bounds are small and not money.
    const number = Number(text);
    if (field.min !== undefined && number < field.min) return { key: 'errors.min_value', values: { min: field.min } };
    if (field.max !== undefined && number > field.max) return { key: 'errors.max_value', values: { max: field.max } };
  }
  return null;
}

export function validateValues(fields: FormField[], values: FormValues, mode: FormMode): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of visibleFields(fields, mode)) {
    const error = validateField(field, values[field.name], mode);
    if (error) errors[field.name] = error;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Server errors (400 `{field: [..], non_field_errors: [..]}`, others `{detail}`)

export type ServerErrors = {
  /** Messages for fields the form shows, by field name. */
  fields: Record<string, string>;
  /** Messages for the top of the form: `non_field_errors`, `detail`, and fields it does not show. */
  general: { field: string | null; message: string }[];
};

export function serverErrors(data: unknown, shownFields: readonly string[]): ServerErrors {
  const result: ServerErrors = { fields: {}, general: [] };
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    const message = firstMessage(data);
    if (message) result.general.push({ field: null, message });
    return result;
  }
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const message = firstMessage(value);
    if (!message) continue;
    if (key === 'non_field_errors' || key === 'detail') result.general.push({ field: null, message });
    else if (shownFields.includes(key)) result.fields[key] = message;
    else result.general.push({ field: key, message });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// List state <-> URL query <-> API query

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type StatusChoice = 'all' | 'true' | 'false';

export type ListState = {
  /** Zero-based, as the grid counts. */
  page: number;
  pageSize: number;
  search: string;
  /** The user's sort; empty = the screen's default ordering. */
  ordering: string;
  status: StatusChoice;
  filters: Record<string, string>;
};

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function queryValue(query: QueryInput, key: string): string {
  if (query instanceof URLSearchParams) return query.get(key) ?? '';
  const value = query[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The list state a page address describes (unknown or bad values fall back to defaults). */
export function parseListState(query: QueryInput, config: Pick<ScreenConfig, 'filters'>): ListState {
  const page = Number.parseInt(queryValue(query, 'page'), 10);
  const size = Number.parseInt(queryValue(query, 'page_size'), 10);
  const status = queryValue(query, 'status');
  const filters: Record<string, string> = {};
  for (const filter of config.filters) {
    const value = queryValue(query, filter.param);
    if (value) filters[filter.param] = value;
  }
  return {
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: queryValue(query, 'search').slice(0, 200),
    ordering: /^-?[\w.]+$/.test(queryValue(query, 'ordering')) ? queryValue(query, 'ordering') : '',
    status: status === 'true' || status === 'false' ? status : 'all',
    filters,
  };
}

/** The filters shared by the list, its address and its export (no page). */
function filterParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.status !== 'all') params.set('status', state.status);
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params.set(key, value);
  return params;
}

/** The page address's query: only what differs from the defaults, so plain links stay clean. */
export function listStateToUrlQuery(state: ListState): string {
  const params = new URLSearchParams();
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(state.pageSize));
  if (state.ordering) params.set('ordering', state.ordering);
  for (const [key, value] of filterParams(state)) params.set(key, value);
  return params.toString();
}

export function listApiPath(base: string, state: ListState, defaultOrdering: string, fixed: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams({ ...fixed, page: String(state.page + 1), page_size: String(state.pageSize) });
  const ordering = state.ordering || defaultOrdering;
  if (ordering) params.set('ordering', ordering);
  for (const [key, value] of filterParams(state)) params.set(key, value);
  return `${base}?${params.toString()}`;
}

export function exportApiPath(base: string, state: ListState, defaultOrdering: string, format: 'xlsx' | 'csv', fixed: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams({ ...fixed, format });
  const ordering = state.ordering || defaultOrdering;
  if (ordering) params.set('ordering', ordering);
  for (const [key, value] of filterParams(state)) params.set(key, value);
  return `${base}export/?${params.toString()}`;
}

/** A list answer is `{data, pages, elements}`, or a plain array with `no_paginate`. */
export function readListAnswer(data: unknown): { rows: ApiRecord[]; total: number } {
  if (Array.isArray(data)) return { rows: data as ApiRecord[], total: data.length };
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)) {
    const envelope = data as { data: ApiRecord[]; elements?: unknown };
    return { rows: envelope.data, total: typeof envelope.elements === 'number' ? envelope.elements : envelope.data.length };
  }
  return { rows: [], total: 0 };
}

/** Replaces `{id}` in an action's address. */
export function actionHref(href: string, record: ApiRecord): string {
  return href.replace('{id}', encodeURIComponent(String(record.id ?? '')));
}

/** Whether a row action applies to this record. */
export function actionApplies(action: RowAction, record: ApiRecord): boolean {
  if (!action.showIf) return true;
  const value = readPath(record, action.showIf.field);
  return (value ?? null) === action.showIf.equals;
}
