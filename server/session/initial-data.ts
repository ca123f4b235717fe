// manage/initial_data/: everything the shell needs once per session (spec section 4): the user,
// the campuses, the periods of the selected campus and the effective selection.
import type { InitialData, SessionUser } from '@/lib/session-types';
import type { Actor } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';

export function sessionUser(actor: Actor): SessionUser {
  return {
    id: actor.id,
    username: actor.username,
    first_name: actor.first_name,
    last_name: actor.last_name,
    full_name: actor.full_name,
    initials: actor.initials,
    email: actor.email,
    is_superuser: actor.is_superuser,
    is_staff: actor.is_staff,
    is_active: actor.is_active,
    language: actor.language,
    roles: actor.role_list,
    role_shorts: [...actor.roles],
    permissions: [...actor.permissions],
    routes: [...actor.routes],
    kind: actor.kind,
    is_admin: actor.is_admin,
    student_id: actor.student_id,
    teacher_id: actor.teacher_id,
    aspirant_id: actor.aspirant_id,
  };
}

const cicleSelect = { id: true, description: true, cicle_name: true, campus_id: true, cicle_type: true, is_active: true, start: true, end: true } as const;

type CicleRow = { id: number; description: string; cicle_name: string | null; campus_id: number; cicle_type: string; is_active: boolean; start: Date; end: Date };

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

function option(row: CicleRow) {
  return { ...row, start: day(row.start), end: day(row.end) };
}

/**
 * Selection rules: a student's period is forced to their group's, listing periods of the same type;
 * otherwise the stored period is kept if it belongs to the campus, else the campus's first active
 * period (or its first period).
 */
export async function buildInitialData(actor: Actor, stored: { campus_id?: number; cicle_id?: number }): Promise<InitialData> {
  const [campuses, setting, studentGroup] = await Promise.all([
    prisma.campus.findMany({ where: { status: true }, select: { id: true, code: true, name: true }, orderBy: { name: 'asc' } }),
    prisma.setting.findFirst({ select: { institution_name: true } }),
    actor.kind === 'student' && actor.student_id
      ? prisma.student.findUnique({
          where: { id: actor.student_id },
          select: { current_group: { select: { cicle: { select: { ...cicleSelect } } } }, cicle: { select: { ...cicleSelect } } },
        })
      : Promise.resolve(null),
  ]);

  const forced = (studentGroup?.current_group?.cicle ?? studentGroup?.cicle ?? null) as CicleRow | null;
  let campusId = forced?.campus_id ?? (campuses.some((c) => c.id === stored.campus_id) ? stored.campus_id! : campuses[0]?.id ?? null);
  if (forced && !campuses.some((c) => c.id === campusId)) campusId = campuses[0]?.id ?? null;

  const cicles = campusId
    ? ((await prisma.cicle.findMany({
        where: { campus_id: campusId, status: true, ...(forced ? { cicle_type: forced.cicle_type as 'HALF' | 'QUARTER' } : {}) },
        select: cicleSelect,
        orderBy: [{ start: 'desc' }, { id: 'desc' }],
      })) as CicleRow[])
    : [];

  let cicleId: number | null;
  if (forced) cicleId = forced.id;
  else if (stored.cicle_id && cicles.some((c) => c.id === stored.cicle_id)) cicleId = stored.cicle_id;
  else cicleId = (cicles.find((c) => c.is_active) ?? cicles[0])?.id ?? null;

  return {
    user: sessionUser(actor),
    campuses,
    cicles: cicles.map(option),
    selection: { campus_id: campusId, cicle_id: cicleId },
    cicle_locked: Boolean(forced),
    institution_name: setting?.institution_name ?? '',
  };
}
