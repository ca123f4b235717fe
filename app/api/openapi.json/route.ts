// GET /api/openapi.json: the API's OpenAPI 3.1 document (server/http/openapi.ts), for staff signed in
// with a session or a Bearer token (a program that uses the API reads the document that describes it).
import { actorFromRequest } from '@/server/auth/actor';
import { openApiDocument } from '@/server/http/openapi';

export const dynamic = 'force-dynamic';

let cached: Record<string, unknown> | null = null;

export async function GET(request: Request): Promise<Response> {
  const actor = await actorFromRequest(request);
  if (!actor) return Response.json({ detail: 'Inicie sesión.' }, { status: 401 });
  if (actor.kind !== 'staff') return Response.json({ detail: 'No tiene permiso.' }, { status: 403 });
  // The definitions do not change while the server runs.
  cached ??= openApiDocument();
  return Response.json(cached, { headers: { 'cache-control': 'private, max-age=300' } });
}
