import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { TEST_AUTH_SECRET } from './secret';

process.env.DATABASE_URL = inject('databaseUrl');
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
process.env.CHECK_ANSWERS = '1';
