// The browser's data library: TanStack Query on top of the API client (lib/api-client.ts, which
// still counts pending calls and ends the session on a 401). Every read a screen makes is a query
// keyed by its API path, so lists, records, options and histories share one cache and one
// convention:
//
//   ['api', base, rest, params]
//     base    the resource's API base, `/{module}/api/{resource}/` (`/academic/api/careers/`)
//     rest    the path below it: '' for the list, '7/' for a record, '7/history/', 'get_schedules/'
//     params  the query string as a plain object, names sorted, repeated names as arrays
//
// A change to a resource makes everything read from it stale with one prefix, ['api', base]
// (useInvalidateApi). The key alone describes the request: the query function rebuilds the URL
// from it, so two screens asking the same thing share one request and one answer.
import { QueryClient, type UseQueryOptions, type UseQueryResult, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiErrorData, type ApiFailure, type Query, api, formatErrors } from './api-client';

export { type ApiKey, type ApiParams, apiBaseKey, apiBaseOf, apiKey } from './api-keys';
import { type ApiKey, apiBaseKey, apiKey } from './api-keys';

/** A refused or failed read, thrown so the query's error state carries the API's answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: ApiErrorData;
  /** The answer's messages, one per line, as formatErrors gives them (may be empty). */
  readonly lines: string[];

  constructor(failure: ApiFailure) {
    const lines = formatErrors(failure.data);
    super(lines.join('\n') || `HTTP ${failure.status}`);
    this.name = 'ApiError';
    this.status = failure.status;
    this.data = failure.data;
    this.lines = lines;
  }
}

/** The query function behind every key: GET the key's path with its parameters. */
export async function fetchApiKey<T>(key: ApiKey, signal: AbortSignal, callType?: string): Promise<T> {
  const [, base, rest, params] = key;
  const result = await api.get<T>(base + rest, { query: params, signal, callType });
  if (!result.ok) throw new ApiError(result);
  return result.data;
}

/**
 * A 4xx answer will be the same next time (not found, forbidden, invalid): show it at once. A
 * network failure or a 5xx may be passing: one more try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * How long an answer counts as fresh. Within it, coming back to a screen shows the cached answer
 * without asking again; after it, the answer is shown and read again (and again when the window
 * regains focus, Query's default, so staff coming back to a tab on a busy day see today's rows).
 * The user's own changes never wait for it: they invalidate what they touched.
 */
export const FRESH_FOR_MS = 30_000;

/** For screens that copy an answer into inputs: never read it again behind the user's typing. */
export const KEEP_WHILE_EDITING = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: FRESH_FOR_MS, retry: shouldRetry } } });
}

export type ApiQueryOptions<TData, TSelected = TData> = Omit<UseQueryOptions<TData, ApiError, TSelected, ApiKey>, 'queryKey' | 'queryFn'> & {
  /** Parameters added to the path's own query string. */
  query?: Query;
  /** Groups the call for the pending counter (see api-client). */
  callType?: string;
};

/** The key of a query with nothing to ask yet: never fetched, never matched by a base. */
export const NOTHING_YET: ApiKey = ['api', '', '', {}];

/** A GET as a query. `path` null: nothing to ask yet (a choice the screen still waits for). */
export function useApiQuery<TData = unknown, TSelected = TData>(path: string | null, options: ApiQueryOptions<TData, TSelected> = {}): UseQueryResult<TSelected, ApiError> {
  const { query, callType, ...rest } = options;
  return useQuery({
    ...rest,
    queryKey: path === null ? NOTHING_YET : apiKey(path, query),
    queryFn: path === null ? skipToken : ({ queryKey, signal }) => fetchApiKey<TData>(queryKey, signal, callType),
  });
}

/**
 * Marks everything read from these resources stale; what is on screen is read again at once.
 * Resolves when those reads are done.
 */
export function useInvalidateApi(): (...bases: string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...bases: string[]) => {
      await Promise.all(bases.map((base) => client.invalidateQueries({ queryKey: apiBaseKey(base) })));
    },
    [client],
  );
}
