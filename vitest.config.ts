import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global.ts'],
          setupFiles: ['tests/setup/api-env.ts'],
          // Each file has its own copy of the seeded database (tests/setup/api-env.ts), so files run
          // side by side: API_TEST_WORKERS of them (two on a 2-core machine by default).
          fileParallelism: true,
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
