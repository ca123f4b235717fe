// Runs once when the server starts: a production server refuses to start without its secrets, and
// the job runner starts (server/jobs) unless PLANTEL_JOB_RUNNER=off (a web-only instance).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { productionProblems } = await import('./server/env');
  const problems = process.env.NODE_ENV === 'production' ? productionProblems() : [];
  if (problems.length) {
    console.error(`Plantel cannot start:\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  if (process.env.NEXT_PHASE === 'phase-production-build' || !process.env.DATABASE_URL || process.env.PLANTEL_JOB_RUNNER === 'off') return;
  const { startServerJobRunner } = await import('./server/jobs/server-runner');
  await startServerJobRunner();
}
