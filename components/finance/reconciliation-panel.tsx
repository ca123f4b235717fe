'use client';
// Finanzas › Referencias, above the list: the bank statement (CSV) is uploaded and reconciled by a
// job; its bar shows how far it got, and then what it did: the references it paid, those already
// paid (a file imported twice), and the lines a person must look at (unknown references, other
// amounts, cancelled references, unreadable lines).
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useRef, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { reconcileStatement } from '@/lib/contracts/finance';
import { formatMoney } from '@/lib/format';
import type { ReconciliationResult } from '@/lib/finance/bank-statement';
import type { JobWire } from '@/lib/jobs';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

type Result = ReconciliationResult;

export function ReconciliationPanel() {
  const t = useT();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateApi();
  const [jobId, setJobId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setResult(null);
    setBusy(true);
    // Sent as multipart: the file under `file` (lib/api-client.ts encodes a body with a file so).
    const started = await callAction(reconcileStatement, { body: { file } });
    setBusy(false);
    if (input.current) input.current.value = '';
    if (!started.ok) return setProblem(formatErrors(started.data).join('\n') || t('resource.save_error'));
    setJobId(started.data.job_id);
  };

  const finished = useCallback(
    (job: JobWire) => {
      setJobId(null);
      if (job.status === 'FAILED') return setProblem(formatErrors(job.error).join('\n') || t('jobs.failed'));
      setResult(job.result as Result);
      void invalidate(RESOURCE_BASES.references, RESOURCE_BASES.sales, RESOURCE_BASES.payments);
    },
    [invalidate, t],
  );

  const attention = result ? [...result.unknown.map((line) => ({ ...line, expected: null as string | null, reason: t('finance.reconcile.reason_unknown') })), ...result.mismatched.map((line) => ({ ...line, reason: t(`finance.reconcile.reason_${line.reason}`) }))].sort((a, b) => a.line - b.line) : [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="reconciliation">
      <Typography id={titleId} variant="h6" component="h2">
        {t('finance.reconcile.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('finance.reconcile.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="contained" startIcon={<UploadFileOutlined />} disabled={busy || jobId !== null}>
          {t('finance.reconcile.choose')}
          <input ref={input} hidden type="file" accept=".csv,.txt,text/csv,text/plain" data-testid="reconcile-file" onChange={(event) => void upload(event.target.files?.[0])} />
        </Button>
        {jobId !== null && <JobProgress jobId={jobId} label={t('finance.reconcile.title')} onFinished={finished} />}
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="reconcile-problem">
          {problem}
        </Alert>
      )}
      {result && (
        <Stack spacing={2} sx={{ mt: 2 }} data-testid="reconcile-result">
          <Alert severity={attention.length > 0 || result.unreadable.length > 0 ? 'warning' : 'success'}>
            {t('finance.reconcile.done', { paid: result.paid.length, already: result.already_paid.length, unknown: result.unknown.length, mismatched: result.mismatched.length })}
          </Alert>
          {result.paid.length > 0 && (
            <Box sx={{ overflowX: 'auto' }}>
              <Typography variant="subtitle2" component="h3">
                {t('finance.reconcile.paid')}
              </Typography>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('finance.reconcile.line')}</TableCell>
                    <TableCell>{t('finance.reconcile.reference')}</TableCell>
                    <TableCell align="right">{t('finance.reconcile.amount')}</TableCell>
                    <TableCell>{t('finance.reconcile.sale')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.paid.map((line) => (
                    <TableRow key={line.line}>
                      <TableCell>{line.line}</TableCell>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{line.reference}</TableCell>
                      <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                      <TableCell>{line.sale_id !== null && <a href={`/finance/sales/${line.sale_id}`}>{t('finance.tuition.open_sale', { sale: line.sale_id })}</a>}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {attention.length > 0 && (
            <Box sx={{ overflowX: 'auto' }}>
              <Typography variant="subtitle2" component="h3">
                {t('finance.reconcile.mismatched')}
              </Typography>
              <Table size="small" data-testid="reconcile-attention">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('finance.reconcile.line')}</TableCell>
                    <TableCell>{t('finance.reconcile.reference')}</TableCell>
                    <TableCell align="right">{t('finance.reconcile.amount')}</TableCell>
                    <TableCell align="right">{t('finance.reconcile.expected')}</TableCell>
                    <TableCell>{t('finance.reconcile.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {attention.map((line) => (
                    <TableRow key={line.line}>
                      <TableCell>{line.line}</TableCell>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{line.reference}</TableCell>
                      <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                      <TableCell align="right">{line.expected ? formatMoney(line.expected) : ''}</TableCell>
                      <TableCell>{line.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {result.unreadable.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('finance.reconcile.unreadable')}: {result.unreadable.map((line) => `${t('finance.reconcile.line')} ${line.line} (${t(`finance.reconcile.problem_${line.problem}`)})`).join(', ')}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
