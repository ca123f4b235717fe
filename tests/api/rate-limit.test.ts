// The API's rate limit (issue 19) through the API pipeline and the real shared table: a user past
// the limit gets 429 with Retry-After while others go on; calls without a user count against their
// address; two limiters with their own memory (two app instances) flushing to the one table enforce
// one limit; the limiter's statements stay off the shared pool; an unreachable table fails open.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statementCount } from '@/server/db/client';
import { createLogger, setLogger } from '@/server/log';
import { RateLimiter, closeRateLimiter, counterStore, postgresCounterStore, setRateLimiter } from '@/server/rate-limit/limiter';
import { windowStart } from '@/server/rate-limit/window';
import { call, tokenFor } from './client';

const MINUTE = 60_000;
// Limiters here read a clock fixed 15 s into the current window: a window ending mid-test would
// start the counts again. Their timers are left out; the tests flush when an instance would.
let now = 0;
const clock = () => now;
const NO_TIMER = 3_600_000;

// A second connection to the table, as another app instance has.
const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
// Its end() settles before the connection closes; the file's database dropped right after ends it.
other.on('error', () => undefined);
const counted = async (key: string): Promise<number> =>
  (await other.query<{ count: number }>('SELECT count FROM rate_limit_counters WHERE key = $1 AND window_start = to_timestamp($2::float8 / 1000)', [key, windowStart(now, MINUTE)])).rows[0]?.count ?? 0;

let admin = '';
let control = '';
let adminId = 0;
const campus = (token?: string, headers: Record<string, string> = {}, lang?: string) => call('GET', 'academic/api/campus/', { token, headers, lang });

beforeAll(async () => {
  admin = await tokenFor('admin');
  control = await tokenFor('control');
  adminId = (await call('GET', 'manage/check_session/', { token: admin })).body.user.id;
});

beforeEach(async () => {
  now = windowStart(Date.now(), MINUTE) + 15_000;
  await other.query('DELETE FROM rate_limit_counters WHERE window_start = to_timestamp($1::float8 / 1000)', [windowStart(now, MINUTE)]);
});

afterEach(() => setRateLimiter(null));

afterAll(async () => {
  setLogger(null);
  await closeRateLimiter();
  await other.end();
});

describe('rate limit', () => {
  it('answers a user past the limit 429 with Retry-After, in their language, and lets another user go on', async () => {
    const limiter = new RateLimiter({ store: counterStore(), limits: { user: 5, address: 0 }, now: clock, flushMs: NO_TIMER });
    setRateLimiter(limiter);
    for (let i = 0; i < 5; i += 1) expect((await campus(admin)).status).toBe(200);
    const refused = await campus(admin);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.body).toEqual({ detail: 'Demasiadas solicitudes en poco tiempo. Espere 45 segundos e intente de nuevo.' });
    expect((await campus(admin, {}, 'en')).body.detail).toBe('Too many requests in a short time. Wait 45 seconds and try again.');
    expect((await campus(control)).status).toBe(200);

    // The counts reach the shared table in one statement of the limiter's own connection, which the
    // shared pool's statement count (held fixed per list call by other tests) never sees.
    const before = statementCount();
    await limiter.flush();
    expect(statementCount()).toBe(before);
    expect(await counted(`u:${adminId}`)).toBe(5);
  });

  it('counts calls without a signed-in user against their address, and signed-in calls not', async () => {
    setRateLimiter(new RateLimiter({ store: counterStore(), limits: { user: 0, address: 3 }, now: clock, flushMs: NO_TIMER }));
    const from = (address: string) => ({ 'x-forwarded-for': `${address}, 10.0.0.1` });
    for (let i = 0; i < 3; i += 1) expect((await campus(undefined, from('203.0.113.7'))).status).toBe(401);
    const refused = await campus(undefined, from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect((await campus(undefined, from('203.0.113.8'))).status).toBe(401);
    expect((await campus(admin, from('203.0.113.7'))).status).toBe(200);
  });

  it('holds two app instances, each counting in its own memory, to one limit through the shared table', async () => {
    const limits = { user: 8, address: 0 };
    const instances = [
      new RateLimiter({ store: counterStore(), limits, now: clock, flushMs: NO_TIMER }),
      new RateLimiter({ store: postgresCounterStore(() => other), limits, now: clock, flushMs: NO_TIMER }),
    ];
    const allowed = [0, 0];
    const rounds: number[][] = [];
    // Each second both instances answer two calls of the user, then flush as their timers would.
    for (let second = 0; second < 5; second += 1) {
      const statuses: number[] = [];
      for (const [index, instance] of instances.entries()) {
        setRateLimiter(instance);
        for (let i = 0; i < 2; i += 1) {
          const { status } = await campus(admin);
          statuses.push(status);
          if (status === 200) allowed[index] += 1;
        }
      }
      rounds.push(statuses);
      for (const instance of instances) await instance.flush();
    }
    const total = await counted(`u:${adminId}`);
    expect(total).toBe(allowed[0] + allowed[1]);
    // Neither alone reached the limit; together they did, late by at most one flush's calls...
    expect(allowed[0]).toBeLessThan(8);
    expect(allowed[1]).toBeLessThan(8);
    expect(total).toBeGreaterThanOrEqual(8);
    expect(total).toBeLessThan(8 + 4);
    // ...and then refused every call.
    expect(rounds.at(-1)).toEqual([429, 429, 429, 429]);
  });

  it('fails open when the table cannot be reached: calls are answered and the limiter says why in the log', async () => {
    const lines: { level: string; msg: string }[] = [];
    setLogger(createLogger({ level: 'warn', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } }));
    const unreachable = new pg.Pool({ connectionString: 'postgresql://plantel@127.0.0.1:1/plantel', connectionTimeoutMillis: 1_000, max: 1 });
    try {
      const limiter = new RateLimiter({ store: postgresCounterStore(() => unreachable), limits: { user: 3, address: 0 }, now: clock, flushMs: NO_TIMER });
      setRateLimiter(limiter);
      expect((await campus(admin)).status).toBe(200);
      await expect(limiter.flush()).resolves.toBeUndefined();
      expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: expect.stringContaining('rate limit') }));
      // It goes on counting on its own: the calls it could not share still count.
      expect((await campus(admin)).status).toBe(200);
      expect((await campus(admin)).status).toBe(200);
      expect((await campus(admin)).status).toBe(429);
    } finally {
      setLogger(null);
      await unreachable.end();
    }
  });
});
