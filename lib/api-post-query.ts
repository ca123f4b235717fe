// A read the API answers to a POST (check_student/: the question is a body), as a query like the
// others (lib/api-query.ts): keyed by its path and body, so a change to the resource reads it
// again. Apart from api-query.ts so the screens that never ask one do not load it.
import { type UseQueryResult, skipToken, useQuery } from '@tanstack/react-query';
import { type ActionContract, type AnswerOf, type InputOf, type PathParams, contractPath } from '@/lib/contracts/contract';
import { callAction } from '@/lib/api/actions';
import { type Query, api } from './api-client';
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

/**
 * An action that reads with a POST (its question is a body), by its contract: keyed like
 * useApiPostQuery (the path and the body), answered as the contract types it; `call` null while
 * there is nothing to ask yet.
 */
export function useActionPostQuery<C extends ActionContract>(
  contract: C,
  call: { params?: PathParams<C>; body: InputOf<C> } | null,
  options: Omit<ApiQueryOptions<AnswerOf<C>>, 'query'> = {},
): UseQueryResult<AnswerOf<C>, ApiError> {
  const { callType, ...rest } = options;
  return useQuery({
    ...rest,
    queryKey: call === null ? NOTHING_YET : apiKey(contractPath(contract, call.params as Record<string, string | number>), call.body as Query),
    queryFn:
      call === null
        ? skipToken
        : async ({ signal }) => {
            const result = await callAction(contract, { params: call.params, body: call.body, signal, callType });
            if (!result.ok) throw new ApiError(result);
            return result.data;
          },
  });
}
