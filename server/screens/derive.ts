// The serializable screen projection of a resource definition (architecture.md, "Screens"):
// columns, form fields, filters and row actions derived from the same model metadata that gives
// the API its select and validation, so a screen and its API never disagree on names or limits.
// Labels are `fields.<name>` messages (messages/<locale>/fields.json).
import { env } from '@/server/env';
import type { Actor } from '@/server/auth/actor';
import type { FieldMeta } from '@/server/db/schema-meta';
import { canUse } from '@/server/engine/engine';
import { acceptedExtensions } from '@/server/engine/files';
import { fieldSpec, isMoneyName } from '@/lib/field-schema';
import { monthKey, yearChoices } from '@/lib/format';
import { META, TEXT_CHOICES, checkRelationPath, labelFields, modelMeta, referenceSpec } from '@/server/engine/model';
import type { FilterKind, ResourceDefinition } from '@/server/engine/types';
import { FORM_DESIGNS, RESOURCES } from '@/server/modules/registry';
import { CATALOG_CLASS_OF } from '@/lib/catalog-classes';
import { type Abilities, type FormField, type ListColumn, type ListFilter, type RecordHeader, type RowAction, type ScreenConfig, type StateKind, abilitiesFor, enumKey, isNamePart, referenceSpecOf } from '@/lib/resource-ui';
import type { FieldDesign, FormDesign, ScreenRoute } from '@/server/screens/routes';

const byBase = new Map(RESOURCES.map((definition) => [definition.base, definition]));

export function definitionFor(base: string): ResourceDefinition | undefined {
  return byBase.get(base.replace(/^\//, ''));
}

/** The resource that lists a model's records (for a foreign key's choices). */
function resourceOfModel(model: string): ResourceDefinition | undefined {
  return RESOURCES.find((definition) => definition.model === model && !definition.readOnly) ?? RESOURCES.find((definition) => definition.model === model);
}

// Models with thousands of rows: their foreign keys are typed as ids, not offered as a list of choices.
const LARGE_MODELS = new Set(['Student', 'Aspirant', 'Sale', 'SaleDetail', 'Payment', 'User', 'Address', 'MedicalSheet', 'Family', 'Score', 'FactorScore', 'Invoice', 'Schedule', 'StudentGroup', 'Reference', 'AuditLog']);

/** The model a view's key column points to (views have no relations in the schema). */
const VIEW_KEYS: Readonly<Record<string, string>> = { cicle_id: 'Cicle', career_id: 'Career', group_id: 'Group', campus_id: 'Campus', teacher_id: 'Teacher', subject_id: 'Subject' };

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function labelOf(model: string): string {
  return labelFields(model).find((name) => ['name', 'description', 'title'].includes(name)) ?? labelFields(model)[0] ?? 'id';
}

function fieldKey(name: string): string {
  return `fields.${name}`;
}

/** A rate kept as a fraction with four places (a discount's `percentage`: 0.1000 is 10 %). */
function isPercentField(field: FieldMeta): boolean {
  return field.type === 'Decimal' && field.name === 'percentage' && field.scale === 4;
}

function columnType(field: FieldMeta): ListColumn['type'] {
  if (field.kind === 'enum') return 'enum';
  // Tuition months kept as JSON ([{month, year}]) read as month names, not as objects.
  if (field.type === 'Json' && field.name.endsWith('_months')) return 'months';
  // A year names a period; it is not a quantity to write as "2,026".
  if (field.type === 'Int' && /(^|_)year$/.test(field.name)) return 'text';
  switch (field.type) {
    case 'Int':
    case 'Float':
    case 'BigInt':
      return 'number';
    case 'Decimal':
      if (isPercentField(field)) return 'percent';
      return isMoneyName(field.name) && (field.scale ?? 2) === 2 ? 'money' : 'number';
    case 'Boolean':
      return 'boolean';
    case 'DateTime':
      return field.dateKind === 'Date' ? 'date' : field.dateKind === 'Time' ? 'text' : 'datetime';
    default:
      return 'text';
  }
}

/** A column naming the record a relation points to (a sale's student: "López Martínez Ana"). */
function referenceColumn(relation: FieldMeta, hideOnSmall = false): ListColumn {
  return { field: relation.name, headerKey: fieldKey(relation.name), type: 'reference', reference: referenceSpec(relation.type), flex: 1, sortable: false, hideOnSmall };
}

/** A person's own address or medical sheet: kept on their page, not a column of a list. */
const ONE_TO_ONE_MODELS = new Set(['Address', 'MedicalSheet']);

const SKIPPED_COLUMNS = new Set(['id', 'search_text', 'created_at', 'updated_at', 'password', 'photo_path']);

/** A column of one of the record's own fields, shown as its type says (money, a date, a state...). */
/**
 * The choices of records that belong to a period (groups, partials) are the top bar's period's and
 * campus's, and a group's the form's career once one is chosen: this year's "ISC-1A" is never
 * offered next to last year's. With "all periods" in the top bar they are all offered.
 */
function choicesInContext(model: string, formHasCareer: boolean): Record<string, string> | undefined {
  if (model === 'Group') return { cicle_id: '{$cicle}', campus_id: '{$campus}', ...(formHasCareer ? { career_id: '{career_id?}' } : {}) };
  if (model === 'Partial') return { cicle_id: '{$cicle}' };
  return undefined;
}

function scalarColumn(definition: ResourceDefinition, field: FieldMeta, hideOnSmall: boolean): ListColumn {
  const type = definition.files?.[field.name] ? 'file' : field.name === definition.activeField ? 'status' : columnType(field);
  // Text shares the width; numbers, dates, flags and short codes (a control number, a web code, a
  // serial) get a fixed one, so they never take the room of a name.
  const shortCode = type === 'text' && !!field.maxLength && field.maxLength <= 20;
  return { field: field.name, headerKey: fieldKey(field.name), type, ...((type === 'text' && !shortCode) || type === 'file' ? { flex: 1 } : { width: 130 }), hideOnSmall, ...(type === 'enum' ? { enumType: field.type } : {}) };
}

function listColumns(definition: ResourceDefinition): ListColumn[] {
  const meta = modelMeta(definition.model!);
  const select = definition.listSelect ?? definition.select;
  const labels = labelFields(definition.model!);
  const scalars = meta.fields.filter(
    (f) =>
      f.kind !== 'relation' &&
      !f.list &&
      select[f.name] === true &&
      !SKIPPED_COLUMNS.has(f.name) &&
      !f.name.endsWith('_id') &&
      f.type !== 'Json' &&
      f.name !== definition.activeField &&
      // Files kept in the database (certificates) are content, not something to read in a grid.
      definition.files?.[f.name]?.storage !== 'base64',
  );
  // What names a record first, then who or what it points to, then what staff read next: amounts,
  // dates, kinds, short texts, numbers, and flags last. Long notes stay in the record.
  const readFirst = (field: FieldMeta): number => {
    if (labels.includes(field.name)) return labels.indexOf(field.name);
    // A document's file is what the row is (its name reads as the record's).
    if (definition.files?.[field.name]) return 9;
    const type = columnType(field);
    if (type === 'text' && (!field.maxLength || field.maxLength > 300)) return 90;
    return 10 + ['money', 'date', 'datetime', 'enum', 'text', 'file', 'number', 'boolean'].indexOf(type);
  };
  const ranked = scalars
    .map((field, order) => ({ field, rank: readFirst(field), order }))
    .filter(({ rank }) => rank < 90)
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
  const named = ranked.filter(({ rank }) => rank < 10).slice(0, 2);
  const others = ranked.filter(({ rank }) => rank >= 10);
  const relations = meta.fields.filter((f) => f.kind === 'relation' && !f.list && f.relationFrom && select[f.name] && !ONE_TO_ONE_MODELS.has(f.type));
  // A person is one "Nombre" column, surname first, sorted by surname, beside their code.
  const nameParts = labels.filter(isNamePart);
  const columns: ListColumn[] =
    nameParts.length > 1
      ? [
          ...ranked.filter(({ rank, field }) => rank < 10 && !isNamePart(field.name)).slice(0, 1).map(({ field }) => scalarColumn(definition, field, false)),
          { field: 'full_name', headerKey: 'fields.full_name', type: 'reference', self: true, reference: referenceSpecOf(nameParts), flex: 2, minWidth: 220, sortField: nameParts.includes('first_name') ? 'first_name' : nameParts[0] },
        ]
      : named.map(({ field }) => scalarColumn(definition, field, false));
  relations.slice(0, 3).forEach((relation, index) => columns.push(referenceColumn(relation, index > 0 || columns.length > 1)));
  for (const { field } of others.slice(0, Math.max(2, 7 - columns.length))) columns.push(scalarColumn(definition, field, true));
  // With nothing else to show, the first long text (an observation) is better than an empty row.
  if (!columns.length) for (const { field } of scalars.slice(0, 1).map((field) => ({ field }))) columns.push(scalarColumn(definition, field, false));
  if (definition.activeField) columns.push({ field: definition.activeField, headerKey: fieldKey(definition.activeField), type: 'status', width: 110 });
  if (!columns.length) columns.push({ field: 'id', headerKey: 'fields.id', type: 'number', width: 90 });
  return columns;
}

function formFieldOfType(definition: ResourceDefinition, field: FieldMeta, relation: FieldMeta | undefined): FormField | null {
  const base: Pick<FormField, 'name' | 'section' | 'required' | 'labelKey'> = {
    name: field.name,
    section: 'data',
    required: !field.optional && !field.hasDefault,
    labelKey: fieldKey(relation?.name ?? field.name),
  };
  const idList = definition.idLists?.[field.name];
  if (idList) {
    return { ...base, type: 'multiselect', required: false, optionsFrom: { ...idList, base: `/${idList.base}`, query: idList.query ? { ...idList.query } : undefined } };
  }
  const file = definition.files?.[field.name];
  if (file) {
    return {
      ...base,
      type: 'file',
      required: file.required,
      span: 12,
      // A key kept encrypted says only that one is stored (`key_set`).
      storedFlag: definition.auditExclude?.includes(field.name) ? `${field.name}_set` : undefined,
      file: { accept: acceptedExtensions(file).replace(/, /g, ','), base: file.storage === 'disk' ? `/${definition.base}` : undefined },
    };
  }
  if (relation) {
    const target = resourceOfModel(relation.type);
    if (!target) return { ...base, type: 'number', helperKey: 'resource.id_helper' };
    if (LARGE_MODELS.has(relation.type)) {
      // A record's own address or medical sheet (one to one) is kept from its own page, not chosen.
      if (field.unique && field.optional && (relation.type === 'Address' || relation.type === 'MedicalSheet')) return null;
      // A large table is searched by what people know (a name, a control number, a code).
      const reference = referenceSpec(relation.type);
      const labels = [...reference.words.flat(), ...reference.detail];
      return { ...base, type: 'reference', optionsFrom: { base: `/${target.base}`, labelField: labels[0] ?? 'id', labelFields: labels, reference, relation: relation.name } };
    }
    // A catalogue-typed field (a payment method, a civil state) offers only its classification's entries.
    const clas = relation.type === 'Catalog' && relation.relationName ? CATALOG_CLASS_OF[relation.relationName] : undefined;
    const writable = new Set(writableFields(definition).map((candidate) => candidate.name));
    const query = clas === undefined ? choicesInContext(relation.type, writable.has('career_id')) : { clas_id: String(clas) };
    return { ...base, type: 'select', optionsFrom: { base: `/${target.base}`, labelField: labelOf(relation.type), reference: referenceSpec(relation.type), ...(query ? { query } : {}) } };
  }
  if (field.kind === 'enum') {
    const values = META.enums[field.type] ?? [];
    return { ...base, type: 'select', options: values.map((value) => ({ value, labelKey: enumKey(field.type, value) })) };
  }
  switch (field.type) {
    case 'String': {
      // A secret kept encrypted (a key's password): typed hidden, never shown, `<name>_set` says one is stored.
      if (definition.auditExclude?.includes(field.name)) return { ...base, type: 'password', required: false, storedFlag: `${field.name}_set` };
      const long = !field.maxLength || field.maxLength > 300;
      return { ...base, type: field.name.includes('email') ? 'email' : long ? 'textarea' : 'text', maxLength: field.maxLength, span: long ? 12 : 6 };
    }
    case 'Int':
      // Months are chosen by their names, 1 to 12.
      if (field.name === 'month') return { ...base, type: 'select', options: MONTHS.map((month) => ({ value: month, labelKey: monthKey(month) })) };
      return { ...base, type: 'number' };
    case 'BigInt':
    case 'Float':
      return { ...base, type: 'number' };
    case 'Decimal':
      // A discount's rate is kept as a fraction and typed as a percentage (10 for 10 %).
      if (isPercentField(field)) return { ...base, type: 'decimal', decimals: 2, percent: true, helperKey: 'resource.percent_helper' };
      return { ...base, type: 'decimal', decimals: field.scale ?? 2 };
    case 'Boolean':
      return { ...base, type: 'boolean', required: false, defaultValue: field.name === definition.activeField ? true : undefined };
    case 'DateTime':
      // Times travel as HH:MM:SS; a text field with the format in its helper keeps them typeable.
      return field.dateKind === 'Time' ? { ...base, type: 'text', maxLength: 8, helperKey: 'resource.time_helper' } : { ...base, type: 'date' };
    default:
      return null;
  }
}

/** The fields a payload may set: exactly those of the API's create schema, in the model's order. */
function writableFields(definition: ResourceDefinition): FieldMeta[] {
  const shape = (definition.createSchema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return modelMeta(definition.model!).fields.filter((f) => f.name in shape);
}

/** Kinds of input whose typed text the API's field schema checks (choices, files and flags are picked). */
const TYPED = new Set<FormField['type']>(['text', 'textarea', 'email', 'number', 'decimal', 'date']);

/** A form field with the schema the API validates it with, unless the definition overrides it (then the API alone judges). */
function formField(definition: ResourceDefinition, field: FieldMeta, relation: FieldMeta | undefined): FormField | null {
  const derived = formFieldOfType(definition, field, relation);
  // The percentage people type is checked as one (0 to 100, two places); the API checks the fraction.
  if (derived?.percent) return { ...derived, spec: { ...fieldSpec(field, META.enums), precision: 5, scale: 2, min: 0, max: 100 } };
  if (!derived || !TYPED.has(derived.type) || definition.fieldOverrides?.includes(field.name)) return derived;
  return { ...derived, spec: fieldSpec(field, META.enums) };
}

/** Fields a new record has no value for yet: its cancellation, its lock, its state in a process. */
function onlyWhenEditing(definition: ResourceDefinition, field: FieldMeta): boolean {
  if (/^cancel|_cancel|^is_locked$|^is_deleted$|^finish_(at|by)/.test(field.name)) return true;
  // A new record is active; a state with a default starts there (an applicant starts preregistered).
  if (field.name === definition.activeField) return true;
  return field.kind === 'enum' && field.hasDefault && /status/.test(field.name);
}

/** Fixed sets of values the API accepts for plain text columns, offered as radios. */

function formFields(definition: ResourceDefinition, fixed: Readonly<Record<string, string>>): FormField[] {
  const meta = modelMeta(definition.model!);
  const relationOf = new Map(meta.fields.filter((f) => f.kind === 'relation' && f.relationFrom).map((f) => [f.relationFrom!, f]));
  const hasBirthday = meta.fields.some((f) => f.name === 'birthday');
  const fields: FormField[] = [];
  for (const field of writableFields(definition)) {
    let derived = formField(definition, field, relationOf.get(field.name));
    if (!derived) continue;
    const choices = TEXT_CHOICES[field.name];
    if (choices && field.type === 'String') derived = { ...derived, type: 'radio', options: choices.map((value) => ({ value, labelKey: `resource.choices.${field.name}.${value}` })), spec: undefined };
    // The age follows the birth date: shown as it is typed, never typed itself.
    if (field.name === 'age' && hasBirthday) derived = { ...derived, derived: { kind: 'age', from: 'birthday' }, required: false };
    if (onlyWhenEditing(definition, field)) derived = { ...derived, editOnly: true };
    // A new record starts in the campus and period chosen in the top bar.
    if (derived.type === 'select' && (field.name === 'campus_id' || field.name === 'cicle_id')) derived = { ...derived, defaultFrom: field.name === 'campus_id' ? 'campus' : 'cicle' };
    // A child list's parent key is set by the page: sent, not asked.
    if (fixed[field.name]) fields.push({ ...derived, defaultValue: fixed[field.name], hidden: true });
    else fields.push(derived);
  }
  // Required fields first: the form reads top to bottom like the paper form it replaces.
  return fields.sort((a, b) => Number(!!b.required) - Number(!!a.required));
}

/** A field as its form's design says (not required, a hint, narrower choices). */
function withDesign(field: FormField, design: FieldDesign | undefined): FormField {
  if (!design) return field;
  const { optionsQuery, ...rest } = design;
  const optionsFrom = optionsQuery && field.optionsFrom ? { ...field.optionsFrom, query: { ...field.optionsFrom.query, ...optionsQuery } } : field.optionsFrom;
  return { ...field, ...rest, ...(optionsFrom ? { optionsFrom } : {}) };
}

/** A designed form: its sections, and its fields placed in them in the design's order; the rest in "Otros datos". */
function designedForm(fields: FormField[], design: FormDesign | undefined): { fields: FormField[]; sections: ScreenConfig['sections'] } {
  if (!design) return { fields, sections: [{ key: 'data', titleKey: 'resource.section_data' }] };
  const placed = new Map<string, FormField>();
  for (const section of design.sections) {
    for (const name of section.fields) {
      const field = fields.find((candidate) => candidate.name === name);
      if (field) placed.set(name, { ...withDesign(field, design.fields?.[name]), section: section.key });
    }
  }
  const rest = fields.filter((field) => !placed.has(field.name)).map((field) => ({ ...field, section: 'more' }));
  return {
    fields: [...placed.values(), ...rest],
    sections: [...design.sections.map(({ key, titleKey }) => ({ key, titleKey })), ...(rest.length ? [{ key: 'more', titleKey: 'resource.section_more' }] : [])],
  };
}

/** A screen asking for a filter its list does not take (or a column its records lack) would show a
 * control that filters nothing: an error in development and in tests; in production the screen
 * still opens without it. */
function unknownScreenPart(definition: ResourceDefinition, param: string, why?: string): void {
  const problem = why
    ? `Screen part "${param}" on ${definition.base}: ${why}`
    : `Screen filter "${param}" is not a list parameter of ${definition.base} (known: ${Object.keys(definition.filters).join(', ') || 'none'})`;
  if (env.NODE_ENV === 'production') console.error(problem);
  else throw new Error(problem);
}

function listFilters(definition: ResourceDefinition, params: readonly string[]): ListFilter[] {
  const meta = modelMeta(definition.model!);
  const filters: ListFilter[] = [];
  for (const param of params) {
    if (param === 'campus_id') {
      filters.push({ param, labelKey: 'fields.campus', type: 'select', optionsFrom: { base: '/academic/api/campus/', labelField: 'name' } });
      continue;
    }
    if (param === 'cicle_id' && definition.periodFilter && !definition.filters.cicle_id) {
      filters.push({ param, labelKey: 'fields.cicle_id', type: 'select', optionsFrom: { base: '/academic/api/cicles/', labelField: 'description' } });
      continue;
    }
    if (param === 'year' && definition.filters.year) {
      filters.push({ param, labelKey: fieldKey(param), type: 'select', options: yearChoices().map((year) => ({ value: String(year), labelKey: String(year) })) });
      continue;
    }
    if (param === 'month' && definition.filters.month) {
      filters.push({ param, labelKey: fieldKey(param), type: 'select', options: MONTHS.map((month) => ({ value: String(month), labelKey: monthKey(month) })) });
      continue;
    }
    const kind: FilterKind | undefined = definition.filters[param];
    if (!kind) {
      unknownScreenPart(definition, param);
      continue;
    }
    if (kind === 'bool') filters.push({ param, labelKey: fieldKey(param), type: 'boolean' });
    else if (typeof kind === 'object') filters.push({ param, labelKey: fieldKey(param), type: 'select', options: kind.choices.map((value) => ({ value, labelKey: kind.enumType ? enumKey(kind.enumType, value) : value })) });
    else if (kind === 'int') {
      const relation = meta.fields.find((f) => f.kind === 'relation' && f.relationFrom === param);
      // Views carry keys without relations: their well-known keys name the model they point to.
      const targetModel = relation?.type ?? VIEW_KEYS[param];
      const target = targetModel && resourceOfModel(targetModel);
      if (!targetModel || !target || LARGE_MODELS.has(targetModel)) {
        unknownScreenPart(definition, param, 'it has no list of choices to offer');
        continue;
      }
      // A catalogue-typed filter (how an applicant found the school) offers only its classification.
      const clas = relation?.type === 'Catalog' && relation.relationName ? CATALOG_CLASS_OF[relation.relationName] : undefined;
      const query = clas === undefined ? choicesInContext(targetModel, false) : { clas_id: String(clas) };
      filters.push({ param, labelKey: fieldKey(relation?.name ?? param), type: 'select', optionsFrom: { base: `/${target.base}`, labelField: labelOf(targetModel), reference: referenceSpec(targetModel), ...(query ? { query } : {}) } });
    }
  }
  return filters;
}

export type ScreenOptions = {
  titleKey: string;
  filters?: readonly string[];
  /** Fixed list parameters: a report's kind of row, or a child list's parent (`study_plan_id=7`). */
  query?: Readonly<Record<string, string>>;
  /** More fixed list parameters that only narrow the rows (a group's current enrolments): unlike
   * `query`, they are not a new record's values. */
  listQuery?: Readonly<Record<string, string>>;
  /** A detail page opened from each row (`/scholar/students/{id}`). */
  detailHref?: string;
  /** Lists inside a detail page do not mirror their state in the address. */
  embedded?: boolean;
  /** Open the new record's page (detailHref) once it is created. */
  openAfterCreate?: boolean;
  /** Pages each row opens besides its detail page (a class's grade capture). */
  links?: ScreenRoute['links'];
  /** The columns to show, in order (fields or relation paths such as `subject.description`). */
  columns?: ScreenRoute['columns'];
};

/** The derived columns narrowed to a screen's choice; a relation path not derived becomes a text column. */
/** Models whose state the spec names and colours (lib/resource-ui/states.ts). */
const STATE_OF_MODEL: Readonly<Record<string, StateKind>> = { Sale: 'sale', Reinscription: 'reinscription' };

function chosenColumns(definition: ResourceDefinition, derived: ListColumn[], chosen: readonly string[] | undefined): ListColumn[] {
  if (!chosen?.length) return derived;
  const meta = modelMeta(definition.model!);
  return chosen.map((field) => {
    // The record's own name (a sale: whom it charges) and its state as the spec names it.
    if (field === '$name') {
      // The detail that tells two records apart (a sale's day) is left out where a column shows it.
      const spec = referenceSpec(definition.model!);
      const reference = { ...spec, detail: spec.detail.filter((path) => !chosen.includes(path)) };
      return { field: 'record_name', headerKey: `resource.name_of.${definition.table}`, type: 'reference', self: true, reference, flex: 2, minWidth: 220, sortable: false };
    }
    // The number a document prints for the row (a sale's folio, "000123"): sorted as the id.
    if (field === '$folio') return { field: 'record_folio', headerKey: 'fields.folio', type: 'folio', width: 96, sortable: true, sortField: 'id' };
    if (field === '$state') {
      const state = STATE_OF_MODEL[definition.model!];
      if (!state) unknownScreenPart(definition, field, 'the model has no state rule');
      return { field: 'record_state', headerKey: 'resource.state', type: 'state', state, width: 130, sortable: false };
    }
    const found = derived.find((column) => column.field === field);
    if (found) return { ...found, hideOnSmall: false };
    // A to-many relation the resource includes with every row (a sale's lines) shows as chips of
    // their names or descriptions.
    const included = definition.listSelect ?? definition.select;
    const many = meta.fields.find((candidate) => candidate.name === field && candidate.list && candidate.kind === 'relation');
    if (many && included[field]) {
      const itemSelect = ((included[field] as { select?: Record<string, unknown> }).select ?? {}) as Record<string, unknown>;
      const chipField = ['name', 'description', 'label'].find((name) => name in itemSelect) ?? 'id';
      return { field, headerKey: fieldKey(field), type: 'chips', chipField, joined: true, flex: 1.5, minWidth: 180, sortable: false };
    }
    const own = meta.fields.find((candidate) => candidate.name === field && !candidate.list);
    // A relation is named by its record's label; a field of the record shows as its type.
    if (own?.kind === 'relation' && own.relationFrom) {
      // A list that reads only some relations (a large table) must read the ones its screens show.
      if (definition.listSelect && !(own.name in definition.listSelect)) unknownScreenPart(definition, field, 'a relation the list does not read (add it to listRelations)');
      return referenceColumn(own);
    }
    if (own && own.kind !== 'relation') return scalarColumn(definition, own, false);
    // A column the record does not have would show empty cells: fail loudly, like a filter.
    try {
      checkRelationPath(definition.model!, field);
    } catch {
      unknownScreenPart(definition, field, 'no such column (a field, a relation, or a path through to-one relations)');
    }
    const [relation] = field.split('.');
    return { field, headerKey: fieldKey(field.includes('.') ? relation : field), type: 'text', flex: 1, sortable: false };
  });
}

/** A child list under its parent's page does not repeat the parent in every row. */
function withoutParent(definition: ResourceDefinition, columns: ListColumn[], fixed: Readonly<Record<string, string>> | undefined): ListColumn[] {
  if (!fixed) return columns;
  const parents = new Set(modelMeta(definition.model!).fields.filter((f) => f.kind === 'relation' && f.relationFrom && fixed[f.relationFrom] !== undefined).map((f) => f.name));
  return columns.filter((column) => !parents.has(column.field.split('.')[0]));
}

/** A header offers sorting only where the list's `ordering` takes the column (else a click would change nothing). */
function sortableAsTheApi(definition: ResourceDefinition, columns: ListColumn[]): ListColumn[] {
  return columns.map((column) => {
    const name = (column.sortField ?? column.field).replace(/\./g, '__');
    const sortable = column.sortable !== false && column.type !== 'chips' && (name === 'id' || definition.orderingFields.includes(name));
    return { ...column, sortable, ...(sortable && name !== column.field ? { sortField: name } : {}) };
  });
}

/** People: never deleted from a screen, deactivated with a reason (their history, grades and
 * payments stay theirs). */
const PEOPLE = new Set(['Student', 'Teacher', 'Aspirant', 'User', 'Family', 'TitleResponsable']);
/** Money: never deleted from a screen, cancelled with a mandatory reason kept in the record's note (spec section 4). */
const MONEY_CANCEL_NOTES: Readonly<Record<string, string>> = {
  Sale: 'cancel_notes',
  Payment: 'cancel_note',
  Reference: 'cancel_note',
  SaleDiscount: 'cancel_note',
  StudentShip: 'cancel_note',
  Reinscription: 'cancel_note',
};

/** Retirements that are their owner's named operations, with a reason: a sale is cancelled by
 * finance (refused while payments or a stamped invoice stand), an applicant taken off the board or
 * put back by admissions; a student leaves only by a withdrawal (baja), on her page. */
const OWNER_RETIRE: Readonly<Record<string, RowAction[]>> = {
  Sale: [{ kind: 'post', path: 'cancel/', key: 'cancel', labelKey: 'resource.cancel_record', icon: 'cancel', showIf: { field: 'status', equals: true }, reason: {}, confirmKey: 'resource.confirm_cancel', successKey: 'resource.cancelled' }],
  Aspirant: [
    { kind: 'post', path: 'delete_aspirant/', key: 'deactivate', labelKey: 'resource.deactivate', icon: 'deactivate', showIf: { field: 'is_active', equals: true }, reason: {}, confirmKey: 'resource.confirm_deactivate', successKey: 'resource.deactivated' },
    { kind: 'post', path: 'reactivate_aspirant/', key: 'activate', labelKey: 'resource.activate', icon: 'activate', showIf: { field: 'is_active', equals: false }, confirmKey: 'resource.confirm_activate', successKey: 'resource.activated' },
  ],
  Student: [],
  // An application with answers is closed, never deleted (polls' close/ operation).
  PollAssignment: [{ kind: 'post', path: 'close/', key: 'close', labelKey: 'polls.applications.close_action', icon: 'lock', showIf: { field: 'status', equals: 'OPEN' }, confirmKey: 'polls.applications.close_confirm', successKey: 'polls.applications.closed' }],
};

/** What a screen offers instead of deleting a person or an amount of money. */
function retireActions(definition: ResourceDefinition): RowAction[] {
  const active = definition.activeField;
  if (!active) return [];
  // Where the owner has a named operation, the screen runs it (its state table refuses the plain save).
  const operation = OWNER_RETIRE[definition.model!];
  if (operation) return operation;
  const note = MONEY_CANCEL_NOTES[definition.model!];
  if (note) {
    return [{ kind: 'update', key: 'cancel', labelKey: 'resource.cancel_record', icon: 'cancel', set: { field: active, value: false }, showIf: { field: active, equals: true }, reason: { field: note }, confirmKey: 'resource.confirm_cancel', successKey: 'resource.cancelled' }];
  }
  if (!PEOPLE.has(definition.model!)) return [];
  return [
    { kind: 'update', key: 'deactivate', labelKey: 'resource.deactivate', icon: 'deactivate', set: { field: active, value: false }, showIf: { field: active, equals: true }, reason: {}, confirmKey: 'resource.confirm_deactivate', successKey: 'resource.deactivated' },
    { kind: 'update', key: 'activate', labelKey: 'resource.activate', icon: 'activate', set: { field: active, value: true }, showIf: { field: active, equals: false }, confirmKey: 'resource.confirm_activate', successKey: 'resource.activated' },
  ];
}

/** Whether a screen may delete the resource's records outright (people and money are retired instead). */
export function deletableFromScreens(definition: ResourceDefinition): boolean {
  // A record whose state table lets no state delete it (a tuition month, a payment) offers no Delete.
  const someStateDeletes = !definition.states || Object.values(definition.states.states).some((rule) => rule.delete);
  return !PEOPLE.has(definition.model!) && !MONEY_CANCEL_NOTES[definition.model!] && someStateDeletes;
}

export function screenConfig(definition: ResourceDefinition, options: ScreenOptions): ScreenConfig {
  if (!definition.model) throw new Error(`${definition.base} has no model to derive a screen from`);
  const writable = !definition.readOnly && !!definition.createSchema;
  const labels = labelFields(definition.model);
  return {
    base: `/${definition.base}`,
    titleKey: options.titleKey,
    createTitleKey: 'resource.create_title',
    editTitleKey: 'resource.edit_title',
    labelField: labels[0] ?? 'id',
    recordName: referenceSpec(definition.model),
    recordKey: `records.${definition.table}`,
    columns: withoutParent(definition, sortableAsTheApi(definition, chosenColumns(definition, listColumns(definition), options.columns)), options.query),
    ...designedForm(writable ? formFields(definition, options.query ?? {}) : [], FORM_DESIGNS[definition.base]),
    filters: listFilters(definition, options.filters ?? []),
    fixedQuery: options.listQuery ? { ...options.query, ...options.listQuery } : options.query,
    defaultOrdering: definition.defaultOrdering,
    searchable: definition.searchFields.length > 0 || !!definition.searchText,
    statusFilter: !!definition.activeField,
    allowCreate: writable && !definition.singleton,
    allowDelete: writable && !definition.singleton && deletableFromScreens(definition),
    allowExport: true,
    rowActions: [
      ...(options.detailHref ? [{ kind: 'link' as const, key: 'open', labelKey: 'resource.open', icon: 'open' as const, href: options.detailHref, ability: 'view' as const }] : []),
      ...(options.links ?? []).map((link) => ({ kind: 'link' as const, ...link, ability: 'view' as const })),
      ...(writable ? retireActions(definition) : []),
    ],
    permission: definition.access.permission,
    embedded: options.embedded,
    ...(options.openAfterCreate && options.detailHref ? { openAfterCreate: true } : {}),
    ...(definition.states ? { states: true } : {}),
  };
}

/** What the screen offers this user: the permission rules, and never a write the API would refuse. */
export function screenAbilities(actor: Actor, definition: ResourceDefinition, config: ScreenConfig): Abilities {
  const can = abilitiesFor(actor, config);
  const writes = !definition.readOnly && canUse(actor, definition, 'write');
  return { ...can, create: can.create && writes, edit: can.edit && writes && config.fields.length > 0, delete: can.delete && writes };
}

/** The lists shown under a record on its detail page: resources whose records point to it. */
/** The resources whose rows point to a record of this one (a student's documents, movements...);
 * a plain record page shows the first `limit`, a page in tabs picks from all of them. */
export function childResources(definition: ResourceDefinition, limit = 8): { definition: ResourceDefinition; foreignKey: string }[] {
  const children: { definition: ResourceDefinition; foreignKey: string }[] = [];
  for (const candidate of RESOURCES) {
    if (!candidate.model || candidate === definition || candidate.readOnly) continue;
    const meta = modelMeta(candidate.model);
    const pointer = meta.fields.find((f) => f.kind === 'relation' && !f.list && f.type === definition.model && f.relationFrom);
    if (pointer && !children.some((child) => child.definition.model === candidate.model)) children.push({ definition: candidate, foreignKey: pointer.relationFrom! });
  }
  return children.slice(0, limit);
}

/** A record page's header: what the record is, its photo (people), its state and key facts (its
 * references and kinds, as its list shows them). */
export function recordHeader(definition: ResourceDefinition, config: ScreenConfig): RecordHeader {
  const facts = config.columns.filter((column) => !column.self && ['reference', 'enum', 'date', 'money'].includes(column.type) && column.field !== definition.activeField).slice(0, 4);
  const photo = Object.keys(definition.files ?? {}).find((name) => name.startsWith('photo'));
  return { kindKey: config.recordKey, facts, photoField: photo, activeField: definition.activeField ?? undefined };
}
