// Form values <-> request bodies: what a form starts with, and what it sends (api.md's shapes).
import { formatDate, parseDisplayDate } from '../format';
import { fractionToPercent, percentToFraction } from '../finance/percent';
import { isFile } from './records';
import type { ApiRecord, FormField, FormMode, FormValues, OptionValue, OptionsSource } from './types';

/** What the top bar has chosen, for `{$campus}` and `{$cicle}` in a source's query. */
export type TopBarChoice = { campus?: number | string | null; cicle?: number | string | null };

/**
 * The source with `{field}` placeholders filled from a form's values; null while one of them is
 * empty (a plan's prerequisites cannot be listed before the plan is chosen); `{field?}` is left
 * out while the field is empty. `{$campus}` and
 * `{$cicle}` are the top bar's campus and period; a parameter whose choice the bar leaves open
 * ("all campuses") is left out, so it narrows nothing.
 */
export function resolveSource(source: OptionsSource | undefined, values: FormValues | undefined, topBar: TopBarChoice = {}): OptionsSource | undefined | null {
  if (!source?.query) return source;
  const query: Record<string, string> = {};
  for (const [key, raw] of Object.entries(source.query)) {
    const placeholder = /^\{(\$?\w+)(\?)?\}$/.exec(raw);
    if (placeholder?.[1].startsWith('$')) {
      const chosen = topBar[placeholder[1].slice(1) as keyof TopBarChoice];
      if (chosen !== undefined && chosen !== null && chosen !== '') query[key] = String(chosen);
      continue;
    }
    const value = placeholder ? values?.[placeholder[1]] : raw;
    // `{field?}`: narrows the choices once the field is chosen, offers them all before.
    if (placeholder?.[2] && (value === undefined || value === null || value === '')) continue;
    if (value === undefined || value === '' || typeof value === 'object') return null;
    query[key] = String(value);
  }
  return { ...source, query };
}

/** Fields the form shows in this mode. */
export function visibleFields(fields: FormField[], mode: FormMode): FormField[] {
  return fields.filter((field) => (mode === 'create' ? !field.editOnly : !field.createOnly) && !field.derived);
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
      case 'select':
      case 'reference': {
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
        // A rate kept as a fraction is typed as a percentage: 0.1000 shows as 10.00.
        if (field.percent && values[field.name] !== '') values[field.name] = fractionToPercent(String(values[field.name])) ?? String(values[field.name]);
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
      case 'select':
      case 'radio':
      case 'reference': {
        const text = typeof value === 'string' ? value : '';
        body[field.name] = text === '' ? null : optionFor(field, text);
        break;
      }
      case 'number': {
        const text = typeof value === 'string' ? value.trim() : '';
        // What is not a number is sent as typed, for the API to refuse (JSON would make NaN a null: a silent clear).
        const number = Number(text);
        body[field.name] = text === '' ? null : Number.isFinite(number) ? number : text;
        break;
      }
      case 'decimal': {
        const text = typeof value === 'string' ? value.trim() : '';
        // A percentage leaves as the fraction it is kept as (10 -> "0.1000"); what is no percentage
        // from 0 to 100 is sent as typed, for the API to refuse.
        body[field.name] = text === '' ? null : field.percent ? (percentToFraction(text) ?? text) : text;
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
