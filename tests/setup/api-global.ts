// API tests run against a real PostgreSQL: the embedded server, a fresh database per run, the
// migrations of the project and the demo data.
import type { TestProject } from 'vitest/node';
import path from 'node:path';
import { prepareDatabase } from '../../scripts/lib/bootstrap';

export default async function setup(project: TestProject) {
  // The seed encrypts the demo signers' e.firma with the secret the tests' server reads (api-env.ts).
  process.env.AUTH_SECRET ||= 'test-secret-that-is-long-enough-for-plantel-tests';
  const dataDir = path.resolve('.data/test');
  const db = await prepareDatabase({ dataDir, databaseName: 'plantel_api_test', fresh: true, seed: 'demo', log: () => undefined });
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.embedded?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
