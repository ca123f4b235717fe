// Property-based fuzzing of every custom action of the registry (fast-check, fixed seed): each
// action of every resource and action group is called through the dispatcher as a superuser, a
// student and a teacher, with arbitrary path parameters (real ids, unknown ids, text, `../`,
// numbers past the database's range), query parameters and JSON bodies (the keys the action reads,
// unknown keys, the values that broke writes before). Whatever arrives, the API never answers 5xx,
// and a refused request (4xx) changes nothing in the database.
// The keys an action reads are found by calling its handler with a body and query that record what
// is read (discover()); bodies are then mostly plausible records with one thing spoiled, so the
// spoiled value gets past the schema into the action's own rules. Accepted calls really act (an
// applicant converted, a sale cancelled): the database is put back as it was when the file ends.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actorForUser } from '@/server/auth/actor';
import { databaseFingerprint } from '@/server/db/backup';
import { prisma } from '@/server/db/client';
import { operationContext } from '@/server/engine/context';
import { META } from '@/server/engine/model';
import { FileResult } from '@/server/engine/results';
import type { ActionDefinition, ActionGroup, ResourceDefinition } from '@/server/engine/types';
import { ApiError } from '@/server/errors';
import { dispatch } from '@/server/http/dispatch';
import { bodySchema } from '@/server/http/openapi';
import { ACTION_GROUPS, RESOURCES } from '@/server/modules/registry';
import { tokenFor } from './client';
import { asText, nasty, seedOf } from './fuzz-arbitraries';
import { WriteWatch, snapshotDatabase } from './fuzz-db';

type Target = { key: string; definition: ResourceDefinition | ActionGroup; action: ActionDefinition; module: string };

const TARGETS: Target[] = [...RESOURCES, ...ACTION_GROUPS].flatMap((definition) =>
  (definition.actions ?? []).map((action) => ({ key: `${action.method} ${definition.base}${action.path}`, definition, action, module: definition.base.split('/')[0] })),
);

/**
 * Runs per actor. Actions staff use get most of the superuser's runs (students and teachers are
 * mostly refused, which is quick to check); actions any signed-in user may call get them evenly.
 * Downloads that build a document (PDF, spreadsheet, ZIP) take tens of milliseconds each, so they
 * get fewer runs: none is skipped.
 */
const DOWNLOAD = /(^|\/)(pdf|receipt|xml|download_zip|download_photos|export_[a-z_]+|attendance-list-export)\/$/;
function runsOf(target: Target): Record<ActorName, number> {
  if (DOWNLOAD.test(target.action.path) || DOWNLOAD.test(target.definition.base + target.action.path)) return { admin: 20, alumno: 8, docente: 8 };
  if (target.action.needs === 'signed-in') return { admin: 20, alumno: 20, docente: 20 };
  return { admin: 40, alumno: 10, docente: 10 };
}

type ActorName = 'admin' | 'alumno' | 'docente';
const ACTORS: ActorName[] = ['admin', 'alumno', 'docente'];
const tokens = {} as Record<ActorName, string>;
const actors = {} as Record<ActorName, Actor>;

// ---------------------------------------------------------------------------------------------
// Ids that exist: a path parameter or a foreign key drawn from them reaches past the lookups.

/** Foreign-key column -> the table it points at, from the data model ("cicle_id" -> "cicles"). */
const FK_TABLE = new Map<string, string>();
for (const model of Object.values(META.models)) {
  for (const field of model.fields) {
    if (field.kind === 'relation' && field.relationFrom && !FK_TABLE.has(field.relationFrom)) FK_TABLE.set(field.relationFrom, META.models[field.type]?.table ?? '');
  }
}

const idsByTable = new Map<string, number[]>();

/** A few ids of a table: the first two, the middle one and the last. */
async function idsOf(table: string | undefined): Promise<number[]> {
  if (!table) return [];
  if (!idsByTable.has(table)) {
    const rows = await prisma.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "${table}" ORDER BY id`).catch(() => []);
    const ids = rows.map((row) => Number(row.id));
    idsByTable.set(table, [...new Set([ids[0], ids[1], ids[Math.floor(ids.length / 2)], ids[ids.length - 1]].filter((id) => id !== undefined))]);
  }
  return idsByTable.get(table)!;
}

const tableOfKey = (name: string, own: string | undefined) => {
  if (name === 'id' || name === 'ids') return own;
  return FK_TABLE.get(name) ?? FK_TABLE.get(name.replace(/_ids$/, '_id'));
};

/**
 * Ids for an action's `{id}`: some of the table's, and the demo users' own records (the student's
 * student, the teacher's teacher). The fuzz's own users are left out of the users' ids: a password
 * the fuzz changed would sign them out halfway.
 */
/** Actions on the sign-in of the person in the path (a student's portal password): the fuzz's
 * own people are left out of their paths, like its own users, so its sessions keep working. */
const ACCOUNT_ACTIONS = /(^|\/)reset_portal_access\/$/;

async function pathIdsOf(table: string | undefined, path = ''): Promise<number[]> {
  const account = ACCOUNT_ACTIONS.test(path);
  const own = account ? [] : table === 'students' ? [actors.alumno.student_id] : table === 'teachers' ? [actors.docente.teacher_id] : [];
  const mine = new Set(ACTORS.map((name) => actors[name].id));
  const ids = [...new Set([...(await idsOf(table)), ...own])].filter((id): id is number => typeof id === 'number');
  if (account && table === 'students') return ids.filter((id) => id !== actors.alumno.student_id);
  return table === 'users' ? ids.filter((id) => !mine.has(id)) : ids;
}

// ---------------------------------------------------------------------------------------------
// Which keys an action reads.

/** Keys the module's zod schemas and query reads name: the vocabulary of its bodies. */
function moduleVocabulary(module: string): { body: string[]; query: string[] } {
  const folder = path.join(process.cwd(), 'server/modules', module);
  const body = new Set<string>();
  const query = new Set<string>();
  for (const file of fs.readdirSync(folder)) {
    if (!file.endsWith('.ts')) continue;
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    for (const [, name] of text.matchAll(/\b([a-z][a-z0-9_]*)\s*:\s*(?:z\s*\.|positiveId\b|calendarDay\b|ids?\b|text\(|decimal\(|integer\()/g)) body.add(name);
    for (const [, name] of text.matchAll(/(?:query\.(?:get|getAll|has)\(|Param\(\s*[\w.]+,\s*)'([a-z][a-z0-9_]*)'/g)) query.add(name);
  }
  return { body: [...body], query: [...query] };
}

/** Query parameters that record which names an action asks for. */
class RecordingParams extends URLSearchParams {
  constructor(
    init: Record<string, string>,
    private readonly seen: Set<string>,
  ) {
    super(init);
  }
  override get(name: string) {
    this.seen.add(name);
    return super.get(name);
  }
  override getAll(name: string) {
    this.seen.add(name);
    return super.getAll(name);
  }
  override has(name: string, value?: string) {
    this.seen.add(name);
    return value === undefined ? super.has(name) : super.has(name, value);
  }
}

const KEY_NAME = /^[a-z][a-z0-9_]*$/;
const NOT_KEYS = new Set(['then', 'constructor', 'toJSON', 'valueOf', 'toString']);

/** An object that records which keys are read from it (zod reads every key of its shape). */
function recording(values: Record<string, unknown>, seen: Set<string>): object {
  return new Proxy(values, {
    get(target, name, receiver) {
      if (typeof name === 'string' && KEY_NAME.test(name) && !NOT_KEYS.has(name)) seen.add(name);
      return Reflect.get(target, name, receiver);
    },
  });
}

/** What an action reads: its body's keys, the keys of the records in its lists, its query parameters. */
type Found = { body: Set<string>; nested: Map<string, Set<string>>; query: Set<string> };

/**
 * Calls an action's handler directly, as `actor`, with a body and query that record what is asked
 * of them; a refusal is what discovery expects (the fuzz itself judges the answers). What the
 * handler does (with guesses it may really act) is put back with the rest of the fuzz's changes.
 */
async function probe(target: Target, actor: Actor, params: Record<string, string>, body: Record<string, unknown> | null, query: Record<string, string>, seen: { body: Set<string>; query: Set<string> }) {
  // A handler with a contract reads the body and query its contract parsed (as the dispatcher hands them over).
  const { contract } = target.action;
  const parsedBody = contract?.input ? contract.input.safeParse(body ?? {}) : null;
  const parsedQuery = contract?.query ? contract.query.safeParse(query) : null;
  const ctx = {
    ...operationContext(actor, { query: new RecordingParams(query, seen.query) }),
    params,
    body: body === null ? null : recording(body, seen.body),
    input: parsedBody?.success ? parsedBody.data : undefined,
    queryInput: parsedQuery?.success ? parsedQuery.data : undefined,
  };
  try {
    const result = await target.action.handler(ctx);
    // A download nobody reads: the client went away (which must not break anything either).
    if (result instanceof FileResult && result.body instanceof ReadableStream) await result.body.cancel();
  } catch (error) {
    // Refused, as expected. The fields it names are parameters too: a handler that parses the whole
    // query with a schema (Object.fromEntries) shows its names only there.
    const named = error instanceof ZodError ? error.issues.map((issue) => issue.path[0]) : error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
    for (const name of named) {
      if (typeof name === 'string' && KEY_NAME.test(name)) (body === null ? seen.query : seen.body).add(name);
    }
  }
}

/** The keys of a JSON Schema's object (each option of a union), and the keys of its lists' records. */
function collectKeys(schema: unknown, keys: Set<string>, nested: Map<string, Set<string>>) {
  const node = schema as { properties?: Record<string, unknown>; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] } | null;
  if (!node || typeof node !== 'object') return;
  for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) collectKeys(option, keys, nested);
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    if (!KEY_NAME.test(name)) continue;
    keys.add(name);
    const items = (property as { items?: { properties?: Record<string, unknown> } }).items;
    if (items?.properties) nested.set(name, new Set(Object.keys(items.properties).filter((key) => KEY_NAME.test(key))));
  }
}

/**
 * The keys an action reads, found by calling its handler as each of the fuzz's users with a body and
 * query that record what is read. A handler that stops at the first missing parameter is called again
 * with a plausible value for it (an existing id for a foreign key), a few rounds at most; zod reads
 * every key of an object schema even when the first fails, so one round finds a whole schema. A key
 * that may hold a list is then given a list of one recording record, which finds the keys of its items.
 */
async function discover(target: Target, params: Record<string, string>, plausibleOf: (name: string) => unknown): Promise<Found> {
  const found: Found = { body: new Set(), nested: new Map(), query: new Set() };
  const takesBody = target.action.method !== 'GET';
  // An action with a contract says what it reads: its body's and query's schemas.
  const { contract } = target.action;
  if (contract?.input) collectKeys(bodySchema(contract.input), found.body, found.nested);
  if (contract?.query) collectKeys(bodySchema(contract.query), found.query, new Map());
  for (const actor of ACTORS) {
    const bodyValues: Record<string, unknown> = {};
    const queryValues: Record<string, string> = {};
    for (let round = 0; round < 4; round += 1) {
      const known = found.body.size + found.query.size;
      await probe(target, actors[actor], params, takesBody ? { ...bodyValues } : null, queryValues, found);
      if (found.body.size + found.query.size === known) break;
      for (const name of found.query) queryValues[name] ??= asText(plausibleOf(name));
      for (const name of found.body) bodyValues[name] ??= plausibleOf(name);
    }
    for (const name of takesBody ? found.body : []) {
      if (found.nested.has(name) || tableOfKey(name, undefined)) continue;
      const keys = new Set<string>();
      const values: Record<string, unknown> = {};
      for (const other of found.body) values[other] = plausibleOf(other);
      await probe(target, actors[actor], params, { ...values, [name]: [recording({}, keys)] }, {}, { body: new Set(), query: new Set() });
      if (keys.size) found.nested.set(name, keys);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const CSD = path.join(process.cwd(), 'server/standards/sat-test-csd');
const PATH_NASTIES = ['0', '-1', '999999', '2147483647', '2147483648', '99999999999999999999', 'abc', '1.5', '1e3', '0x1', '..', '%2e%2e', '..%2F..%2Fetc', '%00', '%20', 'null', 'undefined', '1;', '１', '-0', '+1', '01', 'NaN', 'Infinity'];
const LONG = 'x'.repeat(10_000);

function pathValue(ids: number[]) {
  return fc.oneof({ arbitrary: fc.constantFrom(...(ids.length ? ids.map(String) : ['1'])), weight: 5 }, { arbitrary: fc.constantFrom(...PATH_NASTIES), weight: 4 }, { arbitrary: fc.integer({ min: -5, max: 5000 }).map(String), weight: 1 });
}

/**
 * A value an action would plausibly accept for a key, by the key's name: an existing id for a
 * foreign key, a day for a date, a reason for a reason. A request made of these reaches past the
 * validation into the action's own rules, where one nasty value then does its harm.
 */
function plausible(name: string, ids: number[], items: fc.Arbitrary<unknown> | null): fc.Arbitrary<unknown> {
  if (items) return fc.array(items, { minLength: 1, maxLength: 3 });
  if (/(^|_)ids$/.test(name)) return ids.length ? fc.subarray(ids, { minLength: 1 }) : fc.constant([1]);
  if (ids.length) return fc.constantFrom(...ids);
  if (/(^|_)(date|day|at|limit|limit_capture|vigency|start|end|paid_at|birthday)$/.test(name)) return fc.constantFrom('2026-01-15', '2026-12-31', '2027-06-30');
  // A signer's e.firma (update_title_certs): the SAT's test certificate, key and password.
  if (name === 'certificate' || name === 'key') return fc.constant(fs.readFileSync(path.join(CSD, name === 'key' ? 'EKU9003173C9.key' : 'EKU9003173C9.cer')).toString('base64'));
  if (name === 'key_password') return fc.constantFrom(fs.readFileSync(path.join(CSD, 'EKU9003173C9-password.txt'), 'utf8').trim(), 'incorrecta');
  if (/password/.test(name)) return fc.constantFrom('ClaveSegura2026', 'OtraClave2026');
  if (/^months?$/.test(name)) return fc.constantFrom([1], [1, 2], [3, 4, 5], 1, 12);
  if (/score|value|amount|qty|grade/.test(name)) return fc.constantFrom('8', '10', '9.5', 'NP', 7, 100);
  if (/format/.test(name)) return fc.constantFrom('xlsx', 'csv', 'pdf');
  if (/category/.test(name)) return fc.constantFrom('X', 'T');
  if (/status/.test(name)) return fc.constantFrom('ACCEPTED', 'REJECTED', 'PENDING', true);
  if (/^(is_|allow|public|inline|overdue|force|all)/.test(name)) return fc.boolean();
  if (/reason|notes?|description|comment|text|name|uuid/.test(name)) return fc.constantFrom('Motivo de la prueba', 'Revisado por control escolar', 'ñandú');
  // A count or an order (most unnamed values are): small numbers, with a few other shapes.
  return fc.oneof({ arbitrary: fc.integer({ min: 1, max: 5 }), weight: 3 }, { arbitrary: fc.constantFrom('A', true, '2026-01-15'), weight: 1 });
}

type Shape = { found: Found; vocabulary: { body: string[]; query: string[] }; ids: (name: string) => number[] };

/** A value for a key: plausible or nasty, or a list of either. */
function anyValue(name: string, shape: Shape) {
  const nested = shape.found.nested.get(name);
  return fc.oneof(
    { arbitrary: plausible(name, shape.ids(name), nested ? record([...nested], shape) : null), weight: 3 },
    { arbitrary: nasty, weight: 6 },
    { arbitrary: fc.constantFrom(LONG, '../../etc/passwd', 'C:\\Windows\\win.ini', '2026-02-30', '2026-13-01', '1900-01-01', '9999-12-31', '-5', 'true', 'null', '[]'), weight: 2 },
    { arbitrary: fc.integer({ min: -3, max: 200 }), weight: 1 },
  );
}

/** A record of the given keys: every key plausible, then one or two of them nasty (or an unknown key added). */
function record(keys: string[], shape: Shape, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const base = fc.tuple(...keys.map((name) => plausible(name, shape.ids(name), depth < 1 && shape.found.nested.get(name) ? record([...shape.found.nested.get(name)!], shape, depth + 1) : null)));
  const spoiled = fc.oneof(fc.constantFrom(...keys, ...shape.vocabulary.body.slice(0, 40), 'unknown_field', '__proto__', 'constructor'), fc.string({ maxLength: 8 }));
  const spoil = spoiled.chain((name) => anyValue(name, shape).map((value) => [name, value] as const));
  // Mostly one thing wrong, so it is that one thing that reaches the action's rules.
  const spoils: fc.Arbitrary<readonly (readonly [string, unknown])[]> = keys.length
    ? fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.tuple(spoil), weight: 3 }, { arbitrary: fc.tuple(spoil, spoil), weight: 1 })
    : fc.array(spoil, { maxLength: 4 });
  const dropped: fc.Arbitrary<readonly string[]> = keys.length ? fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: fc.subarray(keys, { minLength: 1, maxLength: 1 }), weight: 1 }) : fc.constant([]);
  return fc.tuple(base, spoils, dropped).map(([values, changes, drop]) => {
    const out: Record<string, unknown> = {};
    keys.forEach((name, i) => {
      if (!drop.includes(name)) out[name] = values[i];
    });
    for (const [name, value] of changes) out[name] = value;
    return out;
  });
}

/** JSON text built by hand, so a "__proto__" key stays a key as in a client's body. */
const jsonText = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value) ? `{${Object.entries(value).map(([name, item]) => `${JSON.stringify(name)}:${jsonText(item)}`).join(',')}}` : (JSON.stringify(value) ?? 'null');

/** Arbitrary bodies: mostly records of the keys the action reads, sometimes not records at all. */
function bodies(shape: Shape): fc.Arbitrary<string | undefined> {
  const keys = [...shape.found.body];
  const free = fc.dictionary(fc.constantFrom(...keys, ...shape.vocabulary.body, 'unknown_field', 'id'), fc.constant(null), { maxKeys: 5 }).chain((names) => fc.tuple(...Object.keys(names).map((name) => anyValue(name, shape).map((value) => [name, value] as const))).map((entries) => Object.fromEntries(entries)));
  return fc.oneof(
    { arbitrary: record(keys, shape).map(jsonText), weight: 10 },
    { arbitrary: free.map(jsonText), weight: 5 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constantFrom('[]', '[1,2]', '"texto"', '42', 'null', 'true', '{"a":', '{"a":1}}', '\u0000', '{"a":"\\u0000"}', `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`), weight: 2 },
  );
}

function queries(shape: Shape): fc.Arbitrary<[string, string][]> {
  const discovered = [...shape.found.query];
  // Handlers that parse the whole query with a schema show no names: the module's vocabulary stands in.
  const names = [...new Set([...discovered, ...shape.vocabulary.query, ...shape.vocabulary.body, 'format', 'page', 'search', 'ordering', 'campus_id', 'cicle_id', 'inline'])];
  const key = fc.oneof(...(discovered.length ? [{ arbitrary: fc.constantFrom(...discovered), weight: 6 }] : []), { arbitrary: fc.constantFrom(...names), weight: 3 }, { arbitrary: fc.constantFrom('unknown', '__proto__'), weight: 1 });
  const value = (name: string) =>
    fc.oneof(
      { arbitrary: plausible(name, shape.ids(name), null).map(asText), weight: 5 },
      { arbitrary: nasty.map(asText), weight: 3 },
      { arbitrary: fc.constantFrom('true', 'false', '1', '0', '-1', '2147483648', '1,2', 'xlsx', 'zip', '2026-02-30', LONG), weight: 2 },
    );
  const pair = key.chain((name) => value(name).map((v) => [name, v] as [string, string]));
  // Often every parameter the action asks for, plausible, with one or two added or repeated after
  // (a repeated name: the first one counts).
  const complete = discovered.length ? fc.tuple(...discovered.map((name) => plausible(name, shape.ids(name), null).map((v) => [name, asText(v)] as [string, string]))) : fc.constant([] as [string, string][]);
  return fc.oneof({ arbitrary: fc.tuple(complete, fc.array(pair, { maxLength: 2 })).map(([all, extra]) => [...all, ...extra]), weight: 2 }, { arbitrary: fc.array(pair, { maxLength: 4 }), weight: 1 });
}

// ---------------------------------------------------------------------------------------------
// Calling.

/** `leaves`: the client goes away after the first chunk of a file (a download cancelled midway). */
type Sent = { method: string; url: string; actor: ActorName; body: string | undefined; leaves: boolean };

async function send(sent: Sent): Promise<{ status: number; text: string }> {
  const request = new Request(`http://localhost/${sent.url}`, {
    method: sent.method,
    headers: { authorization: `Bearer ${tokens[sent.actor]}`, ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: sent.body,
  });
  const response = await dispatch(request);
  const json = (response.headers.get('content-type') ?? '').includes('json');
  if (sent.leaves && !json && response.body) {
    const reader = response.body.getReader();
    await reader.read();
    await reader.cancel();
    return { status: response.status, text: '<left after the first chunk>' };
  }
  // Files are read to the end: a download that breaks while streaming is a failure too.
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, text: json ? new TextDecoder().decode(bytes).slice(0, 600) : `<${bytes.length} bytes>` };
}

const describeSent = (sent: Sent, answer: { status: number; text: string }) =>
  `${sent.actor}: ${sent.method} /${sent.url}${sent.leaves ? ' (the client leaves after the first chunk)' : ''}${sent.body === undefined ? '' : ` body=${sent.body.length > 400 ? `${sent.body.slice(0, 400)}…(${sent.body.length})` : sent.body}`} -> ${answer.status} ${answer.text}`;

let watch: WriteWatch;
let restore: () => Promise<void>;
let cases = 0;
const answered = new Map<number, number>();

let fingerprint: Awaited<ReturnType<typeof databaseFingerprint>>;
beforeAll(async () => {
  fingerprint = await databaseFingerprint(process.env.DATABASE_URL!);
  const snapshot = await snapshotDatabase();
  restore = snapshot.restore;
  watch = await WriteWatch.open();
  for (const name of ACTORS) {
    tokens[name] = await tokenFor(name);
    const user = await prisma.user.findUniqueOrThrow({ where: { username: name }, select: { id: true } });
    actors[name] = (await actorForUser(user.id))!;
  }
}, 120_000);

afterAll(async () => {
  await watch?.close();
  await restore?.();
  // The files after this one find the demo data as it was: every table's rows, counts and sums.
  expect(await databaseFingerprint(process.env.DATABASE_URL!)).toEqual(fingerprint);
  console.log(`fuzz-actions: ${cases} cases over ${TARGETS.length} actions; answers by status ${JSON.stringify(Object.fromEntries([...answered].sort()))}`);
}, 120_000);

describe('fuzzing custom actions', () => {
  it('covers every action of the registry', () => {
    expect(TARGETS.length).toBeGreaterThan(100);
    expect(new Set(TARGETS.map((target) => target.key)).size).toBe(TARGETS.length);
  });

  it('has a change check that sees a committed insert, update and delete, and lets a rolled-back write pass', async () => {
    const seen = async (write: () => Promise<unknown>) => {
      await watch.mark();
      await write().catch(() => undefined);
      return (await watch.changes()).join('; ');
    };
    const data = { name: 'fuzz-probe', user_id: actors.admin.id, locale: 'es' };
    let id = 0;
    expect(await seen(async () => (id = (await prisma.job.create({ data, select: { id: true } })).id))).toContain('"jobs"');
    expect(await seen(() => prisma.job.update({ where: { id }, data: { locale: 'en' } }))).toContain('"jobs"');
    expect(await seen(() => prisma.job.delete({ where: { id } }))).toContain('"jobs"');
    const rolledBack = () =>
      prisma.$transaction(async (tx) => {
        await tx.job.create({ data });
        throw new Error('rolled back');
      });
    expect(await seen(rolledBack)).toBe('');
    expect(await seen(() => prisma.job.count())).toBe('');
  });

  it.each(TARGETS.map((target) => [target.key, target] as const))('%s never answers 5xx and a refused call changes nothing', async (key, target) => {
    const placeholders = [...target.action.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
    const own = 'model' in target.definition && target.definition.model ? META.models[target.definition.model]?.table : undefined;
    const pathIds = await pathIdsOf(own, target.action.path);
    const vocabulary = moduleVocabulary(target.module);
    const names = new Set([...vocabulary.body, ...vocabulary.query, 'id', 'ids']);
    for (const name of names) await idsOf(tableOfKey(name, own));
    const ids = (name: string) => idsByTable.get(tableOfKey(name, own) ?? '') ?? [];
    const guess = (name: string) => (/(^|_)ids$/.test(name) ? ids(name).slice(0, 1) : (ids(name)[0] ?? fc.sample(plausible(name, [], null), { numRuns: 1, seed: 1 })[0]));
    const found = await discover(target, Object.fromEntries(placeholders.map((name) => [name, String(pathIds[0] ?? 1)])), guess);
    for (const name of [...found.body, ...found.query, ...[...found.nested.values()].flatMap((keys) => [...keys])]) await idsOf(tableOfKey(name, own));
    const shape: Shape = { found, vocabulary, ids };

    const runs = runsOf(target);
    for (const [index, actor] of ACTORS.entries()) {
      const request = fc.record({
        params: fc.tuple(...placeholders.map(() => pathValue(pathIds))),
        query: queries(shape),
        body: target.action.method === 'GET' ? fc.constant(undefined) : bodies(shape),
        leaves: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body, leaves }) => {
          cases += 1;
          let route = target.action.path;
          placeholders.forEach((name, i) => (route = route.replace(`{${name}}`, params[i])));
          const search = query.length ? `?${new URLSearchParams(query).toString()}` : '';
          const sent: Sent = { method: target.action.method, url: `${target.definition.base}${route}${search}`, actor, body, leaves };
          await watch.mark();
          const answer = await send(sent);
          answered.set(answer.status, (answered.get(answer.status) ?? 0) + 1);
          expect(answer.status, describeSent(sent, answer)).toBeLessThan(500);
          // The fuzz's own users keep working: a 401 would mean it lost one and fuzzed nothing after.
          expect(answer.status, describeSent(sent, answer)).not.toBe(401);
          if (answer.status >= 400) expect(await watch.changes(), `a refused call changed data: ${describeSent(sent, answer)}`).toEqual([]);
        }),
        { seed: seedOf(`${key} ${actor}`) + index, numRuns: runs[actor] },
      );
    }
  });

  it('ran at least 5,000 cases', () => {
    expect(cases).toBeGreaterThanOrEqual(5000);
  });
});
