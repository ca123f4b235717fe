// Bank reconciliation (conciliación): staff upload the bank's statement (CSV, lib/finance/
// bank-statement.ts) on Finanzas › Referencias; each deposit whose reference and amount match an
// open reference pays it (payReference: a payment on its sale, once); the lines the school does not
// know, those whose amount differs, those on a cancelled reference and those on a reference whose
// sale no longer owes its amount (stale) are listed for a person to look at; nothing else is booked. A reference already paid is left as it is, so importing the same file again changes
// nothing. Runs as a job: a month's statement has thousands of lines.
import { z } from 'zod';
import { type ReconciliationResult, parseStatement } from '@/lib/finance/bank-statement';
import type { Actor } from '@/server/auth/actor';
import { prisma } from '@/server/db/client';
import type { ContractContext } from '@/server/engine/types';
import type { reconcileStatement } from '@/lib/contracts/finance';
import { accepted } from '@/server/engine/results';
import { badRequest, msg } from '@/server/errors';
import { defineJob } from '@/server/jobs/define';
import { startJob } from '@/server/jobs/queue';
import { payReference } from './bank-references';
import { referenceStateOf } from './sale-states';

const MAX_LINES = 20_000;

const lineInput = z.object({
  line: z.number().int().positive(),
  reference: z.string().regex(/^\d{4,40}$/),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  authorization: z.string().max(100).nullable(),
});

const reconcileInput = z.object({
  file_name: z.string().max(200),
  lines: z.array(lineInput).max(MAX_LINES),
  unreadable: z.array(z.object({ line: z.number().int(), problem: z.enum(['reference', 'amount', 'date']) })).max(MAX_LINES),
});
type ReconcileInput = z.infer<typeof reconcileInput>;


/** Matches each deposit with its reference, one transaction per deposit (a run cut short resumes). */
async function reconcile(actor: Actor, input: ReconcileInput, report: (done: number, total: number) => Promise<void>): Promise<ReconciliationResult> {
  const result: ReconciliationResult = { file_name: input.file_name, lines: input.lines.length + input.unreadable.length, paid: [], already_paid: [], unknown: [], mismatched: [], unreadable: input.unreadable };
  await report(0, input.lines.length);
  for (const [index, line] of input.lines.entries()) {
    const outcome = { line: line.line, reference: line.reference, amount: line.amount };
    await prisma.$transaction(async (tx) => {
      // The newest reference with those digits (a reprint keeps the number).
      const reference = await tx.reference.findFirst({ where: { bank_ref: line.reference, is_deleted: false }, orderBy: [{ status: 'desc' }, { id: 'desc' }], select: { id: true, amount: true, paid: true, status: true, ref_sale_id: true, is_deleted: true } });
      if (!reference) return void result.unknown.push(outcome);
      if (reference.paid) return void result.already_paid.push(outcome);
      const expected = reference.amount.toFixed(2);
      // Read under the sale's lock: a deposit is booked only on a reference that is still what its
      // sale owes (OPEN), and only for exactly that amount.
      const state = await referenceStateOf(tx, { ...reference, amount: expected });
      if (state === 'CANCELLED') return void result.mismatched.push({ ...outcome, expected, reason: 'cancelled' });
      if (state === 'STALE') return void result.mismatched.push({ ...outcome, expected, reason: 'stale' });
      if (expected !== line.amount) return void result.mismatched.push({ ...outcome, expected, reason: 'amount' });
      const booked = await payReference(tx, actor, reference.id, { paid_date: line.date ? new Date(`${line.date}T12:00:00Z`) : new Date(), paid_ref: line.authorization });
      // The summary says what was booked: the same amount as the deposit, or nothing.
      result.paid.push({ ...outcome, amount: booked.amount ?? '0.00', sale_id: reference.ref_sale_id });
    });
    await report(index + 1, input.lines.length);
  }
  return result;
}

export const reconcileJob = defineJob({
  name: 'finance-reconcile-statement',
  input: reconcileInput,
  run: (input, { ctx, report }) => reconcile(ctx.actor, input, report),
});

/**
 * POST finance/api/references/reconcile/ (multipart, `file`: the statement as CSV): read at once
 * (a file without a reference and an amount column is the request's 400), reconciled by a job
 * (202 {job_id}) whose result lists what was paid and what needs a person.
 */
export async function reconcileAction(ctx: ContractContext<typeof reconcileStatement>) {
  // The contract leaves the file optional so that a missing one is answered with this message.
  const { file } = ctx.input;
  if (!file) throw badRequest({ file: [msg('errors.file_required')] });
  const text = await file.text();
  // A NUL is no CSV (UTF-16 files are full of them), and PostgreSQL cannot keep one in the job's input.
  if (text.includes('\u0000')) throw badRequest({ file: [msg('finance.reconcile.not_text')] });
  const parsed = parseStatement(text);
  if ('error' in parsed) throw badRequest({ file: [msg(parsed.error === 'empty' ? 'finance.reconcile.empty' : 'finance.reconcile.columns')] });
  if (parsed.lines.length === 0) throw badRequest({ file: [msg('finance.reconcile.no_lines')] });
  if (parsed.lines.length > MAX_LINES) throw badRequest({ file: [msg('finance.reconcile.too_many', { max: MAX_LINES })] });
  // The name is only shown with the result: without control characters (a NUL could not be stored).
  const name = file.name.replace(/[\u0000-\u001f\u007f]/g, '') || 'estado-de-cuenta.csv';
  return accepted(await startJob(ctx, reconcileJob, { file_name: name.slice(0, 200), lines: parsed.lines, unreadable: parsed.problems }));
}
