// The kardex (historial académico) summarised: subjects by grade with their attempts, the average of
// each grade and of each period, the overall average and the credits earned. Pure and exact, so the
// portal page and the PDF say the same numbers.
import { add, divide, fraction, parseDecimal, roundHalfUp } from './decimal';
import { type GradeSettings, isApproved } from './score';

/** One subject of the kardex (reports/api/student-kardex/): its latest ordinary attempt, extra and T.S. */
export type KardexRow = {
  subject_id: number;
  grade: number;
  code: string;
  description: string;
  credit: string;
  cicle_description: string | null;
  score: string | null;
  extra_cicle_description: string | null;
  extra_score: string | null;
  ts_cicle_description: string | null;
  ts_score: string | null;
  /** The score that counts: the best of the attempts. */
  final_score: string | null;
};

export type KardexSummary = {
  grades: { grade: number; rows: KardexRow[]; average: string | null }[];
  periods: { cicle: string; average: string | null; subjects: number }[];
  average: string | null;
  credits: string;
  approved: number;
  failed: number;
};

function average(scores: (string | null)[], places: number): string | null {
  const taken = scores.map((score) => (score === null ? null : parseDecimal(score))).filter((score) => score !== null);
  if (!taken.length) return null;
  return roundHalfUp(divide(taken.reduce((sum, score) => add(sum, score!), fraction(0n)), BigInt(taken.length)), places);
}

export function summarizeKardex(rows: readonly KardexRow[], settings: GradeSettings): KardexSummary {
  const places = settings.precision_cal;
  const byGrade = new Map<number, KardexRow[]>();
  for (const row of rows) byGrade.set(row.grade, [...(byGrade.get(row.grade) ?? []), row]);
  const grades = [...byGrade.entries()].sort(([a], [b]) => a - b).map(([grade, list]) => ({ grade, rows: list, average: average(list.map((row) => row.final_score), places) }));

  // A period's average: the subjects whose ordinary attempt was in it, with the score that counts.
  const byPeriod = new Map<string, (string | null)[]>();
  for (const row of rows) if (row.cicle_description && row.final_score !== null) byPeriod.set(row.cicle_description, [...(byPeriod.get(row.cicle_description) ?? []), row.final_score]);
  const periods = [...byPeriod.entries()].map(([cicle, scores]) => ({ cicle, average: average(scores, places), subjects: scores.length }));

  let credits = fraction(0n);
  let approved = 0;
  let failed = 0;
  for (const row of rows) {
    if (row.final_score === null) continue;
    if (isApproved(row.final_score, settings)) {
      approved += 1;
      credits = add(credits, parseDecimal(row.credit) ?? fraction(0n));
    } else failed += 1;
  }
  return { grades, periods, average: average(rows.map((row) => row.final_score), places), credits: roundHalfUp(credits, 2), approved, failed };
}
