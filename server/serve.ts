// The production server: one node:http server in one process. API calls go straight to the API
// pipeline (dispatch); everything else (pages, assets, next-auth) goes to Next's request handler.
// Measured on the students list, Next's own handling of a route handler cost about a third of the
// throughput, which is why the API does not go through it here. `next dev` keeps serving the API
// through the route files, which call the same dispatch().
//
// Bundled by scripts/start.ts into .next/plantel-server/ (esbuild, packages left external, the API
// in a chunk of its own).
// Module state that pages and API calls must share lives on globalThis (pool, Prisma, actor cache),
// because Next's bundle of the same modules is a second copy.
import http from 'node:http';
import next from 'next';
import { env } from '@/server/env';
import { isApiPath } from '@/server/http/api-paths';
import { answerApi } from '@/server/http/node-adapter';
import { forwardedFor } from '@/server/http/client-address';
import { newNonce, securityHeaders } from '@/server/http/security-headers';
import { logger } from '@/server/log';

/**
 * The API's modules (every resource, action and job, Prisma, the file libraries) are loaded when
 * first needed or once the first page has been served, not before the server listens: loading them
 * took 1.7 s of a 4.5 s start. Pages run in Next's own bundle and never wait for them.
 */
let api: Promise<typeof import('@/server/http/dispatch')> | null = null;
const loadApi = () => (api ??= import('@/server/http/dispatch'));
const dispatch = async (request: Request) => (await loadApi()).dispatch(request);

// Started by scripts/start.ts (or the bench) with the project folder as its working directory.
const dir = process.cwd();

async function main() {
  const port = env.PORT;
  const app = next({ dev: false, dir, port, hostname: 'localhost' });
  const handlePage = app.getRequestHandler();
  // prepare() runs instrumentation.ts, which refuses to start without the production secrets.
  await app.prepare();

  // Behind a proxy that ends TLS the public URL (or the proxy's header) says https.
  const publicHttps = env.NEXTAUTH_URL.startsWith('https:');
  const server = http.createServer((incoming, outgoing) => {
    // Settled once for the API and the pages alike: a client's own X-Forwarded-For counts only
    // behind a trusted proxy.
    incoming.headers['x-forwarded-for'] = forwardedFor(incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress, env.TRUST_PROXY);
    delete incoming.headers['x-real-ip'];
    const api = isApiPath(incoming.url ?? '/');
    const headers = securityHeaders(api ? null : newNonce(), publicHttps || incoming.headers['x-forwarded-proto'] === 'https');
    for (const [name, value] of Object.entries(headers)) outgoing.setHeader(name, value);
    // Next takes the nonce for its own inline scripts from the request's policy.
    if (!api) incoming.headers['content-security-policy'] = headers['content-security-policy'];
    if (!api) {
      void handlePage(incoming, outgoing);
      return;
    }
    void answerApi(incoming, outgoing, dispatch);
  });
  loadAfterFirstAnswer(server, app);
  server.keepAliveTimeout = 65_000;
  // Every interface, as `next start` does.
  server.listen(port, () => logger().info({ port }, 'Plantel listening'));

  const stop = () => {
    server.close();
    // Running jobs get a few seconds to end; one cut short is run again by the next runner.
    void import('@/server/jobs/server-runner')
      .then(({ stopServerJobRunner }) => stopServerJobRunner(8_000))
      .catch(() => undefined)
      .then(() => app.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 12_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * What the first visitor did not need is loaded once the server has answered them: the API's
 * modules, and every page's code. Next loads the pages before it serves the first one by default
 * (preloadEntriesOnStart); that is off (next.config.mjs) and its preload is started here instead,
 * through the custom server's inner server (Next has no public call for it). Without it, each page
 * loads its code on its first visit.
 */
function loadAfterFirstAnswer(server: http.Server, app: ReturnType<typeof next>) {
  type Inner = { server?: { getServer?: () => Promise<{ unstable_preloadEntries?: () => Promise<void> }> } };
  server.once('request', (_incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    outgoing.once('close', () => {
      setTimeout(async () => {
        try {
          await loadApi();
          const nodeServer = await (app as unknown as Inner).server?.getServer?.();
          await nodeServer?.unstable_preloadEntries?.();
        } catch (error) {
          logger().warn({ err: error }, 'could not load the API or the pages ahead of their first use');
        }
      }, 50).unref();
    });
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
