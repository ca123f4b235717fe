// A list's state <-> its page address <-> its API request. The server page and the browser list
// compute the same request path from the same address with these functions.
import type { ApiRecord, ScreenConfig } from './types';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type StatusChoice = 'all' | 'true' | 'false';

export type ListState = {
  /** Zero-based, as the grid counts. */
  page: number;
  pageSize: number;
  search: string;
  /** The user's sort; empty = the screen's default ordering. */
  ordering: string;
  status: StatusChoice;
  filters: Record<string, string>;
};

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function queryValue(query: QueryInput, key: string): string {
  if (query instanceof URLSearchParams) return query.get(key) ?? '';
  const value = query[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function queryHas(query: QueryInput, key: string): boolean {
  return query instanceof URLSearchParams ? query.has(key) : query[key] !== undefined;
}

/** The list state a page address describes (unknown or bad values fall back to defaults). */
export function parseListState(query: QueryInput, config: Pick<ScreenConfig, 'filters'>): ListState {
  const page = Number.parseInt(queryValue(query, 'page'), 10);
  const size = Number.parseInt(queryValue(query, 'page_size'), 10);
  const status = queryValue(query, 'status');
  const filters: Record<string, string> = {};
  for (const filter of config.filters) {
    const value = queryValue(query, filter.param);
    // A filter with an initial value holds it until the address says otherwise ('' = all).
    if (filter.initial !== undefined && !queryHas(query, filter.param)) filters[filter.param] = filter.initial;
    else if (value || filter.initial !== undefined) filters[filter.param] = value;
  }
  return {
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: queryValue(query, 'search').slice(0, 200),
    ordering: /^-?[\w.]+$/.test(queryValue(query, 'ordering')) ? queryValue(query, 'ordering') : '',
    status: status === 'true' || status === 'false' ? status : 'all',
    filters,
  };
}

/** The filters shared by the list, its address and its export (no page). */
function filterParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.status !== 'all') params.set('status', state.status);
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params.set(key, value);
  return params;
}

/** The page address's query: only what differs from the defaults, so plain links stay clean. */
export function listStateToUrlQuery(state: ListState, config: Pick<ScreenConfig, 'filters'> = { filters: [] }): string {
  const params = new URLSearchParams();
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(state.pageSize));
  if (state.ordering) params.set('ordering', state.ordering);
  const initials = new Map(config.filters.filter((filter) => filter.initial !== undefined).map((filter) => [filter.param, filter.initial!]));
  for (const [key, value] of filterParams(state)) if (initials.get(key) !== value) params.set(key, value);
  // Another choice than a filter's initial value, "all" included, is written out.
  for (const [key, initial] of initials) if ((state.filters[key] ?? '') === '' && initial !== '') params.set(key, '');
  return params.toString();
}

export function listApiPath(base: string, state: ListState, defaultOrdering: string, fixed: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams({ ...fixed, page: String(state.page + 1), page_size: String(state.pageSize) });
  const ordering = state.ordering || defaultOrdering;
  if (ordering) params.set('ordering', ordering);
  for (const [key, value] of filterParams(state)) params.set(key, value);
  return `${base}?${params.toString()}`;
}

export function exportApiPath(base: string, state: ListState, defaultOrdering: string, format: 'xlsx' | 'csv', fixed: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams({ ...fixed, format });
  const ordering = state.ordering || defaultOrdering;
  if (ordering) params.set('ordering', ordering);
  for (const [key, value] of filterParams(state)) params.set(key, value);
  return `${base}export/?${params.toString()}`;
}

/** A list answer is `{data, pages, elements}`, or a plain array with `no_paginate`. */
export function readListAnswer(data: unknown): { rows: ApiRecord[]; total: number } {
  if (Array.isArray(data)) return { rows: data as ApiRecord[], total: data.length };
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)) {
    const envelope = data as { data: ApiRecord[]; elements?: unknown };
    return { rows: envelope.data, total: typeof envelope.elements === 'number' ? envelope.elements : envelope.data.length };
  }
  return { rows: [], total: 0 };
}
