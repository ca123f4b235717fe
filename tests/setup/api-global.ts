// API tests run against a real PostgreSQL: the embedded server, one database migrated and seeded
// with the demo data once per run, used as a template. Every test file gets its own copy of it
// (tests/setup/api-env.ts: CREATE DATABASE … TEMPLATE, ~70 ms), so files run in parallel workers
// without racing on each other's rows, and each starts from the same demo data whatever ran before.
import type { TestProject } from 'vitest/node';
import path from 'node:path';
import { prepareDatabase } from '../../scripts/lib/bootstrap';
import { TEST_AUTH_SECRET } from './secret';

export const TEMPLATE_DATABASE = 'plantel_api_template';

export default async function setup(project: TestProject) {
  // The demo seed stores encrypted keys: it needs the secret the tests run with.
  process.env.AUTH_SECRET ||= TEST_AUTH_SECRET;
  const dataDir = path.resolve('.data/test');
  const started = Date.now();
  const db = await prepareDatabase({ dataDir, databaseName: TEMPLATE_DATABASE, fresh: true, seed: 'demo', log: () => undefined });
  console.log(`api tests: template database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const url = new URL(db.url);
  project.provide('templateDatabase', url.pathname.slice(1));
  url.pathname = '/postgres';
  project.provide('adminDatabaseUrl', url.toString());
  return async () => {
    await db.embedded?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's `postgres` database, where test files create and drop their copies. */
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}
