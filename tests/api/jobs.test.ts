// Long work as jobs on the same PostgreSQL (pg-boss): a request that starts it answers 202 with the
// job's id at once; runners in the server processes run each job once, even two of them; a job
// queued while no runner runs, or cut short by a stopping one, is run by the next; its owner reads
// its progress and outcome, nobody else does.
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { actorForUser } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import { metrics } from '@/server/http/metrics';
import { operationContext } from '@/server/engine/context';
import { defineJob } from '@/server/jobs/define';
import { QUEUE_POLICY, startJob, stopJobSender } from '@/server/jobs/queue';
import { type JobRunner, createJobRunner } from '@/server/jobs/runner';
import { JOBS } from '@/server/modules/registry';
import { call, tokenFor } from './client';

const runners: JobRunner[] = [];
async function runner(jobs: Parameters<typeof createJobRunner>[0]): Promise<JobRunner> {
  const started = await createJobRunner(jobs, { pollingIntervalSeconds: 0.5 });
  runners.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop({ timeoutMs: 1000 })));
  await stopJobSender();
});

async function adminContext() {
  const user = await prisma.user.findUniqueOrThrow({ where: { username: 'admin' }, select: { id: true } });
  return operationContext((await actorForUser(user.id))!);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jobRow = (id: number) => prisma.job.findUniqueOrThrow({ where: { id } });

describe("a period's consolidation as a job", () => {
  it('answers 202 with a job id; the job consolidates every group and its owner reads the outcome', async () => {
    const admin = await tokenFor('admin');
    await runner(JOBS);
    const [{ cicle_id: cicleId }] = await prisma.$queryRawUnsafe<{ cicle_id: number }[]>('SELECT cicle_id FROM main_scores WHERE final IS NOT NULL GROUP BY cicle_id ORDER BY COUNT(*) DESC LIMIT 1');
    await prisma.subjectCicle.deleteMany({ where: { cicle_id: cicleId } });

    const started = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { cicle_id: cicleId } });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ job_id: expect.any(Number) });
    const path = `manage/api/jobs/${started.body.job_id}/`;
    const finished = await waitFor(
      () => call('GET', path, { token: admin }),
      (answer) => ['DONE', 'FAILED'].includes(answer.body.status),
    );
    const groups = await prisma.group.count({ where: { cicle_id: cicleId } });
    const finals = await prisma.$queryRawUnsafe<{ n: number }[]>('SELECT COUNT(*)::int AS n FROM main_scores WHERE cicle_id = $1 AND final IS NOT NULL', cicleId);
    expect(finished.body).toMatchObject({ status: 'DONE', done: groups, total: groups, attempts: 1, error: null, result: { groups, created: finals[0].n, updated: 0 } });
    expect(await prisma.subjectCicle.count({ where: { cicle_id: cicleId } })).toBe(finals[0].n);

    // Only its owner reads it; a bad period is refused before any job exists.
    expect((await call('GET', path, { token: await tokenFor('control') })).status).toBe(404);
    expect((await call('GET', path, { token: await tokenFor('alumno') })).status).toBe(404);
    expect((await call('PUT', path, { token: admin, body: { status: 'DONE' } })).status).toBe(405);
    const jobs = await prisma.job.count();
    const bad = await call('POST', 'scores/api/subject-cicles/update_all_scores/', { token: admin, body: { cicle_id: 'todos' } });
    expect(bad.status).toBe(400);
    expect(await prisma.job.count()).toBe(jobs);
  });
});

describe('the job runner', () => {
  it('runs every job exactly once with two runners on the queue', async () => {
    const runs = new Map<number, number>();
    const counted = defineJob({
      name: 'test-counted',
      input: z.object({ n: z.number().int() }),
      async run({ n }, { jobId, report }) {
        runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
        await report(1, 2);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await report(2, 2);
        return { twice: n * 2 };
      },
    });
    await runner([counted]);
    await runner([counted]);
    const ctx = await adminContext();
    const ids = await Promise.all(Array.from({ length: 24 }, (_, n) => startJob(ctx, counted, { n }).then((started) => started.job_id)));
    const rows = await waitFor(
      () => prisma.job.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } }),
      (found) => found.every((row) => row.status === 'DONE'),
      30_000,
    );
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'DONE'));
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    expect(rows.map((row) => [row.done, row.total, row.attempts])).toEqual(ids.map(() => [2, 2, 1]));
    // Each answered its own input.
    const byId = new Map(rows.map((row) => [row.id, row.result]));
    const inputs = await Promise.all(ids.map((id) => byId.get(id)));
    expect(new Set(inputs.map((result) => (result as { twice: number }).twice)).size).toBe(24);
    // The metrics count each run once, with its duration; the gauge reads the cluster's queue.
    const text = await metrics().registry.metrics();
    expect(text).toContain('plantel_job_runs_total{job="test-counted",outcome="done"} 24');
    expect(text).toContain('plantel_job_duration_seconds_count{job="test-counted"} 24');
    expect(text).toMatch(/plantel_jobs\{status="queued"\} \d+/);
  });

  it('keeps a job queued while no runner runs, and a job cut short by a stopping runner is run by the next', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    const gated = defineJob({
      name: 'test-gated',
      input: z.object({}),
      async run(_input, { jobId, report }) {
        seen.push(jobId);
        const run = seen.filter((id) => id === jobId).length;
        await report(1, 3);
        // The first run waits until the test lets it go (after its runner stopped).
        if (run === 1) await gate;
        await report(3, 3);
        return { run };
      },
    });
    const ctx = await adminContext();
    const { job_id: jobId } = await startJob(ctx, gated, {});
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await jobRow(jobId)).status).toBe('QUEUED');

    const first = await runner([gated]);
    const running = await waitFor(() => jobRow(jobId), (row) => row.status === 'RUNNING' && row.done === 1);
    expect(running).toMatchObject({ status: 'RUNNING', done: 1, total: 3, attempts: 1 });
    // The server stops: the run gets a second to end, does not, and is failed for a retry.
    await first.stop({ timeoutMs: 1000 });

    await runner([gated]);
    const rerun = await waitFor(() => jobRow(jobId), (row) => row.status === 'DONE', (QUEUE_POLICY.retryDelay + 15) * 1000);
    expect(rerun).toMatchObject({ status: 'DONE', attempts: 2, done: 3, total: 3, result: { run: 2 } });

    // The first run ending late cannot overwrite the newer run's outcome.
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await jobRow(jobId)).toMatchObject({ status: 'DONE', attempts: 2, result: { run: 2 } });
  }, 60_000);
});
