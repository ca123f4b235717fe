'use client';
// The applicant's admission on their page (Inscr./Reins. › Aspirantes › one applicant): where they
// stand on the way PRE → REV → PEND → PAY → INS, and the steps staff may take from there — only
// those the state machine allows (lib/admissions/aspirant-states.ts), each with the server's answer
// in words: the payment reference with its slip, the new student's control number and group.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '@/components/resource/use-t';
import { ASPIRANT_STATUSES, type AspirantAction, actionsFrom } from '@/lib/admissions/aspirant-states';
import { type ApiResult, formatErrors } from '@/lib/api-client';
import { actionUrl, callAction } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import type { AnswerOf } from '@/lib/contracts/contract';
import { convertAspirantToStudent, deleteAspirant, generateAspirantPayment, reactivateAspirant, resetAspirantProcess, reviewAspirant } from '@/lib/contracts/inscription';
import { formatDate, formatMoney } from '@/lib/format';
import { referenceSlip } from '@/lib/contracts/finance';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { useResourceRecord } from '@/lib/api/resources';

const BASE = RESOURCE_BASES.aspirants;

/** What a step answers: where the applicant stands, with the charge's reference or the new student. */
type Answer = AnswerOf<typeof reviewAspirant> | AnswerOf<typeof generateAspirantPayment> | AnswerOf<typeof convertAspirantToStudent>;

/** The body of a step: the reason, when it asked one. */
const reasonBody = (reason?: string) => (reason ? { reason } : {});

/** Each action a button can take, its call (named `path` in its test id), and whether it asks for a reason first. */
const BUTTONS: { action: AspirantAction; path: string; reason?: boolean; variant: 'contained' | 'outlined' | 'text'; call: (id: string, reason?: string) => Promise<ApiResult<Answer>> }[] = [
  { action: 'review', path: 'review_aspirant', variant: 'contained', call: (id, reason) => callAction(reviewAspirant, { params: { id }, body: reasonBody(reason) }) },
  { action: 'generate_payment', path: 'generate_payment', variant: 'contained', call: (id) => callAction(generateAspirantPayment, { params: { id } }) },
  { action: 'convert', path: 'convert_to_student', variant: 'contained', call: (id, reason) => callAction(convertAspirantToStudent, { params: { id }, body: reasonBody(reason) }) },
  { action: 'reset', path: 'reset_process', reason: true, variant: 'outlined', call: (id, reason) => callAction(resetAspirantProcess, { params: { id }, body: reasonBody(reason) }) },
  { action: 'delete', path: 'delete_aspirant', reason: true, variant: 'text', call: (id, reason) => callAction(deleteAspirant, { params: { id }, body: reasonBody(reason) }) },
  { action: 'reactivate', path: 'reactivate_aspirant', variant: 'outlined', call: (id, reason) => callAction(reactivateAspirant, { params: { id }, body: reasonBody(reason) }) },
];

export function AspirantProcess({ aspirantId, canAct }: { aspirantId: string; canAct: boolean }) {
  const t = useT();
  const titleId = useId();
  const invalidate = useInvalidateApi();
  const record = useResourceRecord('aspirants', aspirantId);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<(typeof BUTTONS)[number] | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Answer | null>(null);
  const applicant = record.data;
  if (!applicant) return null;

  const allowed = new Set(actionsFrom({ status: applicant.status, is_active: applicant.is_active }));
  const run = async (button: (typeof BUTTONS)[number], withReason?: string) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    const answer = await button.call(aspirantId, withReason);
    setBusy(false);
    setAsking(null);
    setReason('');
    if (!answer.ok) return setProblem(formatErrors(answer.data).join('\n'));
    setDone(answer.data);
    await invalidate(BASE, RESOURCE_BASES.sales, RESOURCE_BASES.references);
  };

  const step = ASPIRANT_STATUSES.indexOf(applicant.status);
  // What the last step answered: the charge's reference, or the new student.
  const charged = done && 'reference' in done ? done : null;
  const converted = done && 'no_control' in done ? done : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="aspirant-process">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('admissions.process.title')}
        </Typography>
        <Chip size="small" color={applicant.is_active ? 'primary' : 'default'} label={applicant.is_active ? t(`enums.AspirantStatus.${applicant.status}`) : t('admissions.process.inactive')} data-testid="aspirant-process-status" />
      </Stack>
      <Stepper activeStep={applicant.status === 'INS' ? ASPIRANT_STATUSES.length : step} alternativeLabel sx={{ mb: 2 }}>
        {ASPIRANT_STATUSES.map((status) => (
          <Step key={status}>
            <StepLabel>{t(`enums.AspirantStatus.${status}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {canAct && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
          {BUTTONS.filter((button) => allowed.has(button.action)).map((button) => (
            <Button key={button.action} variant={button.variant} disabled={busy} onClick={() => (button.reason ? setAsking(button) : run(button))} data-testid={`aspirant-${button.path}`}>
              {t(`admissions.process.buttons.${button.action}`)}
            </Button>
          ))}
        </Stack>
      )}
      {asking && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <TextField size="small" label={t('admissions.process.reason')} value={reason} onChange={(event) => setReason(event.target.value)} sx={{ minWidth: 320 }} autoFocus />
          <Button variant="contained" color="warning" disabled={busy || !reason.trim()} onClick={() => run(asking, reason.trim())}>
            {t(`admissions.process.buttons.${asking.action}`)}
          </Button>
          <Button onClick={() => setAsking(null)}>{t('resource.cancel')}</Button>
        </Stack>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="aspirant-process-problem">
          {problem}
        </Alert>
      )}
      {charged && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="aspirant-process-done">
          {t('finance.reference.issued', { bank_ref: charged.reference.bank_ref, amount: formatMoney(charged.reference.amount), vigency: formatDate(charged.reference.vigency) })}{' '}
          <a href={actionUrl(referenceSlip, { params: { id: charged.reference.id }, query: { inline: 'true' } })} target="_blank" rel="noopener">
            {t('finance.reference.print')}
          </a>
        </Alert>
      )}
      {converted && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="aspirant-process-done">
          {t('admissions.process.converted', { no_control: converted.no_control, group: converted.group.code })} <a href={`/scholar/students/${converted.student_id}`}>{t('admissions.process.open_student')}</a>
        </Alert>
      )}
      {done && !charged && !converted && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="aspirant-process-done">
          {t('admissions.process.moved', { status: t(`enums.AspirantStatus.${done.status}`) })}
        </Alert>
      )}
      {applicant.student_id && !done && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          <a href={`/scholar/students/${applicant.student_id}`}>{t('admissions.process.open_student')}</a>
        </Typography>
      )}
    </Paper>
  );
}
