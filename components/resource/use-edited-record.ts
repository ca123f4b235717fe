'use client';
// A record read to be edited (the dialog form, a record's own page). A copy in the cache may be
// older than the last change made elsewhere, so the record counts only once the read made for this
// screen has come back; after that it is never read again behind the user's typing.
import { type ApiError, KEEP_WHILE_EDITING, useApiQuery } from '@/lib/api-query';
import type { ApiRecord } from '@/lib/resource-ui';

export function useEditedRecord<T = ApiRecord>(path: string | null): { fresh: T | undefined; error: ApiError | null } {
  const query = useApiQuery<T>(path, { callType: 'show', staleTime: 0, ...KEEP_WHILE_EDITING });
  return { fresh: query.isSuccess && !query.isFetching ? query.data : undefined, error: query.error };
}
