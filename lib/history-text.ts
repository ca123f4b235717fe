// How a history entry reads, the same in a record's history dialog, on the audit screen and in the
// audit's workbook: a field by the label the screens give it, a value as a person writes it (a
// date as a date, yes/no, a record by its name), a key or an enum value by what the server named
// it (`old_label`/`new_label`, server/engine/history-labels.ts).
import { booleanKey, formatDate, formatDateTime } from './format';

/** A translator: next-intl's on the screens, the server's in the API. */
export type HistoryWords = ((key: string, values?: Record<string, string | number>) => string) & { has: (key: string) => boolean };

export type HistoryType = '+' | '~' | '-';
export type HistoryChange = { field: string; old: unknown; new: unknown; old_label?: string; new_label?: string };

/** "Alta", "Modificación", "Baja", and the colour of their chips. */
export const HISTORY_TYPES: Readonly<Record<HistoryType, { key: string; color: 'success' | 'info' | 'error' }>> = {
  '+': { key: 'resource.history_created', color: 'success' },
  '~': { key: 'resource.history_changed', color: 'info' },
  '-': { key: 'resource.history_deleted', color: 'error' },
};

export function isHistoryType(value: unknown): value is HistoryType {
  return value === '+' || value === '~' || value === '-';
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date written by JavaScript's Date#toString ("Sat Nov 28 2026 00:00:00 GMT+0000 (…)"), as older entries may hold. */
const JS_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{4}/;

export function describeValue(value: unknown, t: HistoryWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(booleanKey(value));
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    if (JS_DATE.test(value) && !Number.isNaN(Date.parse(value))) {
      const instant = new Date(value);
      // Midnight UTC is a calendar day (a payment's date), not an instant.
      return instant.getUTCHours() === 0 && instant.getUTCMinutes() === 0 ? formatDate(instant.toISOString().slice(0, 10)) : formatDateTime(instant.toISOString());
    }
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => describeValue(item, t)).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; short?: unknown; description?: unknown; id?: unknown };
    const label = named.name ?? named.description ?? named.short ?? named.id;
    return label === undefined ? JSON.stringify(value) : String(label);
  }
  return String(value);
}

/** A changed field as everywhere else: its label, a key by its relation ("career_id" as "Carrera"). */
export function fieldLabel(field: string, t: HistoryWords): string {
  if (t.has(`fields.${field}`)) return t(`fields.${field}`);
  const relation = field.replace(/_id$/, '');
  return t.has(`fields.${relation}`) ? t(`fields.${relation}`) : field;
}

/** The value a change names for its entry: what was set (a creation), what was (a deletion), or both. */
export function changeValues(change: HistoryChange, type: HistoryType, t: HistoryWords): { old: string | null; new: string | null } {
  const before = change.old_label ?? describeValue(change.old, t);
  const after = change.new_label ?? describeValue(change.new, t);
  if (type === '+') return { old: null, new: after };
  if (type === '-') return { old: before, new: null };
  return { old: before, new: after };
}

/** One line per change: "Carrera: Ingeniería Civil → Arquitectura", "Nombre: Ana" (a creation). */
export function changeLine(change: HistoryChange, type: HistoryType, t: HistoryWords, label: string = fieldLabel(change.field, t)): string {
  const values = changeValues(change, type, t);
  const text = values.old !== null && values.new !== null ? `${values.old} → ${values.new}` : (values.new ?? values.old ?? '—');
  return `${label}: ${text}`;
}

/** Fields that name a record, in the order people name it by. */
const NAMING_FIELDS = ['name', 'description', 'username', 'no_control', 'web_code', 'code', 'folio', 'names', 'first_name', 'title', 'short'];
const SUMMARY_FIELDS = 3;
const SUMMARY_LENGTH = 160;

/**
 * An entry in one line, for a list: a single change whole ("Activo: Sí → No"); several, by their
 * fields ("Nombre, Correo, Teléfono +2"); a record created or deleted, by its name when a change
 * holds one.
 */
export function historySummary(type: HistoryType, changes: readonly HistoryChange[], t: HistoryWords): string {
  if (changes.length === 0) return '';
  let text: string;
  const naming = type === '~' ? undefined : NAMING_FIELDS.map((name) => changes.find((change) => change.field === name)).find((change) => change && changeValues(change, type, t)[type === '+' ? 'new' : 'old'] !== '—');
  if (naming) text = changeLine(naming, type, t);
  else if (changes.length === 1) text = changeLine(changes[0], type, t);
  else {
    const names = changes.slice(0, SUMMARY_FIELDS).map((change) => fieldLabel(change.field, t));
    text = names.join(', ') + (changes.length > SUMMARY_FIELDS ? ` +${changes.length - SUMMARY_FIELDS}` : '');
  }
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}
