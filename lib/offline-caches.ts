// The capture sheet's service worker (public/sw.js) keeps copies of the signed-in teacher's pages
// and data in caches named with this prefix. They are the user's: deleted on sign-out, and when
// another user opens the sheet on the same device.
export const OFFLINE_CACHE_PREFIX = 'plantel-capture-';

export async function clearOfflineCaches(): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    for (const name of await caches.keys()) if (name.startsWith(OFFLINE_CACHE_PREFIX)) await caches.delete(name);
  } catch {
    // No Cache Storage here (an insecure context): nothing was kept.
  }
}
