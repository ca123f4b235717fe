// A read the API answers to a POST (check_student/: the question is a body), as a query like the
// others (lib/api-query.ts): keyed by its path and body, so a change to the resource reads it
// again. Apart from api-query.ts so the screens that never ask one do not load it.
import { type UseQueryResult, skipToken, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { ApiError, type ApiQueryOptions, NOTHING_YET, apiKey } from './api-query';

export function useApiPostQuery<TData = unknown>(path: string | null, body: Record<string, string | number>, options: Omit<ApiQueryOptions<TData>, 'query'> = {}): UseQueryResult<TData, ApiError> {
  const { callType, ...rest } = options;
  return useQuery({
    ...rest,
    queryKey: path === null ? NOTHING_YET : apiKey(path, body),
    queryFn:
      path === null
        ? skipToken
        : async ({ queryKey, signal }) => {
            const [, base, restOfPath, params] = queryKey;
            const result = await api.post<TData>(base + restOfPath, { body: params, signal, callType });
            if (!result.ok) throw new ApiError(result);
            return result.data;
          },
  });
}

