// finance/api/recurrents/: monthly tuition charges (colegiaturas recurrentes) of a student, one per
// student and month (Inscr./Reins. › Pagos recurrentes). Generating them, checking what a student
// owes, paying chosen months and reminding students by e-mail are the actions of tuition.ts.
import { z } from 'zod';
import { MONTH_NAMES_ES } from '@/lib/finance/tuition';
import { integer } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import { defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/finance';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { accepted } from '@/server/engine/results';
import { badRequest, msg } from '@/server/errors';
import { defineJob } from '@/server/jobs/define';
import { startJob } from '@/server/jobs/queue';
import { mailServer } from '@/server/mail/mailer';
import { prisma } from '@/server/db/client';
import { reconcileJob } from './reconciliation';
import { tuitionMonthStates } from './sale-states';
import { checkStudent, forceCharges, generateCharges, generateInput, notifyStudents, payMonths, periodOf } from './tuition';

/** A period's charges: long work (20,000 students), followed by its bar on the screen. */
export const generateTuitionJob = defineJob({
  name: 'finance-tuition-generate',
  input: generateInput,
  run: (input, { ctx, report }) => generateCharges(ctx.actor, input, report),
});

/** Reminders to every student with months to pay: one e-mail each, through the school's server. */
export const notifyTuitionJob = defineJob({
  name: 'finance-tuition-notify',
  input: z.object({}).passthrough(),
  run: (_input, { report }) => notifyStudents(report),
});

const recurrents = modelResource({
  base: 'finance/api/recurrents/',
  model: 'Recurrent',
  access: { routes: ['permanence-recurrent'], readRoutes: ['finance-sales', 'permanence-reinscriptions'], permission: 'recurrents' },
  ordering: ['-year', '-month', 'id'],
  // The month's Spanish name (spec section 9) follows its number; the sale and paid flag follow
  // the payment of the month (settleSale).
  readOnlyFields: ['month_name', 'sale_id', 'paid'],
  fields: { month: integer(1, 12), year: integer(2000, 2100) },
  campusFilter: (campusId) => ({ student: { career: { campus_id: campusId } } }),
  // Never deleted; corrected or deactivated only until a sale bills it (sale-states.ts).
  states: tuitionMonthStates,
  inputToData: (input) => (input.month === undefined ? input : { ...input, month_name: MONTH_NAMES_ES[input.month - 1] }),
  search: [...STUDENT_SEARCH, 'month_name'],
  actions: [
    // The period's charges for every student (202 {job_id}).
    defineAction(contracts.generateTuition, {
      needs: 'write',
      handler: async (ctx) => {
        // An unknown period is the request's 400, not a failed job.
        await periodOf(prisma, ctx.input.cicle_id);
        return accepted(await startJob(ctx, generateTuitionJob, ctx.input));
      },
    }),
    // One student's charges now.
    defineAction(contracts.forceTuition, { needs: 'write', handler: (ctx) => forceCharges(ctx) }),
    // What a student owes, month by month (a student asks for their own).
    defineAction(contracts.checkStudentTuition, { needs: 'signed-in', changesData: false, handler: (ctx): Promise<unknown> => checkStudent(recurrentsResource, ctx) }),
    // One sale of the chosen months.
    defineAction(contracts.payTuition, { needs: 'signed-in', handler: (ctx): Promise<unknown> => payMonths(recurrentsResource, ctx) }),
    // Reminders by e-mail (202 {job_id}); without a mail server in the settings, a 400 at once.
    defineAction(contracts.notifyTuition, {
      needs: 'write',
      handler: async (ctx) => {
        if (!(await mailServer())) throw badRequest({ email_host: [msg('finance.tuition.no_smtp')] });
        return accepted(await startJob(ctx, notifyTuitionJob, {}));
      },
    }),
  ],
});

export const recurrentsResource = recurrents;
export const financeJobs = [generateTuitionJob, notifyTuitionJob, reconcileJob];
