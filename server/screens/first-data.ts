// The first data of a screen, read on the server by the same operations the API answers with
// (architecture.md: "Server components render the first page of data"): the browser shows it with
// the page's HTML and asks the API only for what changes after. A refusal (a filter the user may
// not use, a bad parameter in the address) is left to the browser's own request, which shows the
// API's message where the screen shows errors.
import { type DehydratedState, QueryClient, dehydrate } from '@tanstack/react-query';
import { getLocale } from 'next-intl/server';
import { apiKey } from '@/lib/api-keys';
import { asLocale } from '@/lib/i18n';
import { type ApiRecord, type ScreenConfig, listApiPath, parseListState } from '@/lib/resource-ui';
import type { Actor } from '@/server/auth/actor';
import { type OperationContext, operationContext } from '@/server/engine/context';
import { authorize, list, listAllIfShort, listPage, show } from '@/server/engine/engine';
import { FileResult, StatusResult } from '@/server/engine/results';
import { toWire } from '@/server/engine/wire';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import { ApiError } from '@/server/errors';
import { RESOURCES } from '@/server/modules/registry';
import { type ActionContract, contractPath } from '@/lib/contracts/contract';
import { parseInput } from '@/server/validation';

export type InitialPage = { path: string; answer: { data: ApiRecord[]; pages: number; elements: number } };

async function contextFor(actor: Actor, query: URLSearchParams): Promise<OperationContext> {
  return operationContext(actor, { locale: asLocale(await getLocale()) ?? undefined, query });
}

/** Runs a read for the first render; a refusal is the browser's to show. */
async function firstRead<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * The first page of a list screen: the API path the list would ask for in the state the address
 * describes (the very string lib/resource-ui computes in the browser), and its answer.
 */
export async function firstListPage(
  definition: ResourceDefinition,
  config: ScreenConfig,
  actor: Actor,
  searchParams: Record<string, string | string[] | undefined> = {},
): Promise<InitialPage | undefined> {
  // An embedded list (a record's child list) keeps its state to itself and starts from nothing.
  const state = parseListState(config.embedded ? {} : searchParams, config);
  const path = listApiPath(config.base, state, config.defaultOrdering, config.fixedQuery);
  const query = new URL(path, 'http://plantel.local').searchParams;
  const answer = await firstRead(async () => listPage(definition, await contextFor(actor, query)));
  // Wire rows are plain JSON objects with an id: what the list reads from the API.
  return answer ? { path, answer: answer as InitialPage['answer'] } : undefined;
}

/** A record as `GET {base}{id}/` answers it, for a record page's first render. */
export async function firstRecord(definition: ResourceDefinition, actor: Actor, id: string): Promise<Row | undefined> {
  return firstRead(async () => show(definition, await contextFor(actor, new URLSearchParams()), id));
}

/** A read the page makes for a screen that asks the API by path: its path, parameters and answer. */
export type FirstRead = { path: string; query: Record<string, string>; data: unknown };

const definitionOf = (base: string) => RESOURCES.find((definition) => definition.base === base);

/**
 * A GET action (named by its contract, without path parameters) answered on the server by the
 * action itself, its rights checked and its query parsed as the dispatcher does, for a screen's
 * first render.
 */
export async function firstActionRead(contract: ActionContract, actor: Actor, query: Record<string, string> = {}): Promise<FirstRead | undefined> {
  const { base, path: actionPath } = contract;
  const definition = definitionOf(base);
  const action = definition?.actions?.find((candidate) => candidate.method === 'GET' && candidate.path === actionPath && !candidate.changesData);
  if (contract.method !== 'GET' || !definition || !action) throw new Error(`No GET action ${base}${actionPath}`);
  const data = await firstRead(async () => {
    if (action.needs !== 'signed-in') authorize(actor, definition, action.needs);
    const queryInput = contract.query ? parseInput(contract.query, query) : undefined;
    const result = await action.handler({ ...(await contextFor(actor, new URLSearchParams(query))), params: {}, body: null, queryInput });
    if (result instanceof FileResult || result instanceof StatusResult) throw new Error(`${base}${actionPath} does not answer plain data`);
    return toWire(result);
  });
  return data === undefined ? undefined : { path: contractPath(contract), query, data };
}

/** `GET /{base}?...` (a list, whole or a page) answered on the server by the list operation. */
export async function firstListRead(resourceBase: string, actor: Actor, query: Record<string, string> = {}): Promise<FirstRead | undefined> {
  // A base as the browser names it (RESOURCE_BASES, with its leading slash) or as the registry does.
  const base = resourceBase.replace(/^\//, '');
  const definition = definitionOf(base);
  if (!definition) throw new Error(`No resource ${base}`);
  const data = await firstRead(async () => list(definition, await contextFor(actor, new URLSearchParams(query))));
  return data === undefined ? undefined : { path: `/${base}`, query, data };
}

/**
 * The choices a form and its filters offer (careers, shifts, a classification's catalogue
 * entries), read with the page as `GET {base}?no_paginate=true&...` answers them (useRemoteOptions
 * asks for that), so opening a record costs no request per select. Only short lists come with the
 * page (engine listAllIfShort: one page of MAX_PAGE_SIZE rows, whole when its count says so). A longer one
 * (a state university's 1,500 careers) is left to the browser's own request: embedded, it made a
 * student's record page 1.9 MB of HTML whose rendering grew with the data (p95 2.3 s at the large
 * data set, 4.5 s at huge). Choices that depend on another field's value (`{career_id}`) are left
 * to the browser too.
 */
export async function firstOptionReads(config: ScreenConfig, actor: Actor): Promise<(FirstRead | undefined)[]> {
  const sources = [...config.fields.filter((field) => field.type === 'select' || field.type === 'multiselect'), ...config.filters].flatMap((item) => (item.optionsFrom ? [item.optionsFrom] : []));
  const wanted = new Map<string, { base: string; query: Record<string, string> }>();
  for (const source of sources) {
    const query = { no_paginate: 'true', ...(source.query ?? {}) };
    if (Object.values(query).some((value) => value.includes('{'))) continue;
    wanted.set(`${source.base}?${new URLSearchParams(query).toString()}`, { base: source.base.replace(/^\//, ''), query });
  }
  return Promise.all([...wanted.values()].map(({ base, query }) => shortWholeList(base, actor, query)));
}

/** `GET {base}?no_paginate=true&...`'s answer when the list holds MAX_PAGE_SIZE rows or fewer. */
async function shortWholeList(base: string, actor: Actor, query: Record<string, string>): Promise<FirstRead | undefined> {
  const definition = definitionOf(base);
  if (!definition) return undefined;
  const rows = await firstRead(async () => listAllIfShort(definition, await contextFor(actor, new URLSearchParams(query))));
  return rows ? { path: `/${base}`, query, data: rows } : undefined;
}

/**
 * The page's first reads as the browser's query cache will hold them (TanStack Query's hydration):
 * a component that asks for the same path and parameters finds the answer there and does not ask
 * the API again while it is fresh.
 */
export function firstReadsState(reads: readonly (FirstRead | undefined)[]): DehydratedState {
  const client = new QueryClient();
  for (const read of reads) if (read) client.setQueryData(apiKey(read.path, read.query), read.data);
  return dehydrate(client);
}
