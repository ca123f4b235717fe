// Typed reads of the API's resources: a screen names the resource (RESOURCE_BASES) and gets its
// record or rows typed as the API document describes them (lib/contracts/resource-records.generated.ts,
// generated from the resources' selects), never a hand-written answer type. Reads are queries under
// the same keys as every other read (lib/api-keys.ts), so a write that invalidates the base
// refreshes them.
import type { UseQueryResult } from '@tanstack/react-query';
import { type ApiResult, type Query, api } from '@/lib/api-client';
import { type ApiQueryOptions, type ApiError, useApiQuery } from '@/lib/api-query';
import { RESOURCE_BASES, recordPath } from '@/lib/contracts/resources';
import type { ResourceRecords, ResourceRows } from '@/lib/contracts/resource-records.generated';
import { readListAnswer } from '@/lib/resource-ui/list-state';
import type { RecordState } from '@/lib/resource-ui/types';

export type TypedResource = keyof ResourceRecords & keyof ResourceRows;
export type ResourceRecord<R extends TypedResource> = ResourceRecords[R];
export type ResourceRow<R extends TypedResource> = ResourceRows[R];

type RecordOptions<R extends TypedResource, TSelected> = ApiQueryOptions<ResourceRecord<R>, TSelected>;
type RowsOptions<R extends TypedResource, TSelected> = Omit<ApiQueryOptions<unknown, TSelected>, 'select'> & {
  /** Shapes the rows (choices for a select); the rows themselves when left out. */
  select?: (rows: ResourceRow<R>[]) => TSelected;
};

/** A record by its id; `id` null while there is nothing to ask yet. */
export function useResourceRecord<R extends TypedResource, TSelected = ResourceRecord<R>>(resource: R, id: number | string | null | undefined, options: RecordOptions<R, TSelected> = {}): UseQueryResult<TSelected, ApiError> {
  return useApiQuery<ResourceRecord<R>, TSelected>(id === null || id === undefined || id === '' ? null : recordPath(RESOURCE_BASES[resource], id), options);
}

/**
 * A resource's rows for a query (every row with `no_paginate: 'true'`, else the first page);
 * `query` null while there is nothing to ask yet.
 */
export function useResourceRows<R extends TypedResource, TSelected = ResourceRow<R>[]>(resource: R, query: Query | null, options: RowsOptions<R, TSelected> = {}): UseQueryResult<TSelected, ApiError> {
  const { select, ...rest } = options;
  return useApiQuery<unknown, TSelected>(query === null ? null : RESOURCE_BASES[resource], {
    ...rest,
    query: query ?? undefined,
    select: (answer) => {
      const rows = readListAnswer(answer).rows as unknown as ResourceRow<R>[];
      return select ? select(rows) : (rows as unknown as TSelected);
    },
  });
}

/** A record's state as its rule names it (`{base}{id}/state/`): what may change and which operations it allows. */
export function useRecordState<R extends TypedResource>(resource: R, id: number | string | null | undefined, options: ApiQueryOptions<RecordState> = {}): UseQueryResult<RecordState, ApiError> {
  return useApiQuery<RecordState>(id === null || id === undefined || id === '' ? null : recordPath(RESOURCE_BASES[resource], id, 'state/'), options);
}

/** Reads a record once (outside a query: an event handler's look-up). */
export function readResourceRecord<R extends TypedResource>(resource: R, id: number | string): Promise<ApiResult<ResourceRecord<R>>> {
  return api.get<ResourceRecord<R>>(recordPath(RESOURCE_BASES[resource], id));
}

/** Reads a resource's rows once; a refused read answers its failure. */
export async function readResourceRows<R extends TypedResource>(resource: R, query: Query): Promise<ApiResult<ResourceRow<R>[]>> {
  const answer = await api.get<unknown>(RESOURCE_BASES[resource], { query });
  if (!answer.ok) return answer;
  return { ...answer, data: readListAnswer(answer.data).rows as unknown as ResourceRow<R>[] };
}
