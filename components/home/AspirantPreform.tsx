'use client';
// The applicant's pre-form in the applicant portal, in five steps: who they are, how to reach them,
// what they apply for, where they live and where they come from. Each step is saved on its own
// (save_step/ takes only that step's fields), so an earlier step never waits for a later one, and
// nothing typed is lost: what is typed and not yet saved is kept in this browser per applicant and
// step, shown again after a reload and forgotten once saved. Handing the whole pre-form in
// (submit_preform/) is where every step must be complete; the steps that still lack something say so.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { PREFORM_STEPS, type PreformStep, STEP_FIELDS, stepOfField } from '@/lib/admissions/preform';
import { formatErrors } from '@/lib/api-client';
import { callAction, useActionQuery } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { aspirantPreform, saveAspirantStep, submitAspirantPreform } from '@/lib/contracts/inscription';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { useResourceRows } from '@/lib/api/resources';

type Draft = Record<string, string>;

/** How each field is typed: free text, a day, or a choice from a list. */
const KIND: Record<string, { type?: 'date' | 'select'; options?: string; required?: boolean }> = {
  names: { required: true },
  first_name: { required: true },
  birthday: { type: 'date' },
  genre: { type: 'select', options: 'genre' },
  is_foreign: { type: 'select', options: 'nationality' },
  email: { required: true },
  career_id: { type: 'select', options: 'careers', required: true },
  shift_id: { type: 'select', options: 'shifts', required: true },
  how_find_id: { type: 'select', options: 'how_find' },
  state_id: { type: 'select', options: 'states' },
  city_id: { type: 'select', options: 'cities' },
  school_origin_id: { type: 'select', options: 'schools' },
};


/** Where a step's unsaved values wait in this browser: one key per applicant and step. */
const draftKey = (aspirantId: number, step: PreformStep) => `plantel.preform.${aspirantId}.${step}`;

function readDraft(aspirantId: number, step: PreformStep): Draft {
  try {
    const stored = window.localStorage.getItem(draftKey(aspirantId, step));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Draft) : {};
  } catch {
    return {};
  }
}

function writeDraft(aspirantId: number, step: PreformStep, draft: Draft) {
  try {
    if (Object.keys(draft).length) window.localStorage.setItem(draftKey(aspirantId, step), JSON.stringify(draft));
    else window.localStorage.removeItem(draftKey(aspirantId, step));
  } catch {
    // Storage full or refused (private mode): the values stay on the screen until saved.
  }
}

/** A saved value as the form's text. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

export function AspirantPreform({ aspirantId }: { aspirantId: number }) {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const preform = useActionQuery(aspirantPreform, { params: { id: aspirantId }, callType: 'aspirant-board' });
  const data = preform.data;
  const [active, setActive] = useState(0);
  // Unsaved values of an earlier visit come back. The portal loads this form in the browser only
  // (AspirantHome imports it without server rendering), so the storage is there to read at once.
  const [drafts, setDrafts] = useState<Partial<Record<PreformStep, Draft>>>(() => (typeof window === 'undefined' ? {} : Object.fromEntries(PREFORM_STEPS.map((step) => [step, readDraft(aspirantId, step)]))));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const step = PREFORM_STEPS[active];
  const saved = (name: string): unknown => (data ? (data.values[stepOfField(name) ?? step] as Record<string, unknown>)[name] : null);
  const value = (name: string) => drafts[step]?.[name] ?? shown(saved(name)).slice(0, name === 'birthday' ? 10 : undefined);
  const campusId = data?.values.application.campus_id ?? null;
  const stateId = step === 'address' ? value('state_id') : '';

  const careers = useResourceRows('careers', campusId ? { campus_id: campusId, status: 'true', no_paginate: 'true', ordering: 'name' } : null, { select: (rows) => rows.map((row) => ({ id: row.id, label: row.name })) }).data ?? [];
  const shifts = useResourceRows('shifts', { no_paginate: 'true' }, { select: (rows) => rows.map((row) => ({ id: row.id, label: row.description })) }).data ?? [];
  const howFind = useResourceRows('catalogs', { clas_id: '7', no_paginate: 'true', ordering: 'name' }, { select: (rows) => rows.map((row) => ({ id: row.id, label: row.name })) }).data ?? [];
  const schools = useResourceRows('schoolOrigin', { no_paginate: 'true', ordering: 'name' }, { select: (rows) => rows.map((row) => ({ id: row.id, label: row.name })) }).data ?? [];
  // Where the applicant lives: Mexico's states (the catalogue also holds foreign ones, for births abroad).
  const mexico = useResourceRows('countries', { code: 'MEX' }, { select: (rows) => rows[0]?.id ?? null }).data;
  const states = useResourceRows('states', mexico ? { country_id: String(mexico), no_paginate: 'true', ordering: 'name' } : null, { select: (rows) => rows.map((row) => ({ id: row.id, label: row.name })) }).data ?? [];
  const cities = useResourceRows('cities', stateId ? { state_id: stateId, no_paginate: 'true', ordering: 'name' } : null, { select: (rows) => rows.map((row) => ({ id: row.id, label: row.name })) }).data ?? [];

  if (!data) return null;
  const editable = data.editable;

  const options = (kind?: string): { value: string; label: string }[] => {
    if (kind === 'genre') return [{ value: 'H', label: t('admissions.portal.genre_H') }, { value: 'M', label: t('admissions.portal.genre_M') }];
    if (kind === 'nationality') return [{ value: 'false', label: t('enums.NationalityScope.M') }, { value: 'true', label: t('enums.NationalityScope.F') }];
    const rows = { careers, shifts, how_find: howFind, schools, states, cities }[kind ?? ''] ?? [];
    return rows.map((row) => ({ value: String(row.id), label: row.label }));
  };

  const label = (name: string) => (name === 'is_foreign' ? t('admissions.portal.nationality') : name === 'city_id' ? t('admissions.portal.municipality') : t(`fields.${name}`));

  const change = (name: string, text: string) => {
    const next: Draft = { ...drafts[step], [name]: text };
    // Another state: its municipalities are other ones.
    if (name === 'state_id') next.city_id = '';
    setDrafts((current) => ({ ...current, [step]: next }));
    writeDraft(aspirantId, step, next);
    setFieldErrors((current) => {
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  };

  const showErrors = (answer: Record<string, unknown>) => {
    const fields = Object.fromEntries(Object.entries(answer).filter(([name, messages]) => Array.isArray(messages) && name !== 'non_field_errors').map(([name, messages]) => [name, (messages as string[]).join(' ')]));
    setFieldErrors(fields);
    return fields;
  };

  const save = async () => {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    const body = { step, ...Object.fromEntries(STEP_FIELDS[step].map((name) => [name, value(name) === '' ? null : value(name)])) };
    const answer = await callAction(saveAspirantStep, { params: { id: aspirantId }, body: body as never });
    setBusy(false);
    if (!answer.ok) {
      const fields = showErrors(answer.data);
      if (!Object.keys(fields).length) setProblem(formatErrors(answer.data).join('\n'));
      return;
    }
    setFieldErrors({});
    setDrafts((current) => ({ ...current, [step]: {} }));
    writeDraft(aspirantId, step, {});
    setNotice(t('admissions.portal.saved'));
    await invalidate(RESOURCE_BASES.aspirants);
    if (active < PREFORM_STEPS.length - 1) setActive(active + 1);
  };

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    const answer = await callAction(submitAspirantPreform, { params: { id: aspirantId } });
    setBusy(false);
    if (!answer.ok) {
      const fields = showErrors(answer.data);
      const names = Object.keys(fields);
      if (!names.length) return setProblem(formatErrors(answer.data).join('\n'));
      setProblem(t('admissions.portal.incomplete', { fields: names.map(label).join(', ') }));
      // The first step with something missing opens, its fields marked.
      const first = PREFORM_STEPS.findIndex((candidate) => names.some((name) => stepOfField(name) === candidate));
      if (first >= 0) setActive(first);
      return;
    }
    setNotice(t('admissions.portal.submitted'));
    await invalidate(RESOURCE_BASES.aspirants);
  };

  const hasDraft = Object.keys(drafts[step] ?? {}).length > 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }} data-testid="aspirant-application">
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('admissions.portal.title')}
      </Typography>
      {data.status === 'INS' && data.no_control ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="preform-now-student" action={<Button component={Link} href="/login" color="inherit" size="small">{t('admissions.portal.go_login')}</Button>}>
          {t('admissions.portal.now_student', { no_control: data.no_control })}
        </Alert>
      ) : (
        !editable && <Alert severity="info" sx={{ mb: 2 }}>{t('admissions.locked_after_review')}</Alert>
      )}
      {data.submitted && editable && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="preform-submitted">
          {t('admissions.portal.submitted')}
        </Alert>
      )}
      {/* On a phone the labels go under their steps in a smaller type, so the five fit in 390 px. */}
      <Stepper
        nonLinear
        alternativeLabel
        activeStep={active}
        sx={{ mb: 2, mx: { xs: -1.5, sm: 0 }, '& .MuiStepLabel-label.MuiStepLabel-alternativeLabel': { fontSize: { xs: '0.65rem', sm: '0.875rem' }, mt: { xs: 0.75, sm: 1.5 } }, '& .MuiStep-root': { px: { xs: 0.25, sm: 1 } } }}
      >
        {PREFORM_STEPS.map((key, index) => (
          <Step key={key} completed={!data.missing[key]}>
            <StepButton
              onClick={() => {
                setActive(index);
                setFieldErrors({});
                setNotice(null);
              }}
              data-testid={`preform-step-${key}`}
              optional={data.missing[key] && editable ? <Typography variant="caption" color="warning.main">{t('admissions.portal.missing_step')}</Typography> : undefined}
            >
              {t(`admissions.portal.steps.${key}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {hasDraft && editable && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="preform-draft">
          {t('admissions.portal.draft_kept')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid={`preform-fields-${step}`}>
        {STEP_FIELDS[step].map((name) => {
          const kind = KIND[name] ?? {};
          return (
            <TextField
              key={name}
              label={label(name)}
              value={value(name)}
              required={kind.required}
              disabled={!editable || busy || (name === 'city_id' && !stateId)}
              type={kind.type === 'date' ? 'date' : 'text'}
              select={kind.type === 'select'}
              error={Boolean(fieldErrors[name])}
              helperText={fieldErrors[name]}
              onChange={(event) => change(name, event.target.value)}
              slotProps={{ inputLabel: kind.type === 'date' ? { shrink: true } : undefined, htmlInput: { 'data-testid': `preform-${name}` } }}
            >
              {kind.type === 'select' && [
                <MenuItem key="" value="">
                  —
                </MenuItem>,
                ...options(kind.options).map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                )),
              ]}
            </TextField>
          );
        })}
      </Box>
      {editable && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="preform-save">
            {active < PREFORM_STEPS.length - 1 ? t('admissions.portal.save_next') : t('admissions.portal.save')}
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => void submit()} data-testid="preform-submit">
            {t('admissions.portal.submit')}
          </Button>
        </Stack>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="preform-problem">
          {problem}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="preform-saved">
          {notice}
        </Alert>
      )}
    </Paper>
  );
}
