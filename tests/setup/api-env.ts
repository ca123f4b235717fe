import { inject } from 'vitest';

process.env.DATABASE_URL = inject('databaseUrl');
process.env.AUTH_SECRET ||= 'test-secret-that-is-long-enough-for-plantel-tests';
process.env.NEXTAUTH_URL ||= 'http://localhost:3000';
// Keep the lockout test fast and independent of the defaults.
process.env.LOGIN_MAX_FAILURES = '5';
