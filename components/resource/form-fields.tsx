'use client';
// The inputs of a generic form, one per field type, laid out in titled sections. Every input
// carries `name` = the field name (the API's own) and `data-testid="field-<name>"` on its root.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useId, useState } from 'react';
import type { ApiRecord, FormField, FormMode, FormSection, FormValue, FormValues, OptionValue } from '@/lib/resource-ui';
import { ageOn } from '@/lib/dates';
import { maskDateTyping, parseDisplayDate } from '@/lib/format';
import { resolveSource, visibleFields } from '@/lib/resource-ui';
import { FileInput } from './file-input';
import { ReferenceInput } from './reference-input';
import { RouteTreePicker } from './route-tree-picker';
import { useRemoteOptions } from './use-options';
import { KEEP_WHILE_EDITING, useApiQuery } from '@/lib/api-query';
import { useShellIfAny } from '@/components/shell/ShellContext';
import { useT } from './use-t';

export type FieldInputProps = {
  field: FormField;
  value: FormValue | undefined;
  /** Already translated. */
  error?: string;
  disabled?: boolean;
  /** The record being edited, for "a secret is stored" flags. */
  record?: ApiRecord | null;
  /** The whole form's values, for choices that depend on another field. */
  values?: FormValues;
  onChange: (name: string, value: FormValue) => void;
};

function PasswordInput({ field, value, error, disabled, record, onChange, label, helper }: FieldInputProps & { label: string; helper: string | undefined }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const stored = !!field.storedFlag && record?.[field.storedFlag] === true;
  return (
    <TextField
      name={field.name}
      label={label}
      type={shown ? 'text' : 'password'}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(field.name, event.target.value)}
      required={field.required && !field.storedFlag}
      disabled={disabled}
      error={!!error}
      helperText={error ?? helper ?? (stored ? t('resource.secret_keep') : undefined)}
      placeholder={stored ? t('resource.secret_stored') : undefined}
      autoComplete="new-password"
      fullWidth
      size="small"
      data-testid={`field-${field.name}`}
      slotProps={{
        htmlInput: { maxLength: field.maxLength ? field.maxLength + 1 : undefined },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShown((current) => !current)}
                edge="end"
                size="small"
                aria-label={t(shown ? 'resource.password_hide' : 'resource.password_show')}
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
        inputLabel: stored ? { shrink: true } : undefined,
      }}
    />
  );
}

type ChoiceOption = { value: OptionValue; label: string; detail: string; active: boolean };

type Choices = { choices: ChoiceOption[]; loading: boolean; failed: boolean; resolved: boolean };

function useChoices(field: FormField, values?: FormValues): Choices {
  const t = useT();
  // `{$campus}` / `{$cicle}` in a source are the top bar's choices (a new student's group).
  const shell = useShellIfAny();
  const source = resolveSource(field.optionsFrom, values, { campus: shell?.campus?.id, cicle: shell?.cicle?.id });
  const remote = useRemoteOptions(source ?? undefined);
  if (source === null) return { choices: [], loading: false, failed: false, resolved: true };
  if (field.optionsFrom) {
    return {
      choices: remote.options.map((option) => ({ value: option.id, label: option.label, detail: option.detail, active: option.active })),
      loading: remote.loading,
      failed: remote.failed,
      resolved: !remote.loading && !remote.failed,
    };
  }
  return {
    choices: (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey), detail: '', active: true })),
    loading: false,
    failed: false,
    resolved: true,
  };
}

/** Whether a field's choices follow another field of the form (a group those of the chosen career). */
const followsOtherFields = (field: FormField) => Object.values(field.optionsFrom?.query ?? {}).some((raw) => /^\{\w+\}$/.test(raw));

function SelectInput({ field, value, values, record, error, disabled, onChange, label, helper }: FieldInputProps & { label: string; helper: string | undefined }) {
  const t = useT();
  const { choices, loading, failed, resolved } = useChoices(field, values);
  const text = typeof value === 'string' ? value : '';
  // Until the choices arrive, an unknown value would make MUI warn and show blank.
  const known = text === '' || choices.some((choice) => String(choice.value) === text);
  // On a new record, a choice the other field no longer allows (a group of the career left) goes,
  // rather than being sent unseen. A record's own value stays: it is what it has, listed or not.
  const stale = !record && resolved && !known && followsOtherFields(field);
  useEffect(() => {
    if (stale) onChange(field.name, '');
  }, [stale, field.name, onChange]);
  return (
    <TextField
      select
      name={field.name}
      label={label}
      value={known ? text : ''}
      onChange={(event) => onChange(field.name, event.target.value)}
      required={field.required}
      disabled={disabled || loading}
      error={!!error || failed}
      helperText={error ?? (failed ? t('resource.options_error') : helper)}
      fullWidth
      size="small"
      data-testid={`field-${field.name}`}
    >
      {!field.required && (
        <MenuItem value="">
          <em>{t('resource.none')}</em>
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
          {choice.detail ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {choice.detail}
            </Typography>
          ) : null}
        </MenuItem>
      ))}
    </TextField>
  );
}

function MultiSelectInput({ field, value, values, record, error, disabled, onChange, label, helper }: FieldInputProps & { label: string; helper: string | undefined }) {
  const t = useT();
  const { choices: all, loading, failed } = useChoices(field, values);
  // A record is never its own choice (a subject is not its own prerequisite).
  const choices = record?.id === undefined ? all : all.filter((choice) => String(choice.value) !== String(record.id));
  const selected = Array.isArray(value) ? value : [];
  const byValue = new Map(choices.map((choice) => [String(choice.value), choice]));
  // Selected values the list does not know (yet) still show, as their id, rather than vanish.
  const current: ChoiceOption[] = selected.map(
    (item) => byValue.get(String(item)) ?? { value: item, label: loading ? '…' : `#${item}`, detail: '', active: true },
  );
  return (
    <Autocomplete
      multiple
      options={choices}
      value={current}
      onChange={(_event, next) => onChange(field.name, next.map((choice) => choice.value))}
      isOptionEqualToValue={(option, other) => String(option.value) === String(other.value)}
      getOptionLabel={(option) => (option.detail ? `${option.label} (${option.detail})` : option.label)}
      filterSelectedOptions
      disableCloseOnSelect
      loading={loading}
      loadingText={t('resource.loading')}
      noOptionsText={t('resource.no_options')}
      disabled={disabled}
      size="small"
      fullWidth
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2" color={option.active ? 'text.primary' : 'text.disabled'}>
                {option.label}
                {!option.active ? ` · ${t('resource.status_inactive')}` : ''}
              </Typography>
              {option.detail && (
                <Typography variant="caption" color="text.secondary">
                  {option.detail}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error || failed}
          helperText={error ?? (failed ? t('resource.options_error') : helper)}
          data-testid={`field-${field.name}`}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, name: field.name } }}
        />
      )}
    />
  );
}

/**
 * A new record's hint read from the API while its field is empty (the control number a blank one
 * gets): read again at each opening of the form, since another clerk may have taken it meanwhile.
 */
function useHint(field: FormField, active: boolean): string | undefined {
  const source = field.hintFrom;
  const answer = useApiQuery<Record<string, unknown>>(source && active ? source.path : null, { staleTime: 0, ...KEEP_WHILE_EDITING });
  const value = source ? answer.data?.[source.field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function FieldInput(props: FieldInputProps) {
  const t = useT();
  const { field, value, error, disabled, onChange } = props;
  const label = t(field.labelKey);
  const empty = value === undefined || value === null || value === '';
  const hint = useHint(field, !props.record && empty);
  const helper = hint && field.hintFrom && empty ? t(field.hintFrom.messageKey, { value: hint }) : field.helperKey ? t(field.helperKey) : undefined;
  const isDisabled = disabled || field.readOnly;

  if (field.derived) {
    // Shown as the form's own value makes it (the age as the birth date is typed), never typed.
    const from = props.values?.[field.derived.from];
    const age = typeof from === 'string' ? ageOn(parseDisplayDate(from), new Date()) : null;
    return (
      <TextField
        name={field.name}
        label={label}
        value={age === null ? '' : String(age)}
        fullWidth
        size="small"
        data-testid={`field-${field.name}`}
        helperText={helper ?? t('resource.derived_helper', { field: t(`fields.${field.derived.from}`) })}
        slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
      />
    );
  }

  switch (field.type) {
    case 'radio':
      return (
        <FormControl error={!!error} disabled={isDisabled} required={field.required} data-testid={`field-${field.name}`}>
          <FormLabel sx={{ typography: 'caption' }}>{label}</FormLabel>
          <RadioGroup row name={field.name} value={value === undefined || value === null ? '' : String(value)} onChange={(event) => onChange(field.name, event.target.value)}>
            {(field.options ?? []).map((option) => (
              <FormControlLabel key={String(option.value)} value={String(option.value)} control={<Radio size="small" />} label={t(option.labelKey)} />
            ))}
          </RadioGroup>
          {(error ?? helper) && <FormHelperText>{error ?? helper}</FormHelperText>}
        </FormControl>
      );
    case 'boolean':
      return (
        <FormControl error={!!error} disabled={isDisabled} data-testid={`field-${field.name}`} sx={{ minHeight: 40, justifyContent: 'center' }}>
          <FormControlLabel
            control={<Switch name={field.name} checked={value === true} onChange={(event) => onChange(field.name, event.target.checked)} />}
            label={label}
          />
          {(error ?? helper) && <FormHelperText sx={{ mt: -0.5 }}>{error ?? helper}</FormHelperText>}
        </FormControl>
      );
    case 'password':
      return <PasswordInput {...props} disabled={isDisabled} label={label} helper={helper} />;
    case 'select':
      return <SelectInput {...props} disabled={isDisabled} label={label} helper={helper} />;
    case 'reference':
      return <ReferenceInput field={field} value={value} record={props.record} error={error} disabled={isDisabled} label={label} helper={helper} onChange={onChange} />;
    case 'multiselect':
      return <MultiSelectInput {...props} disabled={isDisabled} label={label} helper={helper} />;
    case 'file':
      return <FileInput {...props} disabled={isDisabled} label={label} />;
    case 'routes':
      return (
        <RouteTreePicker
          name={field.name}
          label={label}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(routes) => onChange(field.name, routes)}
          disabled={isDisabled}
          error={error}
        />
      );
    default: {
      const numeric = field.type === 'number' || field.type === 'decimal';
      return (
        <TextField
          name={field.name}
          label={label}
          type={field.type === 'email' ? 'email' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(field.name, field.type === 'date' ? maskDateTyping(event.target.value) : event.target.value)}
          placeholder={field.type === 'date' ? t('resource.date_placeholder') : (hint ?? undefined)}
          required={field.required}
          disabled={isDisabled}
          error={!!error}
          helperText={error ?? helper}
          multiline={field.type === 'textarea'}
          minRows={field.type === 'textarea' ? 3 : undefined}
          fullWidth
          size="small"
          autoComplete="off"
          data-testid={`field-${field.name}`}
          slotProps={{
            htmlInput: {
              inputMode: field.type === 'number' || field.type === 'date' ? 'numeric' : field.type === 'decimal' ? 'decimal' : undefined,
              // One character over the limit is allowed so the length message can explain it.
              maxLength: field.type === 'date' ? 10 : field.maxLength ? field.maxLength + 1 : undefined,
              style: numeric ? { textAlign: 'right' } : undefined,
            },
            inputLabel: field.type === 'date' ? { shrink: true } : undefined,
          }}
        />
      );
    }
  }
}

export type FormSectionsProps = {
  fields: FormField[];
  sections: FormSection[];
  mode: FormMode;
  values: FormValues;
  errors: Record<string, string>;
  record?: ApiRecord | null;
  disabled?: boolean;
  /** Fields the record's state does not let change (shown, never editable). */
  locked?: (name: string) => boolean;
  onChange: (name: string, value: FormValue) => void;
  /** `dialog`: headed blocks in one column; `page`: one card per section. */
  variant?: 'dialog' | 'page';
};

function defaultSpan(field: FormField): number {
  if (field.span) return field.span;
  return field.type === 'textarea' || field.type === 'routes' || field.type === 'multiselect' ? 12 : 6;
}

export function FormSections({ fields, sections, mode, values, errors, record, disabled, locked, onChange, variant = 'dialog' }: FormSectionsProps) {
  const t = useT();
  const idPrefix = useId();
  // Values computed from others (an age) show beside them; a parent's key set by the page does not show.
  const shown = fields.filter((field) => (visibleFields([field], mode).length > 0 || field.derived) && !field.hidden);
  const blocks = sections
    .map((section) => ({ section, fields: shown.filter((field) => field.section === section.key) }))
    .filter((block) => block.fields.length > 0);

  return (
    <>
      {blocks.map(({ section, fields: sectionFields }, index) => {
        const headingId = `${idPrefix}-${section.key}`;
        const body = (
          <>
            <Typography id={headingId} variant={variant === 'page' ? 'h6' : 'subtitle1'} component="h2" sx={{ fontWeight: 500, mb: section.descriptionKey ? 0.5 : 2 }}>
              {t(section.titleKey)}
            </Typography>
            {section.descriptionKey && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t(section.descriptionKey)}
              </Typography>
            )}
            <Grid container spacing={2}>
              {sectionFields.map((field) => (
                <Grid key={field.name} size={{ xs: 12, sm: defaultSpan(field) }}>
                  <FieldInput field={field} value={values[field.name]} values={values} error={errors[field.name]} disabled={disabled || !!locked?.(field.name)} record={record} onChange={onChange} />
                </Grid>
              ))}
            </Grid>
          </>
        );
        if (variant === 'page') {
          return (
            <Paper key={section.key} component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
              {body}
            </Paper>
          );
        }
        return (
          <Fragment key={section.key}>
            {index > 0 && <Divider sx={{ my: 2.5 }} />}
            <Box component="section" aria-labelledby={headingId}>
              {body}
            </Box>
          </Fragment>
        );
      })}
    </>
  );
}
