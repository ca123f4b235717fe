// Runs once when the server starts: a production server refuses to start without its secrets.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { productionProblems } = await import('./server/env');
  const problems = process.env.NODE_ENV === 'production' ? productionProblems() : [];
  if (problems.length) {
    console.error(`Plantel cannot start:\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
}
