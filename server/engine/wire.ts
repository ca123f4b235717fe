// The wire format: JSON with decimals as strings (exact money and scores), dates as ISO strings.
// Engine operations return their data in this form, so a route handler, a server component and a
// job read the same plain values.
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
