// How a script ends on a failure: one readable line saying what went wrong (never "undefined" nor a
// bare object), the stack only with DEBUG set, and exit code 1.
export function describeFailure(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return error.errors.map(describeFailure).join('\n');
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return `the database does not answer (${error.message}): is DATABASE_URL right, and is the server running?`;
    return error.message || error.name || String(code ?? 'unknown error');
  }
  if (error === undefined || error === null) return 'the step failed without saying why (run with DEBUG=1 to see more)';
  if (typeof error === 'object') return JSON.stringify(error);
  return String(error);
}

export function exitWithFailure(error: unknown): never {
  console.error(`error: ${describeFailure(error)}`);
  if (process.env.DEBUG && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}
