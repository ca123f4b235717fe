import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/chromium';

// The e2e suite runs the production build against its own embedded database, emptied and seeded
// with the demo data at every run.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: `npx tsx scripts/start.ts --fresh --data-dir .data/e2e --port ${port}`,
    url: `${baseURL}/login`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // warn: the server's output is piped into the run's, and info writes a line per API call.
    env: { LOGIN_MAX_FAILURES: '50', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  },
});
