// GET scheduler/api/schedules/loads/?cicle_id= (Académico › Cargas académicas): each teacher's load
// in a period against what they are hired for — their classes and groups, the weekly hours on the
// timetable, the weekly hours the plan gives those subjects, and their contract hours; over or
// under the contract is flagged. One statement; teachers without classes in the period are left out.
import { againstContract, type TeacherLoadRow } from '@/lib/scholar/loads';
import { getPool } from '@/server/db/client';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/scheduler';
import { forbidden } from '@/server/errors';
import { idParam } from '@/server/validation';


const LOADS = `
  SELECT t.id AS teacher_id, concat_ws(' ', t.first_name, t.second_name, t.names) AS name, t.code, t.contract_hours,
         count(DISTINCT s.id)::int AS classes, count(DISTINCT s.group_id)::int AS groups,
         coalesce(sum(h.minutes), 0)::int AS scheduled_minutes, coalesce(sum(sub.week_hrs), 0)::int AS plan_hours
    FROM schedules s
    JOIN groups g ON g.id = s.group_id AND g.cicle_id = $1 AND g.status
    JOIN teachers t ON t.id = s.teacher_id
    JOIN subjects sub ON sub.id = s.subject_id
    LEFT JOIN LATERAL (SELECT sum(x.total_minutes) AS minutes FROM schedule_hours x WHERE x.schedule_id = s.id AND x.status) h ON true
   WHERE s.status AND ($2::int[] IS NULL OR t.id = ANY($2::int[]))
   GROUP BY t.id
   ORDER BY t.first_name, t.second_name, t.names`;

export const teacherLoads: ActionDefinition = defineAction(contracts.teacherLoads, {
  needs: 'read',
  handler: async (ctx) => {
    if (ctx.actor.kind !== 'staff') throw forbidden();
    // The contract lets any text through: the id's own messages are idParam's.
    return periodLoads(idParam(ctx.query, 'cicle_id', true));
  },
});

/** The loads of a period's teachers, or of some of them (the week builder shows its teachers'). */
export async function periodLoads(cicleId: number, teacherIds?: number[]): Promise<TeacherLoadRow[]> {
  const { rows } = await getPool().query<Omit<TeacherLoadRow, 'against_contract'>>(LOADS, [cicleId, teacherIds ?? null]);
  return rows.map((row) => ({ ...row, against_contract: againstContract(row.scheduled_minutes, row.contract_hours) }));
}
