// npm test: lint, typecheck, unit tests, API tests against a real PostgreSQL, the production build
// and the browser tests in Chromium. Prints one closing line "N passed, N failed".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { findChromium, INSTALL_HINT } from './lib/chromium';
import { ROOT } from './lib/bootstrap';

type Step = { name: string; command: string[]; counts?: (output: string) => { passed: number; failed: number } };

const only = process.argv.slice(2);

function vitestCounts(output: string) {
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  const lines = clean.split('\n');
  const line = lines.find((l) => /^\s*Tests\s+/.test(l)) ?? '';
  // A file can fail with every test passed (a hook that timed out): it counts as a failure.
  const files = lines.find((l) => /^\s*Test Files\s+/.test(l)) ?? '';
  const failedTests = Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  const failedFiles = Number(/(\d+) failed/.exec(files)?.[1] ?? 0);
  return { passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0), failed: Math.max(failedTests, failedTests === 0 ? failedFiles : 0) };
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
  { name: 'build', command: [bin('tsx'), 'scripts/start.ts', '--build-only', '--no-demo-snapshot'] },
  { name: 'e2e', command: [bin('playwright'), 'test'], counts: playwrightCounts },
];

let passed = 0;
let failed = 0;
const failures: string[] = [];
const chromium = findChromium();

/** Runs a step's command, its output kept to print once it ends. */
function run(step: Step, extraEnv: Record<string, string> = {}): Promise<{ status: number | null; output: string; seconds: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: step.name === 'build' ? 'production' : 'test', CHROMIUM_PATH: chromium ?? '', ...extraEnv },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString('utf8'), seconds: ((Date.now() - started) / 1000).toFixed(1) }));
  });
}

function report(step: Step, result: { status: number | null; output: string; seconds: string }) {
  console.log(`\n=== ${step.name} ===`);
  process.stdout.write(result.output.split('\n').filter((line) => !line.includes('Unknown user config "nodedir"')).join('\n'));
  // A step fails on its exit status or on a failed test it reports: the embedded PostgreSQL's exit
  // hooks can end a test run with status 0 after a failure.
  let ok = result.status === 0;
  if (step.counts) {
    const counts = step.counts(result.output);
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1;
    if (counts.failed > 0) ok = false;
  } else if (ok) passed += 1;
  else failed += 1;
  if (!ok) failures.push(step.name);
  console.log(`--- ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${result.seconds}s`);
}

// Stages of one group run side by side: lint, typecheck and the unit tests read the sources only.
// The API tests keep both cores busy with their two workers (each file on a database of its own):
// the build next to them measured slower than after them. The browser tests want the build. Each
// stage's time is printed at the end.
const GROUPS = [['lint', 'typecheck', 'unit'], ['api'], ['build'], ['e2e']];
const chosen = steps.filter((step) => !only.length || only.includes(step.name));
const times: { name: string; seconds: string; ok: boolean }[] = [];
const runStarted = Date.now();
for (const group of GROUPS) {
  const together = chosen.filter((step) => group.includes(step.name));
  const runnable = together.filter((step) => {
    if (step.name !== 'e2e' || chromium) return true;
    console.error(INSTALL_HINT);
    failed += 1;
    failures.push('e2e (no Chromium)');
    return false;
  });
  // The build need not type-check again what the typecheck step has just passed.
  const typechecked = times.some((time) => time.name === 'typecheck' && time.ok);
  const results = await Promise.all(runnable.map((step) => run(step, step.name === 'build' && typechecked ? { PLANTEL_TYPECHECKED: '1' } : {})));
  runnable.forEach((step, index) => {
    const before = failures.length;
    report(step, results[index]);
    times.push({ name: step.name, seconds: results[index].seconds, ok: failures.length === before });
  });
}

console.log('\nStage times (stages of one line ran side by side):');
for (const group of GROUPS) {
  const line = times.filter((time) => group.includes(time.name));
  if (line.length) console.log(`  ${line.map((time) => `${time.name} ${time.seconds}s${time.ok ? '' : ' (failed)'}`).join(' | ')}`);
}
console.log(`  total ${((Date.now() - runStarted) / 1000).toFixed(1)}s`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
