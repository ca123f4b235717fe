// POST scores/api/scores/capture_change/ – one cell typed on a teacher's device, sent when it has a
// connection (issue 32). The device retries until it hears an answer, so each change carries an
// idempotency key: the first arrival is applied through the capture's own save (window, scale,
// notes for a captured score, tracks and history in one transaction) and its answer kept with the
// key in capture_changes, in the same transaction; a retry with that key is answered the same and
// writes nothing. The change also carries the value the sheet showed before the edit: if the
// server's value differs (someone else changed the cell since), the answer is 409 with both values,
// who and when, and the teacher decides. The time rules stay the server's: a change arriving after
// the window closed is refused, saying when it closed.
import { Prisma, prisma } from '@/server/db/client';
import type { Actor } from '@/server/auth/actor';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import { ApiError, type FieldErrors, msg } from '@/server/errors';
import * as contracts from '@/lib/contracts/scores';
import type { ParsedInputOf } from '@/lib/contracts/contract';
import { type CaptureConflict, conflictDecision, scoreText } from '@/lib/grades/capture-queue';
import { schoolToday } from '@/lib/grades/window';
import { formatDate } from '@/lib/format';
import { type StoredCapture, loadTarget, saveCapture } from './capture';

type ChangeInput = ParsedInputOf<typeof contracts.captureChange>;
type ChangeAnswer = { key: string; applied: boolean; student_id: number; column: string; value: string | null; score: string | null };

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Thrown inside the save's transaction so that nothing is written; answered as the 409 it carries. */
class ConflictFound extends Error {
  constructor(readonly conflict: CaptureConflict) {
    super('conflict');
  }
}

async function storedAnswer(actor: Actor, input: ChangeInput): Promise<ChangeAnswer | null> {
  const kept = await prisma.captureChange.findUnique({ where: { user_id_key: { user_id: actor.id, key: input.key } }, select: { schedule_id: true, partial_id: true, answer: true } });
  if (!kept) return null;
  const answer = kept.answer as ChangeAnswer;
  // A key names one change: the same key over another cell is a client's mistake, not a retry.
  if (kept.schedule_id !== input.schedule_id || kept.partial_id !== input.partial_id || answer.student_id !== input.student_id || answer.column !== input.column) {
    throw new ApiError(409, msg('offlineCapture.errors.key_reused'));
  }
  return answer;
}

/** A closed window's 409, naming the day it closed when there is one (the partial's last day, or an exception's if later). */
async function refuseClosed(input: ChangeInput, partial: { description: string; end_eval: Date | null }): Promise<never> {
  const today = schoolToday();
  const exceptions = await prisma.periodException.findMany({ where: { schedule_id: input.schedule_id, partial_id: input.partial_id }, select: { end: true } });
  const closed = [partial.end_eval, ...exceptions.map((exception) => exception.end)]
    .filter((date): date is Date => !!date)
    .map(day)
    .filter((date) => date < today)
    .sort()
    .pop();
  if (!closed) throw new ApiError(409, msg('errors.dates_partial'));
  throw new ApiError(409, msg('offlineCapture.errors.window_closed', { partial: partial.description, date: formatDate(closed) }), null, { closed_on: closed });
}

/** The cell's value now, and who changed it last and when (a factor's score keeps only when). */
async function currentCell(tx: Prisma.TransactionClient, input: ChangeInput, stored: StoredCapture): Promise<CaptureConflict & { text: string }> {
  if (input.column !== 'score') {
    const factor = stored.factorScores.find((entry) => entry.student_id === input.student_id && String(entry.factor_id) === input.column);
    const text = factor?.score ? factor.score.toFixed() : '';
    const row = factor ? await tx.factorScore.findFirst({ where: { factor_id: factor.factor_id, student_id: input.student_id }, select: { updated_at: true } }) : null;
    return { text, current: text, by: null, at: row ? row.updated_at.toISOString() : null };
  }
  const score = stored.scores.get(input.student_id);
  const text = score ? (score.is_np ? 'NP' : (score.score?.toFixed() ?? '')) : '';
  if (!score) return { text, current: text, by: null, at: null };
  const last = await tx.auditLog.findFirst({ where: { resource: 'scores', record_id: String(score.id) }, orderBy: [{ date: 'desc' }, { id: 'desc' }], select: { user_id: true, username: true, date: true } });
  const user = last?.user_id ? await tx.user.findUnique({ where: { id: last.user_id }, select: { first_name: true, last_name: true } }) : null;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return { text, current: text, by: name || last?.username || null, at: last ? last.date.toISOString() : null };
}

export async function applyCaptureChange(actor: Actor, scoresDefinition: ResourceDefinition, input: ChangeInput): Promise<ChangeAnswer> {
  const kept = await storedAnswer(actor, input);
  if (kept) return kept;
  const { partial, window, staff } = await loadTarget(actor, scoresDefinition, input);
  if (!window.open && !staff) await refuseClosed(input, partial);

  const value = input.value ?? '';
  let applied = true;
  let answer: ChangeAnswer | null = null;
  // With factors the partial is computed: a typed partial would be ignored, so it is refused.
  if (input.column === 'score' && (await prisma.factor.count({ where: { schedule_id: input.schedule_id, partial_id: input.partial_id, status: true } }))) {
    throw new ApiError(409, msg('errors.score_from_factors'));
  }
  const save = () =>
    saveCapture(
      actor,
      {
        schedule_id: input.schedule_id,
        partial_id: input.partial_id,
        notes: input.notes ?? null,
        scores: [input.column === 'score' ? { student_id: input.student_id, score: value } : { student_id: input.student_id, factors: { [input.column]: value } }],
      },
      scoresDefinition,
      {
        beforeWrite: async (tx, stored) => {
          const cell = await currentCell(tx, input, stored);
          const decision = conflictDecision({ loaded: input.loaded ?? '', value }, cell.text);
          if (decision === 'conflict') throw new ConflictFound({ current: cell.current, by: cell.by, at: cell.at });
          applied = decision === 'apply';
        },
        afterWrite: async (tx, target) => {
          // The key is claimed in the save's transaction, with the answer a retry gets: two
          // arrivals of one change cannot both write, and a retry never sees half of it.
          const saved = await tx.score.findUnique({ where: { student_id_schedule_id_partial_id: { student_id: input.student_id, schedule_id: target.schedule_id, partial_id: target.partial_id } }, select: { score: true, is_np: true } });
          const score = saved ? (saved.is_np ? 'NP' : (saved.score?.toFixed() ?? null)) : null;
          const factor = input.column === 'score' ? null : await tx.factorScore.findFirst({ where: { factor_id: Number(input.column), student_id: input.student_id }, select: { score: true } });
          answer = { key: input.key, applied, student_id: input.student_id, column: input.column, value: input.column === 'score' ? score : (factor?.score?.toFixed() ?? null), score };
          await tx.captureChange.create({ data: { key: input.key, user_id: actor.id, ...target, answer } });
        },
      },
    );
  try {
    await save();
  } catch (error) {
    if (error instanceof ConflictFound) {
      throw new ApiError(409, msg('offlineCapture.errors.conflict'), null, { conflict: { student_id: input.student_id, column: input.column, loaded: scoreText(input.loaded), yours: scoreText(value), ...error.conflict } });
    }
    // The same change arrived twice at once: the other arrival applied it; answer as it did.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const other = await storedAnswer(actor, input);
      if (other) return other;
    }
    // The save's field errors name its one row (`scores.0.score`): here they are this change's.
    if (error instanceof ApiError && error.status === 400 && error.fields) {
      const fields: FieldErrors = {};
      for (const [field, messages] of Object.entries(error.fields)) {
        const name = /(^|\.)notes$/.test(field) ? 'notes' : /\.student_id$/.test(field) ? 'student_id' : /^scores\.0\.(score|factors\.\d+)$/.test(field) ? 'value' : field;
        fields[name] = [...(fields[name] ?? []), ...messages.filter((message) => !fields[name]?.some((known) => known.key === message.key))];
      }
      throw new ApiError(400, null, fields);
    }
    throw error;
  }
  return answer!;
}

export function captureChangeAction(scoresDefinition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.captureChange, { needs: 'write', handler: ({ actor, input }) => applyCaptureChange(actor, scoresDefinition(), input) });
}
