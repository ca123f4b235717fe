// How each column type writes its value as text: the grid's cells (cell-value.tsx) and the plain
// table shown before the grid loads (list/grid-placeholder.tsx) read the same words. Kept free of
// MUI so the list's first load carries only this, not the grid's chips and tooltips.
import { booleanKey, formatDate, formatDateTime, formatMoney, formatNumber, monthKey, statusKey } from '@/lib/format';
import { fractionToPercent } from '@/lib/finance/percent';
import { folioOf } from '@/lib/finance/folio';
import { type ListColumn, enumKey, readPath, referenceLine, stateOf, storedFileName } from '@/lib/resource-ui';
import type { LooseTranslate } from './use-t';

/** The texts of a chips column: each item's `chipField` (or name, or id). */
export function chipTexts(items: unknown, chipField: string): string[] {
  if (!Array.isArray(items)) return [];
  return items
    .map((item) => {
      if (item && typeof item === 'object') {
        const value = readPath(item, chipField) ?? (item as { name?: unknown }).name ?? (item as { id?: unknown }).id;
        return value === undefined || value === null ? '' : String(value);
      }
      return String(item ?? '');
    })
    .filter(Boolean);
}

/** Tuition months (`[{month, year}]`) as "Enero 2026, Febrero 2026"; anything else as nothing. */
export function monthListText(value: unknown, t: LooseTranslate): string {
  if (!Array.isArray(value)) return '';
  return value
    .filter((item): item is { month: number; year: number } => !!item && typeof item === 'object' && Number.isInteger((item as { month?: unknown }).month) && Number.isInteger((item as { year?: unknown }).year))
    .map((item) => `${t(monthKey(item.month))} ${item.year}`)
    .join(', ');
}

/** A cell's value as the user reads it. */
export function cellText(column: ListColumn, value: unknown, t: LooseTranslate): string {
  if (column.valuesKey && value !== null && value !== undefined && value !== '') return t.or(`${column.valuesKey}.${String(value)}`, String(value));
  switch (column.type) {
    case 'number':
      return formatNumber(value as string | number | null);
    case 'money':
      return formatMoney(value as string | number | null);
    case 'date':
      return formatDate(value as string | null);
    case 'datetime':
      return formatDateTime(value as string | null);
    case 'file':
      return storedFileName(value) ?? '';
    case 'chips':
      return chipTexts(value, column.chipField ?? 'name').join(', ');
    case 'months':
      return monthListText(value, t);
    case 'percent': {
      if (value === null || value === undefined || value === '') return '';
      const percent = fractionToPercent(String(value));
      return percent === null ? String(value) : `${formatNumber(percent)} %`;
    }
    case 'folio': {
      const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
      return typeof id === 'number' ? folioOf(id) : '';
    }
    case 'status':
      return t(statusKey(value));
    case 'state':
      return column.state ? t(stateOf(column.state, value as Record<string, unknown> | null)?.key ?? '') : '';
    case 'reference':
      return column.reference ? referenceLine(value as Record<string, unknown> | null, column.reference) : '';
    case 'enum':
      return value === null || value === undefined ? '' : t(enumKey(column.enumType ?? '', value));
    case 'boolean':
      return value === null || value === undefined ? '' : t(booleanKey(value));
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The value of a record's cell in a column (dotted fields read nested objects). */
export function cellValue(column: ListColumn, record: unknown): unknown {
  return column.self || column.type === 'state' || column.type === 'folio' ? record : readPath(record, column.field);
}
