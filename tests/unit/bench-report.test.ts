// The bench report: every line names the case it prints (looked up by key, whatever the order), the
// CPU columns are never negative, and two sizes are compared side by side with their ratios.
import { describe, expect, it } from 'vitest';
import { type CaseResult, cpuPercent, databaseMsPerRequest, findCase, p95Ratio, resultTable, sizeComparison, summaryLines } from '@/scripts/lib/bench-report';

const result = (key: string, p95: number, extra: Partial<CaseResult> = {}): CaseResult => ({
  key,
  label: `${key} case`,
  requests: 1000,
  seconds: 10,
  p50: p95 / 2,
  p95,
  p99: p95 * 2,
  errors: 0,
  benchCpu: 20,
  serverCpu: 80,
  databaseCpu: 30,
  ...extra,
});

describe('cpuPercent', () => {
  it.each([
    { before: 10, after: 12, seconds: 10, expected: 20 },
    { before: 0, after: 0, seconds: 10, expected: 0 },
    // A counted process ended (or the server restarted) between the readings: unknown, not negative.
    { before: 12, after: 7.3, seconds: 10, expected: null },
    { before: null, after: 5, seconds: 10, expected: null },
    { before: 5, after: null, seconds: 10, expected: null },
    { before: 1, after: 2, seconds: 0, expected: null },
  ])('$before → $after in $seconds s is $expected', ({ before, after, seconds, expected }) => {
    const share = cpuPercent(before, after, seconds);
    if (expected === null) expect(share).toBeNull();
    else expect(share).toBeCloseTo(expected);
  });
});

describe('cases are found by key, not by position', () => {
  const measured = [result('list', 40), result('list-raw', 20, { requests: 2000 }), result('show', 30), result('poll-board', 661), result('group-save', 120), result('period-summary', 1718), result('kardex', 45), result('payment', 105.6)];

  it('finds each case whatever comes before it', () => {
    expect(findCase(measured, 'kardex')?.p95).toBe(45);
    expect(findCase([...measured].reverse(), 'group-save')?.p95).toBe(120);
    expect(findCase(measured, 'attendance')).toBeUndefined();
  });

  it('summary lines print their own case even with a new case in the middle', () => {
    const lines = summaryLines(measured);
    expect(lines).toContain('group save p95: 120.0 ms  (target ≤ 150 ms) ok');
    expect(lines).toContain('kardex p95: 45.0 ms  (target ≤ 50 ms) ok');
    expect(lines).toContain('payment p95: 105.6 ms  (target ≤ 100 ms) MISSED');
    expect(lines).toContain('general summary p95: 1,718 ms  (target ≤ 2,000 ms) ok');
    expect(lines).toContain('throughput ratio, Plantel / raw server: 0.50  (target ≥ 0.40)');
    expect(lines).toContain('PostgreSQL CPU per students-list request: 3.00 ms  (target ≤ 1.0 ms)');
  });

  it('a case that did not run has no line (BENCH_ONLY=list)', () => {
    const lines = summaryLines([result('list', 40), result('list-raw', 20)]);
    expect(lines.some((line) => line.startsWith('kardex'))).toBe(false);
    expect(lines.some((line) => line.startsWith('payment'))).toBe(false);
    expect(lines[0]).toMatch(/^throughput ratio/);
  });
});

describe('databaseMsPerRequest', () => {
  it.each([
    { databaseCpu: 30, requests: 1000, seconds: 10, expected: 3 },
    { databaseCpu: 50, requests: 5000, seconds: 10, expected: 1 },
    { databaseCpu: null, requests: 1000, seconds: 10, expected: null },
    { databaseCpu: 30, requests: 0, seconds: 10, expected: null },
  ])('$databaseCpu % over $requests requests in $seconds s → $expected ms', ({ databaseCpu, requests, seconds, expected }) => {
    const ms = databaseMsPerRequest(result('list', 10, { databaseCpu, requests, seconds }));
    if (expected === null) expect(ms).toBeNull();
    else expect(ms).toBeCloseTo(expected);
  });
});

describe('resultTable', () => {
  it('has a header and one line per case, n/a for CPU not read', () => {
    const lines = resultTable([result('list', 40), result('kardex', 45, { databaseCpu: null })], { concurrency: 16, seconds: 10, cores: 2, size: 'large' });
    expect(lines[0]).toMatch(/large data set/);
    expect(lines[2]).toMatch(/^case\s+req\/s/);
    expect(lines).toHaveLength(5);
    expect(lines[3]).toMatch(/^list case\s+100\s+20\.0\s+40\.0\s+80\.0\s+0\s+20 %\s+80 %\s+30 %\s+3\.00$/);
    expect(lines[4]).toMatch(/n\/a\s+n\/a$/);
  });
});

describe('sizeComparison', () => {
  it('puts the sizes side by side with the ratio to the base size', () => {
    const lines = sizeComparison([
      { size: 'large', results: [result('list', 40), result('kardex', 50)], notes: [] },
      { size: 'huge', results: [result('kardex', 100), result('list', 48), result('period-summary', 1900)], notes: [] },
    ]);
    const row = (key: string) => lines.find((line) => line.startsWith(`${key} `))?.split(/\s+/);
    expect(lines[2].split(/\s+/)).toEqual(['case', 'large', 'p95', 'large', 'req/s', 'huge', 'p95', 'huge', 'req/s', 'huge/large']);
    expect(row('list')).toEqual(['list', '40.0', '100', '48.0', '100', '1.20×']);
    // Over the limit: flagged.
    expect(row('kardex')).toEqual(['kardex', '50.0', '100', '100.0', '100', '2.00×', '!']);
    // Only measured at one size: no ratio.
    expect(row('period-summary')).toEqual(['period-summary', '—', '—', '1,900', '100', '—']);
  });

  it('says nothing for one size', () => {
    expect(sizeComparison([{ size: 'large', results: [result('list', 40)], notes: [] }])).toEqual([]);
  });

  it('p95Ratio is null without a base figure', () => {
    expect(p95Ratio(undefined, result('list', 1))).toBeNull();
    expect(p95Ratio(result('list', 0), result('list', 1))).toBeNull();
    expect(p95Ratio(result('list', 10), result('list', 15))).toBeCloseTo(1.5);
  });
});
