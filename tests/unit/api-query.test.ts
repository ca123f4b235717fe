import { describe, expect, it } from 'vitest';
import { partialMatchKey } from '@tanstack/react-query';
import { ApiError, apiBaseKey, apiBaseOf, apiKey, shouldRetry } from '@/lib/api-query';

describe('query keys of API reads', () => {
  it('splits a list path into its base and its parameters', () => {
    expect(apiKey('/academic/api/careers/?page=1&page_size=25&ordering=name')).toEqual([
      'api',
      '/academic/api/careers/',
      '',
      { ordering: 'name', page: '1', page_size: '25' },
    ]);
  });

  it('keeps what lies below the base: a record, its history, an action', () => {
    expect(apiKey('/academic/api/careers/7/')).toEqual(['api', '/academic/api/careers/', '7/', {}]);
    expect(apiKey('/academic/api/careers/7/history/')).toEqual(['api', '/academic/api/careers/', '7/history/', {}]);
    expect(apiKey('/scores/api/extraordinary/get_schedules/', { cicle_id: 3, category: 'X' })).toEqual([
      'api',
      '/scores/api/extraordinary/',
      'get_schedules/',
      { category: 'X', cicle_id: '3' },
    ]);
  });

  it('is the same key however the same request is written', () => {
    const fromPath = apiKey('/academic/api/careers/?status=true&no_paginate=true');
    const fromQuery = apiKey('academic/api/careers/', { no_paginate: 'true', status: true });
    expect(fromQuery).toEqual(fromPath);
  });

  it('drops empty parameters and keeps repeated ones as lists', () => {
    expect(apiKey('/manage/api/users/?role=1', { role: [2], campus_id: undefined, cicle_id: null })).toEqual(['api', '/manage/api/users/', '', { role: ['1', '2'] }]);
  });

  it('treats a path without a resource base as its own base', () => {
    expect(apiKey('/manage/check_session/')).toEqual(['api', '/manage/check_session/', '', {}]);
    expect(apiBaseOf('/manage/check_session/')).toBe('/manage/check_session/');
  });

  it('finds the base of any path of a resource', () => {
    expect(apiBaseOf('/academic/api/careers/7/history/')).toBe('/academic/api/careers/');
    expect(apiBaseOf('academic/api/careers/?search=x')).toBe('/academic/api/careers/');
  });

  it("lets one base prefix match every read of that resource, and only that resource's", () => {
    const prefix = apiBaseKey('academic/api/careers/');
    expect(partialMatchKey(apiKey('/academic/api/careers/?page=2'), prefix)).toBe(true);
    expect(partialMatchKey(apiKey('/academic/api/careers/', { no_paginate: 'true' }), prefix)).toBe(true);
    expect(partialMatchKey(apiKey('/academic/api/careers/7/history/'), prefix)).toBe(true);
    expect(partialMatchKey(apiKey('/academic/api/campus/'), prefix)).toBe(false);
    expect(partialMatchKey(apiKey('/academic/api/careers-extra/'), prefix)).toBe(false);
  });
});

describe('failed reads', () => {
  it('carries the status, the answer and its messages', () => {
    const error = new ApiError({ ok: false, status: 400, data: { detail: 'Periodo cerrado.' } });
    expect(error.status).toBe(400);
    expect(error.lines).toEqual(['Periodo cerrado.']);
    expect(error.message).toBe('Periodo cerrado.');
    expect(new ApiError({ ok: false, status: 502, data: {} }).message).toBe('HTTP 502');
  });

  it('retries network failures and server errors once, never a 4xx', () => {
    const answer = (status: number) => new ApiError({ ok: false, status, data: {} });
    expect(shouldRetry(0, answer(404))).toBe(false);
    expect(shouldRetry(0, answer(403))).toBe(false);
    expect(shouldRetry(0, answer(500))).toBe(true);
    expect(shouldRetry(1, answer(500))).toBe(false);
    expect(shouldRetry(0, answer(0))).toBe(true);
  });
});
