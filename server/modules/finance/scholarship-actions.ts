// Becas: POST finance/api/student-ships/validate/ {student_id, scholar_ship_id, cicle_id} says
// whether the scholarship may be granted and every reason it may not; POST .../massive/
// {scholar_ship_id, cicle_id, student_ids} grants it to each student who may have it, in one
// transaction, and answers who could not and why ("Some students cannot be assigned a
// scholarship"). A list holds at most 500 students: a school's whole cohort for one scholarship
// is answered in a few seconds, well inside a request.
import { type ScholarshipProblem, scholarshipProblems } from '@/lib/finance/scholarship-rules';
import type { Actor } from '@/server/auth/actor';
import { getPool, prisma } from '@/server/db/client';
import type { Prisma } from '@/server/db/client';
import { recordHistory } from '@/server/engine/audit';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/finance';
import { notFound } from '@/server/errors';
import type { Translate } from '@/server/i18n/messages';

/**
 * Each student's average in their last period before the given one (the most recent period with
 * final scores that starts before it), to two decimals; absent when they have none.
 */
async function lastAverages(studentIds: readonly number[], cicleId: number): Promise<Map<number, string>> {
  const { rows } = await getPool().query<{ student_id: number; average: string }>(
    `SELECT DISTINCT ON (sc.student_id) sc.student_id, round(avg(sc.final_score), 2)::text AS average
     FROM subject_cicles sc
     JOIN cicles c ON c.id = sc.cicle_id
     WHERE sc.student_id = ANY($1::int[]) AND sc.status AND sc.final_score IS NOT NULL AND sc.cicle_id <> $2
       AND c.start < (SELECT start FROM cicles WHERE id = $2)
     GROUP BY sc.student_id, sc.cicle_id, c.start
     ORDER BY sc.student_id, c.start DESC`,
    [studentIds, cicleId],
  );
  return new Map(rows.map((row) => [row.student_id, row.average]));
}

type Checked = { student_id: number; name: string; problems: ScholarshipProblem[]; average: string | null };

async function check(db: Prisma.TransactionClient | typeof prisma, scholarShipId: number, cicleId: number, studentIds: readonly number[]): Promise<Checked[]> {
  const [scholarship, students, assigned, averages] = await Promise.all([
    db.scholarship.findUnique({ where: { id: scholarShipId }, select: { status: true, career_id: true, score_min: true } }),
    db.student.findMany({ where: { id: { in: [...studentIds] } }, select: { id: true, is_active: true, career_id: true, names: true, first_name: true, second_name: true, no_control: true } }),
    db.studentShip.findMany({ where: { scholar_ship_id: scholarShipId, cicle_id: cicleId, student_id: { in: [...studentIds] }, status: true }, select: { student_id: true } }),
    lastAverages(studentIds, cicleId),
  ]);
  if (!scholarship) throw notFound();
  const byId = new Map(students.map((student) => [student.id, student]));
  const taken = new Set(assigned.map((grant) => grant.student_id));
  return studentIds.map((id) => {
    const student = byId.get(id);
    if (!student) return { student_id: id, name: String(id), problems: ['student_inactive'], average: null };
    const average = averages.get(id) ?? null;
    return {
      student_id: id,
      name: `${[student.first_name, student.second_name, student.names].filter(Boolean).join(' ')} (${student.no_control})`,
      average,
      problems: scholarshipProblems({ status: scholarship.status, career_id: scholarship.career_id, score_min: scholarship.score_min?.toFixed(2) ?? null }, { is_active: student.is_active, career_id: student.career_id }, { alreadyAssigned: taken.has(id), lastAverage: average }),
    };
  });
}

function reasons(checked: Checked, t: Translate, scoreMin: string | null): string[] {
  return checked.problems.map((problem) => t(`finance.scholarship.problems.${problem}`, { average: checked.average ?? '', score_min: scoreMin ?? '' }));
}

export const validateScholarship: ActionDefinition = defineAction(contracts.validateScholarship, {
  needs: 'read',
  changesData: false,
  handler: async ({ input, t }) => {
    const [checked] = await check(prisma, input.scholar_ship_id, input.cicle_id, [input.student_id]);
    const scholarship = await prisma.scholarship.findUniqueOrThrow({ where: { id: input.scholar_ship_id }, select: { score_min: true } });
    return { valid: checked.problems.length === 0, average: checked.average, reasons: reasons(checked, t, scholarship.score_min?.toFixed(2) ?? null) };
  },
});

async function grant(tx: Prisma.TransactionClient, actor: Actor, scholarShipId: number, cicleId: number, studentId: number, notes: string | undefined): Promise<number> {
  // A grant ended earlier for the same period is granted again rather than duplicated.
  const previous = await tx.studentShip.findFirst({ where: { student_id: studentId, scholar_ship_id: scholarShipId, cicle_id: cicleId }, select: { id: true } });
  const row = previous
    ? await tx.studentShip.update({ where: { id: previous.id }, data: { status: true, finish_at: null, finish_by_id: null, cancel_note: null, notes: notes ?? null }, select: { id: true } })
    : await tx.studentShip.create({ data: { student_id: studentId, scholar_ship_id: scholarShipId, cicle_id: cicleId, created_by_id: actor.id, notes: notes ?? null }, select: { id: true } });
  await recordHistory(tx, { table: 'student_ships', recordId: row.id, type: previous ? '~' : '+', actor, changes: [{ field: 'student_id', old: null, new: studentId }, { field: 'scholar_ship_id', old: null, new: scholarShipId }, { field: 'cicle_id', old: null, new: cicleId }] });
  return row.id;
}

export const massiveScholarships: ActionDefinition = defineAction(contracts.grantScholarships, {
  needs: 'write',
  handler: async ({ actor, input, t }) => {
    const ids = [...new Set(input.student_ids)];
    return prisma.$transaction(
      async (tx) => {
        const checked = await check(tx, input.scholar_ship_id, input.cicle_id, ids);
        const scholarship = await tx.scholarship.findUniqueOrThrow({ where: { id: input.scholar_ship_id }, select: { score_min: true } });
        const assigned: number[] = [];
        for (const item of checked) if (item.problems.length === 0) {
          await grant(tx, actor, input.scholar_ship_id, input.cicle_id, item.student_id, input.notes);
          assigned.push(item.student_id);
        }
        const rejected = checked.filter((item) => item.problems.length > 0).map((item) => ({ student_id: item.student_id, name: item.name, reasons: reasons(item, t, scholarship.score_min?.toFixed(2) ?? null) }));
        return { assigned, rejected, detail: rejected.length > 0 ? t('finance.scholarship.some_rejected') : t('finance.scholarship.all_assigned', { count: assigned.length }) };
      },
      { timeout: 30_000 },
    );
  },
});
