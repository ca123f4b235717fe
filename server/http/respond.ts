// The wire format: JSON with decimals as strings (exact money and scores), dates as ISO strings.
import { Prisma } from '@/server/db/client';

// Runs over every value of every answer, so it is written for speed: primitives leave first, and
// plain loops instead of entries()/map() allocations (a list page has ~1,500 values).
export function toWire(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const type = typeof value;
  if (type !== 'object') return type === 'bigint' ? (value as bigint).toString() : value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Prisma.Decimal) return value.toFixed();
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) out[i] = toWire(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) out[key] = toWire(record[key]);
  return out;
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(toWire(data)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', ...headers } });
}
