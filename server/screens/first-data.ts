// The first data of a screen, read on the server by the same operations the API answers with
// (architecture.md: "Server components render the first page of data"): the browser shows it with
// the page's HTML and asks the API only for what changes after. A refusal (a filter the user may
// not use, a bad parameter in the address) is left to the browser's own request, which shows the
// API's message where the screen shows errors.
import { getLocale } from 'next-intl/server';
import { asLocale } from '@/lib/i18n';
import { type ApiRecord, type ScreenConfig, listApiPath, parseListState } from '@/lib/resource-ui';
import type { Actor } from '@/server/auth/actor';
import { type OperationContext, operationContext } from '@/server/engine/context';
import { listPage, show } from '@/server/engine/engine';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import { ApiError } from '@/server/errors';

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
