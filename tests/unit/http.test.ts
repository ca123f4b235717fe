import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, withFallback } from '@/lib/i18n';
import { calendarDay, changePasswordSchema, decimal, email, positiveId, text } from '@/lib/validation';
import { escapeLike } from '@/server/engine/engine';
import { diffRows } from '@/server/engine/audit';
import { zodFieldErrors } from '@/server/validation';
import { referencingTable } from '@/server/error-answer';

const keys = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(Object.entries(zodFieldErrors(result.error)).map(([f, m]) => [f, m.map((x) => [x.key, x.values])]));
};

describe('validation messages', () => {
  const schema = z.object({ name: text(5), email: email.optional(), amount: decimal({ places: 2, min: 0 }).optional() });
  it.each([
    ['missing', {}, { name: [['errors.required', undefined]] }],
    ['empty', { name: '' }, { name: [['errors.required', undefined]] }],
    ['too long', { name: 'abcdefg' }, { name: [['errors.max_length', { max: 5 }]] }],
    ['not text', { name: 12 }, { name: [['errors.type_text', undefined]] }],
    ['bad email', { name: 'a', email: 'nope' }, { email: [['errors.email', undefined]] }],
    ['bad decimal', { name: 'a', amount: '1.234' }, { amount: [['errors.max_decimals', { places: 2 }]] }],
    ['ok', { name: 'ab', email: '', amount: '10.50' }, {}],
  ])('%s', (_name, value, expected) => {
    expect(keys(schema, value)).toEqual(expected);
  });
  const record = z.object({ id: positiveId.optional(), day: calendarDay.optional() });
  it.each([
    // positive() refuses 0 itself: "at least 0" would contradict the refusal.
    ['id 0', { id: 0 }, { id: [['errors.more_than', { min: 0 }]] }],
    // Past PostgreSQL's integer a query would fail: out of range, never a 500.
    ['id past the database integer', { id: '2147483648' }, { id: [['errors.out_of_range', { max: 2147483647 }]] }],
    ['id past JavaScript integers', { id: '9'.repeat(30) }, { id: [['errors.out_of_range', undefined]] }],
    ['a month that does not exist', { day: '2026-13-01' }, { day: [['errors.date', undefined]] }],
    ['a day that does not exist', { day: '2026-02-30' }, { day: [['errors.date', undefined]] }],
    ['ok', { id: '2147483647', day: '2028-02-29' }, {}],
  ])('%s', (_name, value, expected) => {
    expect(keys(record, value)).toEqual(expected);
  });
  it('passwords must match', () => {
    expect(keys(changePasswordSchema, { password: 'abcdefgh', password_confirm: 'abcdefgx' })).toEqual({
      password_confirm: [['auth.passwords_mismatch', undefined]],
    });
  });
});

describe('helpers', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('g_r 100%')).toBe('g\\_r 100\\%');
  });
  it('diffs rows field by field, excluding secrets', () => {
    expect(diffRows({ a: 1, b: 'x', password: 'p' }, { a: 2, b: 'x', password: 'q' }, ['password'])).toEqual([{ field: 'a', old: 1, new: 2 }]);
  });
  it.each([
    ['violates foreign key constraint "student_documents_student_id_fkey"', 'student_documents'],
    ['constraint "students_career_id_fkey"', 'students'],
    ['no constraint named', null],
  ])('finds the referencing table in %s', (message, table) => {
    expect(referencingTable({ message })).toBe(table);
  });
  it('picks a supported language from Accept-Language', () => {
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR,es-MX;q=0.8,en;q=0.5')).toBe('es');
    expect(localeFromAcceptLanguage('fr')).toBeNull();
  });
  it('fills missing keys from the fallback language', () => {
    expect(withFallback({ a: { x: 'uno' } }, { a: { x: 'one', y: 'two' }, b: 'three' })).toEqual({ a: { x: 'uno', y: 'two' }, b: 'three' });
  });
});
