// The API's rate limit, counted across every app instance on one PostgreSQL without a database
// round trip per request. Each process counts its calls per key in memory and, about once a second,
// adds them to the shared table `rate_limit_counters` in one statement that answers each key's
// total over all instances. A call is decided in memory: the last total the table gave for its key
// plus this process's calls the table has not counted yet. Instances therefore see each other's
// calls up to a flush late, so a key can overshoot by what the other instances let through in that
// second: the limit is there to stop floods, not to count exactly.
//
// The counters go through a pool of their own (one connection): the shared pool's statement count
// (server/db/client.ts) is what tests hold list calls to, and a slow database must not make a
// request wait for a connection behind the limiter. Any failure of the table fails open: the
// process goes on deciding on its own counts and offers them again with the next flush.
import pg from 'pg';
import { hearLostConnections } from '@/server/db/lost-connections';
import { env } from '@/server/env';
import { logger } from '@/server/log';
import { type Decision, decide, windowStart } from './window';

export type Limits = {
  /** Calls per window of one signed-in user, on any instance (0: no limit). */
  user: number;
  /** Calls per window without a signed-in user from one address (0: no limit). */
  address: number;
};

/** Where the instances' counts meet. */
export type CounterStore = {
  /** Adds this instance's calls of a window; answers each of those keys' totals over every instance. */
  add: (window: number, increments: ReadonlyMap<string, number>) => Promise<Map<string, number>>;
  /** Forgets the windows that started before `before`. */
  prune: (before: number) => Promise<void>;
};

const ADD = `
  INSERT INTO rate_limit_counters (key, window_start, count)
  SELECT key, to_timestamp($1::float8 / 1000), count FROM unnest($2::text[], $3::int[]) AS batch(key, count)
  ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + excluded.count
  RETURNING key, count`;

/** The shared table, through the pool `pool()` gives (asked for at the first flush). */
export function postgresCounterStore(pool: () => pg.Pool): CounterStore {
  return {
    async add(window, increments) {
      // Keys in one order for every instance: two upserts of the same rows in different orders
      // would wait for each other's row locks (a deadlock).
      const keys = [...increments.keys()].sort();
      const { rows } = await pool().query<{ key: string; count: number }>(ADD, [window, keys, keys.map((key) => increments.get(key)!)]);
      return new Map(rows.map((row) => [row.key, row.count]));
    },
    async prune(before) {
      await pool().query('DELETE FROM rate_limit_counters WHERE window_start < to_timestamp($1::float8 / 1000)', [before]);
    },
  };
}

export type RateLimiterOptions = {
  store: CounterStore;
  limits: Limits;
  /** The window's length (a minute). */
  windowMs?: number;
  /** How often this instance's counts are added to the shared table. */
  flushMs?: number;
  now?: () => number;
};

const ALLOWED: Decision = { allowed: true };
// A key is a table column of 200 characters; an address comes from a header the client may write.
const MAX_ADDRESS = 100;

export class RateLimiter {
  readonly limits: Limits;
  private readonly store: CounterStore;
  private readonly windowMs: number;
  private readonly flushMs: number;
  private readonly now: () => number;
  private window = Number.NaN;
  /** Each key's total over every instance, as the table last answered. */
  private shared = new Map<string, number>();
  /** This instance's calls being added to the table right now. */
  private sending = new Map<string, number>();
  /** This instance's calls not yet sent. */
  private pending = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  private prunedWindow = Number.NaN;
  private timer: ReturnType<typeof setInterval> | null = null;
  private failing = false;

  constructor(options: RateLimiterOptions) {
    this.store = options.store;
    this.limits = options.limits;
    this.windowMs = options.windowMs ?? 60_000;
    this.flushMs = options.flushMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one API call and says whether it may go through: a signed-in user's calls count against
   * the user wherever they come from; calls without one count against their address.
   */
  check(userId: number | null, address: string): Decision {
    return userId === null ? this.hit(`a:${address.slice(0, MAX_ADDRESS)}`, this.limits.address) : this.hit(`u:${userId}`, this.limits.user);
  }

  hit(key: string, limit: number): Decision {
    if (limit <= 0) return ALLOWED;
    const now = this.now();
    this.roll(now);
    const local = (this.sending.get(key) ?? 0) + (this.pending.get(key) ?? 0);
    const decision = decide(limit, { shared: this.shared.get(key) ?? 0, local }, now, this.windowMs);
    if (decision.allowed) {
      this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
      this.startTimer();
    }
    return decision;
  }

  /** Adds this instance's pending calls to the shared table and learns the totals (one at a time). */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Stops the periodic flush (tests; a process that ends needs nothing: the timer is unref'd). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    // The limiter never keeps a process alive (a script, a test, a stopping server).
    this.timer.unref?.();
  }

  /** A new window counts from zero: what was counted or pending for the last one no longer matters. */
  private roll(now: number): void {
    const current = windowStart(now, this.windowMs);
    if (current === this.window) return;
    this.window = current;
    this.shared = new Map();
    this.sending = new Map();
    this.pending = new Map();
  }

  private async send(): Promise<void> {
    this.roll(this.now());
    const window = this.window;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.sending = batch;
    try {
      const totals = await this.store.add(window, batch);
      // An answer for a window that has ended meanwhile says nothing about the new one.
      if (this.window === window) for (const [key, total] of totals) this.shared.set(key, total);
      if (this.failing) logger().info('rate limit: counters shared again');
      this.failing = false;
    } catch (error) {
      // Fail open: the calls were let through already; the batch is offered again next time.
      if (this.window === window) for (const [key, count] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + count);
      if (!this.failing) logger().warn({ err: error }, 'rate limit: counters not shared, each instance counts on its own');
      this.failing = true;
    } finally {
      if (this.sending === batch) this.sending = new Map();
    }
    await this.prune(window);
  }

  /** Once per window each instance removes the windows before the last one (a cheap indexed delete). */
  private async prune(window: number): Promise<void> {
    if (this.prunedWindow === window || this.failing) return;
    this.prunedWindow = window;
    try {
      await this.store.prune(window - this.windowMs);
    } catch {
      // The next window tries again; stale rows only take space.
    }
  }
}

// One limiter and one pool per process, on globalThis: the production server's API bundle and
// Next's bundle load this module twice and must count into the same place.
const holder = globalThis as unknown as { plantelRateLimiter?: RateLimiter; plantelRateLimitPool?: pg.Pool };

function counterPool(): pg.Pool {
  if (!holder.plantelRateLimitPool) {
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 1,
      // An unreachable or stuck database costs a flush, never a request: give up quickly.
      connectionTimeoutMillis: 2_000,
      statement_timeout: 2_000,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
      application_name: 'plantel-rate-limit',
    });
    hearLostConnections(pool, 'rate limit');
    holder.plantelRateLimitPool = pool;
  }
  return holder.plantelRateLimitPool;
}

/** The shared table through the limiter's own connection. */
export function counterStore(): CounterStore {
  return postgresCounterStore(counterPool);
}

/** The process's limiter, with the limits of server/env.ts. */
export function rateLimiter(): RateLimiter {
  holder.plantelRateLimiter ??= new RateLimiter({
    store: counterStore(),
    limits: { user: env.RATE_LIMIT_USER_PER_MINUTE, address: env.RATE_LIMIT_ADDRESS_PER_MINUTE },
  });
  return holder.plantelRateLimiter;
}

/** Replaces the process's limiter (tests: low limits); `null` goes back to the one from env. */
export function setRateLimiter(limiter: RateLimiter | null): void {
  holder.plantelRateLimiter?.stop();
  holder.plantelRateLimiter = limiter ?? undefined;
}

/** Stops the limiter and closes its connection (tests; a process that ends needs nothing). */
export async function closeRateLimiter(): Promise<void> {
  setRateLimiter(null);
  const pool = holder.plantelRateLimitPool;
  holder.plantelRateLimitPool = undefined;
  await pool?.end();
}
