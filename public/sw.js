// The capture sheet's service worker (issue 32). Registered by the teacher's capture sheet only,
// with the scope /teacher/scores/: it controls those pages and nothing else, so every other screen
// of the app is never served from here. For the pages it controls it answers GET requests from the
// network first and keeps a copy, and answers from that copy only when the network fails (or hangs
// while a copy exists): the sheet opens offline with the last data it had. The scripts Next names
// by their content (/_next/static/) never change, so a kept copy is used first. Writes (POST) are
// never touched: the sheet keeps unsent changes in IndexedDB and sends them itself.
//
// The copies belong to the signed-in user: the app deletes these caches on sign-out and when
// another user opens the sheet on this device (components/grades/offline/capture-store.ts).
const PREFIX = 'plantel-capture-';
const CACHE = `${PREFIX}v1`;
// How long a request may hang (a connection that "works" but answers nothing) before a kept copy is used.
const PATIENCE_MS = 8000;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const isStatic = (url) => url.pathname.startsWith('/_next/static/');

async function keep(request, response) {
  // Only whole, successful, same-origin answers: never an error page, a redirect to the login or a
  // partial answer.
  if (!response || response.status !== 200 || response.type !== 'basic' || response.redirected) return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

async function networkFirst(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  const network = fetch(request).then((response) => {
    void keep(request, response.clone()).catch(() => undefined);
    return response;
  });
  if (!kept) return network;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(kept), PATIENCE_MS));
  try {
    return await Promise.race([network, timeout]);
  } catch {
    return kept;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  void keep(request, response.clone()).catch(() => undefined);
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Ending the session must always reach the server.
  if (url.pathname === '/logout' || url.pathname.startsWith('/api/auth/')) return;
  event.respondWith(isStatic(url) ? cacheFirst(request) : networkFirst(request));
});

// The sheet asks for the pages and data of the teacher's other open classes to be kept too, so
// that they open offline without having been visited (`{type: 'keep', id, urls}`). The answer says
// which addresses could not be kept, so the sheet claims "ready offline" only when it is true.
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const failed = [];
      for (const href of data.urls) {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin) continue;
        try {
          const request = new Request(url, { credentials: 'same-origin' });
          const response = await fetch(request);
          if (response.status !== 200 || response.redirected) failed.push(href);
          else await keep(request, response);
        } catch {
          // Offline or refused: the sheet asks again, and the next visit too.
          failed.push(href);
        }
      }
      event.source?.postMessage({ type: 'kept', id: data.id, failed });
    })(),
  );
});
