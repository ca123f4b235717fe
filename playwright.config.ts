import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/chromium';

// The e2e suite runs the production build against its own embedded databases, emptied and seeded
// with the demo data at every run. Each worker has a server and a database of its own (ports
// E2E_PORT, E2E_PORT + 1, …; tests/e2e/fixtures.ts points a worker's pages at its server), so spec
// files run side by side without one's changes showing in another's screens.
const firstPort = Number(process.env.E2E_PORT ?? 3100);
// A worker keeps a browser and a production server busy: about two cores. On this project's 2-core
// CI machine two workers measured slower than one (21 min against 18: they fight for the cores).
const workers = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const ports = Array.from({ length: workers }, (_, index) => firstPort + index);
const baseURL = `http://localhost:${firstPort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Spec files side by side; the tests of one file in order, on one worker.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'es-MX',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 } } }],
  webServer: ports.map((port, index) => ({
    command: `npx tsx scripts/start.ts --fresh --data-dir .data/e2e-${index} --port ${port}`,
    url: `http://localhost:${port}/login`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // warn: the server's output is piped into the run's, and info writes a line per API call.
    env: { LOGIN_MAX_FAILURES: '50', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  })),
});
