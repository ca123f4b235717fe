// How many API calls run at once in this process; the rest wait their turn at the door, first come
// first served. Each call takes several turns at the database pool (DB_POOL_SIZE connections): with
// every waiting call already inside, a call of ten queries queued ten times behind all the others
// (under load a capture of scores took 10 s where a list took 1 s). Admitted a few at a time,
// each call finishes in about its own time and the wait is paid once, at the door.
import { env } from '@/server/env';

export type Gate = { enter: () => Promise<() => void>; waiting: () => number; running: () => number };

export function createGate(limit: number): Gate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    enter: () => {
      if (running < limit) {
        running += 1;
        return Promise.resolve(once(release));
      }
      // The slot passes straight to the next in line: `running` stays the same.
      return new Promise((resolve) => queue.push(() => resolve(once(release))));
    },
    waiting: () => queue.length,
    running: () => running,
  };
}

function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}

// One per process, on globalThis: the production server and Next's bundle load this module twice.
const holder = globalThis as { plantelApiGate?: Gate | null };

/** The process's gate, or null when API_CONCURRENCY is 0 (no limit). */
export function apiGate(): Gate | null {
  if (holder.plantelApiGate === undefined) {
    // Four calls per connection: measured on the large set with 200 users (npm run load), 2x made
    // bursts of a normal day wait at the door (p95 158 ms against 94 ms without a gate), 4x keeps
    // them (112 ms) and still bounds the saturated server (p99 2.4 s against 10 s without a gate).
    const limit = env.API_CONCURRENCY ?? env.DB_POOL_SIZE * 4;
    holder.plantelApiGate = limit > 0 ? createGate(limit) : null;
  }
  return holder.plantelApiGate;
}
