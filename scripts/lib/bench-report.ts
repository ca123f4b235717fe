// The report of `npm run bench`, assembled from its measurements by pure functions (tested in
// tests/unit/bench-report.test.ts): the table of cases, the summary lines against the targets, and
// the comparison of two data set sizes side by side. Every line finds its case by its key, never by
// its position in the list: a case added or skipped must not make a line print another case.

/** What one case measured. CPU figures are in % of one core; null when they could not be read. */
export type CaseResult = {
  /** stable name the report looks the case up by (`list`, `kardex`, ...) */
  key: string;
  /** what the table prints (may carry counts of the data set) */
  label: string;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  benchCpu: number;
  serverCpu: number | null;
  databaseCpu: number | null;
};

/** The measurements of one data set size. */
export type SizeRun = { size: string; results: CaseResult[]; notes: string[] };

/** A p95 target of a case at the base size. */
export type Target = { key: string; title: string; p95Ms: number };

/** The cases the summary and the comparison name, and their p95 targets at `large`. */
export const TARGETS: readonly Target[] = [
  { key: 'list', title: 'students list', p95Ms: 50 },
  { key: 'show', title: 'student record (show)', p95Ms: 50 },
  { key: 'kardex', title: 'kardex', p95Ms: 50 },
  { key: 'group-save', title: 'group save', p95Ms: 150 },
  { key: 'payment', title: 'payment', p95Ms: 100 },
  { key: 'period-summary', title: 'general summary', p95Ms: 2000 },
];

/** How much slower the bigger size may be (p95 ratio) before a case misses. */
export const SIZE_RATIO_LIMIT = 1.5;

/**
 * A CPU counter's use over a case, in % of one core. Null when a reading is missing, or when the
 * counter went backwards: the process restarted (or one being counted ended) between the two
 * readings, so the difference says nothing. Never negative.
 */
export function cpuPercent(before: number | null, after: number | null, seconds: number): number | null {
  if (before === null || after === null || !(seconds > 0) || after < before) return null;
  return ((after - before) / seconds) * 100;
}

/** The case of that key, or undefined when this run did not measure it. */
export function findCase(results: readonly CaseResult[], key: string): CaseResult | undefined {
  return results.find((result) => result.key === key);
}

export const requestsPerSecond = (result: CaseResult) => (result.seconds > 0 ? result.requests / result.seconds : 0);

/** The database's CPU time per request in ms (null when not read or no request). */
export function databaseMsPerRequest(result: CaseResult): number | null {
  if (result.databaseCpu === null || result.requests === 0) return null;
  return (result.databaseCpu / 100) * result.seconds * 1000 / result.requests;
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} %`);
const fixed = (value: number | null, digits: number) => (value === null ? 'n/a' : value.toFixed(digits));

/** The table of one size's cases, one line per case in the order measured. */
export function resultTable(results: readonly CaseResult[], context: { concurrency: number; seconds: number; cores: number; size: string }): string[] {
  const labelWidth = Math.max(44, ...results.map((result) => result.label.length));
  const header = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'bench CPU', 'app CPU', 'db CPU', 'db ms/req'];
  const widths = [8, 8, 8, 8, 7, 10, 8, 8, 10];
  const row = (label: string, cells: string[]) => [label.padEnd(labelWidth), ...cells.map((cell, i) => cell.padStart(widths[i]))].join(' ');
  return [
    `Plantel benchmark, ${context.size} data set (${context.concurrency} concurrent connections, ${context.seconds} s per case; CPU in % of one core, this machine has ${context.cores})`,
    '',
    row('case', header),
    ...results.map((r) =>
      row(r.label, [
        requestsPerSecond(r).toFixed(0),
        r.p50.toFixed(1),
        r.p95.toFixed(1),
        r.p99.toFixed(1),
        String(r.errors),
        percent(r.benchCpu),
        percent(r.serverCpu),
        percent(r.databaseCpu),
        fixed(databaseMsPerRequest(r), 2),
      ]),
    ),
  ];
}

const formatMs = (ms: number) => (ms >= 1000 ? Math.round(ms).toLocaleString('en') : ms.toFixed(1));

/** One line per target whose case ran: its p95 against the target, named by the case's key. */
export function summaryLines(results: readonly CaseResult[], targets: readonly Target[] = TARGETS): string[] {
  const lines: string[] = [];
  const app = findCase(results, 'list');
  const raw = findCase(results, 'list-raw');
  if (app && raw && requestsPerSecond(raw) > 0) lines.push(`throughput ratio, Plantel / raw server: ${(requestsPerSecond(app) / requestsPerSecond(raw)).toFixed(2)}  (target ≥ 0.40)`);
  for (const target of targets) {
    const result = findCase(results, target.key);
    if (!result) continue;
    const verdict = result.p95 <= target.p95Ms ? 'ok' : 'MISSED';
    lines.push(`${target.title} p95: ${formatMs(result.p95)} ms  (target ≤ ${target.p95Ms.toLocaleString('en')} ms) ${verdict}`);
  }
  const listDb = app ? databaseMsPerRequest(app) : null;
  if (listDb !== null) lines.push(`PostgreSQL CPU per students-list request: ${listDb.toFixed(2)} ms  (target ≤ 1.0 ms)`);
  return lines;
}

/** The ratio of a bigger size's p95 to the base size's (null when either is missing or zero). */
export function p95Ratio(base: CaseResult | undefined, other: CaseResult | undefined): number | null {
  if (!base || !other || !(base.p95 > 0)) return null;
  return other.p95 / base.p95;
}

/**
 * The sizes side by side: one line per case key measured at any size (in the base run's order,
 * then the others'), each size's p95 and req/s, and each bigger size's p95 ratio to the base.
 */
export function sizeComparison(runs: readonly SizeRun[], limit = SIZE_RATIO_LIMIT): string[] {
  if (runs.length < 2) return [];
  const [base, ...others] = runs;
  const keys: string[] = [];
  for (const run of runs) for (const result of run.results) if (!keys.includes(result.key)) keys.push(result.key);
  const width = Math.max(16, ...keys.map((key) => key.length));
  const header = [
    'case'.padEnd(width),
    ...runs.flatMap((run) => [`${run.size} p95`.padStart(12), `${run.size} req/s`.padStart(12)]),
    ...others.map((run) => `${run.size}/${base.size}`.padStart(12)),
  ];
  const lines = [`p95 in ms side by side; ratio of each size's p95 to ${base.size}'s (limit ${limit}×)`, '', header.join(' ')];
  for (const key of keys) {
    const cells = runs.flatMap((run) => {
      const result = findCase(run.results, key);
      return [(result ? formatMs(result.p95) : '—').padStart(12), (result ? requestsPerSecond(result).toFixed(0) : '—').padStart(12)];
    });
    const ratios = others.map((run) => {
      const ratio = p95Ratio(findCase(base.results, key), findCase(run.results, key));
      return (ratio === null ? '—' : `${ratio.toFixed(2)}×${ratio > limit ? ' !' : ''}`).padStart(12);
    });
    lines.push([key.padEnd(width), ...cells, ...ratios].join(' '));
  }
  return lines;
}
