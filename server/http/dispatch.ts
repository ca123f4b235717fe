// The request pipeline every API call runs (architecture.md, "Route handlers"): resolve the actor
// (Bearer token or session cookie) -> match -> authorize -> parse -> handle -> map errors.
import { type Actor, actorFromRequest } from '@/server/auth/actor';
import * as engine from '@/server/engine/engine';
import type { ActionDefinition, ResourceDefinition } from '@/server/engine/types';
import { RESOURCES, ROUTES } from '@/server/modules/registry';
import { type RequestContext, createContext } from './context';
import { errorResponse } from './error-mapper';
import { ApiError, badRequest, methodNotAllowed, msg, notAuthenticated, notFound } from './errors';
import type { Method } from './routes';

const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** A form with files: a few files of at most 5 MB each (checked per file) and its fields. */
const MAX_MULTIPART_BYTES = 24 * 1024 * 1024;

type Match =
  | { kind: 'route'; run: (ctx: RequestContext, body: unknown, actor: Actor | null) => Promise<Response>; public: boolean }
  | { kind: 'action'; definition: ResourceDefinition; action: ActionDefinition; params: Record<string, string> }
  | { kind: 'standard'; definition: ResourceDefinition; id: string | null; suffix: '' | 'history/' | 'export/' }
  | { kind: 'file'; definition: ResourceDefinition; id: string; field: string };

// Longest bases first so "finance/api/sale-details/" never matches as "finance/api/sale" + id.
const resourcesByBase = [...RESOURCES].sort((a, b) => b.base.length - a.base.length);

function matchPattern(pattern: string, rest: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = rest.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i];
    if (part.startsWith('{') && part.endsWith('}')) {
      if (!got[i]) return null;
      params[part.slice(1, -1)] = got[i];
    } else if (part !== got[i]) return null;
  }
  return params;
}

/** Finds what a path names; `methodKnown` tells 405 (path exists) from 404. */
function match(method: Method, path: string): { match: Match | null; pathExists: boolean } {
  let pathExists = false;
  for (const route of ROUTES) {
    if (route.path !== path) continue;
    pathExists = true;
    if (route.method === method) {
      return {
        pathExists,
        match: {
          kind: 'route',
          public: route.public === true,
          run: (ctx, body, actor) => (route.public ? route.handler({ ...ctx, body }) : route.handler({ ...ctx, body, actor: actor! })),
        },
      };
    }
  }
  for (const definition of resourcesByBase) {
    if (!path.startsWith(definition.base)) continue;
    const rest = path.slice(definition.base.length);
    // Custom actions first, then literal paths, then /:id/ and /:id/history/.
    for (const action of definition.actions ?? []) {
      const params = matchPattern(action.path, rest);
      if (!params) continue;
      pathExists = true;
      if (action.method === method) return { pathExists, match: { kind: 'action', definition, action, params } };
    }
    if (rest === '') return { pathExists: true, match: { kind: 'standard', definition, id: null, suffix: '' } };
    if (rest === 'export/') return { pathExists: true, match: { kind: 'standard', definition, id: null, suffix: 'export/' } };
    const fileMatch = definition.files ? /^([^/]+)\/file\/([a-z_]+)\/$/.exec(rest) : null;
    if (fileMatch) return { pathExists: true, match: method === 'GET' ? { kind: 'file', definition, id: fileMatch[1], field: fileMatch[2] } : null };
    const idMatch = /^([^/]+)\/(history\/)?$/.exec(rest);
    if (idMatch) return { pathExists: true, match: { kind: 'standard', definition, id: idMatch[1], suffix: idMatch[2] ? 'history/' : '' } };
  }
  return { pathExists, match: null };
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') return null;
  const type = request.headers.get('content-type') ?? '';
  const length = Number(request.headers.get('content-length') ?? 0);
  if (type.includes('multipart/form-data')) {
    if (length > MAX_MULTIPART_BYTES) throw new ApiError(413, msg('errors.file_too_large'));
    return readMultipart(request);
  }
  if (!type.includes('application/json')) {
    // Forms post urlencoded bodies; everything else is read as JSON when it looks like it.
    const text = await request.text();
    if (!text) return null;
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
    return JSON.parse(text);
  }
  if (length > MAX_JSON_BYTES) throw new ApiError(413, msg('errors.file_too_large'));
  const text = await request.text();
  return text ? JSON.parse(text) : null;
}

/**
 * A form with files: the record's fields as JSON in the part `data` (so numbers, nulls and lists
 * arrive as they do in a JSON body), each file under its field's name. Plain text parts are read as
 * fields too, for simple clients (`curl -F notes=...`).
 */
async function readMultipart(request: Request): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest({ non_field_errors: [msg('errors.bad_form')] });
  }
  const data = form.get('data');
  const parsed: unknown = typeof data === 'string' && data ? JSON.parse(data) : {};
  const body: Record<string, unknown> = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...(parsed as Record<string, unknown>) } : {};
  for (const [name, value] of form.entries()) {
    if (name === 'data') continue;
    if (typeof value !== 'string') body[name] = value;
    else if (!(name in body)) body[name] = value;
  }
  return body;
}

async function standard(m: Extract<Match, { kind: 'standard' }>, method: Method, ctx: RequestContext, actor: Actor, body: unknown) {
  const { definition, id, suffix } = m;
  if (suffix === 'export/') {
    if (method !== 'GET') throw methodNotAllowed();
    return engine.exportList(definition, ctx, actor);
  }
  if (suffix === 'history/') {
    if (method !== 'GET') throw methodNotAllowed();
    return engine.history(definition, ctx, actor, id!);
  }
  if (id === null) {
    if (method === 'GET') return engine.list(definition, ctx, actor);
    if (method === 'POST') return engine.create(definition, ctx, actor, body);
    throw methodNotAllowed();
  }
  if (method === 'GET') return engine.show(definition, ctx, actor, id);
  if (method === 'PUT' || method === 'PATCH') return engine.update(definition, ctx, actor, id, body);
  if (method === 'DELETE') return engine.remove(definition, ctx, actor, id);
  throw methodNotAllowed();
}

export async function dispatch(request: Request): Promise<Response> {
  const method = request.method.toUpperCase() as Method;
  let ctx = createContext(request, null);
  try {
    // A path without its trailing slash is answered exactly as the one with it.
    const path = ctx.url.pathname.replace(/^\/+/, '').replace(/\/?$/, '/');
    const { match: found, pathExists } = match(method, path);
    if (!found) throw pathExists ? methodNotAllowed() : notFound('errors.page_not_found');
    const isPublic = found.kind === 'route' && found.public;
    const actor = await actorFromRequest(request);
    if (!actor && !isPublic) throw notAuthenticated();
    ctx = { ...ctx, actor };
    const body = await readBody(request);
    if (found.kind === 'route') return await found.run(ctx, body, actor);
    if (found.kind === 'action') {
      const { definition, action, params } = found;
      if (action.needs !== 'signed-in') engine.authorize(actor!, definition, action.needs);
      return await action.handler({ ...ctx, actor: actor!, params, body });
    }
    if (found.kind === 'file') return await engine.file(found.definition, ctx, actor!, found.id, found.field);
    return await standard(found, method, ctx, actor!, body);
  } catch (error) {
    return errorResponse(error, ctx);
  }
}

/** The few lines each module's catch-all route file exports. */
export function apiHandlers() {
  const handler = (request: Request) => dispatch(request);
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
