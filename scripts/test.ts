// npm test: lint, typecheck, unit tests, API tests against a real PostgreSQL, the production build
// and the browser tests in Chromium. Prints one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChromium, INSTALL_HINT } from './lib/chromium';
import { ROOT } from './lib/bootstrap';

type Step = { name: string; command: string[]; counts?: (output: string) => { passed: number; failed: number } };

const only = process.argv.slice(2);

function vitestCounts(output: string) {
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  const line = clean.split('\n').find((l) => /^\s*Tests\s+/.test(l)) ?? '';
  return { passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0), failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0) };
}

function playwrightCounts(output: string) {
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  return {
    passed: Number(/(\d+) passed/.exec(clean)?.[1] ?? 0) + Number(/(\d+) flaky/.exec(clean)?.[1] ?? 0),
    failed: Number(/(\d+) failed/.exec(clean)?.[1] ?? 0),
  };
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

const steps: Step[] = [
  { name: 'lint', command: [bin('eslint'), '.'] },
  { name: 'typecheck', command: [bin('tsc'), '--noEmit'] },
  { name: 'unit', command: [bin('vitest'), 'run', '--project', 'unit'], counts: vitestCounts },
  { name: 'api', command: [bin('vitest'), 'run', '--project', 'api'], counts: vitestCounts },
  // Builds only when the sources changed since the last build; the e2e server reuses it.
  { name: 'build', command: [bin('tsx'), 'scripts/start.ts', '--build-only'] },
  { name: 'e2e', command: [bin('playwright'), 'test'], counts: playwrightCounts },
];

let passed = 0;
let failed = 0;
const failures: string[] = [];
const chromium = findChromium();

for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  if (step.name === 'e2e' && !chromium) {
    console.error(INSTALL_HINT);
    failed += 1;
    failures.push('e2e (no Chromium)');
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: step.name === 'build' ? 'production' : 'test', CHROMIUM_PATH: chromium ?? '' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  process.stdout.write(output.split('\n').filter((line) => !line.includes('Unknown user config "nodedir"')).join('\n'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // A step fails on its exit status or on a failed test it reports: the embedded PostgreSQL's exit
  // hooks can end a test run with status 0 after a failure.
  let ok = result.status === 0;
  if (step.counts) {
    const counts = step.counts(output);
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1;
    if (counts.failed > 0) ok = false;
  } else if (ok) passed += 1;
  else failed += 1;
  if (!ok) failures.push(step.name);
  console.log(`--- ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds}s`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
