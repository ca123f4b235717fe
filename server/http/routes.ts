// Literal routes that are not a resource's standard calls or actions (sign-in, session, reports).
import type { Actor } from '@/server/auth/actor';
import type { ActionContract } from '@/lib/contracts/contract';
import type { RequestContext } from './context';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Base = {
  method: Method;
  /** Full path without leading slash, e.g. "manage/login/"; `{name}` segments are parameters ("manage/api/sessions/{id}/end/"). */
  path: string;
  /** JSON Schema of each path parameter, for the OpenAPI document (default: a string). */
  params?: Readonly<Record<string, Record<string, unknown>>>;
  /** What it takes and answers (lib/contracts), for the API document and the answer checks of test
   * runs; its base and path make the route's path. */
  contract?: ActionContract;
};

/** The path's parameters by name (`{id}` -> params.id); empty for a literal path. */
type Params = { params: Record<string, string> };

export type Route =
  | (Base & { public: true; handler: (ctx: RequestContext & { body: unknown } & Params) => Promise<Response> })
  | (Base & { public?: false; handler: (ctx: RequestContext & { body: unknown; actor: Actor } & Params) => Promise<Response> });
