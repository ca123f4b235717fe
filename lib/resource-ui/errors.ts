// Server errors mapped onto a form: 400 `{field: [..], non_field_errors: [..]}`, others `{detail}`.
import { firstMessage } from '../error-messages';

export type ServerErrors = {
  /** Messages for fields the form shows, by field name. */
  fields: Record<string, string>;
  /** Messages for the top of the form: `non_field_errors`, `detail`, and fields it does not show. */
  general: { field: string | null; message: string }[];
};

export function serverErrors(data: unknown, shownFields: readonly string[]): ServerErrors {
  const result: ServerErrors = { fields: {}, general: [] };
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    const message = firstMessage(data);
    if (message) result.general.push({ field: null, message });
    return result;
  }
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const message = firstMessage(value);
    if (!message) continue;
    if (key === 'non_field_errors' || key === 'detail') result.general.push({ field: null, message });
    else if (shownFields.includes(key)) result.fields[key] = message;
    else result.general.push({ field: key, message });
  }
  return result;
}
