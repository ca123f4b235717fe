// The request pipeline every API call runs (architecture.md, "Route handlers"): resolve the actor
// (Bearer token or session cookie) -> match -> authorize -> read the body -> run the operation ->
// turn its result into a Response -> map errors. Engine operations and actions return plain data
// (server/engine); this is the one place that speaks HTTP.
import { type Actor, actorFromRequest } from '@/server/auth/actor';
import { type ActionContext, type OperationContext } from '@/server/engine/context';
import * as engine from '@/server/engine/engine';
import type { ActionDefinition, ActionGroup, ResourceDefinition } from '@/server/engine/types';
import { forgetCachedLookups } from '@/server/engine/lookup-cache';
import { badRequest, forbidden, methodNotAllowed, msg, notAuthenticated, notFound, tooManyRequests } from '@/server/errors';
import { logger } from '@/server/log';
import { ACTION_GROUPS, RESOURCES } from '@/server/modules/registry';
import { rateLimiter } from '@/server/rate-limit/limiter';
import { fieldWithNul, readBody } from './body';
import { type RequestContext, createContext } from './context';
import { errorResponse } from './error-mapper';
import { idempotencyKeyOf, idempotent } from './idempotency';
import { fromOwnOrigin } from './origin';
import { plainJson, noContent, resultResponse } from './respond';
import type { Method } from './routes';
import { observeRequest } from './metrics';
import { apiGate } from './admission';
import { sessionRoutes } from './session-routes';
import { checkAnswer } from './answer-check';
import { parseInput } from '@/server/validation';
import { refuseUnknownFields } from './unknown-fields';
import { env } from '@/server/env';

type Match =
  | { kind: 'route'; run: (ctx: RequestContext, body: unknown, actor: Actor | null) => Promise<Response>; public: boolean; changesData: boolean }
  | { kind: 'action'; definition: ResourceDefinition | ActionGroup; action: ActionDefinition; params: Record<string, string> }
  | { kind: 'standard'; definition: ResourceDefinition; id: string | null; suffix: '' | 'history/' | 'state/' | 'export/' }
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

/** Finds what a path names; `pathExists` tells 405 (path exists) from 404. Exported for the
 * OpenAPI test, which checks every path of the document against it. */
export function match(method: Method, path: string): { match: Match | null; pathExists: boolean } {
  let pathExists = false;
  for (const route of sessionRoutes) {
    const params = route.path.includes('{') ? matchPattern(route.path, path) : route.path === path ? {} : null;
    if (!params) continue;
    pathExists = true;
    if (route.method === method) {
      return {
        pathExists,
        match: {
          kind: 'route',
          public: route.public === true,
          changesData: method !== 'GET',
          run: (ctx, body, actor) => (route.public ? route.handler({ ...ctx, body, params }) : route.handler({ ...ctx, body, params, actor: actor! })),
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
    const idMatch = /^([^/]+)\/(history\/|state\/)?$/.exec(rest);
    // `{id}/state/` exists only where the resource has a state table.
    if (idMatch && (idMatch[2] !== 'state/' || definition.states)) return { pathExists: true, match: { kind: 'standard', definition, id: idMatch[1], suffix: (idMatch[2] ?? '') as '' | 'history/' | 'state/' } };
  }
  // Paths of the spec that name no resource: only their own actions, nothing standard below them.
  for (const group of ACTION_GROUPS) {
    if (!path.startsWith(group.base)) continue;
    const rest = path.slice(group.base.length);
    for (const action of group.actions) {
      const params = matchPattern(action.path, rest);
      if (!params) continue;
      pathExists = true;
      if (action.method === method) return { pathExists, match: { kind: 'action', definition: group, action, params } };
    }
  }
  return { pathExists, match: null };
}

/** Whether a matched call changes data: every write method, and the GET actions that write. */
function changesData(found: Match, method: Method): boolean {
  if (found.kind === 'route') return found.changesData;
  if (found.kind === 'action') return found.action.changesData ?? method !== 'GET';
  return method !== 'GET';
}

async function standard(m: Extract<Match, { kind: 'standard' }>, method: Method, ctx: OperationContext, body: unknown, idempotencyKey: string | null): Promise<Response> {
  const { definition, id, suffix } = m;
  if (suffix === 'export/') {
    if (method !== 'GET') throw methodNotAllowed();
    return resultResponse(await engine.exportList(definition, ctx));
  }
  if (suffix === 'history/') {
    if (method !== 'GET') throw methodNotAllowed();
    return plainJson(await engine.history(definition, ctx, id!));
  }
  if (suffix === 'state/') {
    if (method !== 'GET') throw methodNotAllowed();
    return plainJson(await engine.recordState(definition, ctx, id!));
  }
  if (id === null) {
    if (method === 'GET') return plainJson(await engine.list(definition, ctx));
    if (method === 'POST' && idempotencyKey) {
      // A retried create (a payment whose answer was lost) is written once: see idempotency.ts.
      return idempotent(ctx.actor.id, idempotencyKey, `POST ${definition.base}`, async (tx) => ({ data: await engine.create(definition, { ...ctx, tx }, body), status: 201 }));
    }
    if (method === 'POST') return plainJson(await engine.create(definition, ctx, body), 201);
    throw methodNotAllowed();
  }
  if (method === 'GET') return plainJson(await engine.show(definition, ctx, id));
  if (method === 'PUT' || method === 'PATCH') return plainJson(await engine.update(definition, ctx, id, body));
  if (method === 'DELETE') {
    await engine.remove(definition, ctx, id);
    return noContent();
  }
  throw methodNotAllowed();
}

/** `X-Change-Reason` (URI-encoded, so any language travels in a header): why a write is made. */
function changeReason(request: Request): string | undefined {
  const raw = request.headers.get('x-change-reason');
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw).trim().slice(0, 500) || undefined;
  } catch {
    return raw.trim().slice(0, 500) || undefined;
  }
}

/** The engine's view of a request: who, in which language, with which parameters. */
function operationContextOf(ctx: RequestContext, actor: Actor): OperationContext {
  return { actor, locale: ctx.locale, t: ctx.t, query: ctx.url.searchParams, requestId: ctx.requestId, ip: ctx.ip, userAgent: ctx.userAgent, reason: changeReason(ctx.request) };
}

/** Answers one API call, counted in the metrics (/metrics) and logged (server/log.ts). */
export async function dispatch(request: Request): Promise<Response> {
  const started = performance.now();
  // The pipeline fills in the actor as it learns it; the log line says who called.
  const call = { ctx: createContext(request, null) };
  const response = await answerCall(request, call);
  const milliseconds = performance.now() - started;
  observeRequest(request.method, call.ctx.url.pathname, response.status, milliseconds);
  logRequest(call.ctx, response.status, milliseconds);
  return response;
}

/**
 * One line per call. The query's values stay out (a search for a person's name or CURP is personal
 * data); its parameter names say what kind of call it was.
 */
function logRequest(ctx: RequestContext, status: number, milliseconds: number): void {
  const log = logger();
  if (!log.isLevelEnabled('info')) return;
  const query = [...new Set(ctx.url.searchParams.keys())];
  log.info(
    {
      request_id: ctx.requestId,
      user_id: ctx.actor?.id ?? null,
      method: ctx.request.method,
      path: ctx.url.pathname,
      ...(query.length ? { query_keys: query } : {}),
      status,
      duration_ms: Math.round(milliseconds * 10) / 10,
    },
    'request',
  );
}

async function answerCall(request: Request, call: { ctx: RequestContext }): Promise<Response> {
  const method = request.method.toUpperCase() as Method;
  let ctx = call.ctx;
  try {
    // A path without its trailing slash is answered exactly as the one with it.
    const path = ctx.url.pathname.replace(/^\/+/, '').replace(/\/?$/, '/');
    const { match: found, pathExists } = match(method, path);
    if (!found) throw pathExists ? methodNotAllowed() : notFound('errors.page_not_found');
    const isPublic = found.kind === 'route' && found.public;
    const actor = await actorFromRequest(request);
    ctx = call.ctx = { ...ctx, actor };
    // Decided in memory (server/rate-limit): a signed-in user's calls count against the user, the
    // rest (sign-ins, bad or expired tokens) against their address. Not the address for everyone:
    // a school's whole network often reaches the server from one address.
    const allowance = rateLimiter().check(actor?.id ?? null, ctx.ip);
    if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
    if (!actor && !isPublic) throw notAuthenticated();
    // A browser sends the session cookie with any site's request: a call that changes data on the
    // strength of the cookie alone must come from our own pages. A Bearer token is never sent by
    // the browser on its own, so token calls need no such check.
    if (actor && !isPublic && !request.headers.has('authorization') && changesData(found, method) && !fromOwnOrigin(request)) throw forbidden('errors.cross_site');
    // An action's rights are known from the path alone: a caller without them is refused before
    // their body is read (a 403, not a 400 about a body they had no business sending).
    if (found.kind === 'action' && found.action.needs !== 'signed-in') engine.authorize(actor!, found.definition, found.action.needs);
    const body = await readBody(request, found.kind === 'action' ? found.action.contract?.maxBytes : undefined);
    // Admitted once the body is in (server/http/admission.ts): a slow upload waits outside. A
    // streamed answer (an export, a zip) goes on after the slot is given back.
    const leave = await apiGate()?.enter();
    try {
      return await answerMatched(found, method, ctx, body, actor, request);
    } finally {
      leave?.();
      // The rows of small tables kept in memory are forgotten before a write is answered: its
      // caller's next list shows what it wrote (other instances hear it from PostgreSQL).
      if (changesData(found, method)) forgetCachedLookups();
    }
  } catch (error) {
    return errorResponse(error, ctx);
  }
}

/** What a matched, authorized call answers (inside the admission gate). */
async function answerMatched(found: Match, method: Method, ctx: RequestContext, body: unknown, actor: Actor | null, request: Request): Promise<Response> {
  const query = ctx.url.searchParams;
  const withNul = fieldWithNul(Object.fromEntries([...new Set(query.keys())].map((name) => [name, query.getAll(name)]))) ?? fieldWithNul(body);
  if (withNul) throw badRequest({ [withNul]: [msg('errors.nul_character')] });
  if (found.kind === 'route') return await found.run(ctx, body, actor);
  const operation = operationContextOf(ctx, actor!);
  if (found.kind === 'action') {
    const { action, params } = found;
    const { contract } = action;
    // The one way an action's body and query are read: its contract's schemas, before the handler
    // runs (a refusal is the contract's 400 with a message per field).
    if (contract) refuseUnknownFields(contract, body);
    const input = contract?.input ? parseInput(contract.input, body ?? {}) : undefined;
    const queryInput = contract?.query ? parseInput(contract.query, queryObject(query)) : undefined;
    const actionContext: ActionContext = { ...operation, params, body, input, queryInput };
    const result = await action.handler(actionContext);
    if (contract && env.CHECK_ANSWERS) checkAnswer(contract, result);
    return resultResponse(result);
  }
  if (found.kind === 'file') return resultResponse(await engine.file(found.definition, operation, found.id, found.field));
  return await standard(found, method, operation, body, method === 'POST' ? idempotencyKeyOf(request) : null);
}

/** Query parameters as an object: one value as a string, a repeated name as a list. */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    out[name] = values.length > 1 ? values : values[0];
  }
  return out;
}

/** The few lines each module's catch-all route file exports. */
export function apiHandlers() {
  const handler = (request: Request) => dispatch(request);
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

