// The OpenAPI 3.1 document of Plantel's API, generated from the same definitions the dispatcher
// serves (server/modules/registry.ts, the session routes): every resource's standard calls with
// their query parameters and bodies (the create and update zod schemas, as JSON Schema by zod's own
// converter, in their input form), every custom action, the sign-in calls, and the error shapes of
// design/api.md. Served at /api/openapi.json and browsable at /api/docs for signed-in staff.
import { z } from 'zod';
import type { ActionDefinition, FilterKind, ResourceDefinition } from '@/server/engine/types';
import { type ActionContract, type FileAnswer, isEmptyAnswer, isFileAnswer, successStatuses } from '@/lib/contracts/contract';
import { fileAlternative } from './answer-check';
import { ACTION_GROUPS, RESOURCES } from '@/server/modules/registry';
import { META, modelMeta } from '@/server/engine/model';
import type { FieldMeta } from '@/server/db/schema-meta';
import { sessionRoutes } from './session-routes';

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

/** The error answers, each described once under components/responses. */
const ERROR_RESPONSES = {
  '400': { description: 'Invalid input: a message per field (`{field: [message]}`) or `{detail}`.', content: json(ref('FieldErrors')) },
  '401': { description: 'Not signed in.', content: json(ref('Detail')) },
  '403': { description: 'Not allowed.', content: json(ref('Detail')) },
  '404': { description: 'Not found (or not yours).', content: json(ref('Detail')) },
  '409': { description: 'The record’s state does not allow it.', content: json(ref('Detail')) },
  '429': {
    description: 'Too many calls this minute (per user, or per address without a user; see RATE_LIMIT_* in the README).',
    headers: { 'Retry-After': { description: 'Seconds until calls are taken again.', schema: { type: 'integer' } } },
    content: json(ref('Detail')),
  },
  '503': {
    description: 'The database cannot be reached right now (a restart): nothing to fix in the call; send it again after Retry-After.',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
    content: json(ref('Detail')),
  },
};

const ERRORS = Object.fromEntries(Object.keys(ERROR_RESPONSES).map((status) => [status, { $ref: `#/components/responses/E${status}` }])) as Record<keyof typeof ERROR_RESPONSES, { $ref: string }>;

/** A zod schema as JSON Schema for a request body (what a client sends, before transforms). */
export function bodySchema(schema: z.ZodType | undefined): unknown {
  if (!schema) return { type: 'object' };
  try {
    const converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete converted.$schema;
    return converted;
  } catch {
    // A schema zod cannot express (a custom check) is still an object.
    return { type: 'object' };
  }
}

/** A scalar column as JSON Schema, in wire form (decimals and instants as text). */
function columnSchema(field: FieldMeta): Record<string, unknown> {
  const base: Record<string, unknown> =
    field.kind === 'enum'
      ? { type: 'string', enum: META.enums[field.type] ?? [] }
      : field.type === 'Int' || field.type === 'BigInt'
        ? { type: 'integer' }
        : field.type === 'Float'
          ? { type: 'number' }
          : field.type === 'Boolean'
            ? { type: 'boolean' }
            : field.type === 'Decimal'
              ? { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description: 'An exact decimal as text.' }
              : field.type === 'DateTime'
                ? { type: 'string', format: field.dateKind === 'Date' ? 'date' : field.dateKind === 'Time' ? 'time' : 'date-time' }
                : field.type === 'Json'
                  ? {}
                  : { type: 'string', ...(field.maxLength ? { maxLength: field.maxLength } : {}) };
  const typed = field.list ? { type: 'array', items: base } : base;
  return field.optional ? { anyOf: [typed, { type: 'null' }] } : typed;
}

/**
 * A record as the resource's select reads it: its columns typed from the data model, its joined
 * relations as objects of their own selected columns. A definition that reshapes its rows
 * (`serialize`) may add fields: the record stays open to them.
 */
function selectSchema(model: string | undefined, select: Record<string, unknown>): Record<string, unknown> {
  const fields = model ? new Map(modelMeta(model).fields.map((field) => [field.name, field])) : new Map<string, FieldMeta>();
  const properties: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(select)) {
    const field = fields.get(name);
    if (name === '_count') properties[name] = { type: 'object', additionalProperties: { type: 'integer' } };
    else if (value === true) properties[name] = field ? columnSchema(field) : {};
    else if (value && typeof value === 'object') {
      const nested = (value as { select?: Record<string, unknown> }).select;
      const target = field?.kind === 'relation' ? field.type : undefined;
      const schema = nested ? selectSchema(target, nested) : { type: 'object', additionalProperties: true };
      properties[name] = field?.list ? { type: 'array', items: schema } : field?.optional || !field ? { anyOf: [schema, { type: 'null' }] } : schema;
    }
  }
  return { type: 'object', properties, additionalProperties: true };
}

function filterSchema(kind: FilterKind): Record<string, unknown> {
  if (typeof kind === 'object') return { type: 'string', enum: [...kind.choices] };
  return kind === 'int' ? { type: 'integer' } : kind === 'bool' ? { type: 'boolean' } : kind === 'date' ? { type: 'string', format: 'date' } : { type: 'string' };
}

/** The list parameters every list shares, described once under components/parameters. */
const LIST_PARAMETERS = {
  page: { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
  page_size: { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  no_paginate: { name: 'no_paginate', in: 'query', required: false, schema: { type: 'boolean' }, description: 'Every row at once (lists of choices).' },
  search: { name: 'search', in: 'query', required: false, schema: { type: 'string' } },
  status: { name: 'status', in: 'query', required: false, schema: { type: 'boolean' }, description: 'Active (true) or inactive (false) records only.' },
  campus_id: { name: 'campus_id', in: 'query', required: false, schema: { type: 'integer' } },
  cicle_id: { name: 'cicle_id', in: 'query', required: false, schema: { type: 'integer' } },
  record_id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
};
const parameter = (name: keyof typeof LIST_PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });

function listParameters(definition: ResourceDefinition) {
  const query = (name: string, schema: Record<string, unknown>, description?: string) => ({ name, in: 'query', required: false, schema, ...(description ? { description } : {}) });
  return [
    parameter('page'),
    parameter('page_size'),
    parameter('no_paginate'),
    ...(definition.searchFields.length || definition.searchText ? [parameter('search')] : []),
    query('ordering', { type: 'string' }, `One of: ${definition.orderingFields.join(', ')}; a leading "-" for descending.`),
    ...(definition.activeField ? [parameter('status')] : []),
    ...(definition.campusFilter ? [parameter('campus_id')] : []),
    ...(definition.periodFilter ? [parameter('cicle_id')] : []),
    ...Object.entries(definition.filters)
      .filter(([name]) => name !== 'campus_id' && name !== 'cicle_id' && name !== 'status')
      .map(([name, kind]) => query(name, filterSchema(kind))),
  ];
}

/** `{id}/review_document/` -> the path's parameters (a record's `id` is an integer unless `schemas` says). */
function pathParameters(path: string, schemas: Readonly<Record<string, Record<string, unknown>>> = {}) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: schemas[name] ?? { type: name === 'id' ? 'integer' : 'string' } }));
}

/** A zod schema as JSON Schema for an answer (what a client receives, after transforms). */
export function answerSchema(schema: z.ZodType): unknown {
  const converted = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete converted.$schema;
  return converted;
}

/** A file answer's content types (binary); none without one. */
function fileContent(answer: FileAnswer | undefined): Record<string, unknown> {
  return Object.fromEntries((answer?.types ?? []).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
}

/** An action's answers: its success (JSON by its schema, a file or nothing) and the error shapes. */
function contractResponses(contract: ActionContract): Record<string, unknown> {
  const { output } = contract;
  const success = isEmptyAnswer(output)
    ? { description: 'Done; no body.' }
    : isFileAnswer(output)
      ? { description: 'The file.', content: fileContent(output) }
      : { description: 'The answer.', content: { ...json(answerSchema(output)), ...fileContent(fileAlternative(contract)) } };
  const errors: Record<string, unknown> = { '400': ERRORS['400'], '401': ERRORS['401'], '403': ERRORS['403'], '404': ERRORS['404'] };
  for (const code of contract.errors ?? []) errors[String(code)] = (ERRORS as Record<string, unknown>)[String(code)] ?? { description: 'See the HTTP contract (README, “The HTTP API”).', content: json(ref('Detail')) };
  const successes = Object.fromEntries(successStatuses(contract).map((status) => [String(status), status === 204 ? { description: 'Done; no body.' } : success]));
  return { ...successes, ...errors, '429': ERRORS['429'], '503': ERRORS['503'] };
}

/** A contract's query parameters, one per property of its schema. */
function queryParameters(contract: ActionContract) {
  if (!contract.query) return [];
  const converted = bodySchema(contract.query) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: converted.required?.includes(name) ?? false, schema }));
}

function actionOperation(tag: string, action: ActionDefinition, base: string): [string, string, Operation] {
  const path = `/${base}${action.path}`;
  const { contract } = action;
  const operation: Operation = {
    tags: [tag],
    operationId: `${action.method.toLowerCase()}_${`${base}${action.path}`.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '')}`,
    summary: contract?.summary ?? action.path,
    parameters: [...pathParameters(path), ...(contract ? queryParameters(contract) : [])],
    responses: contract ? contractResponses(contract) : { '200': { description: 'The action’s answer (JSON, or a file).' }, ...ERRORS },
  };
  if (contract?.input) {
    operation.requestBody = { required: true, content: contract.multipart ? { 'multipart/form-data': { schema: bodySchema(contract.input) } } : json(bodySchema(contract.input)) };
  } else if (!contract && action.method !== 'GET' && action.method !== 'DELETE') operation.requestBody = { required: false, content: json({ type: 'object' }) };
  return [path, action.method.toLowerCase(), operation];
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, PathItem> = {};
  const schemas: Record<string, unknown> = {};
  const add = (path: string, method: string, operation: Operation) => {
    (paths[path] ??= {})[method] = operation;
  };
  for (const route of sessionRoutes) {
    // A route's contract (lib/contracts/session.ts) gives its summary, query, body and answers.
    const { contract } = route;
    const parameters = [...(route.path.includes('{') ? pathParameters(route.path, route.params) : []), ...(contract ? queryParameters(contract) : [])];
    const body = contract?.input ? { requestBody: { required: true, content: json(bodySchema(contract.input)) } } : !contract && route.method !== 'GET' ? { requestBody: { required: false, content: json({ type: 'object' }) } } : {};
    add(`/${route.path}`, route.method.toLowerCase(), {
      tags: ['session'],
      operationId: `${route.method.toLowerCase()}_${route.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '')}`,
      summary: contract?.summary ?? route.path,
      ...(parameters.length ? { parameters } : {}),
      ...(route.public ? { security: [] } : {}),
      ...body,
      responses: contract ? contractResponses(contract) : { '200': { description: 'Done.' }, ...ERRORS },
    });
  }
  for (const definition of RESOURCES) {
    const tag = definition.base.split('/')[0];
    const base = `/${definition.base}`;
    const id = parameter('record_id');
    // Each resource's shapes once, under components/schemas, referenced by its calls: the document
    // stays small enough for a browser to read (inline, it was 3 MB).
    const name = definition.base.replace(/\/api\//, '_').replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '');
    schemas[name] = selectSchema(definition.model, definition.select);
    const record = ref(name);
    let row = record;
    if (definition.listSelect) {
      schemas[`${name}_row`] = selectSchema(definition.model, definition.listSelect);
      row = ref(`${name}_row`);
    }
    // A resource whose records are made by an action only (no create schema: the generic POST is a 405) shows no create.
    const creates = !definition.readOnly && !definition.singleton && definition.createSchema !== undefined;
    if (creates) schemas[`${name}_create`] = bodySchema(definition.createSchema);
    if (!definition.readOnly) schemas[`${name}_update`] = bodySchema(definition.updateSchema);
    const page = {
      oneOf: [
        { type: 'object', properties: { elements: { type: 'integer' }, pages: { type: 'integer' }, data: { type: 'array', items: row } }, required: ['elements', 'pages', 'data'] },
        { type: 'array', items: row, description: 'Every row (no_paginate=true).' },
      ],
    };
    const op = (operationId: string, extra: Operation) => ({ tags: [tag], operationId: `${operationId}_${definition.base.replace(/[^a-z0-9]+/gi, '_').replace(/_$/, '')}`, ...extra });
    add(base, 'get', op('list', { summary: `List ${definition.table}`, parameters: listParameters(definition), responses: { '200': { description: 'A page of records (every row with no_paginate=true).', content: json(page) }, ...ERRORS } }));
    if (creates) {
      add(base, 'post', op('create', { summary: `Create in ${definition.table}`, requestBody: { required: true, content: json(ref(`${name}_create`)) }, responses: { '201': { description: 'Created.', content: json(record) }, ...ERRORS } }));
    }
    add(`${base}{id}/`, 'get', op('show', { summary: `One of ${definition.table}`, parameters: [id], responses: { '200': { description: 'The record.', content: json(record) }, ...ERRORS } }));
    if (!definition.readOnly) {
      const update = { parameters: [id], requestBody: { required: true, content: json(ref(`${name}_update`)) }, responses: { '200': { description: 'Updated.', content: json(record) }, ...ERRORS } };
      add(`${base}{id}/`, 'put', op('update', { summary: `Update in ${definition.table}`, ...update }));
      add(`${base}{id}/`, 'patch', op('patch', { summary: `Update part of a record of ${definition.table}`, ...update }));
      if (!definition.singleton) add(`${base}{id}/`, 'delete', op('delete', { summary: `Delete from ${definition.table}`, parameters: [id], responses: { '204': { description: 'Deleted.' }, ...ERRORS } }));
    }
    add(`${base}{id}/history/`, 'get', op('history', { summary: `A record’s history in ${definition.table}`, parameters: [id], responses: { '200': { description: 'Its changes, newest first.', content: json(ref('History')) }, ...ERRORS } }));
    if (definition.states) {
      add(`${base}{id}/state/`, 'get', op('state', { summary: `A record’s state in ${definition.table} and what it allows`, parameters: [id], responses: { '200': { description: 'Its state, the fields that may change, whether it may be deleted and the operations it offers.', content: json(ref('RecordState')) }, ...ERRORS } }));
    }
    add(`${base}export/`, 'get', op('export', { summary: `Export ${definition.table}`, parameters: [...listParameters(definition), { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['xlsx', 'csv'] } }], responses: { '200': { description: 'The file.' }, ...ERRORS } }));
    for (const field of Object.keys(definition.files ?? {})) {
      if (definition.files![field].storage !== 'disk') continue;
      add(`${base}{id}/file/${field}/`, 'get', op(`file_${field}`, { summary: `The file in ${field}`, parameters: [id, { name: 'inline', in: 'query', required: false, schema: { type: 'boolean' } }], responses: { '200': { description: 'The file.' }, ...ERRORS } }));
    }
    for (const action of definition.actions ?? []) {
      const [path, method, operation] = actionOperation(tag, action, definition.base);
      add(path, method, operation);
    }
  }
  for (const group of ACTION_GROUPS) {
    for (const action of group.actions) {
      const [path, method, operation] = actionOperation(group.base.split('/')[0], action, group.base);
      add(path, method, operation);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Plantel API', version: '1.0.0', description: 'The API of Plantel, the school administration system: every resource, action and session call. Errors answer `{detail}` or a message per field.' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      parameters: LIST_PARAMETERS,
      responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([status, response]) => [`E${status}`, response])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from POST /manage/login/.' },
        session: { type: 'apiKey', in: 'cookie', name: 'plantel.session', description: 'The browser session of the app’s own pages.' },
      },
      schemas: {
        ...schemas,
        Detail: { type: 'object', properties: { detail: { type: 'string' }, request_id: { type: 'string' } }, required: ['detail'] },
        FieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        History: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              date: { type: 'string', format: 'date-time' },
              user: { type: ['string', 'null'] },
              type: { type: 'string', enum: ['+', '~', '-'], description: 'Created, changed, deleted.' },
              changes: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, old: {}, new: {} }, required: ['field'], additionalProperties: true } },
              reason: { type: 'string' },
            },
            required: ['id', 'date', 'type', 'changes'],
          },
        },
        RecordState: {
          type: 'object',
          properties: {
            state: { type: 'string' },
            label: { type: 'string' },
            update: { oneOf: [{ type: 'string', const: '*' }, { type: 'array', items: { type: 'string' } }], description: 'The fields a generic update may change ("*": any).' },
            delete: { type: 'boolean' },
            operations: { type: 'array', items: { type: 'string' } },
          },
          required: ['state', 'label', 'update', 'delete', 'operations'],
        },
      },
    },
    paths,
  };
}
