'use client';
// A record read to be edited (the dialog form, a record's own page). A copy in the cache may be
// older than the last change made elsewhere, so the record counts only once the read made for this
// screen has come back; after that it is never read again behind the user's typing.
import { useState } from 'react';
import { type ApiError, FRESH_FOR_MS, KEEP_WHILE_EDITING, useApiQuery } from '@/lib/api-query';
import type { ApiRecord } from '@/lib/resource-ui';

export function useEditedRecord<T = ApiRecord>(path: string | null, initial?: { path: string; record: T }): { fresh: T | undefined; error: ApiError | null } {
  // A record page gets its record from the server with its HTML: that read was made for this
  // screen, so it counts at once and is not asked for again on arrival.
  const served = initial && initial.path === path ? initial.record : undefined;
  const [servedAt] = useState(() => Date.now());
  const query = useApiQuery<T>(path, {
    callType: 'show',
    ...(served === undefined ? { staleTime: 0 } : { initialData: served, initialDataUpdatedAt: servedAt, staleTime: FRESH_FOR_MS }),
    ...KEEP_WHILE_EDITING,
  });
  if (served !== undefined && query.data === served) return { fresh: served, error: null };
  return { fresh: query.isSuccess && !query.isFetching ? query.data : undefined, error: query.error };
}
