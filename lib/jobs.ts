// Long work as the browser sees it: a request that starts it answers 202 {job_id}; the screen reads
// GET /manage/api/jobs/{id}/ until the job is DONE or FAILED and shows its progress as a bar.

export const JOBS_BASE = '/manage/api/jobs/';

/** How often a screen asks how a running job goes (the server writes progress at most every 200 ms). */
export const JOB_POLL_MS = 500;

export type JobStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export type JobWire = {
  id: number;
  name: string;
  status: JobStatus;
  done: number;
  total: number;
  /** What the work answered (counts...) once DONE. */
  result: unknown;
  /** Why it failed, in the contract's error shape ({detail} or field messages), once FAILED. */
  error: unknown;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

/** The answer of a request that started long work. */
export type JobStarted = { job_id: number };

export function isJobFinished(status: JobStatus | undefined): boolean {
  return status === 'DONE' || status === 'FAILED';
}

/** A job's progress as the bar shows it: whole percent, 0 before anything is counted. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, done) * 100) / total));
}
