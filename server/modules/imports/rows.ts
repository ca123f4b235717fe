// One file row through the importer's columns: each mapped cell read as its type (lib/imports/
// values.ts), catalogue cells resolved by code or name (scoped ones after the column that scopes
// them), then the importer's own validation with the resource's schemas. Used alike by the
// preview, the dry run and the import, so the three never disagree about a row.
import type { ColumnMapping } from '@/lib/imports/headers';
import { readCell } from '@/lib/imports/values';
import type { Db } from '@/server/engine/types';
import { msg } from '@/server/errors';
import type { CatalogLookup } from './catalogs';
import type { ImporterDefinition, RowError, RowValues, Validated } from './definition';
import type { FileRow } from './reader';

export type CheckedRow<T> = { row: number; values: RowValues; result: Validated<T> };

/** The cells of a row as typed values by column key, with the cells that could not be read. */
export async function rowValues(importer: ImporterDefinition<unknown>, mapping: ColumnMapping, row: FileRow, lookup: CatalogLookup): Promise<{ values: RowValues; errors: RowError[] }> {
  const values: RowValues = {};
  const errors: RowError[] = [];
  // A column whose cell was refused: the columns it scopes are not judged (their error would only echo it).
  const failed = new Set<string>();
  const scoped = importer.columns.filter((column) => column.catalog?.scopedBy);
  const ordered = [...importer.columns.filter((column) => !column.catalog?.scopedBy), ...scoped];
  for (const column of ordered) {
    const index = mapping[column.key];
    const raw = index === null || index === undefined ? null : row.cells[index];
    const read = readCell(column.type, raw);
    const scopeColumn = column.catalog?.scopedBy;
    if (scopeColumn && failed.has(scopeColumn)) {
      failed.add(column.key);
      values[column.key] = null;
      continue;
    }
    if (!read.ok) {
      failed.add(column.key);
      errors.push({ column: column.key, message: msg(read.message) });
      values[column.key] = null;
      continue;
    }
    if (read.value === null || !column.catalog) {
      values[column.key] = read.value;
      if (read.value === null && column.required) errors.push({ column: column.key, message: msg('errors.required') });
      continue;
    }
    const scope = scopeColumn ? values[scopeColumn] : null;
    const resolved = await lookup.resolve(column.catalog, String(read.value), typeof scope === 'number' ? scope : null);
    if ('message' in resolved) {
      failed.add(column.key);
      errors.push({ column: column.key, message: resolved.message });
      values[column.key] = null;
    } else {
      values[column.key] = resolved.value;
    }
  }
  return { values, errors };
}

/** A row read and judged: its values, and the importer's verdict (cells that could not be read win). */
export async function checkRow(importer: ImporterDefinition<unknown>, mapping: ColumnMapping, row: FileRow, lookup: CatalogLookup, db: Db): Promise<CheckedRow<unknown>> {
  const { values, errors } = await rowValues(importer, mapping, row, lookup);
  if (errors.length > 0) {
    // The importer's schema may find more in the cells that were read: report those too, once per column.
    const more = await importer.validate(values, db, lookup);
    const named = new Set(errors.map((error) => error.column));
    const extra = more.ok ? [] : more.errors.filter((error) => !named.has(error.column));
    return { row: row.row, values, result: { ok: false, errors: [...errors, ...extra] } };
  }
  return { row: row.row, values, result: await importer.validate(values, db, lookup) };
}
