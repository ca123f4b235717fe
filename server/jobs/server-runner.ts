// The server process's job runner: started by instrumentation.ts when the server starts, stopped
// by server/serve.ts before the process exits (a running job gets a few seconds to end, else
// pg-boss fails it and the next runner runs it again). Kept on globalThis because the production
// server and Next's bundle load this module twice.
import { logger } from '@/server/log';
import { JOBS } from '@/server/modules/registry';
import { type JobRunner, createJobRunner } from './runner';
import { stopJobSender } from './queue';

const holder = globalThis as { plantelJobRunner?: Promise<JobRunner | null> };

export function startServerJobRunner(): Promise<JobRunner | null> {
  holder.plantelJobRunner ??= createJobRunner(JOBS).catch((error: unknown) => {
    // The app still answers; queued jobs wait in the database for a runner that starts.
    logger().error({ err: error }, 'jobs: the job runner could not start');
    return null;
  });
  return holder.plantelJobRunner;
}

export async function stopServerJobRunner(timeoutMs = 10_000): Promise<void> {
  const runner = await holder.plantelJobRunner;
  holder.plantelJobRunner = undefined;
  await runner?.stop({ timeoutMs });
  await stopJobSender();
}
