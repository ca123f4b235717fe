// Re-enrolment into the next period (Inscr./Reins. › Reinscripciones, inscription/api/
// reinscriptions/): generate_reinscriptions/ makes, for every active student of a period who may go
// on, a reinscription with its charge; those who may not are listed with every reason (an overdue
// debt, more failed subjects than the school allows, a termination). generate_groups/ and
// generate_groups_by_selection/ open the next grade's groups and move the re-enrolled students into
// them; cancel/ cancels a reinscription and its charge with the reason; update_cicle/ moves pending
// reinscriptions to another target period.
//
// Generation works over thousands of students: eligibility and prices are read in a few
// statements, discounts are computed with the same pure rules as the counter, and each batch of
// 500 students is written with one statement per table (and its history) in its own transaction,
// under a lock on the target period so two runs never both create one.
import type { z } from 'zod';
import * as contracts from '@/lib/contracts/inscription';
import { type ConceptDiscountRule, conceptUnitDiscount, lineUnitDiscount, saleTotals } from '@/lib/finance/sale-totals';
import type { Actor } from '@/server/auth/actor';
import { today } from '@/server/clock';
import { prisma } from '@/server/db/client';
import { type HistoryEntry, recordHistoryMany } from '@/server/engine/audit';
import { accepted } from '@/server/engine/results';
import { type ActionDefinition, defineAction } from '@/server/engine/types';
import { ApiError, badRequest, msg, notFound } from '@/server/errors';
import { defineJob } from '@/server/jobs/define';
import { startJob } from '@/server/jobs/queue';
import { STUDENT_CONCEPT_FIRST, cancelSale, chargeStudentsInBulk, isoDay, moveChargesToPeriod, scholarshipsOfStudents, studentConceptsSql } from '@/server/modules/finance';
import { enrol, leaveCurrentGroups } from '@/server/modules/students';

/** The reinscription fee's concept code in the price lists (design/domain.md, the spec's REINS). */
const REINSCRIPTION_CODE = 'REINS';
const BATCH = 500;
/** A sale with a debt older than this many days is an overdue debt. */
const OVERDUE_SALE_DAYS = 30;

export const generateReinscriptionsInput = contracts.generateReinscriptions.input;
type GenerateInput = z.infer<typeof generateReinscriptionsInput>;

export type IneligibleReason = 'overdue_debt' | 'failed_subjects' | 'terminated';

type Candidate = {
  student_id: number;
  career_id: number | null;
  name: string;
  no_control: string;
  group_id: number;
  grade: number;
  overdue_months: number;
  old_debts: number;
  failed: number;
  terminated: boolean;
  concept_id: number | null;
  amount: string | null;
  iva: string | null;
  description: string | null;
  code: string | null;
  is_inscription: boolean | null;
  recurrency_id: number | null;
};

/** Why a student may not go on to the next period (none: they may). Pure, for the table test too. */
export function ineligibility(student: { overdue_months: number; old_debts: number; failed: number; terminated: boolean }, maxFailed: number): IneligibleReason[] {
  const reasons: IneligibleReason[] = [];
  if (student.overdue_months > 0 || student.old_debts > 0) reasons.push('overdue_debt');
  if (student.failed > maxFailed) reasons.push('failed_subjects');
  if (student.terminated) reasons.push('terminated');
  return reasons;
}

async function periods(input: GenerateInput) {
  const [from, to] = await Promise.all([
    prisma.cicle.findUnique({ where: { id: input.cicle_from_id }, select: { id: true, start: true } }),
    prisma.cicle.findUnique({ where: { id: input.cicle_to_id }, select: { id: true, start: true } }),
  ]);
  if (!from) throw badRequest({ cicle_from_id: [msg('errors.unknown_reference')] });
  if (!to) throw badRequest({ cicle_to_id: [msg('errors.unknown_reference')] });
  if (to.start <= from.start) throw badRequest({ cicle_to_id: [msg('admissions.reinscription.later_period')] });
  return { from, to };
}

/**
 * The active students of the period's groups without a reinscription to the target period yet,
 * with what decides whether they may go on and the reinscription concept of their price lists.
 */
async function candidates(input: GenerateInput, day: string, toStart: string): Promise<Candidate[]> {
  return prisma.$queryRawUnsafe<Candidate[]>(
    `WITH members AS (
       SELECT DISTINCT ON (s.id) s.id AS student_id, s.career_id, c.campus_id, g.shift_id, g.id AS group_id, g.grade,
              concat_ws(' ', s.first_name, s.second_name, s.names) AS name, s.no_control
       FROM students s
       JOIN student_groups sg ON sg.student_id = s.id AND sg.status AND sg.subject_id IS NULL
       JOIN groups g ON g.id = sg.group_id AND g.cicle_id = $1
       JOIN careers c ON c.id = s.career_id
       WHERE s.is_active AND ($3::int IS NULL OR s.career_id = $3)
         AND NOT EXISTS (SELECT 1 FROM reinscriptions x WHERE x.student_id = s.id AND x.cicle_to_id = $2 AND x.status AND x.reinscription_status <> 'Cancelled')
       ORDER BY s.id, sg.is_current DESC, sg.id DESC
     ), priced AS (
       SELECT DISTINCT ON (m.student_id) m.student_id, k.id AS concept_id, k.amount::numeric(14, 2)::text AS amount, k.iva::text AS iva, k.description, k.code, k.is_inscription, k.recurrency_id
       FROM members m
       ${studentConceptsSql('$5')} AND k.code = '${REINSCRIPTION_CODE}'
       ORDER BY m.student_id, ${STUDENT_CONCEPT_FIRST}
     )
     SELECT m.student_id, m.career_id, m.name, m.no_control, m.group_id, m.grade,
       (SELECT COUNT(*) FROM recurrents r WHERE r.student_id = m.student_id AND r.status AND NOT r.paid AND r.limit_date < $4::date)::int AS overdue_months,
       (SELECT COUNT(*) FROM sales v WHERE v.student_id = m.student_id AND v.status AND v.total_debt > 0 AND v.sale_date < $4::date - ${OVERDUE_SALE_DAYS})::int AS old_debts,
       (SELECT COUNT(*) FROM subject_cicles sc WHERE sc.student_id = m.student_id AND sc.cicle_id = $1 AND sc.status
          AND COALESCE(sc.ts_score, sc.extra_score, sc.final_score) < (SELECT min_approve FROM settings ORDER BY id LIMIT 1))::int AS failed,
       EXISTS (SELECT 1 FROM terminations t WHERE t.student_id = m.student_id AND t.status) AS terminated,
       p.concept_id, p.amount, p.iva, p.description, p.code, p.is_inscription, p.recurrency_id
     FROM members m LEFT JOIN priced p ON p.student_id = m.student_id
     ORDER BY m.student_id`,
    input.cicle_from_id,
    input.cicle_to_id,
    input.career_id ?? null,
    day,
    toStart,
  );
}

type Row = { student_id: number; career_id: number | null; client: string; group_id: number; concept_id: number | null; description: string | null; amount: string; unit_discount: string; iva: string; subtotal: string; total: string; status: 'Payment' | 'Pending' };

/** Writes a batch: the charges (finance's, in bulk), then the reinscriptions and their history, in one
 * statement each. */
async function writeBatch(actor: Actor, input: GenerateInput, day: string, rows: Row[]): Promise<number> {
  return prisma.$transaction(
    async (tx) => {
      // Two runs for the same target period take turns; the second finds the students done.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('reinscriptions'), ${input.cicle_to_id})`;
      const done = await tx.reinscription.findMany({
        where: { student_id: { in: rows.map((row) => row.student_id) }, cicle_to_id: input.cicle_to_id, status: true, reinscription_status: { not: 'Cancelled' } },
        select: { student_id: true },
      });
      const skip = new Set(done.map((row) => row.student_id));
      const fresh = rows.filter((row) => !skip.has(row.student_id));
      if (!fresh.length) return 0;
      const charged = await chargeStudentsInBulk(tx, actor, {
        cicle_id: input.cicle_to_id,
        day,
        notes: 'Reinscripción',
        category: 'I',
        charges: fresh.flatMap((row) =>
          row.concept_id === null ? [] : [{ student_id: row.student_id, career_id: row.career_id, client: row.client, concept_id: row.concept_id, description: row.description ?? '', amount: row.amount, unit_discount: row.unit_discount, iva: row.iva, subtotal: row.subtotal, total: row.total }],
        ),
      });
      const [{ created }] = await tx.$queryRawUnsafe<{ created: number }[]>(
        `WITH given AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(student_id int, career_id int, group_id int, sale_id int, status text)
         ), made AS (
           INSERT INTO reinscriptions (student_id, user_id, sale_id, cicle_from_id, cicle_to_id, from_group_id, career_id, pending, reinscribed, reinscription_status, created_at, updated_at)
           SELECT g.student_id, $4, g.sale_id, $2, $3, g.group_id, g.career_id, true, false, g.status::"ReinscriptionStatus", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
           FROM given g
           RETURNING id, student_id, sale_id
         ), logged AS (
           INSERT INTO audit_logs (resource, record_id, type, user_id, username, date, changes, reason)
           SELECT 'reinscriptions', m.id::text, '+', $4, $5, now() AT TIME ZONE 'UTC',
                  jsonb_build_array(jsonb_build_object('field', 'student_id', 'old', NULL, 'new', m.student_id), jsonb_build_object('field', 'sale_id', 'old', NULL, 'new', m.sale_id)), '' FROM made m
           RETURNING 1
         )
         SELECT (SELECT COUNT(*) FROM made)::int AS created, (SELECT COUNT(*) FROM logged)::int AS logged`,
        JSON.stringify(fresh.map((row) => ({ student_id: row.student_id, career_id: row.career_id, group_id: row.group_id, sale_id: charged.get(row.student_id) ?? null, status: row.status }))),
        input.cicle_from_id,
        input.cicle_to_id,
        actor.id,
        actor.username,
      );
      return created;
    },
    { timeout: 120_000 },
  );
}

export type GenerateResult = { students: number; created: number; without_concept: number; ineligible: { student_id: number; name: string; no_control: string; reasons: IneligibleReason[]; reason_texts: string[] }[] };

/** The generation itself (the job's work): who may go on, their prices, the batches. */
export async function generateReinscriptions(actor: Actor, input: GenerateInput, report: (done: number, total: number) => Promise<void>, t: (key: string) => string): Promise<GenerateResult> {
  const { to } = await periods(input);
  const day = today();
  const toStart = isoDay(to.start);
  const settings = await prisma.setting.findFirst({ orderBy: { id: 'asc' }, select: { max_extra: true } });
  const maxFailed = settings?.max_extra ?? 3;
  const found = await candidates(input, day, toStart);
  const result: GenerateResult = { students: found.length, created: 0, without_concept: 0, ineligible: [] };
  const eligible = found.filter((student) => {
    const reasons = ineligibility(student, maxFailed);
    if (reasons.length > 0) result.ineligible.push({ student_id: student.student_id, name: student.name, no_control: student.no_control, reasons, reason_texts: reasons.map((reason) => t(`admissions.reinscription.reasons.${reason}`)) });
    return reasons.length === 0;
  });

  // Prices as at the counter: the concept's discounts for the student's career and next grade, and
  // their reinscription scholarships for the target period.
  const conceptIds = [...new Set(eligible.map((student) => student.concept_id).filter((id): id is number => id !== null))];
  const rules = await prisma.conceptDiscount.findMany({ where: { concept_id: { in: conceptIds }, status: true }, select: { concept_id: true, career_id: true, grade: true, amount: true, percentage: true, effect_date: true, end_date: true } });
  const rulesOf = new Map<number, ConceptDiscountRule[]>();
  for (const rule of rules) {
    const list = rulesOf.get(rule.concept_id) ?? [];
    list.push({ career_id: rule.career_id, grade: rule.grade, amount: rule.amount.toFixed(2), percentage: rule.percentage.toFixed(4), effect_date: rule.effect_date ? isoDay(rule.effect_date) : null, end_date: rule.end_date ? isoDay(rule.end_date) : null });
    rulesOf.set(rule.concept_id, list);
  }
  const scholarships = await scholarshipsOfStudents(prisma, eligible, input.cicle_to_id, to.start);
  const rows: Row[] = eligible.map((student) => {
    if (student.concept_id === null || student.amount === null) {
      result.without_concept += 1;
      return { student_id: student.student_id, career_id: student.career_id, client: student.name, group_id: student.group_id, concept_id: null, description: null, amount: '0.00', unit_discount: '0.00', iva: '0', subtotal: '0.00', total: '0.00', status: 'Pending' };
    }
    const concept = { id: student.concept_id, code: student.code, is_inscription: Boolean(student.is_inscription), recurrency_id: student.recurrency_id };
    const conceptDiscount = conceptUnitDiscount(student.amount, rulesOf.get(student.concept_id) ?? [], { career_id: student.career_id, grade: student.grade + 1, on: toStart });
    const unitDiscount = lineUnitDiscount({ amount: student.amount, concept }, conceptDiscount, scholarships.get(student.student_id) ?? []);
    const totals = saleTotals({ lines: [{ qty: 1, amount: student.amount, discount: unitDiscount, iva: student.iva ?? '0', concept }], discounts: [], rate: '0', payments: [] });
    return { student_id: student.student_id, career_id: student.career_id, client: student.name, group_id: student.group_id, concept_id: student.concept_id, description: student.description, amount: student.amount, unit_discount: unitDiscount, iva: student.iva ?? '0', subtotal: totals.subtotal, total: totals.total_pay, status: 'Payment' };
  });
  await report(0, rows.length);
  for (let index = 0; index < rows.length; index += BATCH) {
    result.created += await writeBatch(actor, input, day, rows.slice(index, index + BATCH));
    await report(Math.min(rows.length, index + BATCH), rows.length);
  }
  return result;
}

export const generateReinscriptionsJob = defineJob({
  name: 'inscription-generate-reinscriptions',
  input: generateReinscriptionsInput,
  run: (input, { ctx, report }) => generateReinscriptions(ctx.actor, input, report, ctx.t),
});

export const generateReinscriptionsAction: ActionDefinition = defineAction(contracts.generateReinscriptions, {
  needs: 'write',
  handler: async (ctx) => {
    const { input } = ctx;
    // Unknown or misordered periods are the request's 400, not a failed job.
    await periods(input);
    return accepted(await startJob(ctx, generateReinscriptionsJob, input));
  },
});

// ---------------------------------------------------------------------------------------------

/** POST cancel/ {id | ids, reason}: the reinscriptions cancelled with the reason, their unpaid charges too. */
export const cancelReinscriptions: ActionDefinition = defineAction(contracts.cancelReinscriptions, {
  needs: 'write',
  handler: async ({ actor, input }) => {
    const ids = [...new Set([...(input.ids ?? []), ...(input.id ? [input.id] : [])])];
    if (ids.length === 0) throw badRequest({ ids: [msg('errors.required')] });
    const reason = input.reason || input.cancel_note;
    // Spec section 5: "Type a reason for cancel".
    if (!reason) throw badRequest({ reason: [msg('errors.cancel_reason')] });
    return prisma.$transaction(async (tx) => {
      const found = await tx.reinscription.findMany({ where: { id: { in: ids } }, select: { id: true, reinscription_status: true, sale_id: true, sale: { select: { status: true, total_paid: true } } } });
      if (found.length !== ids.length) throw notFound();
      const done = found.filter((row) => row.reinscription_status === 'Reinscription' || row.reinscription_status === 'Cancelled');
      if (done.length > 0) throw new ApiError(409, msg('admissions.reinscription.not_cancellable'));
      const paid = found.filter((row) => row.sale?.status && row.sale.total_paid.greaterThan(0));
      if (paid.length > 0) throw new ApiError(409, msg('admissions.reinscription.has_payments'));
      const history: HistoryEntry[] = [];
      for (const row of found) {
        await tx.reinscription.update({ where: { id: row.id }, data: { reinscription_status: 'Cancelled', cancel_note: reason, pending: false } });
        history.push({ table: 'reinscriptions', recordId: row.id, type: '~', actor, changes: [{ field: 'reinscription_status', old: row.reinscription_status, new: 'Cancelled' }, { field: 'cancel_note', old: null, new: reason }], reason });
      }
      await recordHistoryMany(tx, history);
      // Their charges are cancelled by the sale's owner, with the same reason.
      for (const row of found) if (row.sale_id && row.sale?.status) await cancelSale(tx, actor, row.sale_id, reason);
      return { cancelled: found.length };
    });
  },
});

/** POST update_cicle/ {ids, cicle_to_id}: pending reinscriptions (and their charges) move to another target period. */
export const updateReinscriptionCicle: ActionDefinition = defineAction(contracts.updateReinscriptionCicle, {
  needs: 'write',
  handler: async ({ actor, input }) => {
    const cicle = await prisma.cicle.findUnique({ where: { id: input.cicle_to_id }, select: { id: true } });
    if (!cicle) throw badRequest({ cicle_to_id: [msg('errors.unknown_reference')] });
    return prisma.$transaction(async (tx) => {
      const found = await tx.reinscription.findMany({ where: { id: { in: input.ids } }, select: { id: true, cicle_to_id: true, reinscription_status: true, sale_id: true, to_group_id: true } });
      if (found.length !== input.ids.length) throw notFound();
      if (found.some((row) => row.to_group_id !== null || row.reinscription_status === 'Cancelled')) throw new ApiError(409, msg('admissions.reinscription.already_placed'));
      await tx.reinscription.updateMany({ where: { id: { in: input.ids } }, data: { cicle_to_id: input.cicle_to_id } });
      const sales = found.map((row) => row.sale_id).filter((id): id is number => id !== null);
      await moveChargesToPeriod(tx, actor, sales, input.cicle_to_id);
      await recordHistoryMany(tx, found.map((row) => ({ table: 'reinscriptions', recordId: row.id, type: '~' as const, actor, changes: [{ field: 'cicle_to_id', old: row.cicle_to_id, new: input.cicle_to_id }] })));
      return { updated: found.length };
    });
  },
});

// ---------------------------------------------------------------------------------------------
// The next period's groups.

/** A group's code in the next grade: "ISC-1A" → "ISC-2A"; a code without its grade gets it added. */
export function nextGroupCode(code: string, grade: number): string {
  const match = /^(.*?)(\d+)([A-Za-z]*)$/.exec(code);
  return match ? `${match[1]}${grade}${match[3]}` : `${code}-${grade}`;
}

/**
 * Opens (or finds) the next grade's group of each reinscribed student's group in the target
 * period, with the same letter, shift, career and plan and the group's capacity, and moves the
 * students into it: their current group, their period, the reinscription's group. Students already
 * placed are left as they are.
 */
async function placeReinscribed(actor: Actor, where: { cicle_to_id?: number; ids?: number[] }) {
  return prisma.$transaction(
    async (tx) => {
      const rows = await tx.reinscription.findMany({
        where: { status: true, reinscription_status: 'Reinscription', to_group_id: null, cicle_to_id: where.cicle_to_id ?? undefined, id: where.ids ? { in: where.ids } : undefined },
        select: { id: true, student_id: true, cicle_to_id: true, from_group: { select: { id: true, code: true, grade: true, group: true, shift_id: true, career_id: true, study_plan_id: true, capacity: true, tutor_id: true } } },
        orderBy: { id: 'asc' },
      });
      const history: HistoryEntry[] = [];
      const targets = new Map<string, number>();
      let opened = 0;
      let moved = 0;
      for (const row of rows) {
        const from = row.from_group;
        if (!from || !row.cicle_to_id) continue;
        const key = `${from.id}:${row.cicle_to_id}`;
        let target = targets.get(key);
        if (!target) {
          const grade = from.grade + 1;
          const existing = await tx.group.findFirst({ where: { cicle_id: row.cicle_to_id, grade, group: from.group, shift_id: from.shift_id, career_id: from.career_id, status: true }, select: { id: true } });
          if (existing) target = existing.id;
          else {
            const created = await tx.group.create({ data: { code: nextGroupCode(from.code, grade), grade, group: from.group, shift_id: from.shift_id, career_id: from.career_id, study_plan_id: from.study_plan_id, capacity: from.capacity, cicle_id: row.cicle_to_id, last_group_id: from.id, tutor_id: from.tutor_id }, select: { id: true } });
            target = created.id;
            opened += 1;
            history.push({ table: 'groups', recordId: target, type: '+', actor, changes: [{ field: 'code', old: null, new: nextGroupCode(from.code, grade) }, { field: 'last_group_id', old: null, new: from.id }] });
          }
          targets.set(key, target);
        }
        // The period she leaves is history; the new group is an enrolment like any other (the
        // student's own module writes it, her current group and period with it).
        history.push(...(await leaveCurrentGroups(tx, actor, row.student_id)));
        history.push(...(await enrol(tx, actor, { student_id: row.student_id, group_id: target })).history);
        await tx.user.updateMany({ where: { student: { id: row.student_id } }, data: { current_group_id: target } });
        await tx.reinscription.update({ where: { id: row.id }, data: { to_group_id: target, reinscribed: true, pending: false } });
        history.push({ table: 'reinscriptions', recordId: row.id, type: '~', actor, changes: [{ field: 'to_group_id', old: null, new: target }] });
        moved += 1;
      }
      await recordHistoryMany(tx, history);
      return { groups: targets.size, opened, moved };
    },
    { timeout: 60_000 },
  );
}

export const generateGroups: ActionDefinition = defineAction(contracts.generateReinscriptionGroups, {
  needs: 'write',
  handler: async ({ actor, input }) => {
    if (!input.cicle_to_id) throw badRequest({ cicle_to_id: [msg('errors.required')] });
    return placeReinscribed(actor, { cicle_to_id: input.cicle_to_id });
  },
});

export const generateGroupsBySelection: ActionDefinition = defineAction(contracts.generateReinscriptionGroupsBySelection, {
  needs: 'write',
  handler: async ({ actor, input }) => {
    if (!input.ids?.length) throw badRequest({ ids: [msg('errors.required')] });
    return placeReinscribed(actor, { ids: input.ids });
  },
});

export const reinscriptionActions: ActionDefinition[] = [generateReinscriptionsAction, cancelReinscriptions, updateReinscriptionCicle, generateGroups, generateGroupsBySelection];
