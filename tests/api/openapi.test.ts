// The OpenAPI document (issue 19): valid OpenAPI 3.1, every route the dispatcher serves is in it,
// every path in it is served, request bodies come from the schemas that validate them, and only
// signed-in staff read it.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { match } from '@/server/http/dispatch';
import { openApiDocument } from '@/server/http/openapi';
import { sessionRoutes } from '@/server/http/session-routes';
import { ACTION_GROUPS, RESOURCES } from '@/server/modules/registry';
import { readFileSync } from 'node:fs';
import { resourceTypesModule } from '@/scripts/lib/resource-types';

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>> };
const doc = openApiDocument() as unknown as Doc;
/** A schema as written, or the one its $ref names under components/schemas. */
const resolve = (schema: unknown): Record<string, unknown> | undefined => {
  const node = schema as Record<string, unknown> | undefined;
  const name = typeof node?.$ref === 'string' ? node.$ref.replace('#/components/schemas/', '') : null;
  return name ? (doc as unknown as { components: { schemas: Record<string, Record<string, unknown>> } }).components.schemas[name] : node;
};
const concrete = (path: string) => path.slice(1).replace(/\{id\}/g, '1').replace(/\{(\w+)\}/g, 'x');

describe('the OpenAPI document', () => {
  it('gives the screens their resource types: lib/contracts/resource-records.generated.ts is up to date', () => {
    // Screens read records and rows typed from this file; a changed select changes their types.
    const written = readFileSync('lib/contracts/resource-records.generated.ts', 'utf8');
    expect(written, 'run `npm run generate:types`').toBe(resourceTypesModule());
    expect(written).toMatch(/^  students: \{\n    id: number;\n/m);
  });

  it('is valid OpenAPI 3.1', async () => {
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('holds every route the dispatcher serves', () => {
    const has = (path: string, method: string) => Boolean(doc.paths[path]?.[method.toLowerCase()]);
    const missing: string[] = [];
    for (const route of sessionRoutes) if (!has(`/${route.path}`, route.method)) missing.push(`${route.method} ${route.path}`);
    for (const definition of RESOURCES) {
      if (!has(`/${definition.base}`, 'GET')) missing.push(`GET ${definition.base}`);
      if (!has(`/${definition.base}{id}/`, 'GET')) missing.push(`GET ${definition.base}{id}/`);
      for (const action of definition.actions ?? []) if (!has(`/${definition.base}${action.path}`, action.method)) missing.push(`${action.method} ${definition.base}${action.path}`);
    }
    for (const group of ACTION_GROUPS) for (const action of group.actions) if (!has(`/${group.base}${action.path}`, action.method)) missing.push(`${action.method} ${group.base}${action.path}`);
    expect(missing).toEqual([]);
    expect(RESOURCES.length).toBeGreaterThanOrEqual(103);
  });

  it('serves every path it holds', () => {
    const unserved: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        if (!match(method.toUpperCase() as never, concrete(path)).match) unserved.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unserved).toEqual([]);
  });

  it('describes bodies with the fields and limits that validate them', () => {
    const body = resolve(doc.paths['/academic/api/campus/'].post.requestBody!.content['application/json'].schema) as { properties: Record<string, { maxLength?: number }>; required?: string[] };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['code', 'name']));
    expect(body.required).toEqual(expect.arrayContaining(['name']));
    expect(body.properties.name.maxLength).toBeGreaterThan(0);
  });
});

// Issue 28: every action has its contract (lib/contracts), and the document shows it whole.
describe('action contracts', () => {
  const actions = [...RESOURCES.flatMap((definition) => (definition.actions ?? []).map((action) => ({ base: definition.base, action }))), ...ACTION_GROUPS.flatMap((group) => group.actions.map((action) => ({ base: group.base, action })))];
  const name = ({ base, action }: (typeof actions)[number]) => `${action.method} ${base}${action.path}`;

  it('every action is defined with its contract, at the path it is served', () => {
    expect(actions.length).toBeGreaterThanOrEqual(110);
    expect(actions.filter((entry) => !entry.action.contract).map(name)).toEqual([]);
    const misplaced = actions.filter(({ base, action }) => action.contract && (action.contract.base !== base || action.contract.path !== action.path || action.contract.method !== action.method));
    expect(misplaced.map(name)).toEqual([]);
  });

  it('no bare object is left: every body and every JSON answer has its fields', () => {
    const bare: string[] = [];
    const isBare = (schema: unknown) => {
      const s = resolve(schema);
      return !s || (s.type === 'object' && !s.properties && !s.additionalProperties && !s.patternProperties && !s.anyOf && !s.oneOf && !s.allOf);
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>)) {
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) if (isBare(content.schema)) bare.push(`${method} ${path} body ${type}`);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 300) continue;
          for (const [type, content] of Object.entries(response.content ?? {})) if (type.includes('json') && isBare(content.schema)) bare.push(`${method} ${path} ${status} ${type}`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it('a body-taking action shows its request, and every action its answer', () => {
    const operations = doc.paths as unknown as Record<string, Record<string, { requestBody?: unknown; responses: Record<string, { content?: unknown; description: string }> }>>;
    const missing: string[] = [];
    for (const entry of actions) {
      const operation = operations[`/${entry.base}${entry.action.path}`][entry.action.method.toLowerCase()];
      if (entry.action.contract?.input && !operation.requestBody) missing.push(`${name(entry)}: request`);
      const success = Object.entries(operation.responses).find(([status]) => Number(status) < 300);
      if (!success) missing.push(`${name(entry)}: answer`);
    }
    expect(missing).toEqual([]);
  });
});

describe('the browser’s resource bases', () => {
  it('name exactly the resources and action groups the server has', async () => {
    const { RESOURCE_BASES } = await import('@/lib/contracts/resources');
    const served = [...RESOURCES, ...ACTION_GROUPS].map((definition) => `/${definition.base}`).sort();
    expect(Object.values(RESOURCE_BASES).sort()).toEqual(served);
  });
});
