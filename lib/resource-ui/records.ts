// Reading records as the screens show them: nested fields, labels, enum names and stored files.
import type { ApiRecord } from './types';

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
