'use client';
// The progress of long work a button started: a bar that fills as the job reports ("12 de 40"),
// then the job's outcome. `onFinished` runs once when the job ends (to read the changed lists again
// and say what was done).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useT } from '@/components/resource/use-t';
import { formatErrors } from '@/lib/api-client';
import { type JobWire, isJobFinished, progressPercent } from '@/lib/jobs';
import { useJob } from './use-job';

export function JobProgress({ jobId, label, onFinished }: { jobId: number; label: string; onFinished?: (job: JobWire) => void }) {
  const t = useT();
  const { data: job, error } = useJob(jobId);
  const reported = useRef(false);
  useEffect(() => {
    if (!job || !isJobFinished(job.status) || reported.current) return;
    reported.current = true;
    onFinished?.(job);
  }, [job, onFinished]);

  if (error) return <Alert severity="error">{error.lines.join('\n') || t('resource.load_error')}</Alert>;
  if (job?.status === 'FAILED') {
    return (
      <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="job-failed">
        {formatErrors(job.error).join('\n') || t('jobs.failed')}
      </Alert>
    );
  }
  const percent = job ? (job.status === 'DONE' ? 100 : progressPercent(job.done, job.total)) : 0;
  const counting = job && job.total > 0;
  return (
    <Box role="status" aria-live="polite" data-testid="job-progress" data-status={job?.status ?? 'QUEUED'} sx={{ minWidth: 240 }}>
      <Typography variant="body2" color="text.secondary">
        {label} · {job ? t(`enums.JobStatus.${job.status}`) : t('enums.JobStatus.QUEUED')}
        {counting ? ` · ${t('jobs.count', { done: job.done, total: job.total })}` : ''}
      </Typography>
      <LinearProgress
        variant={job?.status === 'QUEUED' || !job || (!counting && job.status === 'RUNNING') ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={label}
        aria-valuenow={percent}
        sx={{ mt: 0.5, height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
