import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { TEST_AUTH_SECRET } from './secret';

// This file's own database: a copy of the seeded template (tests/setup/api-global.ts), dropped
// when the file is done. Every file starts from the same demo data whatever ran before it, and
// files run side by side in parallel workers without racing on each other's rows. FILE_COPY copies
// the template's files as they are (~70 ms): faster than WAL_LOG at this size.
const adminUrl = inject('adminDatabaseUrl');
const database = `plantel_test_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
await admin(`CREATE DATABASE "${database}" TEMPLATE "${inject('templateDatabase')}" STRATEGY FILE_COPY`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
afterAll(async () => {
  // The app's pool first, so the drop does not cut connections a late query still uses.
  const { disconnect } = await import('@/server/db/client');
  await disconnect().catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});

process.env.AUTH_SECRET ||= TEST_AUTH_SECRET;
process.env.NEXTAUTH_URL ||= 'http://localhost:3000';
// SEP's title service is the in-process fake of its protocol (server/modules/academic/sep-titles.ts).
process.env.SEP_TITLES_URL = 'fake';
// Keep the lockout test fast and independent of the defaults.
process.env.LOGIN_MAX_FAILURES = '5';
// Uploaded files of the run go to a folder of their own.
process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'plantel-uploads-'));
// The suite calls as the same few users at full speed, far past any per-minute limit a person
// reaches; tests/api/rate-limit.test.ts puts in limiters of its own with low limits.
process.env.RATE_LIMIT_USER_PER_MINUTE = '0';
process.env.RATE_LIMIT_ADDRESS_PER_MINUTE = '0';
// Defects and failed jobs still show; one line per request would drown the test output.
process.env.LOG_LEVEL ||= 'warn';
// Every action's answer is checked against its contract (lib/contracts): a drift fails the call.
process.env.CHECK_ANSWERS = '1';
