// Starting app instances as separate processes (tests/setup/app-instance.ts) for the tests of
// several instances on one database and of a database outage.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export type Instance = { base: string; process: ChildProcess; output: () => string; stop: () => Promise<void> };

export async function startInstance(environment: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'tests/setup/app-instance.ts')], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'test', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}):\n${output}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A JSON call to an instance over HTTP. */
export async function http<T = any>(base: string, method: string, urlPath: string, options: { token?: string; body?: unknown; form?: FormData; timeoutMs?: number } = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/${urlPath}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, body: body as T, headers: response.headers };
}
