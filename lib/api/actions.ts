// The typed client of the API's actions: a screen names the action's contract (lib/contracts),
// never its path, and gets the answer typed as the contract says. Reads are TanStack Query queries
// under the same keys as every other read (lib/api-keys.ts), so invalidating a resource's base
// refreshes its actions' answers too; writes are mutations that refresh what the screen names.
import { type UseMutationOptions, type UseQueryOptions, type UseQueryResult, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ActionContract, type AnswerOf, type InputOf, type PathParams, type QueryOf, contractPath } from '@/lib/contracts/contract';
import { type ApiResult, type Query, api, buildUrl } from '@/lib/api-client';
import { type ApiKey, apiBaseKey, apiKey } from '@/lib/api-keys';
import { ApiError, NOTHING_YET } from '@/lib/api-query';

type Call<C extends ActionContract> = {
  /** The path's parameters ({id}); leave out when the path names none. */
  params?: PathParams<C>;
  query?: QueryOf<C>;
  body?: InputOf<C>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  callType?: string;
};

/** The URL of a call: for links and downloads (a receipt's PDF opened in a new tab). */
export function actionUrl<C extends ActionContract>(contract: C, call: Pick<Call<C>, 'params' | 'query'> = {}): string {
  return buildUrl(contractPath(contract, call.params as Record<string, string | number>), call.query as Query | undefined);
}

/** Calls an action once; never throws for an answer (`ok` tells), as the rest of the client. */
export function callAction<C extends ActionContract>(contract: C, call: Call<C> = {}): Promise<ApiResult<AnswerOf<C>>> {
  const path = contractPath(contract, call.params as Record<string, string | number>);
  const options = { query: call.query as Query | undefined, body: call.body, headers: call.headers, signal: call.signal, callType: call.callType };
  switch (contract.method) {
    case 'GET':
      return api.get<AnswerOf<C>>(path, options);
    case 'POST':
      return api.post<AnswerOf<C>>(path, options);
    case 'PUT':
      return api.put<AnswerOf<C>>(path, options);
    default:
      return api.delete<AnswerOf<C>>(path, options);
  }
}

/** The query key of a GET action's call: the same convention as any other read. */
export function actionKey<C extends ActionContract>(contract: C, call: Pick<Call<C>, 'params' | 'query'> = {}): ApiKey {
  return apiKey(contractPath(contract, call.params as Record<string, string | number>), call.query as Query | undefined);
}

export type ActionQueryOptions<C extends ActionContract, TSelected = AnswerOf<C>> = Omit<UseQueryOptions<AnswerOf<C>, ApiError, TSelected, ApiKey>, 'queryKey' | 'queryFn'>;

/** A GET action as a query; `call` null while there is nothing to ask yet. */
export function useActionQuery<C extends ActionContract, TSelected = AnswerOf<C>>(contract: C, call: Pick<Call<C>, 'params' | 'query' | 'callType'> | null, options: ActionQueryOptions<C, TSelected> = {}): UseQueryResult<TSelected, ApiError> {
  return useQuery({
    ...options,
    queryKey: call === null ? NOTHING_YET : actionKey(contract, call),
    queryFn:
      call === null
        ? skipToken
        : async ({ signal }) => {
            const result = await callAction(contract, { ...call, signal });
            if (!result.ok) throw new ApiError(result);
            return result.data;
          },
  });
}

type MutationCall<C extends ActionContract> = Omit<Call<C>, 'signal'>;

/**
 * An action that changes data, as a mutation. A refusal rejects with ApiError (its `lines` are the
 * messages to show); a success marks stale what `refresh` names (resource bases or contracts).
 */
export function useActionMutation<C extends ActionContract>(
  contract: C,
  options: Omit<UseMutationOptions<AnswerOf<C>, ApiError, MutationCall<C>>, 'mutationFn'> & { refresh?: readonly (string | ActionContract)[] } = {},
) {
  const client = useQueryClient();
  const { refresh = [], onSuccess, ...rest } = options;
  return useMutation<AnswerOf<C>, ApiError, MutationCall<C>>({
    ...rest,
    mutationFn: async (call) => {
      const result = await callAction(contract, call);
      if (!result.ok) throw new ApiError(result);
      return result.data;
    },
    onSuccess: async (...args) => {
      // The action's own resource changed, and whatever else the screen shows from.
      const bases = [`/${contract.base}`, ...refresh.map((item) => (typeof item === 'string' ? item : `/${item.base}`))];
      await Promise.all([...new Set(bases)].map((base) => client.invalidateQueries({ queryKey: apiBaseKey(base) })));
      await onSuccess?.(...args);
    },
  });
}
