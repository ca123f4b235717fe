// Starting a job: the Job row that tells its owner how it goes, and the pg-boss job that runs it.
// pg-boss keeps its queue in its own `pgboss` schema of the same PostgreSQL (no Redis), so a job
// outlives the process that queued it and two app instances never run the same job twice (a job
// is taken with FOR UPDATE SKIP LOCKED).
import PgBoss from 'pg-boss';
import { prisma } from '@/server/db/client';
import type { OperationContext } from '@/server/engine/context';
import { env } from '@/server/env';
import { logger } from '@/server/log';
import { parseInput } from '@/server/validation';
import type { JobDefinition } from './define';

export const QUEUE_SCHEMA = 'pgboss';

/** How a queue treats its jobs: a run cut short (a server stopping) is run again, up to twice. */
export const QUEUE_POLICY = { retryLimit: 2, retryDelay: 2, expireInSeconds: 60 * 60 } as const;

/** What a queued job carries: the row it reports to and its checked input. */
export type QueuedJob = { job_id: number; input: unknown };

export function queueOptions(): PgBoss.ConstructorOptions {
  return { connectionString: env.DATABASE_URL, schema: QUEUE_SCHEMA, max: 2, application_name: 'plantel-jobs' };
}

// One sending connection per process, kept on globalThis: the production server and Next's
// bundle load this module twice (see server/serve.ts).
const holder = globalThis as { plantelJobSender?: Promise<PgBoss>; plantelJobQueues?: Set<string> };

function sender(): Promise<PgBoss> {
  holder.plantelJobSender ??= (async () => {
    // Only sends: the runner (server/jobs/runner.ts) supervises and schedules.
    const boss = new PgBoss({ ...queueOptions(), max: 1, supervise: false, schedule: false });
    boss.on('error', (error) => logger().error({ err: error }, 'jobs: queue error'));
    await boss.start();
    return boss;
  })().catch((error) => {
    holder.plantelJobSender = undefined;
    throw error;
  });
  return holder.plantelJobSender;
}

/** Creates a job's queue once per process (creating an existing queue changes nothing). */
export async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  const known = (holder.plantelJobQueues ??= new Set());
  if (known.has(name)) return;
  await boss.createQueue(name, { name, ...QUEUE_POLICY });
  known.add(name);
}

/**
 * Queues long work for the user behind `ctx` and answers at once with the id its status is read
 * by (`GET /manage/api/jobs/{id}/`). The input is checked now, so a bad request is a 400 and
 * never a failed job.
 */
export async function startJob<Input>(ctx: OperationContext, job: JobDefinition<Input>, input: unknown): Promise<{ job_id: number }> {
  const checked = parseInput(job.input, input);
  const row = await prisma.job.create({ data: { name: job.name, user_id: ctx.actor.id, locale: ctx.locale }, select: { id: true } });
  try {
    const boss = await sender();
    await ensureQueue(boss, job.name);
    const data: QueuedJob = { job_id: row.id, input: checked };
    await boss.send(job.name, data);
  } catch (error) {
    await prisma.job.update({ where: { id: row.id }, data: { status: 'FAILED', finished_at: new Date(), error: { detail: 'queue unavailable' } } });
    throw error;
  }
  return { job_id: row.id };
}

/** Closes this process's sending connection (tests, a stopping server). */
export async function stopJobSender(): Promise<void> {
  const pending = holder.plantelJobSender;
  holder.plantelJobSender = undefined;
  holder.plantelJobQueues = undefined;
  if (pending) await (await pending).stop({ graceful: false, wait: true });
}
