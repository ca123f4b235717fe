'use client';

import { useCallback, useSyncExternalStore } from 'react';

/**
 * A media query's state: null while the server renders and during hydration (the server cannot
 * know the viewport), then true/false. Callers style the null case with CSS media queries so the
 * first paint is already right instead of flashing a default.
 */
export function useMediaQueryState(mediaQuery: string): boolean | null {
  const query = mediaQuery.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore<boolean | null>(subscribe, snapshot, () => null);
}
