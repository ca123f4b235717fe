'use client';
// No lost work: while a form or a capture sheet holds unsaved changes, leaving it asks first —
// closing or reloading the tab (the browser words that question) and following any link of the
// app (the side menu, breadcrumbs, a row's page), which we word.
import { useEffect } from 'react';
import { useT } from './use-t';

export function useLeaveGuard(unsaved: boolean): void {
  const t = useT();
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capture phase on window: runs before Next's link handler, so a "stay" stops the navigation.
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.search === window.location.search)) return;
      if (window.confirm(t('resource.leave_unsaved'))) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, [unsaved, t]);
}
