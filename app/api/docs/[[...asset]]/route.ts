// GET /api/docs: Swagger UI over /api/openapi.json for signed-in staff, served from the
// swagger-ui-dist package (no CDN: schools run Plantel on closed networks too). Its script runs
// under the page's Content-Security-Policy with the request's nonce.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { actorFromRequest } from '@/server/auth/actor';

export const dynamic = 'force-dynamic';

const ASSETS: Record<string, string> = { 'swagger-ui.css': 'text/css', 'swagger-ui-bundle.js': 'text/javascript' };
const folder = () => path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('swagger-ui-dist/package.json'));

type Props = { params: Promise<{ asset?: string[] }> };

export async function GET(request: Request, { params }: Props): Promise<Response> {
  const actor = await actorFromRequest(request);
  if (!actor || actor.kind !== 'staff') return new Response('Not found', { status: 404 });
  const asset = (await params).asset ?? [];
  if (asset.length === 1 && ASSETS[asset[0]]) {
    return new Response(await readFile(path.join(folder(), asset[0])), { headers: { 'content-type': ASSETS[asset[0]], 'cache-control': 'private, max-age=86400' } });
  }
  if (asset.length) return new Response('Not found', { status: 404 });
  // The nonce the server put in this request's policy (server/serve.ts).
  const nonce = /'nonce-([^']+)'/.exec(request.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Plantel · API</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head><body><div id="api"></div>
<script nonce="${nonce}" src="/api/docs/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', deepLinking: true });</script>
</body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
