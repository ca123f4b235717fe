'use client';
// A list's page, size, sort, search and filters. A page's own list keeps them in the address: it
// reads them from the current URL on every render and writes changes back to it, so reload, Back,
// a shared link or a navigation to the same list with another query all show what the address
// names. An embedded list (a record's child list) keeps them to itself and never touches the URL.
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type ListState, type ScreenConfig, listStateToUrlQuery, parseListState } from '@/lib/resource-ui';

/** What changes: some fields, or some fields computed from the state as it is when applied. */
export type ListStateChange = Partial<ListState> | ((current: ListState) => Partial<ListState>);

function apply(current: ListState, change: ListStateChange): ListState {
  return { ...current, ...(typeof change === 'function' ? change(current) : change) };
}

export function useListState(config: Pick<ScreenConfig, 'filters' | 'embedded'>): { state: ListState; change: (change: ListStateChange) => void } {
  const { filters, embedded } = config;
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const [ownState, setOwnState] = useState<ListState>(() => parseListState({}, { filters }));
  const addressState = useMemo(() => parseListState(searchParams, { filters }), [searchParams, filters]);

  const change = useCallback(
    (change: ListStateChange) => {
      if (embedded) {
        setOwnState((current) => apply(current, change));
        return;
      }
      // From the address as it is now, not as it was at the last render: two changes made in one
      // event both count.
      const current = window.location.search.replace(/^\?/, '');
      const next = listStateToUrlQuery(apply(parseListState(new URLSearchParams(current), { filters }), change), { filters });
      if (next === current) return;
      // The History API instead of router.replace: Next.js keeps useSearchParams in step with it,
      // and a new page, sort or search does not render the page on the server again (the list
      // reads its rows itself). Replace, not push: Back leaves the list instead of replaying it.
      // The state must be null: Next.js copies its own history state in.
      window.history.replaceState(null, '', next ? `${pathname}?${next}` : pathname);
    },
    [embedded, filters, pathname],
  );

  // The list's address is remembered for the tab: a record page's "back" returns to these filters.
  useEffect(() => {
    if (!embedded) rememberListAddress(pathname, searchParams.toString());
  }, [embedded, pathname, searchParams]);

  return { state: embedded ? ownState : addressState, change };
}

const LIST_ADDRESS = 'plantel:list:';

function rememberListAddress(pathname: string, query: string) {
  try {
    sessionStorage.setItem(LIST_ADDRESS + pathname, query);
  } catch {
    // Storage may be unavailable (private mode): "back" then opens the list unfiltered.
  }
}

/** The list's address as the user last left it in this tab (`/scholar/students?search=ana`). */
export function lastListAddress(pathname: string): string {
  try {
    const query = sessionStorage.getItem(LIST_ADDRESS + pathname);
    return query ? `${pathname}?${query}` : pathname;
  } catch {
    return pathname;
  }
}
