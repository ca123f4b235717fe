// Structured logs (issue 19): one JSON line per API call with its request id, user, method, path
// (the query's parameter names, never their values), status and duration; a defect's line at level
// error carries the same request id as the 500 answer, with the error and its stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionGroup } from '@/server/engine/types';
import { createLogger, setLogger } from '@/server/log';
import { ACTION_GROUPS } from '@/server/modules/registry';
import { call, tokenFor } from './client';

type Line = Record<string, any>;
const lines: Line[] = [];

// A call that fails with a defect (not an ApiError): a group of actions only this test knows.
const brokenGroup = {
  base: 'reports/api/log-test/',
  access: {},
  actions: [
    {
      method: 'GET',
      path: 'broken/',
      needs: 'signed-in',
      handler: async () => {
        throw new TypeError('log test: a defect');
      },
    },
  ],
} as unknown as ActionGroup;
const groups = ACTION_GROUPS as ActionGroup[];

let admin = '';
let adminId = 0;

beforeAll(async () => {
  admin = await tokenFor('admin');
  adminId = (await call('GET', 'manage/check_session/', { token: admin })).body.user.id;
  setLogger(createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } }));
  groups.push(brokenGroup);
});

afterAll(() => {
  setLogger(null);
  groups.splice(groups.indexOf(brokenGroup), 1);
});

const requestLines = (path: string) => lines.filter((line) => line.msg === 'request' && line.path === path);

describe('structured logs', () => {
  it('write one line per call: request id, user, method, path, query names only, status and duration', async () => {
    await call('GET', 'academic/api/campus/?search=Mar%C3%ADa%20P%C3%A9rez&page=1', { token: admin });
    const [line] = requestLines('/academic/api/campus/');
    expect(line).toMatchObject({ level: 'info', method: 'GET', user_id: adminId, status: 200, query_keys: ['search', 'page'] });
    expect(line.request_id).toMatch(/^[0-9a-f]{8}$/);
    expect(typeof line.duration_ms).toBe('number');
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    expect(typeof line.time).toBe('string');
    // What was searched for is personal data: it stays out of the logs.
    expect(JSON.stringify(line)).not.toMatch(/Mar[ií]a|P[eé]rez/);

    // A call without a user is logged too, with no user.
    await call('GET', 'academic/api/careers/');
    expect(requestLines('/academic/api/careers/')[0]).toMatchObject({ user_id: null, status: 401 });
  });

  it('log a defect at level error with the request id its 500 answer gives, and its stack', async () => {
    const answer = await call('GET', 'reports/api/log-test/broken/', { token: admin });
    expect(answer.status).toBe(500);
    expect(answer.body.request_id).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(answer.body)).not.toContain('log test: a defect');

    const error = lines.find((line) => line.level === 'error' && line.request_id === answer.body.request_id);
    expect(error).toMatchObject({ user_id: adminId, method: 'GET', path: '/reports/api/log-test/broken/' });
    expect(error!.err).toMatchObject({ type: 'TypeError', message: 'log test: a defect' });
    expect(error!.err.stack).toContain('log.test.ts');
    // The call's own line says the same request ended in a 500.
    expect(requestLines('/reports/api/log-test/broken/')).toEqual([expect.objectContaining({ request_id: answer.body.request_id, status: 500 })]);
  });
});
