// GET /api/openapi.json: the API's OpenAPI 3.1 document (server/http/openapi.ts), for signed-in staff.
import { currentActor } from '@/server/auth/current-actor';
import { openApiDocument } from '@/server/http/openapi';

export const dynamic = 'force-dynamic';

let cached: Record<string, unknown> | null = null;

export async function GET(): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return Response.json({ detail: 'Inicie sesión.' }, { status: 401 });
  if (actor.kind !== 'staff') return Response.json({ detail: 'No tiene permiso.' }, { status: 403 });
  // The definitions do not change while the server runs.
  cached ??= openApiDocument();
  return Response.json(cached, { headers: { 'cache-control': 'private, max-age=300' } });
}
