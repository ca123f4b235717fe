// GET /metrics: Prometheus's scrape (server/http/metrics.ts). With METRICS_TOKEN set, Prometheus
// sends it as a Bearer token; signed-in staff may read it too.
import { currentActor } from '@/server/auth/current-actor';
import { env } from '@/server/env';
import { metrics } from '@/server/http/metrics';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const token = env.METRICS_TOKEN;
  const byToken = Boolean(token) && request.headers.get('authorization') === `Bearer ${token}`;
  if (!byToken) {
    const actor = await currentActor();
    if (!actor || actor.kind !== 'staff') return new Response('Not found', { status: 404 });
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
}
