'use client';
// The rows of a list's current state, read as a query of its API path (lib/api-query.ts). The
// first page may come with the server's HTML: then it is the query's initial data and the browser
// does not ask for it again.
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
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
  const query = useApiQuery(apiPath, {
    callType: `list:${config.base}`,
    select: readListAnswer,
    // Another page or sort keeps the old rows on screen, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
    // Counts as just read (Query's default for initial data), so it stays fresh for FRESH_FOR_MS.
    initialData: initialPage?.path === apiPath ? initialPage.answer : undefined,
  });

  const invalidate = useInvalidateApi();
  const { base } = config;
  const reload = useCallback(() => void invalidate(base), [invalidate, base]);

  const { data, error, isPlaceholderData } = query;
  const { page, pageSize } = state;
  const pastTheEnd = page > 0 && !isPlaceholderData && ((data && data.rows.length === 0 && data.total > 0) || error?.status === 404);
  useEffect(() => {
    if (!pastTheEnd) return;
    // After deleting the last row of the last page, or with an old link to a page that no longer
    // exists: show the last page there is instead of nothing.
    change({ page: data && data.total > 0 ? Math.max(0, Math.ceil(data.total / pageSize) - 1) : 0 });
  }, [pastTheEnd, data, pageSize, change]);

  return {
    rows: data?.rows ?? NO_ROWS,
    total: data?.total ?? 0,
    loading: query.isPending || isPlaceholderData,
    // A page past the end is not an error to show: the list steps back.
    error: pastTheEnd ? null : error,
    reload,
  };
}
