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
/** People are named surname first, as school lists write them ("López Martínez Ana"). */
const NAME_ORDER = ['first_name', 'second_name', 'names', 'last_name'];

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/** How a reference names a record: its words (a person's names, a description) and its code apart. */
export function referenceLabel(row: Record<string, unknown> | null | undefined, source: Pick<OptionsSource, 'labelField' | 'labelFields'>): { label: string; detail: string } {
  if (!row) return { label: '', detail: '' };
  const fields = (source.labelFields?.length ? source.labelFields : [source.labelField]).filter((field) => field !== 'id');
  // A path's last name says what it is ("student.no_control" is a code).
  const last = (field: string) => field.slice(field.lastIndexOf('.') + 1);
  const isCode = (field: string) => CODE_FIELDS.has(last(field));
  const rank = (field: string) => (NAME_ORDER.includes(last(field)) ? NAME_ORDER.indexOf(last(field)) : NAME_ORDER.length);
  const words = fields.filter((field) => !isCode(field)).sort((a, b) => rank(a) - rank(b)).map((field) => readPath(row, field)).filter(present);
  const codes = fields.filter(isCode).map((field) => readPath(row, field)).filter(present);
  const id = `#${String(row.id ?? '')}`;
  if (!words.length) return { label: codes.length ? codes.join(' ') : id, detail: '' };
  // Without a code, the id tells apart records with the same words (two sales of one student).
  return { label: words.join(' '), detail: codes.length ? codes.join(' ') : id };
}
