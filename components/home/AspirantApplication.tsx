'use client';
// The applicant's own application in the applicant portal: the pre-form in four steps (who they
// are with their CURP, how to reach them, what they apply for — career, campus and shift — and
// where they come from), each step saved as they go; their documents, handed in by type — the
// types that apply to a national or a foreign applicant, mandatory ones flagged, each with staff's
// review (a document asked for again says why, and is uploaded again here); and, once staff issue it, the admission charge's bank reference with
// its slip and whether it is paid. Editable only until staff review it.
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { api, formatErrors } from '@/lib/api-client';
import { useApiQuery, useInvalidateApi } from '@/lib/api-query';
import { formatDate, formatMoney } from '@/lib/format';
import { readListAnswer } from '@/lib/resource-ui';
import { STATE_COLOURS, useChecklist } from '@/components/records/document-checklist';
import { actionUrl } from '@/lib/api/actions';
import { referenceSlip } from '@/lib/contracts/finance';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type ApplicantRecord = Record<string, unknown> & { id: number; status: string; campus_id: number | null; sale_id: number | null };
type Option = { id: number; name?: string; description?: string; code?: string };
type Reference = { id: number; bank_ref: string; amount: string; vigency: string; paid: boolean };

/** The pre-form's steps and the fields each one saves. */
const STEPS: { key: string; fields: { name: string; type?: 'date' | 'select'; options?: string; required?: boolean }[] }[] = [
  { key: 'person', fields: [{ name: 'names', required: true }, { name: 'first_name', required: true }, { name: 'second_name' }, { name: 'curp' }, { name: 'birthday', type: 'date' }, { name: 'genre', type: 'select', options: 'genre' }, { name: 'is_foreign', type: 'select', options: 'nationality' }] },
  { key: 'contact', fields: [{ name: 'email', required: true }, { name: 'cellphone' }, { name: 'telephone' }, { name: 'contact_name' }, { name: 'contact_telephone' }] },
  { key: 'application', fields: [{ name: 'career_id', type: 'select', options: 'careers', required: true }, { name: 'shift_id', type: 'select', options: 'shifts', required: true }, { name: 'how_find_id', type: 'select', options: 'how_find' }] },
  { key: 'origin', fields: [{ name: 'school_origin_id', type: 'select', options: 'schools' }, { name: 'notes_prev' }] },
];

const list = (data: unknown) => readListAnswer(data).rows as Option[];

export function AspirantApplication({ aspirantId }: { aspirantId: number }) {
  const t = useT();
  const titleId = useId();
  const docsId = useId();
  const payId = useId();
  const invalidate = useInvalidateApi();
  const path = `${RESOURCE_BASES.aspirants}${aspirantId}/`;
  const record = useApiQuery<ApplicantRecord>(path, { callType: 'aspirant-board' });
  const careers = useApiQuery<unknown, Option[]>(record.data?.campus_id ? RESOURCE_BASES.careers : null, { query: { campus_id: record.data?.campus_id ?? undefined, status: 'true', no_paginate: 'true', ordering: 'name' }, select: list }).data ?? [];
  const shifts = useApiQuery<unknown, Option[]>(RESOURCE_BASES.shifts, { query: { no_paginate: 'true' }, select: list }).data ?? [];
  const howFind = useApiQuery<unknown, Option[]>(RESOURCE_BASES.catalogs, { query: { clas_id: '7', no_paginate: 'true', ordering: 'name' }, select: list }).data ?? [];
  const schools = useApiQuery<unknown, Option[]>(RESOURCE_BASES.schoolOrigin, { query: { no_paginate: 'true', ordering: 'name' }, select: list }).data ?? [];
  const checklist = useChecklist({ kind: 'aspirant', id: aspirantId }).data?.items ?? [];
  const references = useApiQuery<unknown, Reference[]>(record.data?.sale_id ? RESOURCE_BASES.references : null, { query: { no_paginate: 'true', ordering: '-created_at' }, select: (data) => readListAnswer(data).rows as unknown as Reference[] }).data ?? [];

  const [active, setActive] = useState(0);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ where: string; text: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [docType, setDocType] = useState('');

  const applicant = record.data;
  if (!applicant) return null;
  const editable = applicant.status === 'PRE';
  const value = (name: string) => draft[name] ?? (applicant[name] === null || applicant[name] === undefined ? '' : String(applicant[name]).slice(0, name === 'birthday' ? 10 : undefined));
  const options = (kind?: string): { value: string; label: string }[] => {
    if (kind === 'genre') return [{ value: 'H', label: t('admissions.portal.genre_H') }, { value: 'M', label: t('admissions.portal.genre_M') }];
    if (kind === 'nationality') return [{ value: 'false', label: t('enums.NationalityScope.M') }, { value: 'true', label: t('enums.NationalityScope.F') }];
    const rows = kind === 'careers' ? careers : kind === 'shifts' ? shifts : kind === 'how_find' ? howFind : kind === 'schools' ? schools : [];
    return rows.map((row) => ({ value: String(row.id), label: row.name ?? row.description ?? row.code ?? String(row.id) }));
  };

  const save = async (step: number) => {
    setBusy(true);
    setProblem(null);
    setSaved(null);
    const fields = STEPS[step].fields.map((field) => field.name);
    const body = Object.fromEntries(Object.entries(applicant).filter(([name]) => !['id', 'created_at', 'updated_at', 'search_text'].includes(name) && (typeof applicant[name] !== 'object' || applicant[name] === null)));
    for (const name of fields) body[name] = value(name) === '' ? null : value(name);
    const answer = await api.put(path, { body });
    setBusy(false);
    if (!answer.ok) return setProblem({ where: 'form', text: formatErrors(answer.data).join('\n') });
    setDraft({});
    setSaved(t('admissions.portal.saved'));
    await invalidate(RESOURCE_BASES.aspirants);
    if (step < STEPS.length - 1) setActive(step + 1);
  };

  const upload = async (file: File | undefined) => {
    if (!file || !docType) return;
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append('doc_type_id', docType);
    form.append('document', file, file.name);
    const answer = await api.post(RESOURCE_BASES.studentDocuments, { body: form });
    setBusy(false);
    if (!answer.ok) return setProblem({ where: 'documents', text: formatErrors(answer.data).join('\n') });
    setDocType('');
    await invalidate(RESOURCE_BASES.studentDocuments);
  };

  const reference = references.find((row) => !row.paid) ?? references[0];

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }} data-testid="aspirant-application">
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admissions.portal.title')}
        </Typography>
        {!editable && <Alert severity="info" sx={{ mb: 2 }}>{t('admissions.locked_after_review')}</Alert>}
        {/* On a phone the labels go under their steps in a smaller type, so the four fit in 390 px. */}
        <Stepper
          nonLinear
          alternativeLabel
          activeStep={active}
          sx={{ mb: 2, mx: { xs: -1, sm: 0 }, '& .MuiStepLabel-label.MuiStepLabel-alternativeLabel': { fontSize: { xs: '0.7rem', sm: '0.875rem' }, mt: { xs: 0.75, sm: 1.5 } }, '& .MuiStep-root': { px: { xs: 0.25, sm: 1 } } }}
        >
          {STEPS.map((step, index) => (
            <Step key={step.key}>
              <StepButton onClick={() => setActive(index)}>{t(`admissions.portal.steps.${step.key}`)}</StepButton>
            </Step>
          ))}
        </Stepper>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {STEPS[active].fields.map((field) => (
            <TextField
              key={field.name}
              label={field.name === 'is_foreign' ? t('admissions.portal.nationality') : t(`fields.${field.name}`)}
              value={value(field.name)}
              required={field.required}
              disabled={!editable || busy}
              type={field.type === 'date' ? 'date' : 'text'}
              select={field.type === 'select'}
              onChange={(event) => setDraft((current) => ({ ...current, [field.name]: event.target.value }))}
              slotProps={{ inputLabel: field.type === 'date' ? { shrink: true } : undefined, htmlInput: { 'data-testid': `preform-${field.name}` } }}
            >
              {field.type === 'select' && [<MenuItem key="" value="">—</MenuItem>, ...options(field.options).map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)]}
            </TextField>
          ))}
        </Box>
        {editable && (
          <Button variant="contained" sx={{ mt: 2 }} disabled={busy} onClick={() => save(active)} data-testid="preform-save">
            {active < STEPS.length - 1 ? t('admissions.portal.save_next') : t('admissions.portal.save')}
          </Button>
        )}
        {problem?.where === 'form' && <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="preform-problem">{problem.text}</Alert>}
        {saved && <Alert severity="success" sx={{ mt: 2 }} data-testid="preform-saved">{saved}</Alert>}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby={docsId} sx={{ p: { xs: 2, md: 3 } }} data-testid="aspirant-documents">
        <Typography id={docsId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admissions.portal.documents')}
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {checklist.map((item) => (
            <Stack key={item.doc_type.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ minWidth: { sm: 220 }, width: { xs: '100%', sm: 'auto' } }}>
                {item.doc_type.name}
              </Typography>
              {item.doc_type.mandatory && <Chip size="small" variant="outlined" label={t('admissions.portal.mandatory')} />}
              <Chip size="small" color={STATE_COLOURS[item.state]} label={t(`admissions.portal.document_states.${item.state}`)} data-testid={`document-state-${item.doc_type.id}`} />
              {item.state === 'REJECTED' && item.documents[0]?.review_notes && (
                <Typography variant="body2" color="error" sx={{ width: '100%' }}>
                  {item.documents[0].review_notes}
                </Typography>
              )}
            </Stack>
          ))}
        </Stack>
        {applicant.status !== 'INS' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select size="small" label={t('admissions.portal.document_type')} value={docType} onChange={(event) => setDocType(event.target.value)} sx={{ minWidth: { sm: 240 } }} slotProps={{ htmlInput: { 'data-testid': 'document-type' } }}>
              {checklist.map((item) => (
                <MenuItem key={item.doc_type.id} value={String(item.doc_type.id)}>
                  {item.doc_type.name}
                </MenuItem>
              ))}
            </TextField>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={!docType || busy}>
              {t('admissions.portal.upload')}
              <input hidden type="file" accept=".pdf,image/*" data-testid="document-file" onChange={(event) => void upload(event.target.files?.[0])} />
            </Button>
          </Stack>
        )}
        {problem?.where === 'documents' && <Alert severity="error" sx={{ mt: 2 }}>{problem.text}</Alert>}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby={payId} sx={{ p: { xs: 2, md: 3 } }} data-testid="aspirant-payment">
        <Typography id={payId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('admissions.portal.payment')}
        </Typography>
        {reference ? (
          <Typography variant="body2" data-testid="aspirant-reference">
            {reference.paid ? t('admissions.portal.paid', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount) }) : t('finance.reference.issued', { bank_ref: reference.bank_ref, amount: formatMoney(reference.amount), vigency: formatDate(reference.vigency) })}{' '}
            <a href={actionUrl(referenceSlip, { params: { id: reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
              {t('finance.reference.print')}
            </a>
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('admissions.portal.no_payment')}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
