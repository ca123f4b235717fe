'use client';
// A started job's status, read again every half second until it ends.
import { useApiQuery } from '@/lib/api-query';
import { JOB_POLL_MS, JOBS_BASE, type JobWire, isJobFinished } from '@/lib/jobs';

export function useJob(jobId: number | null) {
  return useApiQuery<JobWire>(jobId === null ? null : `${JOBS_BASE}${jobId}/`, {
    callType: 'job-status',
    staleTime: 0,
    refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });
}
