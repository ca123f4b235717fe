// What the fuzz tests share (fuzz.test.ts, fuzz-actions.test.ts, fuzz-uploads.test.ts): the fixed
// seed, a per-target seed drawn from it, and the values that broke writes before.
import fc from 'fast-check';

export const SEED = 20_261_124;
export const INT4 = 2_147_483_647;

/** Each target (a resource base, an action) draws its own sequence from the fixed seed: the same
 * seed everywhere would try the same values at the same places in every target. */
export const seedOf = (name: string) => SEED + [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1_000_003, 0);

/** Values that broke writes before: NUL characters, impossible dates, booleans for numbers,
 * numbers past the database's range, lists and objects where a scalar goes. */
export const nasty = fc.oneof(
  // The known troublemakers come often; the rest explores.
  { arbitrary: fc.constantFrom('a\u0000b', '2026-02-30', '2026-13-01', '9999999999999', '-2147483649', '2147483648', 'true', '1e400', 'NaN', '0x10'), weight: 8 },
  { arbitrary: fc.constantFrom(true, false, 2_147_483_648, -2_147_483_649, 0.5, [1], { id: true }), weight: 4 },
  fc.constantFrom('\u0000', '', ' ', '<script>', '=1+1', 'ñandú'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.boolean()), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('id', 'x'), fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 5 })), { maxKeys: 2 }),
);

/** A value as it travels in a query string or a path. */
export const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
