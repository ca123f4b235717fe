// Export of a list as xlsx (exceljs streaming writer) or csv, with the list's filters and scope.
// What staff expect of a list's export: the record's readable fields under the labels the screens
// give them, in the reader's language; a related record by its name (a student's career, never an
// `_id` or an object); dates as dates, money as numbers; nothing internal (search text, secrets,
// stored files' paths, whole XML documents). The columns come from the data model for every
// resource, so no resource needs code of its own for this.
import { isMoneyName } from '@/lib/field-schema';
import { DISPLAY_TIME_ZONE, formatDate, formatDateTime, roundDecimalString, wallClockMs } from '@/lib/format';
import { type ReferenceSpec, referenceLabel, referenceLine, storedFileName } from '@/lib/resource-ui';
import type { FieldMeta } from '@/server/db/schema-meta';
import type { OperationContext } from './context';
import { TEXT_CHOICES, labelFields, modelMeta, referenceSpec } from './model';
import { webStream } from '@/server/files/web-stream';
import { xlsxSheetStream } from '@/server/files/xlsx-sheet';
import { FileResult } from './results';
import { toWire } from './wire';
import type { ExportColumn, ResourceDefinition, Row } from './types';

/** How a column's values are written: the kind decides the cell's type and format. */
/** `months`: tuition months kept as JSON, `[{month, year}]`, written by name ("Enero 2026"). */
export type CellKind = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'datetime' | 'time' | 'boolean' | 'enum' | 'record' | 'file' | 'months';

export type TypedColumn = {
  field: string;
  labelKey: string;
  kind: CellKind;
  /** Codes of a fixed set: the message group that names each value (`enums.AspirantStatus`). */
  valuesKey?: string;
  /** For a related record: how the lists name it (server/engine/model.ts, referenceSpec). */
  reference?: ReferenceSpec;
  width?: number;
};

/** A cell as both formats write it: `text` for csv, `value` (and its number format) for xlsx. */
export type Cell = { text: string; value: string | number | Date | null; numFmt?: string };

/** The reader's words: yes and no, and the name of a code in a group of messages (its code when it has none). */
export type CellWords = { yes: string; no: string; named: (valuesKey: string, value: string) => string };

export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';
export const MONEY_FORMAT = '#,##0.00';

/**
 * Spreadsheet formula injection in csv (OWASP's "CSV injection"): a cell that Excel would read as
 * a formula gets a leading apostrophe. Text starting with = @ tab or carriage return always does.
 * + and - start phone numbers (`+52 33 1234 5678`) and negative amounts (`-15.50`) far more often
 * than attacks: those stay as they are when the rest is only digits, spaces and number punctuation
 * (an arithmetic on numbers calls nothing); anything else after them (`+cmd|'/C calc'!A0`,
 * `-2+3+cmd|...`, `-SUM(A1)`) is neutralised. xlsx needs none of this: its text cells are never
 * evaluated (exceljs writes them as values, formulas go in elements of their own).
 */
export function neutralise(value: string): string {
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  if (/^[+-]/.test(value) && !/^[+-][\d\s.,()-]*$/.test(value)) return `'${value}`;
  return value;
}

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * A record a column carries without a reference spec (the items of a list, such as a user's roles)
 * as people name it: its words (a person surname first, a role's name) or, without words, its code;
 * a record known only through the records it points to by theirs; `#id` when nothing names it.
 */
export function recordName(record: Row): string {
  const own = Object.keys(record).filter((key) => key !== 'id' && present(record[key]) && typeof record[key] !== 'object');
  const nested = Object.keys(record)
    .filter((key) => record[key] !== null && typeof record[key] === 'object' && !Array.isArray(record[key]))
    .map((key) => recordName(record[key] as Row))
    .filter((name) => name && !name.startsWith('#'));
  const ownLabel = own.length ? referenceLabel(record, { labelField: own[0], labelFields: own }).label : '';
  const parts = [ownLabel, ...nested].filter(Boolean);
  if (parts.length) return parts.join(' · ');
  return present(record.id) ? `#${String(record.id)}` : '';
}

/** A calendar day as Excel keeps it: the day at midnight, read back without any time zone. */
function dayValue(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

const EMPTY: Cell = { text: '', value: null };

/**
 * A Date as its column shows it: a date column's day is the Date's UTC day (the database's dates
 * arrive as UTC midnights), a date-time column's instant is shown on the school's wall clock; any
 * other column gets its ISO text, as the wire would carry it.
 */
function dateCell(kind: CellKind, date: Date, timeZone: string): Cell {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return EMPTY;
  if (kind === 'date') {
    const day = Math.floor(ms / 86_400_000) * 86_400_000;
    return { text: formatDate(new Date(day).toISOString().slice(0, 10)), value: day === ms ? date : new Date(day), numFmt: DATE_FORMAT };
  }
  if (kind === 'datetime') {
    const wall = wallClockMs(date, timeZone);
    return wall === null ? EMPTY : { text: formatDateTime(date, timeZone), value: new Date(wall), numFmt: DATETIME_FORMAT };
  }
  const text = date.toISOString();
  return { text, value: text };
}

/** One wire value as a cell of its column, in the reader's words. Pure: a table of cases tests it. */
export function exportCell(column: Pick<TypedColumn, 'kind' | 'valuesKey' | 'reference'>, raw: unknown, words: CellWords, timeZone = DISPLAY_TIME_ZONE): Cell {
  if (!present(raw)) return EMPTY;
  if (raw instanceof Date) return dateCell(column.kind, raw, timeZone);
  if (column.kind === 'months') {
    const months = Array.isArray(raw) ? raw.filter((item): item is { month: number; year: number } => !!item && typeof item === 'object' && Number.isInteger(item.month) && Number.isInteger(item.year)) : [];
    const text = months.map((item) => `${words.named('common', `month_${item.month}`)} ${item.year}`).join(', ');
    return { text, value: text || null };
  }
  if (Array.isArray(raw)) {
    const text = raw
      .map((item) => exportCell(column, item, words, timeZone).text)
      .filter(Boolean)
      .join(', ');
    return { text, value: text || null };
  }
  if (typeof raw === 'object') {
    // Named as the lists name it ("López Martínez Ana (20260145)"), else by whatever it carries.
    const text = column.reference ? referenceLine(raw as Row, column.reference) : recordName(raw as Row);
    return { text, value: text || null };
  }
  if (typeof raw === 'boolean') {
    const text = raw ? words.yes : words.no;
    return { text, value: text };
  }
  const text = String(raw);
  switch (column.kind) {
    case 'enum': {
      const label = column.valuesKey ? words.named(column.valuesKey, text) : text;
      return { text: label, value: label };
    }
    case 'integer':
    case 'decimal': {
      const number = Number(text);
      return Number.isFinite(number) && text.trim() !== '' ? { text, value: number } : { text, value: text };
    }
    case 'money': {
      // Amounts travel as exact decimal strings: csv keeps the digits, xlsx a number of two decimals.
      const rounded = roundDecimalString(text, 2);
      if (!rounded) return { text, value: text };
      const exact = `${rounded.sign}${rounded.integer}.${rounded.fraction}`;
      return { text: exact, value: Number(exact), numFmt: MONEY_FORMAT };
    }
    case 'date': {
      const value = dayValue(text);
      return value ? { text: formatDate(text.slice(0, 10)), value, numFmt: DATE_FORMAT } : { text, value: text };
    }
    case 'datetime': {
      // A bare day in a timestamp column is still a day, not midnight somewhere.
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return exportCell({ kind: 'date' }, text, words, timeZone);
      const wall = wallClockMs(text, timeZone);
      return wall === null ? { text, value: text } : { text: formatDateTime(text, timeZone), value: new Date(wall), numFmt: DATETIME_FORMAT };
    }
    case 'time': {
      // HH:MM:SS -> HH:MM: classes start on the minute.
      const shown = /^\d{2}:\d{2}:00$/.test(text) ? text.slice(0, 5) : text;
      return { text: shown, value: shown };
    }
    case 'file': {
      const name = storedFileName(text) ?? '';
      return { text: name, value: name || null };
    }
    default:
      return { text, value: text };
  }
}

/** Fields no reader of a list wants: search helpers, secrets, pictures and whole documents. */
const INTERNAL = new Set(['search_text', 'password', 'photo', 'photo_path', 'xml', 'stamp']);
const AUDIT_FIELDS = ['created_at', 'updated_at'];
/** What names a record, first in an export: its code, then a person surname first, then its name. */
const NAMING_ORDER = ['code', 'no_control', 'web_code', 'username', 'serie', 'folio', 'first_name', 'second_name', 'last_name', 'names', 'full_name', 'name', 'description', 'title', 'short'];

function kindOf(field: FieldMeta, definition: ResourceDefinition): CellKind {
  if (field.kind === 'relation') return 'record';
  if (field.kind === 'enum') return 'enum';
  if (definition.files?.[field.name]) return 'file';
  if (field.type === 'Json' && field.name.endsWith('_months')) return 'months';
  switch (field.type) {
    case 'Int':
    case 'BigInt':
      return 'integer';
    case 'Float':
      return 'decimal';
    case 'Decimal':
      return isMoneyName(field.name) && (field.scale ?? 2) === 2 ? 'money' : 'decimal';
    case 'Boolean':
      return 'boolean';
    case 'DateTime':
      return field.dateKind === 'Date' ? 'date' : field.dateKind === 'Time' ? 'time' : 'datetime';
    default:
      return 'text';
  }
}

function typed(field: FieldMeta, definition: ResourceDefinition, column: Partial<ExportColumn> = {}): TypedColumn {
  // A text column whose values are codes of a fixed set (a role's category, a comment's kind of
  // record, whose list filter names them) names them like an enum.
  const filter = definition.filters[field.name];
  const enumType = column.enumType ?? (field.kind === 'enum' ? field.type : typeof filter === 'object' ? filter.enumType : undefined);
  const valuesKey = column.valuesKey ?? (enumType ? `enums.${enumType}` : TEXT_CHOICES[field.name] ? `resource.choices.${field.name}` : undefined);
  const kind = valuesKey ? 'enum' : kindOf(field, definition);
  const reference = field.kind === 'relation' && !field.list ? referenceSpec(field.type) : undefined;
  return { field: field.name, labelKey: column.labelKey ?? `fields.${field.name}`, kind, ...(valuesKey ? { valuesKey } : {}), ...(reference ? { reference } : {}), ...(column.width ? { width: column.width } : {}) };
}

/** A column the data model does not describe (a computed field): its values as they come, or named. */
function untyped(column: ExportColumn): TypedColumn {
  const valuesKey = column.valuesKey ?? (column.enumType ? `enums.${column.enumType}` : undefined);
  return { field: column.field, labelKey: column.labelKey ?? `fields.${column.field}`, kind: valuesKey ? 'enum' : 'text', ...(valuesKey ? { valuesKey } : {}) };
}

/** Whether a scalar field is something a person reads in a spreadsheet. */
function readable(field: FieldMeta, definition: ResourceDefinition, selected: Record<string, unknown>): boolean {
  return (
    selected[field.name] === true &&
    !field.list &&
    !INTERNAL.has(field.name) &&
    // Foreign keys are shown through their relation's name; a view's keys next to its names.
    !field.name.endsWith('_id') &&
    field.type !== 'Json' &&
    field.type !== 'Bytes' &&
    !definition.auditExclude?.includes(field.name) &&
    // Files kept in the column itself (certificates) are content, not text.
    definition.files?.[field.name]?.storage !== 'base64'
  );
}

/**
 * The columns of a resource's export: the definition's own list when it states one, else derived
 * from the data model. The record's number only where it is what people use (a sale, a payment:
 * records with no code nor name of their own); what names a record first; then its other fields in
 * the model's order, the records it points to by their names, and when it was created and changed.
 * A record's own sub-sheet that nothing names (a teacher's medical sheet) is left to its own export.
 */
export function exportColumns(definition: ResourceDefinition): TypedColumn[] {
  const cached = columnCache.get(definition);
  if (cached) return cached;
  const columns = deriveColumns(definition);
  columnCache.set(definition, columns);
  return columns;
}

const columnCache = new WeakMap<ResourceDefinition, TypedColumn[]>();

function deriveColumns(definition: ResourceDefinition): TypedColumn[] {
  if (!definition.model) return (definition.exportColumns ?? [{ field: 'id' }]).map((column) => untyped(column));
  const meta = modelMeta(definition.model);
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  if (definition.exportColumns) {
    return definition.exportColumns.map((column) => {
      const field = byName.get(column.field);
      return field ? typed(field, definition, column) : untyped(column);
    });
  }
  const selected = definition.listSelect ?? definition.select;
  const labels = labelFields(definition.model);
  const readableScalars = meta.fields.filter((f) => f.kind !== 'relation' && f.name !== 'id' && readable(f, definition, selected));
  // A code beside its readable name (a month's number beside "Marzo") says the same thing twice.
  const scalars = readableScalars.filter((f) => !readableScalars.some((other) => other.name === `${f.name}_name`));
  const first = NAMING_ORDER.map((name) => scalars.find((f) => f.name === name)).filter((f): f is FieldMeta => !!f);
  const rest = scalars.filter((f) => !first.includes(f) && !AUDIT_FIELDS.includes(f.name));
  const audit = scalars.filter((f) => AUDIT_FIELDS.includes(f.name));
  const relations = meta.fields.filter((f) => {
    if (f.kind !== 'relation' || f.list || !f.relationFrom || !selected[f.name]) return false;
    const spec = referenceSpec(f.type);
    const ownSheet = byName.get(f.relationFrom)?.unique && spec.words.length === 0 && spec.detail.length === 0;
    // A record that keeps the related record's name as written then (a title's career) shows that.
    const namedInRecord = scalars.some((other) => other.name === `${f.name}_name`);
    return !ownSheet && !namedInRecord;
  });
  const number: TypedColumn[] = labels.length === 0 && selected.id && !definition.singleton ? [{ field: 'id', labelKey: 'fields.record_number', kind: 'integer' }] : [];
  return [...number, ...[...first, ...rest, ...relations, ...audit].map((field) => typed(field, definition))];
}

/** A column's header: the label the screens give the field, in the reader's language. */
function headerOf(column: TypedColumn, ctx: OperationContext): string {
  return ctx.t.has(column.labelKey) ? ctx.t(column.labelKey) : column.field;
}

function csvCell(text: string): string {
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The school's calendar day (a file made at 8 pm in Mexico is not dated tomorrow). */
function schoolDay(now: Date): string {
  const shown = formatDate(now);
  return `${shown.slice(6, 10)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}`;
}

/**
 * `alumnos_2026-11-25.xlsx`: the table's name in the reader's language, spaces as underscores and
 * no character a file system refuses. Accents stay: the answer's Content-Disposition carries the
 * name encoded (filename*) with an unaccented fallback (server/files/storage.ts).
 */
export function exportFileName(tableName: string, extension: string, now = new Date()): string {
  const safe = tableName
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 80);
  return `${safe || 'export'}_${schoolDay(now)}.${extension}`;
}

/** The table's name in the reader's language (`tables.students` -> "alumnos"). */
function tableName(definition: ResourceDefinition, ctx: OperationContext): string {
  const key = `tables.${definition.table}`;
  return ctx.t.has(key) ? ctx.t(key) : definition.table;
}

export async function exportRows(definition: ResourceDefinition, pages: AsyncIterable<Iterable<Row>>, format: 'xlsx' | 'csv', ctx: OperationContext): Promise<FileResult> {
  return exportSheet({ name: tableName(definition, ctx), columns: exportColumns(definition) }, pages, format, ctx);
}

/**
 * Rows that belong to no resource definition (the audit history) written like a list's export:
 * `name` names the file and the sheet, `columns` say how each field is written.
 */
export async function exportSheet(sheet: { name: string; columns: readonly TypedColumn[] }, pages: AsyncIterable<Iterable<Row>>, format: 'xlsx' | 'csv', ctx: OperationContext): Promise<FileResult> {
  const iterator = pages[Symbol.asyncIterator]();
  const { columns } = sheet;
  const headers = columns.map((column) => headerOf(column, ctx));
  const words: CellWords = {
    yes: ctx.t('common.yes'),
    no: ctx.t('common.no'),
    named: (valuesKey, value) => (ctx.t.has(`${valuesKey}.${value}`) ? ctx.t(`${valuesKey}.${value}`) : value),
  };
  // Each cell's value is put in the wire's form alone: the whole row (its relations, the fields no
  // column shows) is never copied, which an export of hundreds of thousands of rows pays for.
  // Dates of date and date-time columns go to their cells as they are (no ISO text to read back).
  const cells = (row: Row) =>
    columns.map((column) => {
      const value = row[column.field];
      return exportCell(column, value instanceof Date && (column.kind === 'date' || column.kind === 'datetime') ? value : toWire(value), words);
    });
  /**
   * The rows as cells, a page at a time (no promise per row), each row's cells made as it is
   * written: a page's cells all made at once outlived V8's small young generation and were
   * promoted, to be collected by full collections.
   */
  function* cellsOf(page: Iterable<Row>): Generator<Cell[]> {
    for (const row of page) yield cells(row);
  }
  async function* pagesOfCells(): AsyncGenerator<Iterable<Cell[]>> {
    try {
      for (let page = await iterator.next(); !page.done; page = await iterator.next()) yield cellsOf(page.value);
    } finally {
      // A download ended early lets the rows' source go (a cursor's connection back to the pool).
      await iterator.return?.();
    }
  }
  const name = sheet.name;
  if (format === 'csv') {
    const encoder = new TextEncoder();
    const batches = pagesOfCells();
    // A page is read when the download asks for more: memory holds a page, not the file.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The BOM makes Excel read the accents of Spanish names correctly.
        controller.enqueue(encoder.encode('\uFEFF' + headers.map(csvCell).join(',') + '\r\n'));
      },
      async pull(controller) {
        const batch = await batches.next();
        if (batch.done) return controller.close();
        let text = '';
        for (const line of batch.value) text += line.map((cell) => csvCell(neutralise(cell.text))).join(',') + '\r\n';
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return new FileResult(body, 'text/csv; charset=utf-8', exportFileName(name, 'csv'));
  }
  // The workbook goes to the answer as it is written (server/files/xlsx-sheet.ts), as fast as the
  // reader takes it.
  // A sheet's name: the table's name (Excel allows 31 characters, no []:*?/\), capitalised as a title.
  const sheetName = (name.charAt(0).toUpperCase() + name.slice(1)).replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  const widths = columns.map((column, index) => column.width ?? (column.kind === 'datetime' ? 17 : Math.min(40, Math.max(12, headers[index].length + 2))));
  const { stream, abort } = xlsxSheetStream({ name: sheetName, columns: headers.map((header, index) => ({ header, width: widths[index] })) }, pagesOfCells());
  return new FileResult(webStream(stream, abort), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', exportFileName(name, 'xlsx'));
}
