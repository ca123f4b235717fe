'use client';
// The state of a generic form, shared by the dialog form and the inline record editor: values,
// client validation with the catalogue's messages, and the API's 400 answers mapped back onto
// their fields (the rest goes to the top of the form).
import { useCallback, useMemo, useRef, useState } from 'react';
import { formatErrors } from '@/lib/api-client';
import {
  type ApiRecord,
  type FieldError,
  type FormField,
  type FormMode,
  type FormValue,
  type FormValues,
  initialValues,
  isFile,
  serverErrors,
  toBody,
  visibleFields,
} from '@/lib/resource-ui';
import { validateField, validateValues } from '@/lib/resource-ui/validation';
import { useT } from './use-t';

export type SendResult = { ok: boolean; status: number; data: unknown };

type Snapshot = { mode: FormMode; record: ApiRecord | null; values: FormValues; pristine: string };

function snapshot(fields: FormField[], record: ApiRecord | null, mode: FormMode): Snapshot {
  const values = initialValues(fields, record, mode);
  return { mode, record, values, pristine: JSON.stringify(values) };
}

export function useRecordForm(fields: FormField[], initialRecord: ApiRecord | null = null, initialMode: FormMode = 'create') {
  const t = useT();
  const [state, setState] = useState<Snapshot>(() => snapshot(fields, initialRecord, initialMode));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const container = useRef<HTMLElement | null>(null);

  const labels = useMemo(() => new Map(fields.map((field) => [field.name, field.labelKey])), [fields]);
  const message = useCallback((error: FieldError) => t(error.key, error.values), [t]);

  /** Starts over from a record (after loading or saving it). */
  const reset = useCallback(
    (record: ApiRecord | null, mode: FormMode) => {
      setState(snapshot(fields, record, mode));
      setErrors({});
      setGeneral([]);
    },
    [fields],
  );

  /** Back to the last loaded or saved values. */
  const discard = useCallback(() => {
    setState((current) => ({ ...current, values: JSON.parse(current.pristine) as FormValues }));
    setErrors({});
    setGeneral([]);
  }, []);

  const change = useCallback(
    (name: string, value: FormValue) => {
      setState((current) => ({ ...current, values: { ...current.values, [name]: value } }));
      // A field already marked wrong is re-checked as the user fixes it; untouched ones wait
      // for the save, so nobody is scolded while still typing.
      setErrors((current) => {
        // A chosen file is checked at once (too big, empty): there is nothing left to type.
        if (!(name in current) && !isFile(value)) return current;
        const field = fields.find((candidate) => candidate.name === name);
        const error = field ? validateField(field, value) : null;
        const next = { ...current };
        if (error) next[name] = message(error);
        else delete next[name];
        return next;
      });
    },
    [fields, message],
  );

  /** Where the form's inputs live, to focus the first wrong one. */
  const attachContainer = useCallback((node: HTMLElement | null) => {
    container.current = node;
  }, []);

  const focusField = useCallback((name: string) => {
    const root = container.current ?? document;
    root.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  }, []);

  /** Validates, sends, and maps errors back. Resolves to the saved record, or null. */
  const submit = useCallback(
    async (send: (body: ApiRecord) => Promise<SendResult>): Promise<ApiRecord | null> => {
      const { mode, record, values } = state;
      const clientErrors = validateValues(fields, values, mode);
      const names = Object.keys(clientErrors);
      if (names.length > 0) {
        setErrors(Object.fromEntries(names.map((name) => [name, message(clientErrors[name])])));
        setGeneral([t('resource.fix_errors')]);
        const first = visibleFields(fields, mode).find((field) => clientErrors[field.name]);
        if (first) focusField(first.name);
        return null;
      }
      setSaving(true);
      setGeneral([]);
      try {
        const res = await send(toBody(fields, values, mode, record?.id));
        if (res.ok) {
          setState((current) => ({ ...current, pristine: JSON.stringify(values) }));
          return (res.data && typeof res.data === 'object' ? res.data : { ...record }) as ApiRecord;
        }
        if (res.status === 400) {
          const shown = visibleFields(fields, mode).map((field) => field.name);
          const mapped = serverErrors(res.data, shown);
          setErrors(mapped.fields);
          const lines = mapped.general.map(({ field, message: text }) => {
            const labelKey = field ? labels.get(field) : undefined;
            return field ? `${labelKey ? t(labelKey) : field}: ${text}` : text;
          });
          setGeneral(lines.length > 0 ? lines : [t('resource.fix_errors')]);
          const first = shown.find((name) => mapped.fields[name]);
          if (first) focusField(first);
          return null;
        }
        const lines = res.status === 0 ? [] : formatErrors(res.data);
        setGeneral(lines.length > 0 ? lines : [t(res.status === 0 ? 'resource.network_error' : 'resource.save_error')]);
        return null;
      } finally {
        setSaving(false);
      }
    },
    [state, fields, message, labels, t, focusField],
  );

  return {
    mode: state.mode,
    record: state.record,
    values: state.values,
    dirty: JSON.stringify(state.values) !== state.pristine,
    errors,
    general,
    saving,
    reset,
    discard,
    change,
    submit,
    attachContainer,
  };
}
