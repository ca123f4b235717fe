// Historical scores (the kardex of a school's previous system), kept by the scores module as the
// consolidation keeps a period's results: one subject_cicles line per student, subject and period,
// whose ordinary (final_score), extraordinary (extra_score) and título de suficiencia (ts_score)
// columns the kardex view reads (its best attempt, approval and averages). An exam of a line is a
// record of its own: (student, subject, period, exam type). A batch is compared with the stored
// lines in one query, the lines that change are written in one INSERT … ON CONFLICT, their
// students' period averages (student_periods) recomputed as the consolidation does, and every line
// written gets its history row, all in one statement.
import { sameDecimal } from '@/lib/grades/historical';
import type { Actor } from '@/server/auth/actor';
import type { Prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { studentPeriodsSql } from './subject-cicle-actions';

type Tx = Prisma.TransactionClient;

/** The column of a subject_cicles line an exam type fills. */
export type ExamColumn = 'final_score' | 'extra_score' | 'ts_score';
export const EXAM_COLUMNS: readonly ExamColumn[] = ['final_score', 'extra_score', 'ts_score'];

export type HistoricalScore = { student_id: number; cicle_id: number; subject_id: number; column: ExamColumn; score: string };
export type KeptOutcome = 'created' | 'updated' | 'unchanged';

type Stored = { id: number; student_id: number; cicle_id: number; subject_id: number; final_score: string | null; extra_score: string | null; ts_score: string | null };

const lineKey = (item: { student_id: number; cicle_id: number; subject_id: number }) => `${item.student_id}:${item.cicle_id}:${item.subject_id}`;

const STORED = `
  SELECT k.id, k.student_id, k.cicle_id, k.subject_id, trim_scale(k.final_score)::text AS final_score,
         trim_scale(k.extra_score)::text AS extra_score, trim_scale(k.ts_score)::text AS ts_score
  FROM subject_cicles k
  JOIN unnest($1::int[], $2::int[], $3::int[]) AS given(student_id, cicle_id, subject_id) USING (student_id, cicle_id, subject_id)`;

// One row per line: a column the batch does not give keeps its stored value.
const KEEP = `
  INSERT INTO subject_cicles (student_id, cicle_id, subject_id, final_score, extra_score, ts_score, subject_type, updated_at)
  SELECT g.student_id, g.cicle_id, g.subject_id, g.final_score, g.extra_score, g.ts_score, 'Histórica', now()
  FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::numeric[], $6::numeric[]) AS g(student_id, cicle_id, subject_id, final_score, extra_score, ts_score)
  ON CONFLICT (student_id, cicle_id, subject_id) DO UPDATE
    SET final_score = COALESCE(EXCLUDED.final_score, subject_cicles.final_score),
        extra_score = COALESCE(EXCLUDED.extra_score, subject_cicles.extra_score),
        ts_score = COALESCE(EXCLUDED.ts_score, subject_cicles.ts_score),
        status = true, updated_at = now()
  RETURNING id, student_id, cicle_id, subject_id`;

const PERIODS_OF_BATCH = studentPeriodsSql(`SELECT DISTINCT student_id, cicle_id FROM unnest($1::int[], $2::int[]) AS given(student_id, cicle_id)`);

// A long import's periods whose averages wait for its end (a student's period is touched by many
// batches): a table of the transaction, dropped at its end.
const PENDING_TABLE = `CREATE TEMP TABLE IF NOT EXISTS historical_periods_pending (student_id int, cicle_id int, PRIMARY KEY (student_id, cicle_id)) ON COMMIT DROP`;
const PENDING_ADD = `INSERT INTO historical_periods_pending SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`;
const PERIODS_PENDING = studentPeriodsSql(`SELECT student_id, cicle_id FROM historical_periods_pending`);

type PeriodRow = { id: number; inserted: boolean; old: string | null; score: string | null };
const periodHistory = (rows: PeriodRow[], actor: Actor, reason?: string): HistoryEntry[] =>
  rows.map((row) => ({ table: 'student_periods', recordId: row.id, type: row.inserted ? ('+' as const) : ('~' as const), actor, changes: [{ field: 'score', old: row.inserted ? null : row.old, new: row.score }], reason }));

/** The period averages an import's batches left pending (keepHistoricalScores with `periodsLater`), recomputed once, with their history. */
export async function settlePendingPeriodAverages(tx: Tx, actor: Actor, reason?: string): Promise<void> {
  const [{ pending }] = await tx.$queryRawUnsafe<{ pending: string | null }[]>(`SELECT to_regclass('pg_temp.historical_periods_pending')::text AS pending`);
  if (!pending) return;
  const periods = await tx.$queryRawUnsafe<PeriodRow[]>(PERIODS_PENDING);
  await recordHistoryMany(tx, periodHistory(periods, actor, reason));
  await tx.$executeRawUnsafe(`DROP TABLE historical_periods_pending`);
}

/**
 * Keeps the historical scores in the caller's transaction; answers each one's outcome in the order
 * given (two scores of one batch never name the same line and exam: the import refuses a repeated
 * natural key before writing).
 */
export async function keepHistoricalScores(tx: Tx, actor: Actor, items: readonly HistoricalScore[], reason?: string, options: { periodsLater?: boolean } = {}): Promise<KeptOutcome[]> {
  if (items.length === 0) return [];
  const stored = await tx.$queryRawUnsafe<Stored[]>(
    STORED,
    items.map((item) => item.student_id),
    items.map((item) => item.cicle_id),
    items.map((item) => item.subject_id),
  );
  const byLine = new Map(stored.map((row) => [lineKey(row), row]));
  const outcomes: KeptOutcome[] = items.map((item) => {
    const before = byLine.get(lineKey(item))?.[item.column] ?? null;
    if (before === null) return 'created';
    return sameDecimal(before, item.score) ? 'unchanged' : 'updated';
  });

  // The lines to write, each with the columns the batch changes.
  const lines = new Map<string, { student_id: number; cicle_id: number; subject_id: number } & Record<ExamColumn, string | null>>();
  items.forEach((item, index) => {
    if (outcomes[index] === 'unchanged') return;
    const key = lineKey(item);
    const line = lines.get(key) ?? { student_id: item.student_id, cicle_id: item.cicle_id, subject_id: item.subject_id, final_score: null, extra_score: null, ts_score: null };
    line[item.column] = item.score;
    lines.set(key, line);
  });
  if (lines.size === 0) return outcomes;
  const written = [...lines.values()];
  const saved = await tx.$queryRawUnsafe<{ id: number; student_id: number; cicle_id: number; subject_id: number }[]>(
    KEEP,
    written.map((line) => line.student_id),
    written.map((line) => line.cicle_id),
    written.map((line) => line.subject_id),
    written.map((line) => line.final_score),
    written.map((line) => line.extra_score),
    written.map((line) => line.ts_score),
  );
  const history: HistoryEntry[] = saved.map((row) => {
    const before = byLine.get(lineKey(row));
    const line = lines.get(lineKey(row))!;
    const changes = EXAM_COLUMNS.filter((column) => line[column] !== null).map((column) => ({ field: column, old: before?.[column] ?? null, new: line[column] }));
    return { table: 'subject_cicles', recordId: row.id, type: before ? ('~' as const) : ('+' as const), actor, changes, reason };
  });
  // The students' period averages follow their lines, as after a consolidation: now, or once at the
  // end of an import (settlePendingPeriodAverages) when its batches would recompute them again and again.
  const students = written.map((line) => line.student_id);
  const cicles = written.map((line) => line.cicle_id);
  if (options.periodsLater) {
    await tx.$executeRawUnsafe(PENDING_TABLE);
    await tx.$executeRawUnsafe(PENDING_ADD, students, cicles);
  } else {
    history.push(...periodHistory(await tx.$queryRawUnsafe<PeriodRow[]>(PERIODS_OF_BATCH, students, cicles), actor, reason));
  }
  await recordHistoryMany(tx, history);
  return outcomes;
}
