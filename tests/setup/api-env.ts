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
