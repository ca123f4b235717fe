// One app instance for the tests that need several processes (tests/api/instances.test.ts,
// tests/api/outage.test.ts): the production server's API pipeline (server/http/node-adapter.ts)
// and its job runner, in a process of its own, on the database and storage its environment names.
// Prints "listening <port>" once it answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatch } from '@/server/http/dispatch';
import { isApiPath } from '@/server/http/api-paths';
import { answerApi } from '@/server/http/node-adapter';
import { readiness } from '@/server/http/health';
import { startServerJobRunner, stopServerJobRunner } from '@/server/jobs/server-runner';

const server = http.createServer((incoming, outgoing) => {
  if (incoming.url === '/readyz') {
    void readiness().then(async (answer) => outgoing.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()));
    return;
  }
  if (isApiPath(incoming.url ?? '/')) void answerApi(incoming, outgoing, dispatch);
  else outgoing.writeHead(404).end();
});

server.listen(0, '127.0.0.1', () => {
  // Jobs start in the background, as instrumentation.ts starts them in the real server.
  void startServerJobRunner();
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});

const stop = () => {
  server.close();
  void stopServerJobRunner(2_000).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
