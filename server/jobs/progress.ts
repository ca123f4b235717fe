// How often a running job writes its progress: at most once per interval (the spec's 200 ms, so a
// job over 20,000 students does not write 20,000 rows), and always its first and its last step, so
// the bar starts at once and never stops short of the end.

export const PROGRESS_INTERVAL_MS = 200;

/** Decides, step by step, whether a progress report is written now. `now` is injectable for tests. */
export function progressThrottle(intervalMs = PROGRESS_INTERVAL_MS, now: () => number = Date.now): (done: number, total: number) => boolean {
  let last: number | null = null;
  return (done, total) => {
    const time = now();
    if (last === null || done >= total || time - last >= intervalMs) {
      last = time;
      return true;
    }
    return false;
  };
}
