// A kind of long work (charges for a period, a consolidation, a title batch) as a module declares
// it: its name, the input it takes, and the function that does it. Modules list their jobs in
// their index.ts; server/jobs/runner.ts runs them. Nothing here touches the queue.
import type { z } from 'zod';
import type { OperationContext } from '@/server/engine/context';

/** Reports how far the work got: `done` of `total` items (written at most every 200 ms). */
export type ReportProgress = (done: number, total: number) => Promise<void>;

export type JobRun = {
  /** The user who started the job, in their language: the same context a request gives an action. */
  ctx: OperationContext;
  report: ReportProgress;
  jobId: number;
};

export type JobDefinition<Input = unknown> = {
  /** The queue's name: letters, digits and hyphens ("scores-consolidate"). */
  name: string;
  /** Checked when the job is started (a request's 400) and again when it runs. */
  input: z.ZodType<Input>;
  /**
   * Does the work and answers what the job's status shows when it ends. A run that a stopping
   * server cut short is run again, so the work must be safe to repeat (skip what is done).
   */
  // A method (checked bivariantly) so every job fits in one list of JobDefinition<unknown>.
  run(input: Input, run: JobRun): Promise<unknown>;
};

export function defineJob<Input>(definition: JobDefinition<Input>): JobDefinition<Input> {
  if (!/^[a-z0-9-]+$/.test(definition.name)) throw new Error(`job name "${definition.name}": lower-case letters, digits and hyphens`);
  return definition;
}
