// Oath-taking (academic/api/swear-careers/): the candidate's average, credits and owed subjects
// come from their kardex, never typed; a student swears only with nothing owed and no mandatory
// document missing (lib/scholar/swear.ts), the refusal naming what is missing. `check/` answers the
// same facts for the screen before anyone saves.
import { type SwearFacts, swearEligibility } from '@/lib/scholar/swear';
import { pendingDocumentNames } from '@/lib/scholar/documents';
import { getPool, prisma } from '@/server/db/client';
import { type Row, type WriteContext, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/academic';
import { ApiError, fieldError, msg } from '@/server/errors';
import { kardexData } from '@/server/modules/reports';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { checklists } from '@/server/modules/students';
import { idParam } from '@/server/validation';
import { STUDENT_PLAN_ID } from './student-plan';

/** The subjects of the student's plan not yet passed: the plan of their latest group, else their career's latest. */
const OWED = `
  WITH plan AS (SELECT ${STUDENT_PLAN_ID} AS id)
  SELECT concat_ws(' ', sub.code, sub.description) AS name
    FROM subjects sub JOIN plan ON sub.study_plan_id = plan.id
   WHERE sub.status AND NOT EXISTS (SELECT 1 FROM student_kardex k WHERE k.student_id = $1 AND k.subject_id = sub.id AND k.approved)
   ORDER BY sub.grade, sub."order", sub.code`;

export type Candidate = SwearFacts & { student_id: number; score: string | null; credits: string; career_id: number | null; cicle_id: number | null };

export async function candidate(studentId: number): Promise<Candidate> {
  const [kardex, owed, files, student] = await Promise.all([
    kardexData(studentId),
    getPool().query<{ name: string }>(OWED, [studentId]),
    checklists(prisma, { kind: 'student', ids: [studentId] }),
    prisma.student.findUnique({ where: { id: studentId }, select: { career_id: true, cicle_id: true } }),
  ]);
  return {
    student_id: studentId,
    score: kardex.summary.average,
    credits: kardex.summary.credits,
    career_id: student?.career_id ?? null,
    cicle_id: student?.cicle_id ?? null,
    pending_subjects: owed.rows.map((row) => row.name),
    pending_documents: pendingDocumentNames(files.get(studentId) ?? []),
  };
}

/** Refuses the oath with what is missing. */
function assertMaySwear(facts: SwearFacts): void {
  const verdict = swearEligibility(facts);
  if (verdict.ok) return;
  if (verdict.reasons.length === 2) {
    const [subjects, documents] = verdict.reasons;
    throw new ApiError(409, msg('scholar.swear.pending_both', { subjects: subjects.values.count, subject_list: subjects.values.list, documents: documents.values.count, document_list: documents.values.list }));
  }
  throw new ApiError(409, msg(verdict.reasons[0].key, verdict.reasons[0].values));
}

/** A swear record's write: the kardex facts set, and the oath only when nothing is missing. */
export async function prepareSwear(input: Row, { existing, actor }: WriteContext): Promise<Row> {
  // Whether the oath has a title is the title's to say (from_swear marks it, deleting its draft frees
  // it): a form that changes it is refused on the field rather than saved or silently dropped.
  if (input.has_title !== undefined && input.has_title !== (existing?.has_title ?? false)) throw fieldError('has_title', 'titles.errors.has_title_owned');
  const studentId = valueAfterWrite(input, existing, 'student_id') as number;
  if (!studentId) throw fieldError('student_id', 'errors.required');
  const facts = await candidate(studentId).catch(() => {
    throw fieldError('student_id', 'errors.unknown_reference');
  });
  const swears = valueAfterWrite(input, existing, 'is_swear') === true && !(existing?.is_swear === true && existing.student_id === studentId);
  if (swears) assertMaySwear(facts);
  return {
    ...input,
    ...(existing ? {} : { user_id: actor.id, career_id: input.career_id ?? facts.career_id, cicle_id: input.cicle_id ?? facts.cicle_id }),
    score: facts.score,
    credits: facts.credits,
    pending: facts.pending_subjects.length,
  };
}

/** GET check/?student_id=: the candidate's facts and whether they may swear. */
export const swearCheck = defineAction(contracts.swearCheck, {
  needs: 'read',
  handler: async (ctx) => {
    const facts = await candidate(idParam(ctx.query, 'student_id', true));
    return { ...facts, may_swear: swearEligibility(facts).ok };
  },
});
