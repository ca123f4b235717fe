// A hand-written form's input from the spec the API validates the field with (lib/field-schema.ts):
// its kind of input and its limits come from the spec, so the form and the API state them once.
import type { FieldSpec } from '../field-schema';
import type { FormField } from './types';

type Presentation = Omit<FormField, 'name' | 'type' | 'spec'> & { type?: FormField['type'] };

function inputType(spec: FieldSpec): FormField['type'] {
  if (spec.format === 'email') return 'email';
  if (spec.type === 'Int' || spec.type === 'BigInt') return 'number';
  if (spec.type === 'Decimal') return 'decimal';
  if (spec.type === 'DateTime' && spec.dateKind !== 'Time') return 'date';
  return spec.maxLength === undefined || spec.maxLength > 300 ? 'textarea' : 'text';
}

export function specField(spec: FieldSpec, presentation: Presentation): FormField {
  const limits: Partial<FormField> = {};
  if (spec.maxLength !== undefined) limits.maxLength = spec.maxLength;
  if (spec.minLength !== undefined) limits.minLength = spec.minLength;
  if (spec.min !== undefined) limits.min = spec.min;
  if (spec.max !== undefined) limits.max = spec.max;
  if (spec.type === 'Decimal') limits.decimals = spec.scale ?? 2;
  return { name: spec.name, type: inputType(spec), ...limits, ...presentation, spec };
}
