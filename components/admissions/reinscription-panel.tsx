'use client';
// Inscr./Reins. › Reinscripciones, above the list: the top bar's period's students re-enrolled into
// the next period (a job with its bar; then how many were charged and who may not go on, with the
// reasons), and the next grade's groups opened for those who paid.
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState } from 'react';
import { JobProgress } from '@/components/jobs/JobProgress';
import { useT } from '@/components/resource/use-t';
import { useShell } from '@/components/shell/ShellContext';
import { formatErrors } from '@/lib/api-client';
import { callAction } from '@/lib/api/actions';
import { useInvalidateApi } from '@/lib/api-query';
import { useResourceRows } from '@/lib/api/resources';
import { generateReinscriptionGroups, generateReinscriptions } from '@/lib/contracts/inscription';
import type { JobWire } from '@/lib/jobs';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

const BASE = RESOURCE_BASES.reinscriptions;

type Generated = { students: number; created: number; without_concept: number; ineligible: { student_id: number; name: string; no_control: string; reason_texts: string[] }[] };

export function ReinscriptionPanel() {
  const t = useT();
  const titleId = useId();
  const { cicle, campus } = useShell();
  const invalidate = useInvalidateApi();
  const periods =
    useResourceRows('cicles', campus ? { campus_id: campus.id, no_paginate: 'true', ordering: 'start' } : null).data ?? [];
  // The periods after the top bar's one; the first of them to start with.
  const later = periods.filter((period) => cicle?.start && period.start && period.start > cicle.start);
  const [target, setTarget] = useState('');
  const chosen = target || (later[0] ? String(later[0].id) : '');
  const [jobId, setJobId] = useState<number | null>(null);
  const [result, setResult] = useState<Generated | null>(null);
  const [message, setMessage] = useState<{ text: string; severity: 'success' | 'error' | 'warning' } | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    if (!cicle || !chosen) return;
    setBusy(true);
    setMessage(null);
    setResult(null);
    const started = await callAction(generateReinscriptions, { body: { cicle_from_id: cicle.id, cicle_to_id: Number(chosen) } });
    setBusy(false);
    if (!started.ok) return setMessage({ text: formatErrors(started.data).join('\n'), severity: 'error' });
    setJobId(started.data.job_id);
  };

  const finished = useCallback(
    (job: JobWire) => {
      setJobId(null);
      if (job.status === 'FAILED') return setMessage({ text: formatErrors(job.error).join('\n') || t('jobs.failed'), severity: 'error' });
      const counts = job.result as Generated;
      setResult(counts);
      setMessage({ text: t('admissions.reinscription.generated', { created: counts.created, students: counts.students, ineligible: counts.ineligible.length }), severity: counts.ineligible.length > 0 ? 'warning' : 'success' });
      void invalidate(BASE);
    },
    [invalidate, t],
  );

  const groups = async () => {
    if (!chosen) return;
    setBusy(true);
    const answer = await callAction(generateReinscriptionGroups, { body: { cicle_to_id: Number(chosen) } });
    setBusy(false);
    if (!answer.ok) return setMessage({ text: formatErrors(answer.data).join('\n'), severity: 'error' });
    setMessage({ text: t('admissions.reinscription.placed', { moved: answer.data.moved, groups: answer.data.groups, opened: answer.data.opened }), severity: 'success' });
    await invalidate(BASE, RESOURCE_BASES.groups);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="reinscription-panel">
      <Typography id={titleId} variant="h6" component="h2">
        {t('admissions.reinscription.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {cicle ? t('admissions.reinscription.help', { period: cicle.description }) : t('finance.tuition.no_period')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select size="small" label={t('admissions.reinscription.target')} value={chosen} onChange={(event) => setTarget(event.target.value)} sx={{ minWidth: 260 }} disabled={later.length === 0}>
          {later.map((period) => (
            <MenuItem key={period.id} value={String(period.id)}>
              {period.description}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<PlaylistAddCheckOutlined />} onClick={generate} disabled={busy || jobId !== null || !chosen} data-testid="reinscription-generate">
          {t('admissions.reinscription.generate')}
        </Button>
        <Button variant="outlined" startIcon={<GroupsOutlined />} onClick={groups} disabled={busy || jobId !== null || !chosen} data-testid="reinscription-groups">
          {t('admissions.reinscription.groups')}
        </Button>
        {jobId !== null && <JobProgress jobId={jobId} label={t('admissions.reinscription.generating')} onFinished={finished} />}
      </Stack>
      {later.length === 0 && periods.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('admissions.reinscription.no_target')}
        </Alert>
      )}
      {message && (
        <Alert severity={message.severity} sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="reinscription-message">
          {message.text}
        </Alert>
      )}
      {result && result.ineligible.length > 0 && (
        <Table size="small" sx={{ mt: 2 }} aria-label={t('admissions.reinscription.ineligible')} data-testid="reinscription-ineligible">
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.student')}</TableCell>
              <TableCell>{t('admissions.reinscription.why')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.ineligible.slice(0, 200).map((row) => (
              <TableRow key={row.student_id}>
                <TableCell>
                  <a href={`/scholar/students/${row.student_id}`}>
                    {row.name} · {row.no_control}
                  </a>
                </TableCell>
                <TableCell>{row.reason_texts.join(' ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
