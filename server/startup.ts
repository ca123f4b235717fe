// What the Node.js server does when it starts (called by instrumentation.ts): a production server
// refuses to start without its secrets, and the job runner starts (server/jobs) unless
// PLANTEL_JOB_RUNNER=off (a web-only instance) or there is no database yet (a build).
import { productionProblems } from './env';

/** `source` is the process's environment, read here before server/env.ts can parse it (a build has no database). */
export async function startServer(source: NodeJS.ProcessEnv): Promise<void> {
  const problems = source.NODE_ENV === 'production' ? productionProblems(source) : [];
  if (problems.length) {
    console.error(`Plantel cannot start:\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  if (source.NEXT_PHASE === 'phase-production-build' || !source.DATABASE_URL || source.PLANTEL_JOB_RUNNER === 'off') return;
  const { startServerJobRunner } = await import('./jobs/server-runner');
  await startServerJobRunner();
}
