// The arithmetic of the API's rate limit, without state or I/O: fixed windows (every minute starts
// a new count for everyone at once) and the decision for one call. Fixed windows rather than
// sliding ones because the count is shared by every app instance through one row per key and
// window (limiter.ts): a row that only grows is one cheap upsert, where a sliding log would be a
// row per call.

/** The start of the window `now` falls in (milliseconds since the epoch). */
export function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** Whole seconds until the window of `now` ends: what Retry-After says, never less than 1. */
export function secondsToWindowEnd(now: number, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStart(now, windowMs) + windowMs - now) / 1000));
}

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Counts = {
  /** The calls of every instance in this window, as the shared table last answered. */
  shared: number;
  /** This instance's calls of the window the table has not counted yet. */
  local: number;
};

/**
 * Whether one more call may go through: it may while the calls already counted, plus this one, stay
 * within `limit`. A limit of 0 (or less) turns the limit off. A refused call is not counted: a
 * client that keeps knocking is let in again as soon as the window ends.
 */
export function decide(limit: number, counts: Counts, now: number, windowMs: number): Decision {
  if (limit <= 0) return { allowed: true };
  if (counts.shared + counts.local + 1 <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: secondsToWindowEnd(now, windowMs) };
}
