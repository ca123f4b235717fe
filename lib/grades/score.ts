// How scores are computed (spec section 3 "Derived values", design/domain.md "Grades"). Pure, shared
// by the API and the teacher's capture screen, so what a teacher sees while typing is what is saved.
import { type Fraction, add, clamp, compare, divide, fraction, multiply, parseDecimal, roundHalfUp } from './decimal';

/** The school's grading settings (Setting). `DEC`: factor scores on the 0-10 scale; `PER`: 0-100. */
export type GradeSettings = {
  min_cal: string;
  max_cal: string;
  min_approve: string;
  precision_cal: number;
  calculate_type: 'DEC' | 'PER';
};

/** The settings from a Setting row (decimals as text), with the defaults where it has none. */
export function gradeSettingsFrom(row: { min_cal?: string | null; max_cal?: string | null; min_approve?: string | null; precision_cal?: number | null; calculate_type?: string | null } | null | undefined): GradeSettings {
  return {
    min_cal: row?.min_cal ?? '0',
    max_cal: row?.max_cal ?? '10',
    min_approve: row?.min_approve ?? '6',
    precision_cal: row?.precision_cal ?? 1,
    calculate_type: row?.calculate_type === 'PER' ? 'PER' : 'DEC',
  };
}

export type FactorScore = {
  /** The factor's weight in percent. */
  value: string;
  is_attendance: boolean;
  /** The student's score in this factor; null while not captured. */
  score: string | null;
};

const must = (text: string, what: string): Fraction => {
  const parsed = parseDecimal(text);
  if (!parsed) throw new Error(`${what} is not a number: ${text}`);
  return parsed;
};

/**
 * A partial score from its factors. Percentage mode: Σ score/100 × value, divided by 10; decimal
 * mode: Σ score × value, divided by 100. Attendance factors are left out. The result is clamped to
 * min_cal..max_cal and rounded half up to precision_cal decimals. Null while a factor that counts
 * has no score (or when none counts).
 */
export function partialFromFactors(factors: readonly FactorScore[], settings: GradeSettings): string | null {
  const counted = factors.filter((factor) => !factor.is_attendance);
  if (counted.length === 0 || counted.some((factor) => factor.score === null || factor.score.trim() === '')) return null;
  let sum = fraction(0n);
  for (const factor of counted) sum = add(sum, multiply(must(factor.score!, 'score'), must(factor.value, 'factor value')));
  const raw = settings.calculate_type === 'PER' ? divide(sum, 1000n) : divide(sum, 100n);
  return roundHalfUp(clamp(raw, must(settings.min_cal, 'min_cal'), must(settings.max_cal, 'max_cal')), settings.precision_cal);
}

/** The highest score a factor takes in the setting's mode (10, or 100 in percentage mode). */
export function factorScoreMax(settings: GradeSettings): string {
  return settings.calculate_type === 'PER' ? '100' : settings.max_cal;
}

/**
 * The ordinary final: the average of the period's ordinary partials once all are captured ("NP",
 * did not attend, counts 0), rounded half up to precision_cal. Null while one is missing.
 */
export function ordinaryFinal(partials: readonly (string | null)[], expected: number, settings: GradeSettings): string | null {
  if (expected <= 0 || partials.length < expected) return null;
  const taken = partials.slice(0, expected);
  if (taken.some((score) => score === null || score.trim() === '')) return null;
  let sum = fraction(0n);
  for (const score of taken) sum = add(sum, score!.trim().toUpperCase() === 'NP' ? fraction(0n) : must(score!, 'partial'));
  return roundHalfUp(divide(sum, BigInt(expected)), settings.precision_cal);
}

export function isApproved(score: string | null, settings: GradeSettings): boolean {
  if (score === null) return false;
  const parsed = parseDecimal(score);
  return parsed !== null && compare(parsed, must(settings.min_approve, 'min_approve')) >= 0;
}

/**
 * The score that counts for averages: a passed extra or T.S. replaces a failed final, and the
 * attempts stay in the kardex. As in the main_scores view, the highest of the attempts taken.
 */
export function countingScore(attempts: { final: string | null; extra: string | null; ts: string | null }): string | null {
  let best: { text: string; value: Fraction } | null = null;
  for (const text of [attempts.final, attempts.extra, attempts.ts]) {
    const value = text === null ? null : parseDecimal(text);
    if (value && (!best || compare(value, best.value) > 0)) best = { text: text!, value };
  }
  return best?.text ?? null;
}

/** On official documents a failed subject shows 5 at most (design/domain.md). */
export function documentScore(score: string, settings: GradeSettings): string {
  const parsed = must(score, 'score');
  if (isApproved(score, settings) || compare(parsed, fraction(5n)) <= 0) return score;
  return roundHalfUp(fraction(5n), settings.precision_cal);
}

/** A typed score: a number within the scale with at most precision_cal decimals (or "NP"). */
export function validScore(text: string, settings: GradeSettings, scale: 'partial' | 'factor' = 'partial'): boolean {
  const trimmed = text.trim();
  if (scale === 'partial' && trimmed.toUpperCase() === 'NP') return true;
  const parsed = parseDecimal(trimmed);
  if (!parsed || parsed.num < 0n) return false;
  const decimals = trimmed.split('.')[1]?.length ?? 0;
  if (decimals > Math.max(settings.precision_cal, scale === 'factor' ? 2 : 0)) return false;
  const max = scale === 'factor' ? factorScoreMax(settings) : settings.max_cal;
  return compare(parsed, must(scale === 'factor' ? '0' : settings.min_cal, 'min')) >= 0 && compare(parsed, must(max, 'max')) <= 0;
}

/** The evaluation factors of a schedule's partial: at most five, weights of the counted ones at most 100 %. */
export const MAX_FACTORS = 5;

export function factorProblem(factors: readonly { value: string; is_attendance: boolean }[]): 'errors.factors_too_many' | 'errors.factors_over_100' | null {
  if (factors.length > MAX_FACTORS) return 'errors.factors_too_many';
  let total = fraction(0n);
  for (const factor of factors) if (!factor.is_attendance) total = add(total, must(factor.value, 'factor value'));
  return compare(total, fraction(100n)) > 0 ? 'errors.factors_over_100' : null;
}
