'use client';
// The rows of a list's current state, read as a query of its API path (lib/api-query.ts). The
// first page may come with the server's HTML: then it is the query's initial data and the browser
// does not ask for it again.
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, useApiQuery, useInvalidateApi } from '@/lib/api-query';
import { type ApiRecord, type ListState, type ScreenConfig, listApiPath, readListAnswer } from '@/lib/resource-ui';
import type { ListStateChange } from './use-list-state';

/** A list answer as the API gives it (`{data, pages, elements}`). */
export type ListPageAnswer = { data: ApiRecord[]; pages: number; elements: number };

/**
 * The first page, read by the server page with the same list operation. `path` is what
 * `listApiPath` gives for the state the page's address describes: the list uses the answer only
 * while it shows that very request.
 */
export type InitialListPage = { path: string; answer: ListPageAnswer };

export type ListRows = {
  rows: ApiRecord[];
  total: number;
  /** Rows for another state are on their way (the grid dims the old ones meanwhile). */
  loading: boolean;
  error: ApiError | null;
  /** Reads this resource again: the rows, and every other list and option list of it. */
  reload: () => void;
};

const NO_ROWS: ApiRecord[] = [];

export function useListRows(
  config: Pick<ScreenConfig, 'base' | 'defaultOrdering' | 'fixedQuery'>,
  state: ListState,
  change: (change: ListStateChange) => void,
  initialPage?: InitialListPage,
): ListRows {
  const apiPath = listApiPath(config.base, state, config.defaultOrdering, config.fixedQuery);
  // The server read the first page just before the list appeared. Dated then (not when a query
  // for it is created, perhaps much later after the cache let it go), it stays fresh for
  // FRESH_FOR_MS and is read again after that like any other answer.
  const [shownAt] = useState(() => Date.now());
  const query = useApiQuery(apiPath, {
    callType: `list:${config.base}`,
    select: readListAnswer,
    // Another page or sort keeps the old rows on screen, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
    initialData: initialPage?.path === apiPath ? initialPage.answer : undefined,
    initialDataUpdatedAt: shownAt,
  });

  const invalidate = useInvalidateApi();
  const { base } = config;
  const reload = useCallback(() => void invalidate(base), [invalidate, base]);

  const { data, error, isPlaceholderData } = query;
  const { page, pageSize } = state;
  // The last row of the last page was deleted: the page is empty, the list is not.
  const emptyPage = !!data && data.rows.length === 0 && data.total > 0;
  // A page past the end (rows deleted elsewhere, an old link): the API says it does not exist.
  const missingPage = error?.status === 404;
  const pastTheEnd = page > 0 && !isPlaceholderData && (emptyPage || missingPage);
  const lastPage = data ? Math.max(0, Math.ceil(data.total / pageSize) - 1) : 0;
  useEffect(() => {
    // Show the last page there is instead of nothing; after a 404, start over at the first.
    if (pastTheEnd) change({ page: missingPage ? 0 : lastPage });
  }, [pastTheEnd, missingPage, lastPage, change]);

  return {
    rows: data?.rows ?? NO_ROWS,
    total: data?.total ?? 0,
    loading: query.isPending || isPlaceholderData,
    // A page past the end is not an error to show: the list steps back.
    error: pastTheEnd ? null : error,
    reload,
  };
}
