// Capturing a partial for a group (design/domain.md, "Grades"): the sheet a teacher fills in
// (students × factors, with the computed partial) and its save, one request per group and partial.
//
//   GET  students/api/students/get_for_capture/?schedule_id=&partial_id=   (spec: Student action)
//   POST scores/api/scores/capture/  {schedule_id, partial_id, notes?, scores: [{student_id, score?, factors?}]}
//
// Rules: a teacher captures only their own schedules (403), and only while the partial's window or
// an exception for the schedule is open (409 "Dates do not match the partial"); staff holding the
// scores screen correct at any time. With factors, the partial is computed from them by the shared
// rule (lib/grades/score) and a typed partial is ignored. Changing a score that was already
// captured needs a note and leaves a ScoreTrack row (who, old, new, note); everything happens in
// one transaction with the history rows.
import { z } from 'zod';
import { positiveId } from '@/lib/validation';
import { type GradeSettings, gradeSettingsFrom, partialFromFactors, validScore } from '@/lib/grades/score';
import { captureWindow, schoolToday } from '@/lib/grades/window';
import { fullName } from '@/server/auth/actor';
import type { Actor } from '@/server/auth/actor';
import { Prisma, prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { canUse } from '@/server/engine/engine';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { ApiError, badRequest, type FieldErrors, forbidden, msg, notFound } from '@/server/errors';
import * as contracts from '@/lib/contracts/scores';
import type { ParsedInputOf } from '@/lib/contracts/contract';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export async function gradeSettings(db: Prisma.TransactionClient | typeof prisma = prisma): Promise<GradeSettings> {
  const setting = await db.setting.findFirst({ select: { min_cal: true, max_cal: true, min_approve: true, precision_cal: true, calculate_type: true } });
  return gradeSettingsFrom(setting && { ...setting, min_cal: setting.min_cal.toFixed(), max_cal: setting.max_cal.toFixed(), min_approve: setting.min_approve.toFixed() });
}

/** A sheet's class and partial, as the contracts parsed them. */
type Target = { schedule_id: number; partial_id: number };
/** The same, from a score written through the generic API (its ids as the write has them). */
const target = z.object({ schedule_id: positiveId, partial_id: positiveId });

/** The schedule a capture names, checked for the actor; throws 403/404. */
async function loadSchedule(actor: Actor, scoresDefinition: ResourceDefinition, scheduleId: number) {
  const schedule_id = scheduleId;
  const schedule = await prisma.schedule.findUnique({
    where: { id: schedule_id },
    select: {
      id: true,
      teacher_id: true,
      subject_id: true,
      group_id: true,
      use_factors: true,
      group: { select: { code: true, cicle_id: true } },
      subject: { select: { code: true, description: true } },
      teacher: { select: { names: true, first_name: true, second_name: true } },
    },
  });
  if (!schedule) throw notFound();
  const staff = canUse(actor, scoresDefinition, 'write', 'change') && actor.kind === 'staff';
  if (!staff && (actor.kind !== 'teacher' || actor.teacher_id !== schedule.teacher_id)) throw forbidden();
  return { schedule, staff };
}

/** The schedule and partial a capture names, checked for the actor; throws 400/403/404. */
export async function loadTarget(actor: Actor, scoresDefinition: ResourceDefinition, { schedule_id, partial_id }: Target) {
  const { schedule, staff } = await loadSchedule(actor, scoresDefinition, schedule_id);
  const partial = await prisma.partial.findUnique({
    where: { id: partial_id },
    select: { id: true, no: true, description: true, partial_type: true, cicle_id: true, allow_scores: true, start_eval: true, end_eval: true },
  });
  if (!partial || partial.cicle_id !== schedule.group.cicle_id) throw badRequest({ partial_id: [msg('errors.choice')] });
  const exceptions = await prisma.periodException.findMany({ where: { schedule_id, partial_id }, select: { start: true, end: true } });
  const window = captureWindow(
    { allow_scores: partial.allow_scores, start_eval: day(partial.start_eval), end_eval: day(partial.end_eval) },
    exceptions.map((exception) => ({ start: day(exception.start)!, end: day(exception.end)! })),
    schoolToday(),
  );
  return { schedule, partial, window, staff };
}

/**
 * The capture rules for one score written through the generic API (`PUT scores/api/scores/{id}/`,
 * `POST scores/api/scores/`): the same as the sheet's save, so a score has one door. The actor
 * must be the schedule's teacher within the window (or staff), the student on the sheet, the value
 * valid on the school's scale, typed only where the schedule has no factors (with factors the partial
 * is computed), and a captured score changes only with a note. Returns what to store and the track
 * row to write once it is saved (null when nothing captured changes).
 */
export async function checkOneScore(
  actor: Actor,
  scoresDefinition: ResourceDefinition,
  input: { schedule_id: number; partial_id: number; student_id: number; score: string | null; is_np: boolean; notes: string | null },
  existing: { score: Prisma.Decimal | string | null; is_np: boolean } | null,
): Promise<{ track: { original_score: Prisma.Decimal | null; new_score: Prisma.Decimal | null; notes: string } | null }> {
  const { schedule, partial, window, staff } = await loadTarget(actor, scoresDefinition, target.parse({ schedule_id: input.schedule_id, partial_id: input.partial_id }));
  if (!window.open && !staff) throw new ApiError(409, msg('errors.dates_partial'));
  if ((await prisma.factor.count({ where: { schedule_id: schedule.id, partial_id: partial.id, status: true } }))) {
    throw new ApiError(409, msg('errors.score_from_factors'));
  }
  if (!existing && !(await sheetStudents(schedule, partial, { withMoved: true })).some(({ student }) => student.id === input.student_id)) throw badRequest({ student_id: [msg('errors.choice')] });
  if (input.score !== null && !validScore(input.score, await gradeSettings())) throw badRequest({ score: [msg('errors.score')] });
  const before = existing ? (existing.is_np ? 'NP' : existing.score === null ? null : new Prisma.Decimal(String(existing.score)).toFixed()) : null;
  const after = input.is_np ? 'NP' : input.score === null ? null : new Prisma.Decimal(input.score).toFixed();
  if (before === null || before === after) return { track: null };
  if (!input.notes) throw badRequest({ notes: [msg('errors.note_required')] });
  return { track: { original_score: existing!.score === null ? null : new Prisma.Decimal(String(existing!.score)), new_score: input.is_np || input.score === null ? null : new Prisma.Decimal(input.score), notes: input.notes } };
}

async function enrolled(schedule: { group_id: number; subject_id: number }) {
  return prisma.studentGroup.findMany({
    where: { group_id: schedule.group_id, status: true, OR: [{ subject_id: null }, { subject_id: schedule.subject_id }] },
    select: { is_current: true, student: { select: { id: true, no_control: true, names: true, first_name: true, second_name: true } } },
    orderBy: [{ student: { first_name: 'asc' } }, { student: { second_name: 'asc' } }, { student: { names: 'asc' } }],
  });
}

/**
 * The students a partial's sheet lists: the whole group for an ordinary partial; for the extra (X)
 * and T.S. (T) partials only those who have that exam in the schedule (a live request), and any
 * who already have a score there, so nothing captured disappears from the sheet.
 */
async function sheetStudents(schedule: { id: number; group_id: number; subject_id: number }, partial: { id: number; partial_type: string }, options: { withMoved?: boolean } = {}) {
  const enrolments = await enrolled(schedule);
  // A student moved to another group of the same period leaves this group's sheets, unless this
  // partial already holds her score here (what was captured never disappears from its sheet). A past
  // period's group keeps every student it had.
  // Who may still be given a score here is everyone enrolled in the group (staff correcting a late
  // grade of a student who moved); the sheet lists who is in it now.
  const past = options.withMoved ? [] : enrolments.filter((row) => !row.is_current).map((row) => row.student.id);
  const moved = new Set<number>();
  if (past.length) {
    const [elsewhere, scored] = await Promise.all([
      prisma.studentGroup.findMany({ where: { student_id: { in: past }, is_current: true, status: true, subject_id: null, group_id: { not: schedule.group_id }, group: { cicle: { groups: { some: { id: schedule.group_id } } } } }, select: { student_id: true } }),
      prisma.score.findMany({ where: { schedule_id: schedule.id, partial_id: partial.id, student_id: { in: past } }, select: { student_id: true } }),
    ]);
    const kept = new Set(scored.map((row) => row.student_id));
    for (const row of elsewhere) if (!kept.has(row.student_id)) moved.add(row.student_id);
  }
  const group = enrolments.filter((row) => row.is_current || !moved.has(row.student.id));
  if (partial.partial_type !== 'X' && partial.partial_type !== 'T') return group;
  const [requests, scored] = await Promise.all([
    prisma.extraordinary.findMany({ where: { schedule_id: schedule.id, category: partial.partial_type, is_deleted: false, status: { not: 'CANCELLED' } }, select: { student_id: true } }),
    prisma.score.findMany({ where: { schedule_id: schedule.id, partial_id: partial.id }, select: { student_id: true } }),
  ]);
  const examinees = new Set([...requests, ...scored].map((row) => row.student_id));
  return group.filter(({ student }) => examinees.has(student.id));
}

/** The partials a schedule's scores are captured in: the period's ordinary ones, then extra and T.S. */
async function partialsOf(cicleId: number) {
  const cicle = await prisma.cicle.findUnique({ where: { id: cicleId }, select: { partials: true } });
  const partials = await prisma.partial.findMany({
    where: { cicle_id: cicleId, status: true, OR: [{ partial_type: 'O', no: { lte: cicle?.partials ?? 4 } }, { partial_type: { in: ['X', 'T'] } }] },
    orderBy: { no: 'asc' },
    select: { id: true, no: true, description: true, partial_type: true, start_eval: true, end_eval: true, allow_scores: true },
  });
  return partials.map((partial) => ({ ...partial, start_eval: day(partial.start_eval), end_eval: day(partial.end_eval) }));
}

async function sheet(actor: Actor, scoresDefinition: ResourceDefinition, asked: { schedule_id: number; partial_id?: number }) {
  if (!asked.partial_id) {
    // Only the schedule: which partials there are, so the screen can offer them.
    const { schedule } = await loadSchedule(actor, scoresDefinition, asked.schedule_id);
    return { schedule: describe(schedule), partials: await partialsOf(schedule.group.cicle_id) };
  }
  const { schedule, partial, window, staff } = await loadTarget(actor, scoresDefinition, { schedule_id: asked.schedule_id, partial_id: asked.partial_id });
  const [settings, factors, students, scores] = await Promise.all([
    gradeSettings(),
    prisma.factor.findMany({
      where: { schedule_id: schedule.id, partial_id: partial.id, status: true },
      orderBy: { id: 'asc' },
      select: { id: true, name: true, value: true, is_attendance: true, block: true, scores: { select: { student_id: true, score: true } } },
    }),
    sheetStudents(schedule, partial),
    prisma.score.findMany({ where: { schedule_id: schedule.id, partial_id: partial.id }, select: { student_id: true, score: true, is_np: true } }),
  ]);
  const scoreOf = new Map(scores.map((score) => [score.student_id, score]));
  return {
    schedule: describe(schedule),
    partials: await partialsOf(schedule.group.cicle_id),
    partial: { id: partial.id, no: partial.no, description: partial.description, partial_type: partial.partial_type, allow_scores: partial.allow_scores, start_eval: day(partial.start_eval), end_eval: day(partial.end_eval) },
    // Staff correct at any time; the window says whether a teacher may.
    window: { ...window, open: window.open || staff },
    settings,
    factors: factors.map(({ scores: _scores, ...factor }) => ({ ...factor, value: factor.value.toFixed() })),
    students: students.map(({ student }) => {
      const score = scoreOf.get(student.id);
      return {
        student_id: student.id,
        no_control: student.no_control,
        full_name: fullName(`${student.first_name} ${student.second_name ?? ''}`, student.names),
        score: score?.is_np ? 'NP' : (score?.score?.toFixed() ?? null),
        factors: Object.fromEntries(factors.map((factor) => [factor.id, factor.scores.find((entry) => entry.student_id === student.id)?.score?.toFixed() ?? null])),
      };
    }),
  };
}

type LoadedSchedule = Awaited<ReturnType<typeof loadSchedule>>['schedule'];

function describe(schedule: LoadedSchedule) {
  return {
    id: schedule.id,
    subject_id: schedule.subject_id,
    group: schedule.group.code,
    subject: `${schedule.subject.code} ${schedule.subject.description}`,
    teacher: schedule.teacher ? fullName(`${schedule.teacher.first_name} ${schedule.teacher.second_name ?? ''}`, schedule.teacher.names) : null,
  };
}

/** GET students/api/students/get_for_capture/?schedule_id=[&partial_id=]: the sheet (a Student action by the spec). */
export function getForCaptureAction(scoresDefinition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.captureSheet, {
    needs: 'signed-in',
    handler: async ({ actor, queryInput }) => await sheet(actor, scoresDefinition(), queryInput),
  });
}

/**
 * GET scores/api/scores/capture_classes/?cicle_id= – the classes of a period the capture sheet can
 * open, for its one picker (group, subject and teacher in one line): a teacher's own, or every
 * class of the period for staff who read the scores screens. Answers {results}.
 */
export function captureClassesAction(scoresDefinition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.captureClasses, {
    needs: 'signed-in',
    handler: async ({ actor, queryInput }) => {
      const { cicle_id } = queryInput;
      const teacher = actor.kind === 'teacher' ? { teacher_id: actor.teacher_id ?? -1 } : null;
      if (!teacher && !(actor.kind === 'staff' && canUse(actor, scoresDefinition(), 'read'))) throw forbidden();
      const classes = await periodClasses(cicle_id, teacher?.teacher_id);
      return { results: classes.map(({ hours: _hours, is_modular: _modular, ...row }) => row) };
    },
  });
}

/** A capture as its contract parsed it (move_scores/ builds one of its own). */
type CaptureInput = ParsedInputOf<typeof contracts.captureScores>;

/** A sheet's captured scores by student, and the factor scores of the students sent, as the save reads them. */
export type StoredCapture = {
  scores: Map<number, { id: number; student_id: number; score: Prisma.Decimal | null; is_np: boolean }>;
  factorScores: { factor_id: number; student_id: number; score: Prisma.Decimal | null }[];
};

/** A change's note as the history keeps it (its reason holds 500 characters; the score's track keeps the whole note). */
const historyReason = (notes: string | null | undefined) => (notes ? notes.slice(0, 500) : undefined);

type CaptureOptions = {
  /** Inside the transaction, once the stored scores are read and before anything is written (a change from a device checks them for conflicts). */
  beforeWrite?: (tx: Prisma.TransactionClient, stored: StoredCapture) => Promise<void>;
  afterWrite?: (tx: Prisma.TransactionClient, target: { schedule_id: number; partial_id: number }) => Promise<void>;
};

async function capture(actor: Actor, input: CaptureInput, scoresDefinition: ResourceDefinition, options: CaptureOptions = {}) {
  const { schedule_id, partial_id, changed } = await saveCapture(actor, input, scoresDefinition, options);
  return { changed, ...(await sheet(actor, scoresDefinition, { schedule_id, partial_id })) };
}

/** Saves a capture and says how many scores changed (a device's one-cell change needs no sheet back). */
export async function saveCapture(actor: Actor, input: CaptureInput, scoresDefinition: ResourceDefinition, options: CaptureOptions = {}) {
  const { schedule, partial, window, staff } = await loadTarget(actor, scoresDefinition, input);
  if (!window.open && !staff) throw new ApiError(409, msg('errors.dates_partial'));
  const settings = await gradeSettings();
  const factors = await prisma.factor.findMany({ where: { schedule_id: schedule.id, partial_id: partial.id, status: true }, select: { id: true, value: true, is_attendance: true, block: true } });
  const byFactor = new Map(factors.map((factor) => [String(factor.id), factor]));
  const inGroup = new Set((await sheetStudents(schedule, partial, { withMoved: true })).map(({ student }) => student.id));

  // Everything is checked before anything is written: one wrong cell saves nothing.
  const errors: FieldErrors = {};
  input.scores.forEach((row, index) => {
    if (!inGroup.has(row.student_id)) errors[`scores.${index}.student_id`] = [msg('errors.choice')];
    for (const [factorId, value] of Object.entries(row.factors ?? {})) {
      const factor = byFactor.get(factorId);
      if (!factor) errors[`scores.${index}.factors.${factorId}`] = [msg('errors.choice')];
      else if (factor.block) errors[`scores.${index}.factors.${factorId}`] = [msg('errors.factor_locked')];
      else if (value !== null && value !== undefined && value !== '' && !validScore(value, settings, 'factor')) errors[`scores.${index}.factors.${factorId}`] = [msg('errors.score')];
    }
    if (!factors.length && row.score !== null && row.score !== undefined && row.score !== '' && !validScore(row.score, settings)) errors[`scores.${index}.score`] = [msg('errors.score')];
  });
  if (Object.keys(errors).length) throw badRequest(errors);

  // The whole group is decided in memory first, then written with a handful of statements (a
  // group of 40 students with 5 factors is 200 factor scores): one transaction, with the history.
  const result = await prisma.$transaction(async (tx) => {
    // A check of what is stored must not race another save of the same sheet: one at a time.
    if (options.beforeWrite) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('capture:' || ${schedule.id}::text), ${partial.id}::int)`;
    const existing = await tx.score.findMany({ where: { schedule_id: schedule.id, partial_id: partial.id }, select: { id: true, student_id: true, score: true, is_np: true } });
    const current = new Map(existing.map((score) => [score.student_id, score]));
    const storedFactors = factors.length
      ? await tx.factorScore.findMany({ where: { factor_id: { in: factors.map((factor) => factor.id) }, student_id: { in: input.scores.map((row) => row.student_id) } }, select: { factor_id: true, student_id: true, score: true } })
      : [];
    await options.beforeWrite?.(tx, { scores: current, factorScores: storedFactors });
    const factorWrites: { factor_id: number; student_id: number; score: string | null }[] = [];
    const creates: { student_id: number; score: Prisma.Decimal | null; is_np: boolean; text: string | null; notes: string | null | undefined }[] = [];
    const updates: { id: number; score: Prisma.Decimal | null; is_np: boolean; before: string | null; after: string | null; original: Prisma.Decimal | null; notes: string | null | undefined }[] = [];
    const noteless: FieldErrors = {};
    for (const [index, row] of input.scores.entries()) {
      let text: string | null;
      if (factors.length) {
        // Factor scores first; the partial follows from all of the student's factors.
        const mine = new Map(storedFactors.filter((entry) => entry.student_id === row.student_id).map((entry) => [String(entry.factor_id), entry.score?.toFixed() ?? null]));
        for (const [factorId, value] of Object.entries(row.factors ?? {})) {
          const score = value === undefined || value === '' ? null : value;
          if ((mine.get(factorId) ?? null) === (score === null ? null : new Prisma.Decimal(score).toFixed())) continue;
          mine.set(factorId, score);
          factorWrites.push({ factor_id: Number(factorId), student_id: row.student_id, score });
        }
        text = partialFromFactors(factors.map((factor) => ({ value: factor.value.toFixed(), is_attendance: factor.is_attendance, score: mine.get(String(factor.id)) ?? null })), settings);
        // Until all of a student's factors are scored the partial cannot be computed: what the
        // partial holds stays as it is (never erased by an incomplete row).
        if (text === null) continue;
      } else {
        text = row.score === undefined || row.score === '' ? null : (row.score ?? null);
      }
      const np = text?.trim().toUpperCase() === 'NP';
      const value = np || text === null ? null : new Prisma.Decimal(text);
      const before = current.get(row.student_id);
      const beforeText = before ? (before.is_np ? 'NP' : (before.score?.toFixed() ?? null)) : null;
      const afterText = np ? 'NP' : (value?.toFixed() ?? null);
      if (beforeText === afterText) continue;
      if (!before) {
        creates.push({ student_id: row.student_id, score: value, is_np: np, text: afterText, notes: row.notes || input.notes });
        continue;
      }
      // A score already captured changes only with a reason, kept with who changed it.
      const notes = row.notes || input.notes;
      if (beforeText !== null && !notes) noteless[`scores.${index}.notes`] = [msg('errors.note_required')];
      updates.push({ id: before.id, score: value, is_np: np, before: beforeText, after: afterText, original: before.score, notes: beforeText !== null ? notes : null });
    }
    if (Object.keys(noteless).length) throw badRequest({ notes: [msg('errors.note_required')], ...noteless });

    if (factorWrites.length) {
      await tx.$executeRaw`
        INSERT INTO factor_scores (factor_id, student_id, score, updated_at)
        SELECT f, s, v::numeric, now() FROM unnest(${factorWrites.map((w) => w.factor_id)}::int[], ${factorWrites.map((w) => w.student_id)}::int[], ${factorWrites.map((w) => w.score)}::text[]) AS t(f, s, v)
        ON CONFLICT (factor_id, student_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now()`;
    }
    if (updates.length) {
      await tx.$executeRaw`
        UPDATE scores SET score = t.v::numeric, is_np = t.np, updated_at = now()
        FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.score?.toFixed() ?? null)}::text[], ${updates.map((u) => u.is_np)}::boolean[]) AS t(id, v, np)
        WHERE scores.id = t.id`;
      const tracked = updates.filter((update) => update.before !== null);
      if (tracked.length) {
        await tx.scoreTrack.createMany({ data: tracked.map((update) => ({ score_id: update.id, user_id: actor.id, original_score: update.original, new_score: update.score, notes: update.notes! })) });
      }
    }
    const created = creates.length
      ? await tx.score.createManyAndReturn({
          data: creates.map((create) => ({ partial_id: partial.id, student_id: create.student_id, schedule_id: schedule.id, score: create.score, is_np: create.is_np })),
          select: { id: true, student_id: true },
        })
      : [];
    const createOf = new Map(creates.map((create) => [create.student_id, create]));
    // The history keeps the note a change came with (a first capture needs none, but may have one).
    await recordHistoryMany(tx, [
      ...created.map((row) => ({ table: 'scores', recordId: row.id, type: '+' as const, actor, changes: [{ field: 'score', old: null, new: createOf.get(row.student_id)?.text ?? null }], reason: historyReason(createOf.get(row.student_id)?.notes) })),
      ...updates.map((update) => ({ table: 'scores', recordId: update.id, type: '~' as const, actor, changes: [{ field: 'score', old: update.before, new: update.after }], reason: historyReason(update.notes) })),
    ]);
    await options.afterWrite?.(tx, { schedule_id: schedule.id, partial_id: partial.id });
    return creates.length + updates.length;
  });
  return { schedule_id: schedule.id, partial_id: partial.id, changed: result };
}

export function captureAction(scoresDefinition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.captureScores, { needs: 'write', handler: ({ actor, input }) => capture(actor, input, scoresDefinition()) });
}

/**
 * POST scores/api/factors/move_scores/ {schedule_id, partial_id, notes?}: closes a partial's
 * factors. Every student's partial is computed from their factor scores and saved as a capture
 * saves it (same window, same tracks), and the factors are locked in the same transaction: from
 * then on they show as locked and their scores no longer change.
 */
export function moveScoresAction(scoresDefinition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.moveFactorScores, {
    needs: 'write',
    handler: async (ctx) => {
      const { schedule, partial } = await loadTarget(ctx.actor, scoresDefinition(), ctx.input);
      const factors = await prisma.factor.findMany({ where: { schedule_id: schedule.id, partial_id: partial.id, status: true }, select: { id: true, block: true } });
      if (!factors.some((factor) => !factor.block)) throw new ApiError(409, msg(factors.length ? 'errors.factors_locked' : 'errors.factors_not_set'));
      const { notes } = ctx.input;
      const input: CaptureInput = {
        schedule_id: schedule.id,
        partial_id: partial.id,
        notes: notes ? notes : ctx.t('grades.factors_moved_note'),
        scores: (await sheetStudents(schedule, partial)).map(({ student }) => ({ student_id: student.id, factors: {} })),
      };
      return capture(ctx.actor, input, scoresDefinition(), {
        afterWrite: async (tx, target) => {
          const locked = await tx.factor.updateManyAndReturn({ where: { ...target, status: true, block: false }, data: { block: true }, select: { id: true } });
          await recordHistoryMany(tx, locked.map((factor) => ({ table: 'factors', recordId: factor.id, type: '~' as const, actor: ctx.actor, changes: [{ field: 'block', old: false, new: true }] })));
        },
      });
    },
  });
}

/**
 * A period's classes (active schedules) in the order the capture screens list them: by group, then
 * the plan's subject order. One teacher's only when `teacherId` is given (Mis clases, a teacher's
 * capture list). Each row names its group, subject and teacher.
 */
export async function periodClasses(cicleId: number, teacherId?: number) {
  const schedules = await prisma.schedule.findMany({
    where: { status: true, group: { cicle_id: cicleId }, ...(teacherId !== undefined ? { teacher_id: teacherId } : {}) },
    select: {
      id: true,
      group_id: true,
      hours: true,
      is_modular: true,
      group: { select: { code: true } },
      subject: { select: { code: true, description: true } },
      teacher: { select: { names: true, first_name: true, second_name: true } },
    },
    orderBy: [{ group: { code: 'asc' } }, { subject: { order: 'asc' } }, { subject: { code: 'asc' } }],
  });
  return schedules.map((schedule) => ({
    schedule_id: schedule.id,
    group_id: schedule.group_id,
    group_code: schedule.group.code,
    subject_code: schedule.subject.code,
    subject_description: schedule.subject.description,
    teacher: schedule.teacher ? fullName(`${schedule.teacher.first_name} ${schedule.teacher.second_name ?? ''}`, schedule.teacher.names) : null,
    hours: schedule.hours,
    is_modular: schedule.is_modular,
  }));
}
