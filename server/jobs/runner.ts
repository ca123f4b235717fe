// Runs queued jobs in the server process: started by instrumentation.ts with the server (so
// `npm start` needs nothing else), stopped with it. Each kind of job has one worker per process
// that takes one job at a time; several processes (two app instances) share the queue and each
// job runs once. A job cut short by a stopping server is failed by pg-boss and run again by the
// next runner (QUEUE_POLICY); the Job row counts the runs, and only the latest run may write it.
import PgBoss from 'pg-boss';
import { actorForUser } from '@/server/auth/actor';
import { isDatabaseUnavailable } from '@/server/db/availability';
import { Prisma, prisma } from '@/server/db/client';
import { operationContext } from '@/server/engine/context';
import { errorAnswer } from '@/server/error-answer';
import { asLocale, DEFAULT_LOCALE } from '@/lib/i18n';
import { translator } from '@/server/i18n/messages';
import { observeJobRun } from '@/server/http/metrics';
import { logger } from '@/server/log';
import type { JobDefinition } from './define';
import { progressThrottle } from './progress';
import { QUEUE_POLICY, type QueuedJob, ensureQueue, queueOptions } from './queue';

export type JobRunner = {
  /** Stops taking jobs; a running job gets `timeoutMs` to end before it is failed for a retry. */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
};

export type RunnerOptions = {
  /** How often an idle worker asks for a job (pg-boss's minimum is half a second). */
  pollingIntervalSeconds?: number;
};

export async function createJobRunner(jobs: readonly JobDefinition<unknown>[], options: RunnerOptions = {}): Promise<JobRunner> {
  const boss = new PgBoss({ ...queueOptions(), schedule: false });
  boss.on('error', (error) => logger().error({ err: error }, 'jobs: runner error'));
  await boss.start();
  for (const job of jobs) {
    await ensureQueue(boss, job.name);
    await boss.work<QueuedJob>(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize: 1 }, async ([queued]) => {
      await runJob(job, queued.data);
    });
  }
  return {
    stop: async ({ timeoutMs = 30_000 } = {}) => {
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    },
  };
}

type Finish = { status: 'DONE' | 'FAILED'; result?: unknown; error?: unknown };

/** One run of a job: claims its row, runs it as the user who started it, records how it ended. */
export async function runJob(job: JobDefinition<unknown>, queued: QueuedJob): Promise<void> {
  const started = performance.now();
  const ended = (outcome: 'done' | 'failed' | 'retry') => observeJobRun(job.name, outcome, performance.now() - started);
  const claimed = await prisma.job.update({
    where: { id: queued.job_id },
    data: { status: 'RUNNING', attempts: { increment: 1 }, started_at: new Date(), finished_at: null, error: Prisma.DbNull },
    select: { attempts: true, user_id: true, locale: true },
  });
  // Fencing: a run cut short and run again must not overwrite the newer run's row.
  const thisRun = { id: queued.job_id, attempts: claimed.attempts };
  const locale = asLocale(claimed.locale) ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const finish = async ({ status, result, error }: Finish, counts: { done: number; total: number }) => {
    await prisma.job.updateMany({
      where: thisRun,
      data: { status, ...counts, finished_at: new Date(), result: result === undefined ? Prisma.DbNull : (result as Prisma.InputJsonValue), error: error === undefined ? Prisma.DbNull : (error as Prisma.InputJsonValue) },
    });
  };

  const actor = claimed.user_id ? await actorForUser(claimed.user_id) : null;
  if (!actor || !actor.is_active) {
    await finish({ status: 'FAILED', error: { detail: t('errors.job_owner_inactive') } }, { done: 0, total: 0 });
    ended('failed');
    return;
  }
  const shouldWrite = progressThrottle();
  const counts = { done: 0, total: 0 };
  const report = async (done: number, total: number) => {
    counts.done = done;
    counts.total = total;
    if (shouldWrite(done, total)) await prisma.job.updateMany({ where: thisRun, data: { done, total } });
  };
  try {
    const input = job.input.parse(queued.input);
    const ctx = operationContext(actor, { locale, requestId: `job-${queued.job_id}` });
    const result = await job.run(input, { ctx, report, jobId: queued.job_id });
    // Done means the bar is full, even for work that reported nothing.
    const total = Math.max(counts.total, counts.done);
    await finish({ status: 'DONE', result: toJson(result) }, { done: total, total });
    ended('done');
  } catch (error) {
    const answer = errorAnswer(error, t);
    // A database outage is no refusal: the run fails for pg-boss to run it again (QUEUE_POLICY).
    if (answer && !isDatabaseUnavailable(error)) {
      // Refused by the same rules as a request: no run again will do better.
      await finish({ status: 'FAILED', error: answer.body }, counts);
      ended('failed');
      return;
    }
    logger().error({ job: job.name, job_id: queued.job_id, request_id: `job-${queued.job_id}`, user_id: actor.id, err: error }, 'jobs: job failed');
    // pg-boss runs it again while retries are left (QUEUE_POLICY).
    ended(claimed.attempts <= QUEUE_POLICY.retryLimit ? 'retry' : 'failed');
    await finish({ status: 'FAILED', error: { detail: t('errors.job_failed', { id: queued.job_id }) } }, counts);
    throw error;
  }
}

/** Only what JSON keeps (Decimal as text, dates as ISO text). */
function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)));
}
