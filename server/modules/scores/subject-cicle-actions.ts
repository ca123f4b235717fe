// The actions of scores/api/subject-cicles/ (spec section 7): a subject-cicle row is a student's
// result for a subject in a period, the line the kardex keeps. Partial scores are captured per
// schedule; at the period's close control escolar consolidates them here.
//   GET  get_current_load/?student_id=   the subjects a student takes now: schedule, teacher,
//                                        hours and the scores so far (a student: their own)
//   GET  detail_for_modify/?group_id=    each student x subject of a group: what the captured
//                                        scores give next to what is kept, to review before saving
//   POST update_all_scores/              {group_id}: keeps what the captured scores give; {cicle_id}:
//                                        the same for the whole period, as a job (202 {job_id});
//                                        {items: [{id, final_score, extra_score, ts_score}]}: keeps
//                                        corrected values. Every change leaves its history row.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { validScore } from '@/lib/grades/score';
import type { ConsolidationLine, CurrentLoadRow } from '@/lib/grades/wire';
import * as contracts from '@/lib/contracts/scores';
import type { Actor } from '@/server/auth/actor';
import { getPool, prisma } from '@/server/db/client';
import { type Change, type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { accepted } from '@/server/engine/results';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { badRequest, type FieldErrors, forbidden, msg } from '@/server/errors';
import { defineJob } from '@/server/jobs/define';
import { startJob } from '@/server/jobs/queue';
import { scheduleHoursJson } from '@/server/modules/scheduler';
import { gradeSettings } from './capture';


/** Whose load a call asks for: a student's own; staff name the student; a teacher asks nobody's. */
function loadOwner(actor: Actor, query: URLSearchParams): number {
  if (actor.kind === 'student') return actor.student_id!;
  if (actor.kind !== 'staff') throw forbidden();
  const parsed = positiveId.safeParse(query.get('student_id'));
  if (!parsed.success) throw badRequest({ student_id: [msg('errors.required')] });
  return parsed.data;
}


// The student's current groups (a membership for one subject only counts for that subject), each
// schedule of them, its hours and the student's line of the main scores. trim_scale(): decimals as
// the rest of the API writes them.
const CURRENT_LOAD = `
  SELECT s.id AS schedule_id, sub.id AS subject_id, sub.code AS subject_code, sub.description AS subject_description,
         sub.grade, trim_scale(sub.credit)::text AS credit, g.id AS group_id, g.code AS group_code,
         c.id AS cicle_id, c.description AS cicle_description,
         concat_ws(' ', t.first_name, t.second_name, t.names) AS teacher,
         trim_scale(m.ord_1)::text AS ord_1, trim_scale(m.ord_2)::text AS ord_2, trim_scale(m.ord_3)::text AS ord_3,
         trim_scale(m.ord_4)::text AS ord_4, trim_scale(m.final)::text AS final, trim_scale(m.extra)::text AS extra,
         trim_scale(m.ts)::text AS ts,
         ${scheduleHoursJson('s')} AS hours
  FROM student_groups sg
  JOIN groups g ON g.id = sg.group_id
  JOIN cicles c ON c.id = g.cicle_id
  JOIN schedules s ON s.group_id = g.id AND s.status AND (sg.subject_id IS NULL OR sg.subject_id = s.subject_id)
  JOIN subjects sub ON sub.id = s.subject_id
  LEFT JOIN teachers t ON t.id = s.teacher_id
  LEFT JOIN main_scores m ON m.schedule_id = s.id AND m.student_id = sg.student_id
  WHERE sg.student_id = $1 AND sg.is_current AND sg.status
  ORDER BY c.start DESC, sub.grade, sub."order", sub.code`;

export const getCurrentLoad: ActionDefinition = defineAction(contracts.currentLoad, {
  needs: 'read',
  handler: async ({ actor, query }) => {
    const studentId = loadOwner(actor, query);
    const { rows } = await getPool().query<CurrentLoadRow>(CURRENT_LOAD, [studentId]);
    return rows;
  },
});


// What the captured scores give (main_scores) for the group, next to the kept subject-cicle line.
const GROUP_DETAIL = `
  SELECT k.id, m.student_id, m.no_control, m.full_name, m.subject_id, m.subject_code, m.subject_description, m.schedule_id,
         trim_scale(m.ord_1)::text AS ord_1, trim_scale(m.ord_2)::text AS ord_2, trim_scale(m.ord_3)::text AS ord_3,
         trim_scale(m.ord_4)::text AS ord_4, trim_scale(m.final)::text AS final, trim_scale(m.extra)::text AS extra,
         trim_scale(m.ts)::text AS ts, trim_scale(k.final_score)::text AS final_score,
         trim_scale(k.extra_score)::text AS extra_score, trim_scale(k.ts_score)::text AS ts_score,
         (k.id IS NULL OR k.final_score IS DISTINCT FROM m.final OR k.extra_score IS DISTINCT FROM m.extra OR k.ts_score IS DISTINCT FROM m.ts) AS differs
  FROM main_scores m
  LEFT JOIN subject_cicles k ON k.student_id = m.student_id AND k.cicle_id = m.cicle_id AND k.subject_id = m.subject_id
  WHERE m.group_id = $1 AND ($2::int IS NULL OR m.subject_id = $2)
  ORDER BY m.subject_code, m.full_name`;

export const detailForModify: ActionDefinition = defineAction(contracts.consolidationDetail, {
  needs: 'write',
  handler: async ({ queryInput: query }) => {
    const { rows } = await getPool().query<ConsolidationLine>(GROUP_DETAIL, [query.group_id, query.subject_id ?? null]);
    return rows;
  },
});

const SCORE_FIELDS = ['final_score', 'extra_score', 'ts_score'] as const;
type Kept = { id: number; final_score: string | null; extra_score: string | null; ts_score: string | null };

/** The changes of a kept line, field by field, as the history keeps them. */
function changesOf(before: Kept | undefined, after: Kept): Change[] {
  return SCORE_FIELDS.filter((field) => (before?.[field] ?? null) !== after[field]).map((field) => ({ field, old: before?.[field] ?? null, new: after[field] }));
}

// Consolidation in one statement: a line per student and subject of the group (or period) whose
// final is known, inserted or brought up to date; lines already equal are left alone.
const CONSOLIDATE = `
  INSERT INTO subject_cicles (student_id, group_id, cicle_id, subject_id, final_score, extra_score, ts_score, subject_type, updated_at)
  SELECT m.student_id, m.group_id, m.cicle_id, m.subject_id, m.final, m.extra, m.ts, 'Ordinaria', now()
  FROM main_scores m
  WHERE m.final IS NOT NULL AND ($1::int IS NULL OR m.group_id = $1) AND ($2::int IS NULL OR m.cicle_id = $2)
  ON CONFLICT (student_id, cicle_id, subject_id) DO UPDATE
    SET final_score = EXCLUDED.final_score, extra_score = EXCLUDED.extra_score, ts_score = EXCLUDED.ts_score,
        group_id = EXCLUDED.group_id, updated_at = now()
    WHERE (subject_cicles.final_score, subject_cicles.extra_score, subject_cicles.ts_score, subject_cicles.group_id)
          IS DISTINCT FROM (EXCLUDED.final_score, EXCLUDED.extra_score, EXCLUDED.ts_score, EXCLUDED.group_id)
  RETURNING id, trim_scale(final_score)::text AS final_score, trim_scale(extra_score)::text AS extra_score, trim_scale(ts_score)::text AS ts_score`;

// A student's period average: the best attempt of each subject they took in it, rounded with the
// settings' precision (half up); below the passing score it is an academic warning. Written only
// when it changed.
const PRECISION = `(SELECT coalesce(precision_cal, 1) FROM settings ORDER BY id LIMIT 1)`;
/** The period averages of the (student, period) pairs `scope` selects, written when they changed. */
export const studentPeriodsSql = (scope: string) => `
  WITH scope AS (${scope}), computed AS (
    SELECT k.student_id, k.cicle_id, round(avg(GREATEST(k.final_score, k.extra_score, k.ts_score)), ${PRECISION}) AS score
    FROM subject_cicles k JOIN scope USING (student_id, cicle_id)
    WHERE k.status AND GREATEST(k.final_score, k.extra_score, k.ts_score) IS NOT NULL
    GROUP BY k.student_id, k.cicle_id
  ), previous AS (
    SELECT p.student_id, p.cicle_id, trim_scale(p.score)::text AS old FROM student_periods p JOIN scope USING (student_id, cicle_id)
  )
  INSERT INTO student_periods (student_id, cicle_id, score, warning, updated_at)
  SELECT c.student_id, c.cicle_id, c.score, c.score < (SELECT coalesce(min_approve, 6) FROM settings ORDER BY id LIMIT 1), now() FROM computed c
  ON CONFLICT (student_id, cicle_id) DO UPDATE SET score = EXCLUDED.score, warning = EXCLUDED.warning, updated_at = now()
    WHERE student_periods.score IS DISTINCT FROM EXCLUDED.score
  RETURNING id, (xmax = 0) AS inserted, (SELECT old FROM previous p WHERE p.student_id = student_periods.student_id AND p.cicle_id = student_periods.cicle_id) AS old,
            trim_scale(score)::text AS score, warning`;
const STUDENT_PERIODS = studentPeriodsSql(`
    SELECT DISTINCT k.student_id, k.cicle_id FROM subject_cicles k
    WHERE k.status AND ($1::int IS NULL OR k.group_id = $1) AND ($2::int IS NULL OR k.cicle_id = $2)`);

// A group's average: its consolidated lines' best attempts, when it changed.
const GROUP_AVERAGES = `
  WITH computed AS (
    SELECT g.id, g.average AS before, (SELECT round(avg(GREATEST(k.final_score, k.extra_score, k.ts_score)), 2) FROM subject_cicles k WHERE k.group_id = g.id AND k.status) AS average
    FROM groups g WHERE ($1::int IS NULL OR g.id = $1) AND ($2::int IS NULL OR g.cicle_id = $2)
  )
  UPDATE groups g SET average = c.average, updated_at = now() FROM computed c
  WHERE g.id = c.id AND g.average IS DISTINCT FROM c.average
  RETURNING g.id, trim_scale(c.before)::text AS old, trim_scale(g.average)::text AS average`;

const KEPT_BEFORE = `
  SELECT k.id, trim_scale(k.final_score)::text AS final_score, trim_scale(k.extra_score)::text AS extra_score, trim_scale(k.ts_score)::text AS ts_score
  FROM subject_cicles k
  WHERE EXISTS (SELECT 1 FROM main_scores m WHERE m.student_id = k.student_id AND m.cicle_id = k.cicle_id AND m.subject_id = k.subject_id
                AND ($1::int IS NULL OR m.group_id = $1) AND ($2::int IS NULL OR m.cicle_id = $2))`;

/** Consolidates a group (or a whole period) in one transaction: lines created or brought up to date, each with its history row. */
async function consolidate(actor: Actor, groupId: number | null, cicleId: number | null): Promise<{ created: number; updated: number }> {
  return prisma.$transaction(
    async (tx) => {
      const before = await tx.$queryRawUnsafe<Kept[]>(KEPT_BEFORE, groupId, cicleId);
      const byId = new Map(before.map((row) => [row.id, row]));
      const saved = await tx.$queryRawUnsafe<Kept[]>(CONSOLIDATE, groupId, cicleId);
      const history: HistoryEntry[] = saved.map((row) => ({ table: 'subject_cicles', recordId: row.id, type: byId.has(row.id) ? '~' : '+', actor, changes: changesOf(byId.get(row.id), row) }));
      // The period averages of the students (StudentPeriod) and the groups' averages follow.
      const periods = await tx.$queryRawUnsafe<{ id: number; inserted: boolean; old: string | null; score: string | null; warning: boolean }[]>(STUDENT_PERIODS, groupId, cicleId);
      history.push(...periods.map((row) => ({ table: 'student_periods', recordId: row.id, type: row.inserted ? ('+' as const) : ('~' as const), actor, changes: [{ field: 'score', old: row.inserted ? null : row.old, new: row.score }] })));
      const averaged = await tx.$queryRawUnsafe<{ id: number; old: string | null; average: string | null }[]>(GROUP_AVERAGES, groupId, cicleId);
      history.push(...averaged.map((row) => ({ table: 'groups', recordId: row.id, type: '~' as const, actor, changes: [{ field: 'average', old: row.old, new: row.average }] })));
      await recordHistoryMany(tx, history);
      return { created: saved.filter((row) => !byId.has(row.id)).length, updated: saved.filter((row) => byId.has(row.id)).length };
    },
    { timeout: 120_000 },
  );
}

/**
 * A period's consolidation runs as a job: from scratch it writes a line and a history row per
 * student and subject (35,833 lines took 11 to 15 s in one request on the large data set). Group by
 * group, each in its own transaction, so the bar moves and a run cut short and run again only
 * redoes what is left (consolidating a consolidated group changes nothing).
 */
export const consolidatePeriodJob = defineJob({
  name: 'scores-consolidate-period',
  input: z.object({ cicle_id: positiveId }),
  async run({ cicle_id }, { ctx, report }) {
    const groups = await prisma.group.findMany({ where: { cicle_id }, select: { id: true }, orderBy: { id: 'asc' } });
    const totals = { groups: groups.length, created: 0, updated: 0 };
    await report(0, groups.length);
    for (const [index, group] of groups.entries()) {
      const result = await consolidate(ctx.actor, group.id, null);
      totals.created += result.created;
      totals.updated += result.updated;
      await report(index + 1, groups.length);
    }
    return totals;
  },
});

export const updateAllScores: ActionDefinition = defineAction(contracts.updateAllScores, {
  needs: 'write',
  handler: async (ctx) => {
    const { input } = ctx;
    if ('items' in input) return await keepCorrections(ctx.actor, input.items);
    // A whole period is long work: answered at once with the job that does it (202 {job_id}).
    if ('cicle_id' in input) return accepted(await startJob(ctx, consolidatePeriodJob, input));
    return await consolidate(ctx.actor, input.group_id, null);
  },
});

/** Corrected values of kept lines (control escolar's review): each a valid score or empty. */
async function keepCorrections(actor: Actor, items: { id: number; final_score?: string | null; extra_score?: string | null; ts_score?: string | null }[]) {
  const settings = await gradeSettings();
  const problems: FieldErrors = {};
  items.forEach((item, index) => {
    for (const field of SCORE_FIELDS) {
      const value = item[field];
      if (value && (value.toUpperCase() === 'NP' || !validScore(value, settings, 'partial'))) problems[`items.${index}.${field}`] = [msg('errors.score')];
    }
  });
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  return prisma.$transaction(async (tx) => {
    const ids = items.map((item) => item.id);
    const before = await tx.$queryRawUnsafe<Kept[]>(
      `SELECT id, trim_scale(final_score)::text AS final_score, trim_scale(extra_score)::text AS extra_score, trim_scale(ts_score)::text AS ts_score FROM subject_cicles WHERE id = ANY($1::int[])`,
      ids,
    );
    const byId = new Map(before.map((row) => [row.id, row]));
    const missing = items.findIndex((item) => !byId.has(item.id));
    if (missing >= 0) throw badRequest({ [`items.${missing}.id`]: [msg('errors.unknown_reference')] });
    const history: HistoryEntry[] = [];
    for (const item of items) {
      const kept = byId.get(item.id)!;
      // A field left out keeps its value; an empty one clears it.
      const next: Kept = { id: item.id, ...Object.fromEntries(SCORE_FIELDS.map((field) => [field, item[field] === undefined ? kept[field] : item[field] || null])) } as Kept;
      const normalized: Kept = { ...next, ...Object.fromEntries(SCORE_FIELDS.map((field) => [field, next[field] === null ? null : trimScale(next[field]!)])) };
      const changes = changesOf(kept, normalized);
      if (changes.length === 0) continue;
      await tx.subjectCicle.update({ where: { id: item.id }, data: { final_score: normalized.final_score, extra_score: normalized.extra_score, ts_score: normalized.ts_score } });
      history.push({ table: 'subject_cicles', recordId: item.id, type: '~', actor, changes });
    }
    await recordHistoryMany(tx, history);
    return { created: 0, updated: history.length };
  });
}

/** "8.50" -> "8.5", "9.0" -> "9": as trim_scale() writes what is stored. */
function trimScale(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
