// A screen part (JS/CSS chunk) that fails to load usually means a new version was deployed while
// the tab was open: a reload fetches the new build. The timestamp keeps a genuinely broken chunk
// from reloading the page in a loop (spec section 8: at most once per 60 seconds).
const RELOAD_KEY = 'plantel.chunk-reload-at';
const RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /ChunkLoadError|Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (typeof error === 'string') return CHUNK_ERROR.test(error);
  if (typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return (typeof name === 'string' && name === 'ChunkLoadError') || (typeof message === 'string' && CHUNK_ERROR.test(message));
  }
  return false;
}

/** Reloads the page for a chunk failure unless it already did so within the last minute. */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  // Without a connection a reload fetches nothing new, and it would throw away a screen that works
  // offline (the capture sheet keeps typing on the device).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const now = Date.now();
  let last = 0;
  try {
    last = Number(window.localStorage.getItem(RELOAD_KEY)) || 0;
  } catch {
    // Storage can be unavailable (private mode, quota): reloading once is still right.
  }
  if (now - last < RELOAD_INTERVAL_MS) return false;
  try {
    window.localStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    // See above.
  }
  window.location.reload();
  return true;
}
