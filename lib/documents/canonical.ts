// The canonical JSON of an issued document: the one text its hash and seal are computed over, so the
// same facts always give the same bytes whoever writes them. Keys in code-point order at every level,
// no spaces, text as JSON escapes it; numbers only as whole numbers (a score or an amount travels as
// its exact decimal text, "8.5", never as a float that could print as 8.499999); dates as YYYY-MM-DD.

export type Canonical = string | number | boolean | null | readonly Canonical[] | { readonly [key: string]: Canonical };

/** A value the canonical form cannot hold faithfully (a fraction as a float, a function...). */
export class CanonicalError extends Error {}

function normalize(value: unknown, path: string): Canonical | undefined {
  if (value === null) return null;
  if (value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new CanonicalError(`${path}: ${value} is not a whole number; write decimals as text`);
    // -0 and 0 are one number.
    return value === 0 ? 0 : value;
  }
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new CanonicalError(`${path}: invalid date`);
    return value.toISOString().slice(0, 10);
  }
  // An exact decimal (Prisma's Decimal, decimal.js) as its plain text.
  if (typeof value === 'object' && typeof (value as { toFixed?: unknown }).toFixed === 'function' && typeof (value as { isFinite?: unknown }).isFinite === 'function') {
    return (value as { toFixed: () => string }).toFixed();
  }
  if (Array.isArray(value)) return value.map((item, index) => normalize(item, `${path}[${index}]`) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, Canonical> = {};
    for (const key of Object.keys(value as object).sort()) {
      const item = normalize((value as Record<string, unknown>)[key], `${path}.${key}`);
      if (item !== undefined) out[key] = item;
    }
    return out;
  }
  throw new CanonicalError(`${path}: ${typeof value} has no canonical form`);
}

function write(value: Canonical): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  const object = value as { readonly [key: string]: Canonical };
  // Object.keys of a normalized object are already sorted; sort again so a hand-made one is too.
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${write(object[key])}`)
    .join(',')}}`;
}

/** The canonical text of a value: sorted keys, undefined left out, exact decimals and dates as text. */
export function canonicalJson(value: unknown): string {
  const normalized = normalize(value, '$');
  if (normalized === undefined) throw new CanonicalError('$: undefined has no canonical form');
  return write(normalized);
}
