// Calls the API in-process through the same dispatcher the route handlers use.
import { dispatch } from '@/server/http/dispatch';
import { DEFAULT_DEMO_PASSWORD } from '@/prisma/seed/demo';

export type Answer<T = unknown> = { status: number; body: T; headers: Headers };
type Options = { body?: unknown; form?: FormData; token?: string; cookie?: string; lang?: string; raw?: boolean; headers?: Record<string, string> };

export async function call<T = any>(method: string, path: string, options: Options = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lang) headers['accept-language'] = options.lang;
  Object.assign(headers, options.headers);
  const request = new Request(`http://localhost/${path.replace(/^\//, '')}`, {
    method,
    headers,
    // A FormData body sets its own multipart content type (with the boundary).
    body: options.form ?? (options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)),
  });
  const response = await dispatch(request);
  if (options.raw) return { status: response.status, body: (await response.arrayBuffer()) as T, headers: response.headers };
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

const tokens = new Map<string, string>();

/** An access token for a demo user (cached per test file). */
export async function tokenFor(username: string, password = DEFAULT_DEMO_PASSWORD): Promise<string> {
  const cached = tokens.get(username);
  if (cached) return cached;
  const answer = await call<{ token: string }>('POST', 'manage/login/', { body: { username, password } });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  tokens.set(username, answer.body.token);
  return answer.body.token;
}

/** A started job's status once it is DONE or FAILED (read as its owner reads it), within a minute. */
export async function finishedJob(token: string, jobId: number): Promise<any> {
  const until = Date.now() + 60_000;
  for (;;) {
    const answer = await call('GET', `manage/api/jobs/${jobId}/`, { token });
    if (['DONE', 'FAILED'].includes(answer.body.status) || Date.now() > until) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
