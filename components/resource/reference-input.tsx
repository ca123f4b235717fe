'use client';
// A reference to a record of a large table (a student, an applicant, a sale): the user types part
// of a name, a control number or a code, and picks the record by its label. The API's own search
// finds the candidates (accent- and case-insensitive); the form keeps only the chosen id.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '@/lib/api-query';
import { type ApiRecord, type FormField, type FormValue, readListAnswer, referenceLabel } from '@/lib/resource-ui';
import { useT } from './use-t';

type Candidate = { id: string; label: string; detail: string; active: boolean };

/** Candidates shown at once while typing: enough to pick from, few enough to read. */
const CANDIDATES = 20;
/** Typing pauses this long before the search is asked (one request per word, not per key). */
const TYPING_PAUSE_MS = 250;

type Props = {
  field: FormField;
  value: FormValue | undefined;
  record?: ApiRecord | null;
  error?: string;
  disabled?: boolean;
  label: string;
  helper: string | undefined;
  onChange: (name: string, value: FormValue) => void;
};

export function ReferenceInput({ field, value, record, error, disabled, label, helper, onChange }: Props) {
  const t = useT();
  const source = field.optionsFrom!;
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const toCandidate = useMemo(
    () =>
      (row: Record<string, unknown>): Candidate => ({
        ...referenceLabel(row, source),
        id: String(row.id),
        active: row.status !== false && row.is_active !== false,
      }),
    [source],
  );
  // Candidates are asked for when the list opens (a record page shows its stored choice without asking).
  const [open, setOpen] = useState(false);
  const found = useApiQuery(open ? source.base : null, {
    query: { ...(source.query ?? {}), page_size: CANDIDATES, ...(term ? { search: term } : {}) },
    callType: 'options',
    select: (data) => readListAnswer(data).rows.map(toCandidate),
  });

  const id = typeof value === 'string' ? value : '';
  // The chosen record's label: the one picked now, else the edited record's relation.
  const [picked, setPicked] = useState<Candidate | null>(null);
  const stored = source.relation ? (record?.[source.relation] as Record<string, unknown> | null | undefined) : undefined;
  const storedCandidate = stored && String(stored.id) === id ? toCandidate(stored) : null;
  const known = picked?.id === id ? picked : storedCandidate && !storedCandidate.label.startsWith('#') ? storedCandidate : (found.data?.find((candidate) => candidate.id === id) ?? null);
  // A record whose own fields do not name it (a class: its subject and group) is read once to show it.
  const chosen = useApiQuery(id && !known ? `${source.base}${id}/` : null, { callType: 'options', select: (row) => toCandidate(row as Record<string, unknown>) });
  const current: Candidate | null = !id ? null : (known ?? chosen.data ?? { id, label: `#${id}`, detail: '', active: true });

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={found.data ?? []}
      value={current}
      // The API searches; the list shows what it found as it is.
      filterOptions={(options) => options}
      onChange={(_event, next) => {
        setPicked(next);
        onChange(field.name, next ? next.id : '');
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
        if (reason === 'clear') setTyped('');
      }}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      getOptionLabel={(option) => (option.detail ? `${option.label} · ${option.detail}` : option.label)}
      loading={found.isFetching}
      loadingText={t('resource.loading')}
      noOptionsText={term ? t('resource.no_options') : t('resource.type_to_search')}
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
          required={field.required}
          error={!!error || found.isError}
          helperText={error ?? (found.isError ? t('resource.options_error') : (helper ?? t('resource.reference_helper')))}
          data-testid={`field-${field.name}`}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, name: field.name } }}
        />
      )}
    />
  );
}
