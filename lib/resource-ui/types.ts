// The configuration of a generic screen: which columns a list shows, which fields a form edits and
// how they validate, which row actions exist. Plain data only (no functions), so a server page can
// hand it to the client list and form.
import type { FieldSpec } from '../field-schema';
import type { ReferenceSpec } from './records';
import type { StateKind } from './states';

/** `months`: a list of tuition months, `[{month, year}]` (a reinscription's months to pay), by name. */
/** `percent`: a rate kept as a fraction, read as a percentage (0.1 as "10 %"). */
/** `folio`: the row's number as a document prints it (a sale's "000123"), read from the row's id. */
export type ColumnType = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'money' | 'chips' | 'status' | 'file' | 'enum' | 'reference' | 'state' | 'months' | 'percent' | 'folio';

export type ListColumn = {
  /** A record field; dotted paths read nested objects (`campus.name`). */
  field: string;
  headerKey: string;
  type: ColumnType;
  width?: number;
  /** Share of the remaining width (columns without a width get 1). */
  flex?: number;
  /** The least width of a flexible column (120 unless said): a person's name is never cut to a few letters. */
  minWidth?: number;
  /** Defaults to true, except for chips. */
  sortable?: boolean;
  /** The `ordering` name when it differs from `field` (`campus.name` -> `campus__name`). */
  sortField?: string;
  /** For chips: the property of each item to show (default `name`). */
  chipField?: string;
  /** For chips: one line of text instead ("Colegiatura, Credencial"), cut with an ellipsis and whole on hover (long names, such as a sale's concepts). */
  joined?: boolean;
  /** Hidden on phones to keep the grid readable. */
  hideOnSmall?: boolean;
  /** For enums: the enum whose values are named in `enums.<enumType>.<value>`. */
  enumType?: string;
  /** For references: how the pointed-to record (the field's object) is named. */
  reference?: ReferenceSpec;
  /** A reference column naming the row itself (a person's full name from its name fields). */
  self?: boolean;
  /** For `state` columns: which rule names and colours the row's state (lib/resource-ui/states.ts). */
  state?: StateKind;
  /** Stored keys shown by their names: the text is `{valuesKey}.{value}` when the catalogue has it ("settings.roles.categories.staff"). */
  valuesKey?: string;
};

export type FieldType =
  | 'text'
  | 'password'
  | 'email'
  | 'number'
  | 'decimal'
  | 'boolean'
  | 'select'
  /** A record of a large table (a student, a sale), found by typing its name, number or code. */
  | 'reference'
  | 'multiselect'
  | 'date'
  | 'textarea'
  /** One of a few fixed values, all in view (sex). */
  | 'radio'
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
  /** A reference's words that name the record, joined ("López Martínez Ana"); else labelField. */
  labelFields?: readonly string[];
  /** A reference: the relation of the edited record that holds the chosen record's label. */
  relation?: string;
  /** A reference: how its records are named (see ReferenceSpec); else from labelFields. */
  reference?: ReferenceSpec;
  /** Extra list parameters, e.g. `{ status: 'true' }`; `{field}` is the form's value of that field. */
  query?: Record<string, string>;
};

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
  /** A rate kept as a fraction (0.1) that people type and read as a percentage from 0 to 100 (10). */
  percent?: boolean;
  options?: FieldOption[];
  optionsFrom?: OptionsSource;
  /** Only on create (an initial password). */
  createOnly?: boolean;
  /** Only when editing (a cancellation note, a lock, a state): a new record has none. Not sent on create. */
  editOnly?: boolean;
  /** Set by the page (a child list's parent record): sent with its default value, not shown. */
  hidden?: boolean;
  /** Starts, on create, from the campus or period chosen in the top bar. */
  defaultFrom?: 'campus' | 'cicle';
  /** Computed from another field and shown read-only (age from the birth date); never sent. */
  derived?: { kind: 'age'; from: string };
  /** Shown read-only; never sent. */
  readOnly?: boolean;
  helperKey?: string;
  /**
   * On a new record, a hint read from the API while the field is empty: `path` is a GET action,
   * `field` the answer's value shown, `messageKey` the text that shows it as `{value}` (the control
   * number a blank one would get).
   */
  hintFrom?: { path: string; field: string; messageKey: string };
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
  /**
   * What the API validates the field with (lib/field-schema.ts): the form checks typed values with
   * the same schema. Derived screens carry the data model's; hand-written forms leave it out and
   * the field's own limits (maxLength, min, decimals...) make one.
   */
  spec?: FieldSpec;
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
  /** The value the list starts with when its address names none (the top bar's period); the
   * address then says `param=` when the user chooses "all". */
  initial?: string;
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
  | 'grade'
  | 'cancel'
  /** An extraordinary exam's capture. */
  | 'extra'
  /** A title of sufficiency (T.S.) exam's capture. */
  | 'sufficiency'
  /** A week of classes (a group's schedule). */
  | 'schedule';

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
  /**
   * Asks why, and will not go on without it (a deactivation, a cancellation): the reason is kept in
   * the record's history and, when `field` is set, in the record itself (a sale's cancel note).
   */
  reason?: { field?: string };
};

export type RowAction =
  /** Opens a page; `{id}` in the address is replaced by the record id. */
  | (RowActionBase & { kind: 'link'; href: string })
  /** Saves the record with one field changed (PUT), e.g. `is_active: false`. */
  | (RowActionBase & { kind: 'update'; set: { field: string; value: OptionValue } })
  /** Runs the owner's named operation: POSTs `{reason}` (when it asks one) to `{base}{id}/{path}`
   * (a sale's cancel/, an applicant's delete_aspirant/). */
  | (RowActionBase & { kind: 'post'; path: string })
  /** Asks for a new password twice and POSTs `{password, password_confirm}` to `{base}{id}/{path}`. */
  | (RowActionBase & { kind: 'password'; path: string; minLength?: number })
  /** Handled by the client component that renders the list (its `onAction` prop). */
  | (RowActionBase & { kind: 'custom' });

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
  /** How a record names itself in titles and questions ("López Martínez Ana"); else labelField. */
  recordName?: ReferenceSpec;
  /** What one record is called ("records.students": "alumno"), for "Editar alumno: …". */
  recordKey?: string;
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
  /** A new record's page opens once it is saved (a new student's: her welcome sheet is there). */
  openAfterCreate?: boolean;
  /**
   * The permission prefix of the resource (`users` -> `users.add`, `users.change`, ...), used by
   * `abilitiesFor`.
   */
  permission?: string;
  /** The records have a state table (server/engine/states.ts): a record's page reads
   * `{base}{id}/state/` and locks the fields its state does not let change. */
  states?: boolean;
};

/** A record's state as `{base}{id}/state/` answers it: what may change, whether it may go. */
export type RecordState = { state: string; label: string; update: readonly string[] | '*'; delete: boolean; operations: readonly string[] };

/** What a record page's header shows besides the record's name. */
export type RecordHeader = {
  /** What one record is ("records.students"), shown above the name. */
  kindKey?: string;
  /** The record's key facts (its career, group, state...), read as the list shows them. */
  facts: ListColumn[];
  /** The field holding the person's photo (served at `{base}{id}/file/{field}/`). */
  photoField?: string;
  /** The field that says whether the record is active. */
  activeField?: string;
};

// Records and form values

export type ApiRecord = Record<string, unknown> & { id?: number | string };
/** A chosen upload is a File until the form is sent. */
export type FormValue = string | boolean | OptionValue[] | File;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'create' | 'edit';
