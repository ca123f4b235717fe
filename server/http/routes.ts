// Literal routes that are not a resource's standard calls or actions (sign-in, session, reports).
import type { Actor } from '@/server/auth/actor';
import type { RequestContext } from './context';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Base = { method: Method; /** Full path without leading slash, e.g. "manage/login/". */ path: string };

export type Route =
  | (Base & { public: true; handler: (ctx: RequestContext & { body: unknown }) => Promise<Response> })
  | (Base & { public?: false; handler: (ctx: RequestContext & { body: unknown; actor: Actor }) => Promise<Response> });
