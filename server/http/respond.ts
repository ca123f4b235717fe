// The wire format: JSON with decimals as strings (exact money and scores), dates as ISO strings.
import { Prisma } from '@/server/db/client';

export function toWire(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Prisma.Decimal) return value.toFixed();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toWire);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = toWire(item);
    return out;
  }
  return value;
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
