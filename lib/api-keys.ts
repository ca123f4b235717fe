// Query keys of API reads (see lib/api-query.ts): pure, so a server page can fill the browser's
// query cache under the very keys the screens ask with.
import type { QueryValue } from './api-client-types';

type Query = Record<string, QueryValue>;

export type ApiParams = Readonly<Record<string, string | readonly string[]>>;
export type ApiKey = readonly ['api', base: string, rest: string, params: ApiParams];

/** `/{module}/api/{resource}/`: the first three segments of an API path. */
const BASE_PATTERN = /^(\/[^/?]+\/[^/?]+\/[^/?]+\/)(.*)$/;

function absolute(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/** The resource base an API path belongs to: `/academic/api/careers/7/` -> `/academic/api/careers/`. */
export function apiBaseOf(path: string): string {
  const pathname = absolute(path.split('?')[0]);
  return BASE_PATTERN.exec(pathname)?.[1] ?? pathname;
}

/** The query key of a GET: the path (its own query string included) and extra parameters. */
export function apiKey(path: string, query?: Query): ApiKey {
  const mark = path.indexOf('?');
  const pathname = absolute(mark < 0 ? path : path.slice(0, mark));
  const search = mark < 0 ? '' : path.slice(mark + 1);
  const match = BASE_PATTERN.exec(pathname);
  const base = match?.[1] ?? pathname;
  const rest = match?.[2] ?? '';

  const collected = new Map<string, string[]>();
  const add = (name: string, value: string) => collected.set(name, [...(collected.get(name) ?? []), value]);
  for (const [name, value] of new URLSearchParams(search)) add(name, value);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) add(name, String(item));
  }
  const params: Record<string, string | string[]> = {};
  for (const name of [...collected.keys()].sort()) {
    const values = collected.get(name) ?? [];
    params[name] = values.length === 1 ? values[0] : values;
  }
  return ['api', base, rest, params];
}

/** The prefix of every query read from a resource: lists, records, options, histories, actions. */
export function apiBaseKey(base: string): readonly ['api', string] {
  return ['api', apiBaseOf(base)];
}
