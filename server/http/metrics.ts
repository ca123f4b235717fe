// Prometheus metrics (prom-client): API requests by method, module and status, their latency,
// the database pool's use, jobs (runs by outcome, their duration, and how many wait or run in the
// whole cluster), and the process's own (memory, CPU, event loop). One registry per
// process, on globalThis: the production server's API pipeline and Next's bundle of /metrics are
// two copies of this module and must count into the same place.
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { apiGate } from './admission';

type Metrics = { registry: Registry; requests: Counter; duration: Histogram; jobRuns: Counter; jobDuration: Histogram };
const globals = globalThis as unknown as { plantelMetrics?: Metrics; pool?: pg.Pool };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'plantel_' });
  const requests = new Counter({ name: 'plantel_http_requests_total', help: 'API requests answered', labelNames: ['method', 'module', 'status'], registers: [registry] });
  const duration = new Histogram({ name: 'plantel_http_request_duration_seconds', help: 'API request latency', labelNames: ['method', 'module'], buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry] });
  // A gauge read when Prometheus scrapes; `undefined` leaves it unset (the pool exists once the
  // first query ran).
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = read();
        if (value !== undefined) this.set(value);
      },
    });
  const pool = (name: string, help: string, read: (pool: pg.Pool) => number) => gauge(name, help, () => (globals.pool ? read(globals.pool) : undefined));
  gauge('plantel_http_running', 'API calls running now (at most API_CONCURRENCY)', () => apiGate()?.running() ?? 0);
  gauge('plantel_http_waiting', 'API calls waiting for their turn to run', () => apiGate()?.waiting() ?? 0);
  pool('plantel_db_pool_connections', 'Database connections open', (p) => p.totalCount);
  pool('plantel_db_pool_idle', 'Database connections idle', (p) => p.idleCount);
  pool('plantel_db_pool_waiting', 'Queries waiting for a connection', (p) => p.waitingCount);
  const jobRuns = new Counter({ name: 'plantel_job_runs_total', help: 'Job runs ended in this process, by job and outcome (done, failed, retry)', labelNames: ['job', 'outcome'], registers: [registry] });
  const jobDuration = new Histogram({ name: 'plantel_job_duration_seconds', help: 'How long a job run took', labelNames: ['job'], buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900], registers: [registry] });
  new Gauge({
    name: 'plantel_jobs',
    help: 'Jobs queued or running in every instance (read from the database at scrape time)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      if (!globals.pool) return;
      const { rows } = await globals.pool
        .query<{ status: string; count: number }>(`SELECT status::text AS status, COUNT(*)::int AS count FROM jobs WHERE status IN ('QUEUED', 'RUNNING') GROUP BY status`)
        .catch(() => ({ rows: [] as { status: string; count: number }[] }));
      this.reset();
      for (const status of ['QUEUED', 'RUNNING']) this.set({ status: status.toLowerCase() }, rows.find((row) => row.status === status)?.count ?? 0);
    },
  });
  return { registry, requests, duration, jobRuns, jobDuration };
}

/** Counts one run of a job as it ended: `retry` is a run that failed and pg-boss runs again. */
export function observeJobRun(job: string, outcome: 'done' | 'failed' | 'retry', milliseconds: number): void {
  const { jobRuns, jobDuration } = metrics();
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, milliseconds / 1000);
}

export function metrics(): Metrics {
  globals.plantelMetrics ??= create();
  return globals.plantelMetrics;
}

/** Counts one API answer: its module (the path's first segment keeps the labels few) and status. */
export function observeRequest(method: string, pathname: string, status: number, milliseconds: number): void {
  const area = /^\/?([a-z_-]+)/.exec(pathname)?.[1] ?? 'other';
  const { requests, duration } = metrics();
  requests.inc({ method, module: area, status: String(status) });
  duration.observe({ method, module: area }, milliseconds / 1000);
}
