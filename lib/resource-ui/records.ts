// Reading records as the screens show them: nested fields, labels, enum names and stored files.
import type { ApiRecord, OptionsSource } from './types';

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

/** How a screen names one of its records in titles and questions. */
export function recordTitle(record: ApiRecord | null | undefined, config: { labelField: string; recordName?: ReferenceSpec }): string {
  if (!record) return '';
  if (config.recordName) {
    const { label } = referenceText(record, config.recordName);
    if (label && !label.startsWith('#')) return label;
  }
  return recordLabel(record, config.labelField);
}

/** The message key that names an enum value: `enums.ExtraordinaryStatus.PAID`. */
export const enumKey = (enumType: string, value: unknown) => `enums.${enumType}.${String(value)}`;

/** `student-documents/<uuid>/Acta.pdf` -> `Acta.pdf`; null for no file. */
export function storedFileName(stored: unknown): string | null {
  return typeof stored === 'string' && stored ? (stored.split('/').pop() ?? null) : null;
}

export function isFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File;
}

/** Label fields that are codes: shown beside a reference's name rather than as it. */
const CODE_FIELDS = new Set(['code', 'no_control', 'web_code', 'username', 'folio', 'serie', 'short']);
/** People are named surname first, as school lists write them ("López Martínez Ana"); a user's
 * `first_name` is a given name, and `last_name` follows it ("Ana López"). */
const NAME_ORDER = ['first_name', 'second_name', 'names', 'last_name'];

/** A person's name is written in more than one field (surnames and given names). */
export const isNamePart = (field: string) => NAME_ORDER.includes(field);

const present = (value: unknown) => value !== null && value !== undefined && value !== '';
const lastName = (path: string) => path.slice(path.lastIndexOf('.') + 1);
const prefixOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.')));
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(T|$)/;

/**
 * How a model's records are named wherever another record points to them: the words that name
 * it (alternatives: the first group with a value wins, e.g. a sale's student, else its applicant,
 * else its client) and the codes that tell similar ones apart. Paths are relative to the record.
 */
/** `tight`: the words are written together, as an invoice's series and folio read "A78". */
export type ReferenceSpec = { words: readonly (readonly string[])[]; detail: readonly string[]; tight?: boolean };

/** The spec a list of label fields makes: the non-code fields (names in their order) name it, the codes tell it apart. */
export function referenceSpecOf(fields: readonly string[]): ReferenceSpec {
  const rank = (field: string) => (NAME_ORDER.includes(lastName(field)) ? NAME_ORDER.indexOf(lastName(field)) : NAME_ORDER.length);
  const words = fields.filter((field) => field !== 'id' && !CODE_FIELDS.has(lastName(field))).sort((a, b) => rank(a) - rank(b));
  return { words: words.length ? [words] : [], detail: fields.filter((field) => CODE_FIELDS.has(lastName(field))) };
}

/** Values of paths read from a record: one relation's values joined by spaces, relations by " · ", days as dd/mm/yyyy. */
function joined(row: Record<string, unknown>, paths: readonly string[], tight = false): string {
  const parts: string[] = [];
  let previous: string | null = null;
  for (const path of paths) {
    const value = readPath(row, path);
    if (!present(value)) continue;
    const day = typeof value === 'string' ? ISO_DAY.exec(value) : null;
    const text = day ? `${day[3]}/${day[2]}/${day[1]}` : String(value);
    if (previous !== null && prefixOf(path) === previous) parts[parts.length - 1] += tight ? text : ` ${text}`;
    else parts.push(text);
    previous = prefixOf(path);
  }
  return parts.join(' · ');
}

/** How a reference names a record: its words (a person's names, a subject) and its codes apart. */
export function referenceText(row: Record<string, unknown> | null | undefined, spec: ReferenceSpec): { label: string; detail: string } {
  if (!row || typeof row !== 'object') return { label: '', detail: '' };
  const words = spec.words.map((group) => joined(row, group, spec.tight)).find(Boolean) ?? '';
  const codes = joined(row, spec.detail);
  const id = `#${String(row.id ?? '')}`;
  if (!words) return { label: codes || id, detail: '' };
  // Without a code, the id tells apart records with the same words (two sales of one student).
  return { label: words, detail: codes || id };
}

/** A reference as one line of text: "López Martínez Ana (20260145)". */
export function referenceLine(row: Record<string, unknown> | null | undefined, spec: ReferenceSpec): string {
  const { label, detail } = referenceText(row, spec);
  return detail && !detail.startsWith('#') ? `${label} (${detail})` : label;
}

/** How a form's reference names the records it offers (the source's spec, else its label fields). */
export function referenceLabel(row: Record<string, unknown> | null | undefined, source: Pick<OptionsSource, 'labelField' | 'labelFields' | 'reference'>): { label: string; detail: string } {
  const spec = source.reference ?? referenceSpecOf(source.labelFields?.length ? source.labelFields : [source.labelField]);
  return referenceText(row, spec);
}
