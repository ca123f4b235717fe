// API tests run against a real PostgreSQL: the embedded server, a fresh database per run, the
// migrations of the project and the demo data.
import type { TestProject } from 'vitest/node';
import path from 'node:path';
import { prepareDatabase } from '../../scripts/lib/bootstrap';
import { TEST_AUTH_SECRET } from './secret';

export default async function setup(project: TestProject) {
  // The demo seed stores encrypted keys: it needs the secret the tests run with.
  process.env.AUTH_SECRET ||= TEST_AUTH_SECRET;
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
