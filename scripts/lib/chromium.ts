// Where the tests' Chromium is: CHROMIUM_PATH, Debian's package, or Playwright's own download.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const candidate of candidates) if (candidate && fs.existsSync(candidate)) return candidate;
  const cache = path.join(os.homedir(), '.cache', 'ms-playwright');
  if (fs.existsSync(cache)) {
    for (const dir of fs.readdirSync(cache).filter((d) => d.startsWith('chromium')).sort().reverse()) {
      const binary = path.join(cache, dir, 'chrome-linux', 'chrome');
      if (fs.existsSync(binary)) return binary;
    }
  }
  return null;
}

export const INSTALL_HINT =
  'No Chromium found for the browser tests. Install one: `sudo apt-get install chromium` (Debian/Ubuntu), ' +
  'or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium/Chrome binary.';
