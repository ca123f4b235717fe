// The API's rate limit (issue 19): the window arithmetic and the decision as a table of cases, and
// the limiter's bookkeeping against an in-memory stand-in for the shared table (the real table is
// exercised in tests/api/rate-limit.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, setLogger } from '@/server/log';
import { type CounterStore, RateLimiter } from '@/server/rate-limit/limiter';
import { decide, secondsToWindowEnd, windowStart } from '@/server/rate-limit/window';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0); // the start of a window

describe('windowStart and secondsToWindowEnd', () => {
  it.each([
    // now, window start, seconds left
    [T0, T0, 60],
    [T0 + 1, T0, 60],
    [T0 + 999, T0, 60],
    [T0 + 1_000, T0, 59],
    [T0 + 59_000, T0, 1],
    [T0 + 59_999, T0, 1],
    [T0 + 60_000, T0 + 60_000, 60],
    [T0 + 61_500, T0 + 60_000, 59],
  ])('at %i the window starts at %i and ends in %i s', (now, start, seconds) => {
    expect(windowStart(now, MINUTE)).toBe(start);
    expect(secondsToWindowEnd(now, MINUTE)).toBe(seconds);
  });
});

describe('decide', () => {
  it.each([
    // limit, shared, local, now, allowed, retry after
    { limit: 10, shared: 0, local: 0, now: T0, allowed: true },
    { limit: 10, shared: 0, local: 9, now: T0, allowed: true },
    { limit: 10, shared: 0, local: 10, now: T0 + 15_000, allowed: false, retry: 45 },
    { limit: 10, shared: 9, local: 0, now: T0, allowed: true },
    { limit: 10, shared: 6, local: 4, now: T0 + 59_500, allowed: false, retry: 1 },
    { limit: 10, shared: 25, local: 0, now: T0 + 30_000, allowed: false, retry: 30 },
    { limit: 1, shared: 0, local: 0, now: T0, allowed: true },
    { limit: 1, shared: 1, local: 0, now: T0, allowed: false, retry: 60 },
    // 0 turns the limit off, whatever was counted.
    { limit: 0, shared: 1_000_000, local: 5, now: T0, allowed: true },
  ])('limit $limit with $shared shared and $local local calls: allowed $allowed', ({ limit, shared, local, now, allowed, retry }) => {
    const decision = decide(limit, { shared, local }, now, MINUTE);
    expect(decision).toEqual(allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: retry });
  });
});

/** A shared table in memory: what PostgreSQL's upsert answers, and a switch to make it fail. */
function memoryStore() {
  const rows = new Map<string, number>();
  const state = { down: false, adds: 0 };
  const store: CounterStore = {
    async add(window, increments) {
      if (state.down) throw new Error('connection refused');
      state.adds += 1;
      const totals = new Map<string, number>();
      for (const [key, count] of increments) {
        const id = `${key}@${window}`;
        rows.set(id, (rows.get(id) ?? 0) + count);
        totals.set(key, rows.get(id)!);
      }
      return totals;
    },
    async prune(before) {
      for (const id of rows.keys()) if (Number(id.split('@')[1]) < before) rows.delete(id);
    },
  };
  return { store, rows, state };
}

const allowedOf = (limiter: RateLimiter, key: string, limit: number, times: number) =>
  Array.from({ length: times }, () => limiter.hit(key, limit)).filter((decision) => decision.allowed).length;

describe('RateLimiter', () => {
  beforeAll(() => setLogger(createLogger({ level: 'silent' })));
  afterAll(() => setLogger(null));

  it('counts in memory and sends nothing until it flushes', async () => {
    const { store, rows, state } = memoryStore();
    let now = T0 + 1_000;
    const limiter = new RateLimiter({ store, limits: { user: 5, address: 0 }, now: () => now });
    expect(allowedOf(limiter, 'u:1', 5, 7)).toBe(5);
    expect(state.adds).toBe(0);
    const refused = limiter.hit('u:1', 5);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 59 });
    // Another key has its own count.
    expect(limiter.hit('u:2', 5).allowed).toBe(true);
    await limiter.flush();
    // Refused calls are not counted.
    expect(rows.get(`u:1@${T0}`)).toBe(5);
    expect(rows.get(`u:2@${T0}`)).toBe(1);
    // The next window starts from zero.
    now = T0 + MINUTE;
    expect(limiter.hit('u:1', 5).allowed).toBe(true);
  });

  it('check counts signed-in calls against the user and the others against their address', () => {
    const { store } = memoryStore();
    const limiter = new RateLimiter({ store, limits: { user: 2, address: 1 }, now: () => T0 });
    expect(limiter.check(7, '10.0.0.1').allowed).toBe(true);
    expect(limiter.check(7, '10.0.0.1').allowed).toBe(true);
    expect(limiter.check(7, '10.0.0.1').allowed).toBe(false);
    // The same address without a user has its own count, and another user is not held back.
    expect(limiter.check(null, '10.0.0.1').allowed).toBe(true);
    expect(limiter.check(null, '10.0.0.1').allowed).toBe(false);
    expect(limiter.check(null, '10.0.0.2').allowed).toBe(true);
    expect(limiter.check(8, '10.0.0.1').allowed).toBe(true);
  });

  it('two instances flushing to one table enforce one limit together, late by at most a flush', async () => {
    const { store, rows } = memoryStore();
    const a = new RateLimiter({ store, limits: { user: 20, address: 0 }, now: () => T0 });
    const b = new RateLimiter({ store, limits: { user: 20, address: 0 }, now: () => T0 });
    // Each "second" both instances get 3 calls of the user, then flush as their timers do.
    const rounds: number[] = [];
    const each = { a: 0, b: 0 };
    for (let second = 0; second < 10; second += 1) {
      const byA = allowedOf(a, 'u:1', 20, 3);
      const byB = allowedOf(b, 'u:1', 20, 3);
      each.a += byA;
      each.b += byB;
      rounds.push(byA + byB);
      await a.flush();
      await b.flush();
    }
    const total = rows.get(`u:1@${T0}`)!;
    expect(total).toBe(each.a + each.b);
    // Together they let the limit through, plus no more than one flush's worth of calls (2 x 3)...
    expect(total).toBeGreaterThanOrEqual(20);
    expect(total).toBeLessThan(20 + 6);
    // ...though neither alone reached it, and then nothing more for the rest of the window.
    expect(each.a).toBeLessThan(20);
    expect(each.b).toBeLessThan(20);
    expect(rounds.slice(5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('fails open while the table is unreachable, counting locally, and shares the calls once it is back', async () => {
    const { store, rows, state } = memoryStore();
    const limiter = new RateLimiter({ store, limits: { user: 4, address: 0 }, now: () => T0 });
    state.down = true;
    expect(allowedOf(limiter, 'u:1', 4, 3)).toBe(3);
    await expect(limiter.flush()).resolves.toBeUndefined();
    // Still its own count decides: one more call, then no more.
    expect(allowedOf(limiter, 'u:1', 4, 3)).toBe(1);
    state.down = false;
    await limiter.flush();
    expect(rows.get(`u:1@${T0}`)).toBe(4);
  });

  it('forgets the windows before the last one', async () => {
    const { store, rows } = memoryStore();
    let now = T0;
    const limiter = new RateLimiter({ store, limits: { user: 4, address: 0 }, now: () => now });
    for (const minute of [0, 1, 2]) {
      now = T0 + minute * MINUTE;
      limiter.hit('u:1', 4);
      await limiter.flush();
    }
    expect([...rows.keys()].sort()).toEqual([`u:1@${T0 + MINUTE}`, `u:1@${T0 + 2 * MINUTE}`]);
  });
});
