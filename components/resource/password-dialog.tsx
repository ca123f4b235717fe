'use client';
// Staff reset another account's password: typed twice, checked here (length, equal) and then
// POSTed as {password, password_confirm}; the API's answer wins if it disagrees.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { api, formatErrors } from '@/lib/api-client';
import { type FormField, serverErrors } from '@/lib/resource-ui';
import { validateField } from '@/lib/resource-ui/validation';
import { PASSWORD_MIN } from '@/lib/limits';
import { FieldInput } from './form-fields';
import { useOpenSession } from './use-open-session';
import { useT } from './use-t';

export type PasswordDialogProps = {
  open: boolean;
  /** Where to POST: `/manage/api/users/7/change_password/`. */
  path: string | null;
  /** Who it is for ("jperez"). */
  label: string;
  minLength?: number;
  onClose: () => void;
  /** `detail` of the API's answer, if any. */
  onDone: (detail: string | null) => void;
};

type Values = { password: string; password_confirm: string };
const EMPTY: Values = { password: '', password_confirm: '' };

/** Each opening starts with empty inputs (see useOpenSession). */
export function PasswordDialog(props: PasswordDialogProps) {
  const session = useOpenSession(props.open);
  return <PasswordDialogBody key={session} {...props} />;
}

function PasswordDialogBody({ open, path, label, minLength = PASSWORD_MIN, onClose, onDone }: PasswordDialogProps) {
  const t = useT();
  const titleId = useId();
  const formId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const fields: Record<keyof Values, FormField> = {
    password: { name: 'password', labelKey: 'resource.password_new', type: 'password', section: 'main', required: true, minLength },
    password_confirm: { name: 'password_confirm', labelKey: 'resource.password_confirm', type: 'password', section: 'main', required: true },
  };

  const check = (next: Values) => {
    const found: Partial<Record<keyof Values, string>> = {};
    for (const name of Object.keys(fields) as (keyof Values)[]) {
      const error = validateField(fields[name], next[name]);
      if (error) found[name] = t(error.key, error.values);
    }
    if (!found.password_confirm && next.password_confirm && next.password !== next.password_confirm) {
      found.password_confirm = t('auth.passwords_mismatch');
    }
    return found;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!path) return;
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setGeneral([]);
    const res = await api.post(path, { body: values });
    setSaving(false);
    if (res.ok) {
      const detail = res.data && typeof res.data === 'object' ? (res.data as { detail?: unknown }).detail : null;
      onDone(typeof detail === 'string' ? detail : null);
      return;
    }
    if (res.status === 400) {
      const mapped = serverErrors(res.data, ['password', 'password_confirm']);
      setErrors(mapped.fields);
      setGeneral(mapped.general.map(({ field, message }) => (field ? `${field}: ${message}` : message)));
      return;
    }
    const lines = formatErrors(res.data);
    setGeneral(lines.length > 0 ? lines : [t('resource.save_error')]);
  };

  const change = (name: string, value: unknown) => {
    const next = { ...values, [name]: typeof value === 'string' ? value : '' };
    setValues(next);
    // Once an error is on screen, it follows the typing; before that, wait for the save.
    if (Object.keys(errors).length > 0) setErrors(check(next));
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="password-dialog">
      <DialogTitle id={titleId}>{t('resource.password_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('resource.password_for', { label })}</DialogContentText>
        <form id={formId} noValidate onSubmit={handleSubmit}>
          <Stack spacing={2}>
            {general.length > 0 && (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
                {general.join('\n')}
              </Alert>
            )}
            <FieldInput field={fields.password} value={values.password} error={errors.password} disabled={saving} onChange={change} />
            <FieldInput field={fields.password_confirm} value={values.password_confirm} error={errors.password_confirm} disabled={saving} onChange={change} />
          </Stack>
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {t('resource.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={saving} data-testid="password-save">
          {t('resource.password_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
