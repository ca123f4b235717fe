'use client';
// Inscr./Reins. › Pagos recurrentes, above the list of monthly charges: generate the period's
// charges (a job with its bar: 20,000 students take a few seconds), remind the students who owe
// by e-mail, and a student's months at the counter: what each owes today (discount, surcharge),
// the months ticked and billed in one sale, which opens to take the payment.
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useCallback, useId, useMemo, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { useNotice } from '@/components/resource/notice';
import { ReferenceInput } from '@/components/resource/reference-input';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { useActionPostQuery } from '@/lib/api-post-query';
import { useInvalidateApi } from '@/lib/api-query';
import { checkStudentTuition, forceTuition, generateTuition, notifyTuition, payTuition } from '@/lib/contracts/finance';
import { monthsOfPeriod } from '@/lib/finance/tuition';
import { formatMoney, monthKey } from '@/lib/format';
import type { JobWire } from '@/lib/jobs';
import type { FormValue } from '@/lib/resource-ui';
import { TuitionMonths, isPayable, selectedTotal } from './tuition-months';
import { activeStudentField } from './student-field';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const RECURRENTS = RESOURCE_BASES.recurrents;

const STUDENT_FIELD = activeStudentField('tuition');

type Generated = { careers: number; months: number; students: number; without_concept: number; created: number };
type Notified = { students: number; sent: number; failed: { to: string; error: string }[] };

export function TuitionPanel({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const router = useRouter();
  const { cicle } = useShell();
  const { notify, node: notice } = useNotice();
  const invalidate = useInvalidateApi();
  const generateId = useId();
  const studentId = useId();

  // The period's months, all ticked to start with.
  const periodMonths = useMemo(() => (cicle?.start && cicle.end ? monthsOfPeriod(cicle.start, cicle.end) : []), [cicle]);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [job, setJob] = useState<{ id: number; kind: 'generate' | 'notify' } | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (kind: 'generate' | 'notify') => {
    if (kind === 'generate' && !cicle) return;
    const months = periodMonths.filter((month) => !unticked.has(month.month)).map((month) => month.month);
    if (kind === 'generate' && months.length === 0) return notify(t('finance.tuition.select_month'), 'error');
    setBusy(true);
    const result = kind === 'generate' ? await callAction(generateTuition, { body: { cicle_id: cicle!.id, months } }) : await callAction(notifyTuition);
    setBusy(false);
    if (!result.ok) return notify(formatErrors(result.data).join('\n'), 'error');
    setJob({ id: result.data.job_id, kind });
  };

  const finished = useCallback(
    (done: JobWire) => {
      setJob(null);
      if (done.status === 'FAILED') return notify(formatErrors(done.error).join('\n') || t('jobs.failed'), 'error');
      if (done.name === 'finance-tuition-generate') {
        const counts = done.result as Generated;
        notify(t('finance.tuition.generated', { created: counts.created, students: counts.students, without: counts.without_concept }), counts.without_concept > 0 ? 'warning' : 'success');
        void invalidate(RECURRENTS);
      } else {
        const counts = done.result as Notified;
        notify(t('finance.tuition.notified', { sent: counts.sent, failed: counts.failed.length }), counts.failed.length > 0 ? 'warning' : 'success');
      }
    },
    [invalidate, notify, t],
  );

  // A student's months.
  const [student, setStudent] = useState<string>('');
  const check = useActionPostQuery(checkStudentTuition, student ? { body: { student_id: Number(student) } } : null, { staleTime: 0 });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const months = check.data?.months ?? [];
  const chosen = new Set(months.filter((month) => selected.has(month.id) && isPayable(month)).map((month) => month.id));

  const pay = async () => {
    // Spec section 5: "Select at least one month to pay".
    if (chosen.size === 0) return notify(t('finance.tuition.select_month'), 'error');
    setBusy(true);
    const result = await callAction(payTuition, { body: { student_id: Number(student), months: [...chosen] } });
    setBusy(false);
    if (!result.ok) return notify(formatErrors(result.data).join('\n'), 'error');
    await invalidate(RECURRENTS, RESOURCE_BASES.sales);
    router.push(`/finance/sales/${result.data.sale_id}`);
  };

  const force = async () => {
    setBusy(true);
    const result = await callAction(forceTuition, { body: { student_id: Number(student), cicle_id: cicle?.id } });
    setBusy(false);
    if (!result.ok) return notify(formatErrors(result.data).join('\n'), 'error');
    notify(t('finance.tuition.forced', { created: result.data.created }));
    await invalidate(RECURRENTS);
    void check.refetch();
  };

  return (
    <Stack spacing={2}>
      {canEdit && (
        <Paper variant="outlined" component="section" aria-labelledby={generateId} sx={{ p: 2 }}>
          <Typography id={generateId} variant="h6" component="h2">
            {t('finance.tuition.generate_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {cicle ? t('finance.tuition.generate_help', { period: cicle.description }) : t('finance.tuition.no_period')}
          </Typography>
          {periodMonths.length > 0 && (
            <FormGroup row aria-label={t('finance.tuition.months')}>
              {periodMonths.map((month) => (
                <FormControlLabel
                  key={`${month.year}-${month.month}`}
                  label={`${t(monthKey(month.month))} ${month.year}`}
                  control={
                    <Checkbox
                      checked={!unticked.has(month.month)}
                      onChange={() =>
                        setUnticked((current) => {
                          const next = new Set(current);
                          if (next.has(month.month)) next.delete(month.month);
                          else next.add(month.month);
                          return next;
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
            <Button variant="contained" startIcon={<CalendarMonthOutlined />} onClick={() => start('generate')} disabled={busy || !cicle || job !== null} data-testid="tuition-generate">
              {t('finance.tuition.generate')}
            </Button>
            <Button variant="outlined" startIcon={<MailOutlined />} onClick={() => start('notify')} disabled={busy || job !== null} data-testid="tuition-notify">
              {t('finance.tuition.notify')}
            </Button>
            {job && <JobProgress jobId={job.id} label={t(job.kind === 'generate' ? 'finance.tuition.generating' : 'finance.tuition.notifying')} onFinished={finished} />}
          </Stack>
        </Paper>
      )}

      <Paper variant="outlined" component="section" aria-labelledby={studentId} sx={{ p: 2 }}>
        <Typography id={studentId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('finance.tuition.student_title')}
        </Typography>
        <Stack sx={{ maxWidth: 480 }}>
          <ReferenceInput
            field={STUDENT_FIELD}
            value={student}
            label={t('fields.student')}
            helper={t('finance.tuition.student_help')}
            onChange={(_name: string, value: FormValue) => {
              setStudent(typeof value === 'string' ? value : '');
              setSelected(new Set());
            }}
          />
        </Stack>
        {check.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {check.error?.lines.join('\n') || t('resource.load_error')}
          </Alert>
        )}
        {check.data && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            {months.length === 0 ? (
              <Alert severity="info">{t('finance.tuition.no_months')}</Alert>
            ) : (
              <>
                <Typography variant="body2" data-testid="tuition-owed">
                  {t('finance.tuition.owed', { count: check.data.pending_months, owed: formatMoney(check.data.owed) })}
                </Typography>
                <TuitionMonths months={months} selected={chosen} onToggle={toggle} saleHref={(sale) => `/finance/sales/${sale}`} labelledBy={studentId} />
              </>
            )}
            {canEdit && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" startIcon={<PointOfSaleOutlined />} onClick={pay} disabled={busy || months.every((month) => !isPayable(month))} data-testid="tuition-pay">
                  {chosen.size > 0 ? t('finance.tuition.pay_selected', { count: chosen.size, total: formatMoney(selectedTotal(months, chosen)) }) : t('finance.tuition.pay')}
                </Button>
                <Button variant="text" onClick={force} disabled={busy} data-testid="tuition-force">
                  {t('finance.tuition.force')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </Paper>
      {notice}
    </Stack>
  );
}
