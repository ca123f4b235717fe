// Structured logs (pino): one JSON object per line on stdout, for whatever collects the container's
// output. The API pipeline writes one line per request and one per defect (server/http), the job
// runner one per failed job. pino's own destination writes from the main thread (asynchronously,
// flushed when the process exits); no transport, so no worker thread to bundle or start.
import pino, { type DestinationStream, type Logger } from 'pino';
import { env } from '@/server/env';

export type { Logger };

export type LoggerOptions = {
  /** LOG_LEVEL unless given. */
  level?: string;
  /** stdout unless given (tests collect the lines). */
  destination?: DestinationStream;
};

export function createLogger({ level, destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level: level ?? env.LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      // "level":"error" reads better in a log viewer than pino's numbers.
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

// One logger per process, on globalThis: the production server's API bundle and Next's bundle load
// this module twice, and a test's logger must reach both.
const holder = globalThis as unknown as { plantelLogger?: Logger };

export function logger(): Logger {
  holder.plantelLogger ??= createLogger();
  return holder.plantelLogger;
}

/** Replaces the process's logger (tests read the lines); `null` goes back to stdout. */
export function setLogger(replacement: Logger | null): void {
  holder.plantelLogger = replacement ?? undefined;
}
