// Client validation is the server's: a typed value is checked with the zod schema the API derives
// for the field (lib/field-schema.ts), built by the same function from the same metadata, so a form
// and the API never disagree. Imported by the form's own modules only (not through the index):
// zod then travels in the lazily loaded form, never in a list's first load.
import type { z } from 'zod';
import { type FieldSpec, type MessageRef, fieldSchema, issueMessage } from '../field-schema';
import { MAX_UPLOAD_BYTES } from '../limits';
import { toBody, visibleFields } from './form-values';
import { isFile } from './records';
import type { FormField, FormMode, FormValue, FormValues } from './types';

/** A message key of the `errors` namespace and its values. */
export type FieldError = MessageRef;

/**
 * The spec of a hand-written form's field (a user's e-mail, a setting): its type and the limits it
 * states, so the same schema builder checks it.
 */
export function specOfFormField(field: FormField): FieldSpec | null {
  const base = { name: field.name, kind: 'scalar' as const, optional: true, hasDefault: false, maxLength: field.maxLength, minLength: field.minLength, min: field.min, max: field.max };
  switch (field.type) {
    case 'text':
    case 'textarea':
      return { ...base, type: 'String' };
    case 'password':
      return { ...base, type: 'String', keepSpaces: true };
    case 'email':
      return { ...base, type: 'String', format: 'email' };
    case 'number':
      return { ...base, type: 'Int' };
    case 'decimal':
      return { ...base, type: 'Decimal', scale: field.decimals ?? 2 };
    case 'date':
      return { ...base, type: 'DateTime', dateKind: 'Date' };
    default:
      return null;
  }
}

const schemas = new WeakMap<FormField, z.ZodType | null>();

function schemaOf(field: FormField): z.ZodType | null {
  if (!schemas.has(field)) {
    const spec = field.spec ?? specOfFormField(field);
    schemas.set(field, spec ? fieldSchema(spec) : null);
  }
  return schemas.get(field) ?? null;
}

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
  const text = typeof value === 'string' ? value : '';
  // Whether a field may stay empty is the form's to say (an edit keeps a stored secret).
  if ((field.type === 'password' ? text : text.trim()) === '') return field.required && !field.storedFlag ? { key: 'errors.required' } : null;
  const schema = schemaOf(field);
  if (!schema) return null;
  // The value as the request carries it ("+4" goes as 4, a date typed day first as YYYY-MM-DD).
  // A percentage is checked as typed (0 to 100), before it becomes the fraction the API keeps.
  const sent: unknown = field.percent ? text.trim() : toBody([field], { [field.name]: text }, mode)[field.name];
  const result = schema.safeParse(sent);
  return result.success ? null : issueMessage(result.error.issues[0]);
}

export function validateValues(fields: FormField[], values: FormValues, mode: FormMode): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of visibleFields(fields, mode)) {
    const error = validateField(field, values[field.name], mode);
    if (error) errors[field.name] = error;
  }
  return errors;
}
