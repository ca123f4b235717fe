// The period-wide actions of scores/api/main-scores/ (spec section 7):
//   GET generate_all_extras/?cicle_id=   an extraordinary request for every failed final of the
//                                        period that has none yet (running it twice adds nothing)
//   GET failure_statistic/?cicle_id=     failures by career, group and subject (the fail index)
//   GET export_by_cicle/?cicle_id=       the period's main scores as a workbook
import { z } from 'zod';
import { getPool, prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { exportList } from '@/server/engine/engine';
import type { ActionDefinition, ResourceDefinition } from '@/server/engine/types';
import { json } from '@/server/http/respond';

const period = z.object({ cicle_id: z.coerce.number().int().positive(), campus_id: z.coerce.number().int().positive().optional() });

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

export const generateAllExtras: ActionDefinition = {
  method: 'GET',
  path: 'generate_all_extras/',
  needs: 'write',
  handler: async ({ actor, url }) => {
    const { cicle_id, campus_id } = period.parse(Object.fromEntries(url.searchParams));
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
    return json({ created });
  },
};

type Count = { id: number | string; name: string; total: number; failed: number; rate: string };

const statistic = (by: string, label: string) => `
  SELECT ${by} AS id, ${label} AS name, COUNT(*)::int AS total, COUNT(*) FILTER (WHERE NOT m.approved)::int AS failed,
         ROUND(100.0 * COUNT(*) FILTER (WHERE NOT m.approved) / COUNT(*), 1)::text AS rate
  FROM main_scores m
  LEFT JOIN careers c ON c.id = m.career_id
  WHERE m.cicle_id = $1 AND ($2::int IS NULL OR m.campus_id = $2) AND m.final IS NOT NULL
  GROUP BY 1, 2
  ORDER BY COUNT(*) FILTER (WHERE NOT m.approved)::numeric / COUNT(*) DESC, 2`;

export const failureStatistic: ActionDefinition = {
  method: 'GET',
  path: 'failure_statistic/',
  needs: 'read',
  handler: async ({ url }) => {
    const { cicle_id, campus_id } = period.parse(Object.fromEntries(url.searchParams));
    const pool = getPool();
    const values = [cicle_id, campus_id ?? null];
    const [careers, groups, subjects, total] = await Promise.all([
      pool.query<Count>(statistic('m.career_id', 'c.name'), values),
      pool.query<Count>(statistic('m.group_id', 'm.group_code'), values),
      pool.query<Count>(statistic('m.subject_id', "m.subject_code || ' ' || m.subject_description"), values),
      pool.query<{ total: number; failed: number; rate: string | null }>(
        `SELECT COUNT(*)::int AS total, COUNT(*) FILTER (WHERE NOT m.approved)::int AS failed,
                ROUND(100.0 * COUNT(*) FILTER (WHERE NOT m.approved) / NULLIF(COUNT(*), 0), 1)::text AS rate
         FROM main_scores m WHERE m.cicle_id = $1 AND ($2::int IS NULL OR m.campus_id = $2) AND m.final IS NOT NULL`,
        values,
      ),
    ]);
    return json({ ...total.rows[0], careers: careers.rows, groups: groups.rows, subjects: subjects.rows });
  },
};

export function exportByCicle(definition: () => ResourceDefinition): ActionDefinition {
  return {
    method: 'GET',
    path: 'export_by_cicle/',
    needs: 'read',
    handler: async (ctx) => {
      period.parse(Object.fromEntries(ctx.url.searchParams));
      return exportList(definition(), ctx, ctx.actor);
    },
  };
}
