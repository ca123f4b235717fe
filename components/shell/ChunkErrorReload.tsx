'use client';

import { useEffect } from 'react';
import { reloadForChunkError } from './chunk-reload';

/** Reloads the page when a screen part fails to load (errors outside React's error boundaries). */
export default function ChunkErrorReload() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => reloadForChunkError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reloadForChunkError(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
