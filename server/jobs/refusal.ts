// How a batch job reports a record the rules refused: one line in the user's language, the general
// message first, then each field's label and message ("Correo electrónico: Este campo es obligatorio").
import type { ApiError } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';

export function refusalText(error: ApiError, t: Translate): string {
  const fields = Object.entries(error.fields ?? {}).map(([field, messages]) => `${field === 'non_field_errors' ? '' : `${t(`fields.${field}`)}: `}${messages.map((one) => t(one.key, one.values)).join(' ')}`);
  return [error.detail ? t(error.detail.key, error.detail.values) : null, ...fields].filter(Boolean).join(' · ');
}
