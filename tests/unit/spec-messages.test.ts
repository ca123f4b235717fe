// The messages of the spec's section 5 ("Messages the product shows"): each one is in both message
// files, in the spec's words in English and translated in Spanish, and the rule that checks it on
// the server (server/ or lib/, which the server shares with the screens) answers with that key, so
// a screen never shows it while the API answers something else. The API tests call those rules
// (tests/api/spec-messages.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '@/messages';

/** [the spec's message, its key, the English text (null: the spec only names the rule)]. */
const SECTION_5: readonly (readonly [string, string, string | null])[] = [
  ['Select a file.', 'errors.file_required', 'Select a file.'],
  ['Upload files must be under 5MB.', 'errors.file_too_large', 'Upload files must be under 5MB.'],
  ['Capacity exceeded (a course group).', 'errors.capacity_exceeded', 'Capacity exceeded.'],
  ['Capacity exceeded (a group).', 'scholar.groups.capacity_exceeded', null],
  ['Dates do not match the partial.', 'errors.dates_partial', 'Dates do not match the partial.'],
  ['Type a valid score.', 'errors.score', 'Type a valid score.'],
  ['Type a note.', 'errors.note_required', 'Type a note.'],
  ['Select the date limit.', 'errors.limit_date', 'Select the date limit.'],
  ['Type a reason for cancel.', 'errors.cancel_reason', 'Type a reason for cancel.'],
  ['Payment must be greater than zero.', 'finance.payment.not_positive', 'Payment must be greater than zero.'],
  ['Select at least one month to pay.', 'finance.tuition.select_month', 'Select at least one month to pay.'],
  ['Add at least one sale concept.', 'finance.cart.empty', 'Add at least one sale concept.'],
  ['Select at least one product.', 'finance.cart.select_product', 'Select at least one product.'],
  ['Select the exam date.', 'errors.exam_date', 'Select the exam date.'],
  ['Shift cannot be empty for an aspirant.', 'admissions.shift_required', 'Shift cannot be empty for an aspirant.'],
  ['Passwords do not match.', 'auth.passwords_mismatch', 'Passwords do not match.'],
  // Section 3 words the factors' messages: "You can't exceed 100 %", "You can't add more than five factors".
  ['Factors cannot exceed 100 percent.', 'errors.factors_over_100', "You can't exceed 100 %."],
  ['Cannot add more than five factors.', 'errors.factors_too_many', "You can't add more than five factors."],
  ['Type modular dates when a subject is modular.', 'errors.modular_dates', 'Type modular dates.'],
  ['Title end date consistency.', 'titles.errors.career_end', null],
  ['Title antecedent date consistency.', 'titles.errors.antecedent_end', null],
  ['Title antecedent before the career.', 'titles.errors.antecedent_before_career', null],
  ['Title issue date after the career.', 'titles.errors.exp_after_end', null],
  ['Some students cannot be assigned a scholarship.', 'finance.scholarship.some_rejected', 'Some students cannot be assigned a scholarship.'],
];

function text(locale: 'es' | 'en', key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalog[locale]);
}

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

const ruleSources = [...sources('server'), ...sources('lib')].join('\n');

describe("the spec's section 5 messages", () => {
  it.each(SECTION_5)('%s', (_, key, english) => {
    const en = text('en', key);
    const es = text('es', key);
    expect(en, `messages/en has ${key}`).toEqual(expect.any(String));
    expect(es, `messages/es has ${key}`).toEqual(expect.any(String));
    if (english) expect(en).toBe(english);
    // Translated, not copied.
    expect(es).not.toBe(en);
    expect(ruleSources, `a rule in server/ or lib/ answers ${key}`).toContain(`'${key}'`);
  });
});
