// The period-wide actions of scores/api/main-scores/ (spec section 7):
//   GET generate_all_extras/?cicle_id=   an extraordinary request for every failed final of the
//                                        period that has none yet (running it twice adds nothing)
//   GET failure_statistic/?cicle_id=     failures by career, group and subject (the fail index)
//   GET export_by_cicle/?cicle_id=       the period's main scores as a workbook
import * as contracts from '@/lib/contracts/scores';
import { getPool, prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { exportList } from '@/server/engine/engine';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';

// A failed final (with the plan's or the school's minimum), no passed extra or T.S., and no live
// request for the same student and schedule.
const FAILED = `
  FROM main_scores m
  WHERE m.cicle_id = $1
    AND ($2::int IS NULL OR m.campus_id = $2)
    AND m.final IS NOT NULL AND NOT m.approved AND m.extra IS NULL AND m.ts IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM extraordinaries e
      WHERE e.student_id = m.student_id AND e.schedule_id = m.schedule_id AND e.category = 'X'
        AND NOT e.is_deleted AND e.status <> 'CANCELLED'
    )`;

export const generateAllExtras: ActionDefinition = defineAction(contracts.generateAllExtras, {
  needs: 'write',
  // A GET by the spec, but it creates requests: a cookie call must come from our own pages.
  changesData: true,
  handler: async ({ actor, queryInput }) => {
    const { cicle_id, campus_id } = queryInput;
    const created = await prisma.$transaction(async (tx) => {
      // One statement, so two runs at once cannot both create the same request.
      await tx.$executeRawUnsafe('LOCK TABLE extraordinaries IN SHARE ROW EXCLUSIVE MODE');
      const rows = await tx.$queryRawUnsafe<{ id: number; student_id: number; schedule_id: number }[]>(
        `INSERT INTO extraordinaries (student_id, schedule_id, category, status, reason, updated_at)
         SELECT m.student_id, m.schedule_id, 'X', 'REQ', 'Generado por el cierre del periodo', now() ${FAILED}
         RETURNING id, student_id, schedule_id`,
        cicle_id,
        campus_id ?? null,
      );
      await recordHistoryMany(
        tx,
        rows.map((row) => ({
          table: 'extraordinaries',
          recordId: row.id,
          type: '+' as const,
          actor,
          changes: [
            { field: 'student_id', old: null, new: row.student_id },
            { field: 'schedule_id', old: null, new: row.schedule_id },
            { field: 'status', old: null, new: 'REQ' },
          ],
        })),
      );
      return rows.length;
    });
    return { created };
  },
});

type Count = { id: number | null; name: string | null; total: number; failed: number; rate: string | null };

// The view is computed once for the period (MATERIALIZED) and counted four ways in one pass: the
// view aggregates every partial score of the period, so each extra scan would cost as much again.
const FAILURES = `
  WITH m AS MATERIALIZED (
    SELECT career_id, group_id, group_code, subject_id, subject_code, subject_description, approved
    FROM main_scores
    WHERE cicle_id = $1 AND ($2::int IS NULL OR campus_id = $2) AND final IS NOT NULL
  ), counted AS (
    SELECT 'careers' AS kind, m.career_id AS id, c.name AS name, COUNT(*)::int AS total, COUNT(*) FILTER (WHERE NOT m.approved)::int AS failed
    FROM m LEFT JOIN careers c ON c.id = m.career_id GROUP BY m.career_id, c.name
    UNION ALL
    SELECT 'groups', m.group_id, m.group_code, COUNT(*)::int, COUNT(*) FILTER (WHERE NOT m.approved)::int FROM m GROUP BY m.group_id, m.group_code
    UNION ALL
    SELECT 'subjects', m.subject_id, m.subject_code || ' ' || m.subject_description, COUNT(*)::int, COUNT(*) FILTER (WHERE NOT m.approved)::int
    FROM m GROUP BY m.subject_id, m.subject_code, m.subject_description
    UNION ALL
    SELECT 'total', NULL, NULL, COUNT(*)::int, COUNT(*) FILTER (WHERE NOT m.approved)::int FROM m
  )
  SELECT kind, id, name, total, failed, ROUND(100.0 * failed / NULLIF(total, 0), 1)::text AS rate FROM counted`;

/** Worst first: compared as exact fractions (failed/total), then by name. */
const worstFirst = (a: Count, b: Count) => b.failed * a.total - a.failed * b.total || String(a.name).localeCompare(String(b.name));

export const failureStatistic: ActionDefinition = defineAction(contracts.failureStatistic, {
  needs: 'read',
  handler: async ({ queryInput }) => {
    const { cicle_id, campus_id } = queryInput;
    const { rows } = await getPool().query<Count & { kind: string }>(FAILURES, [cicle_id, campus_id ?? null]);
    const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ kind: _kind, ...row }) => row).sort(worstFirst);
    const total = rows.find((row) => row.kind === 'total') ?? { total: 0, failed: 0, rate: null };
    return { total: total.total, failed: total.failed, rate: total.rate, careers: of('careers'), groups: of('groups'), subjects: of('subjects') };
  },
});

// The contract has checked the period (required) and the campus; the list's filters do the rest.
export function exportByCicle(definition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.exportMainScoresByCicle, { needs: 'read', handler: async (ctx) => exportList(definition(), ctx) });
}
