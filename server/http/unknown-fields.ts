// An action's body may hold only the fields its contract names: a field it does not read would be
// ignored, and the caller would take the 200 for "applied" (api.md: a request is applied whole or
// refused whole). The names come from the contract's schema as JSON Schema, once per contract.
import { z } from 'zod';
import type { ActionContract } from '@/lib/contracts/contract';
import { badRequest, msg } from '@/server/errors';

/** The body fields a schema names; null when it takes any (a record of values, a list, a file). */
function namedFields(schema: z.ZodType): Set<string> | null {
  let converted: unknown;
  try {
    converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return null;
  }
  const names = new Set<string>();
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const object = node as { type?: unknown; properties?: Record<string, unknown>; additionalProperties?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
    const options = [...(object.anyOf ?? []), ...(object.oneOf ?? []), ...(object.allOf ?? [])];
    if (options.length) return options.every(visit);
    if (object.type !== 'object' || !object.properties) return false;
    // A schema that keeps what it does not name (passthrough, a catch-all) takes any field.
    if (object.additionalProperties !== undefined && object.additionalProperties !== false) return false;
    for (const name of Object.keys(object.properties)) names.add(name);
    return true;
  };
  return visit(converted) ? names : null;
}

const KNOWN = new WeakMap<z.ZodType, Set<string> | null>();

/** Refuses (400, a message per field) the fields of a JSON body its contract does not name. */
export function refuseUnknownFields(contract: ActionContract, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const given = Object.keys(body as Record<string, unknown>);
  if (!given.length) return;
  const schema = contract.input;
  let named: Set<string> | null = new Set();
  if (schema) {
    if (!KNOWN.has(schema)) KNOWN.set(schema, namedFields(schema));
    named = KNOWN.get(schema) ?? null;
  }
  if (!named) return;
  const unknown = given.filter((field) => !named.has(field));
  if (unknown.length) throw badRequest(Object.fromEntries(unknown.map((field) => [field, [msg('errors.unknown_field')]])));
}
