// What a report counts over: the period, campus and careers a call asks for, checked against the
// records and narrowed to the careers the user is assigned to (UserCareer: a coordinator sees only
// their careers; a user with none assigned, an admin or a superuser sees every career).
import { hasPermission } from '@/lib/auth/access';
import type { Actor } from '@/server/auth/actor';
import { getPool } from '@/server/db/client';
import { badRequest, forbidden, msg } from '@/server/errors';
import { idParam } from '@/server/validation';

export type ReportScope = {
  cicle: { id: number; description: string; campus_id: number } | null;
  /** The campus asked for, else the period's (a period belongs to one campus); null: all. */
  campusId: number | null;
  /** The careers counted: the one asked for, else the user's own; null: every career. */
  careerIds: number[] | null;
};

/** Whether the actor holds one of the routes (or the reports permission, or is a superuser). */
export function mayOpen(actor: Actor, routes: readonly string[]): boolean {
  return actor.is_superuser || routes.some((route) => actor.routes.includes(route)) || hasPermission(actor, 'reports.view');
}

/** The careers a user is limited to, or null when they see all of them. */
export async function ownCareers(actor: Actor): Promise<number[] | null> {
  if (actor.is_superuser || actor.is_admin) return null;
  const { rows } = await getPool().query<{ career_id: number }>('SELECT career_id FROM user_careers WHERE user_id = $1 ORDER BY career_id', [actor.id]);
  return rows.length ? rows.map((row) => row.career_id) : null;
}

/**
 * `?cicle_id=&campus_id=&career_id=` of a report: malformed or unknown ids and a campus that is not
 * the period's (or the career's) answer 400 on that field; a career outside the user's own, 403.
 */
export async function reportScope(actor: Actor, query: URLSearchParams, options: { periodRequired: boolean }): Promise<ReportScope> {
  const cicleId = idParam(query, 'cicle_id', options.periodRequired);
  const campusId = idParam(query, 'campus_id', false);
  const careerId = idParam(query, 'career_id', false);
  // One round trip for the three lookups and the user's careers.
  const { rows } = await getPool().query<{
    cicle: { id: number; description: string; campus_id: number } | null;
    campus: number | null;
    career: { id: number; campus_id: number } | null;
  }>(
    `SELECT (SELECT json_build_object('id', id, 'description', description, 'campus_id', campus_id) FROM cicles WHERE id = $1) AS cicle,
            (SELECT id FROM campuses WHERE id = $2) AS campus,
            (SELECT json_build_object('id', id, 'campus_id', campus_id) FROM careers WHERE id = $3) AS career`,
    [cicleId, campusId, careerId],
  );
  const { cicle, campus, career } = rows[0];
  const errors: Record<string, ReturnType<typeof msg>[]> = {};
  if (cicleId !== null && !cicle) errors.cicle_id = [msg('errors.unknown_reference')];
  if (campusId !== null && campus === null) errors.campus_id = [msg('errors.unknown_reference')];
  else if (campusId !== null && cicle && cicle.campus_id !== campusId) errors.campus_id = [msg('reports.errors.campus_of_period')];
  if (careerId !== null && !career) errors.career_id = [msg('errors.unknown_reference')];
  else if (career && (campusId ?? cicle?.campus_id ?? career.campus_id) !== career.campus_id) errors.career_id = [msg('reports.errors.career_of_campus')];
  if (Object.keys(errors).length) throw badRequest(errors);
  const mine = await ownCareers(actor);
  if (careerId !== null && mine && !mine.includes(careerId)) throw forbidden('reports.errors.career_not_yours');
  return {
    cicle,
    campusId: campusId ?? cicle?.campus_id ?? null,
    careerIds: careerId !== null ? [careerId] : mine,
  };
}

/** The scope as the three parameters every report statement takes: $1 period, $2 campus, $3 careers. */
export function scopeParams(scope: ReportScope): [number | null, number | null, number[] | null] {
  return [scope.cicle?.id ?? null, scope.campusId, scope.careerIds];
}

/**
 * The conditions on a row's career (`career` is the careers alias, `careerId` the row's column):
 * the campus is the career's. A row without a career is counted only when nothing narrows careers.
 */
export function careerWhere(career: string, careerId: string): string {
  return `($2::int IS NULL OR ${career}.campus_id = $2) AND ($3::int[] IS NULL OR ${careerId} = ANY($3::int[]))`;
}
