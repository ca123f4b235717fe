// How the benches wait for the jobs they start (their own runner works them in the same process).
import type { PrismaClient } from '../../server/db/generated/client';

/** The job's row once it is DONE or FAILED. */
export async function settledJob(prisma: Pick<PrismaClient, 'job'>, jobId: number) {
  for (;;) {
    const row = await prisma.job.findUniqueOrThrow({ where: { id: jobId } });
    if (row.status === 'DONE' || row.status === 'FAILED') return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The job's result once it is done; a failed job stops the measurement with its error. */
export async function jobResult(prisma: Pick<PrismaClient, 'job'>, jobId: number): Promise<unknown> {
  const row = await settledJob(prisma, jobId);
  if (row.status === 'FAILED') throw new Error(`the job failed: ${JSON.stringify(row.error)}`);
  return row.result;
}
