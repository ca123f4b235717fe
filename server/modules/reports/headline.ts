// GET reports/api/headline/?cicle_id=[&campus_id=]: the period's figures on the staff home, each
// only for users who may open the screen it summarises (and for their careers): students by status,
// applicants by admission step, the debts of the period's sales, the grades still to capture. One
// statement per figure, run together.
import { ASPIRANT_STATUSES } from '@/lib/admissions/aspirant-states';
import { HEADLINE_ROUTES } from '@/lib/reports/catalog';
import type { Actor } from '@/server/auth/actor';
import { getPool } from '@/server/db/client';
import type { ActionContext } from '@/server/engine/context';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/reports';
import { forbidden } from '@/server/errors';
import { PERIOD_STUDENTS } from './figures';
import { careerWhere, mayOpen, reportScope, scopeParams } from './scope';

type Count = { key: string; label: string; count: number };

export type Headline = {
  cicle: { id: number; description: string } | null;
  students?: { total: number; by_status: Count[] };
  applicants?: { total: number; by_status: Count[] };
  debts?: { count: number; amount: string };
  pending_grades?: { captures: number; classes: number; teachers: number };
};

export async function headline(actor: Actor, query: URLSearchParams, t: ActionContext['t']): Promise<Headline> {
  // Staff figures: a teacher's, a student's or an applicant's home has its own.
  if (actor.kind !== 'staff') throw forbidden();
  const scope = await reportScope(actor, query, { periodRequired: true });
  const params = scopeParams(scope);
  const pool = getPool();
  const may = (figure: keyof typeof HEADLINE_ROUTES) => mayOpen(actor, HEADLINE_ROUTES[figure]);
  const [students, applicants, debts, pending] = await Promise.all([
    may('students')
      ? pool.query<{ key: number | null; label: string | null; count: number }>(
          `SELECT s.status_id AS key, st.name AS label, COUNT(*)::int AS count
             FROM students s LEFT JOIN careers ca ON ca.id = s.career_id LEFT JOIN catalogs st ON st.id = s.status_id
            WHERE ${PERIOD_STUDENTS} AND ${careerWhere('ca', 's.career_id')}
            GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
          params,
        )
      : null,
    may('applicants')
      ? pool.query<{ status: string; count: number }>(
          `SELECT a.status::text AS status, COUNT(*)::int AS count FROM aspirants a LEFT JOIN careers ca ON ca.id = a.career_id
            WHERE a.cicle_id = $1::int AND a.is_active AND ${careerWhere('ca', 'a.career_id')} GROUP BY 1`,
          params,
        )
      : null,
    // The period's charges still owed (not cancelled); a sale's career narrows it for coordinators.
    may('debts')
      ? pool.query<{ count: number; amount: string }>(
          `SELECT COUNT(*)::int AS count, trim_scale(coalesce(SUM(x.total_debt), 0))::text AS amount
             FROM sales x LEFT JOIN careers ca ON ca.id = x.career_id
            WHERE x.cicle_id = $1::int AND x.status AND x.total_debt > 0
              AND ($3::int[] IS NULL OR x.career_id = ANY($3::int[])) AND ($2::int IS NULL OR ca.id IS NULL OR ca.campus_id = $2)`,
          params,
        )
      : null,
    // Classes of the period without scores in a partial whose evaluation has begun.
    may('pending_grades')
      ? pool.query<{ captures: number; classes: number; teachers: number }>(
          `SELECT COUNT(*)::int AS captures, COUNT(DISTINCT v.schedule_id)::int AS classes, COUNT(DISTINCT v.teacher_id)::int AS teachers
             FROM teacher_without_scores v
            WHERE v.cicle_id = $1::int AND (v.start_eval IS NULL OR v.start_eval <= current_date)
              AND ($2::int IS NULL OR v.campus_id = $2) AND ($3::int[] IS NULL OR v.career_id = ANY($3::int[]))`,
          params,
        )
      : null,
  ]);
  const answer: Headline = { cicle: scope.cicle ? { id: scope.cicle.id, description: scope.cicle.description } : null };
  if (students) {
    const rows = students.rows.map((row) => ({ key: row.key === null ? '' : String(row.key), label: row.label ?? t('reports.unknown'), count: row.count }));
    answer.students = { total: rows.reduce((sum, row) => sum + row.count, 0), by_status: rows };
  }
  if (applicants) {
    const counts = new Map(applicants.rows.map((row) => [row.status, row.count]));
    // Every step in the order of the process, even an empty one.
    const rows = ASPIRANT_STATUSES.map((key) => ({ key, label: t(`enums.AspirantStatus.${key}`), count: counts.get(key) ?? 0 }));
    answer.applicants = { total: rows.reduce((sum, row) => sum + row.count, 0), by_status: rows };
  }
  if (debts) answer.debts = debts.rows[0];
  if (pending) answer.pending_grades = pending.rows[0];
  return answer;
}

// The ids of the query are read by reportScope (the contract lets any text through).
export const headlineAction: ActionDefinition = defineAction(contracts.headline, {
  needs: 'signed-in',
  handler: (ctx) => headline(ctx.actor, ctx.query, ctx.t),
});
