// Client validation: the same rules as the API's, so most mistakes never make a round trip.
import { parseDisplayDate } from '../format';
import { visibleFields } from './form-values';
import { isFile } from './records';
import type { FormField, FormMode, FormValue, FormValues } from './types';

/** A message key of the `errors` namespace and its values. */
export type FieldError = { key: string; values?: Record<string, string | number> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The API's limit (spec: "Upload files must be under 5MB"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export function validateField(field: FormField, value: FormValue | undefined, mode: FormMode = 'create'): FieldError | null {
  if (field.readOnly) return null;
  if (field.type === 'boolean') return null;
  if (field.type === 'file') {
    if (isFile(value)) return value.size > MAX_UPLOAD_BYTES ? { key: 'errors.file_too_large' } : value.size === 0 ? { key: 'errors.file_required' } : null;
    return field.required && mode === 'create' ? { key: 'errors.file_required' } : null;
  }
  if (Array.isArray(value)) {
    return field.required && value.length === 0 ? { key: 'errors.required' } : null;
  }
  const text = typeof value === 'string' ? (field.type === 'password' ? value : value.trim()) : '';
  if (text === '') return field.required && !field.storedFlag ? { key: 'errors.required' } : null;
  if (field.maxLength !== undefined && text.length > field.maxLength) return { key: 'errors.max_length', values: { max: field.maxLength } };
  if (field.minLength !== undefined && text.length < field.minLength) return { key: 'errors.min_length', values: { min: field.minLength } };
  if (field.type === 'email' && !EMAIL.test(text)) return { key: 'errors.email' };
  if (field.type === 'date' && parseDisplayDate(text) === null) return { key: 'errors.date' };
  if (field.type === 'number' || field.type === 'decimal') {
    if (field.type === 'number' && !INTEGER.test(text)) return { key: DECIMAL_TEXT.test(text) ? 'errors.type_integer' : 'errors.type_number' };
    if (field.type === 'decimal' && !DECIMAL_TEXT.test(text)) return { key: 'errors.type_decimal' };
    const places = text.split('.')[1]?.length ?? 0;
    if (field.decimals !== undefined && places > field.decimals) return { key: 'errors.max_decimals', values: { places: field.decimals } };
    // Comparing bounds in floating point is fine: bounds are small and not money.
    const number = Number(text);
    if (field.min !== undefined && number < field.min) return { key: 'errors.min_value', values: { min: field.min } };
    if (field.max !== undefined && number > field.max) return { key: 'errors.max_value', values: { max: field.max } };
  }
  return null;
}

export function validateValues(fields: FormField[], values: FormValues, mode: FormMode): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of visibleFields(fields, mode)) {
    const error = validateField(field, values[field.name], mode);
    if (error) errors[field.name] = error;
  }
  return errors;
}
