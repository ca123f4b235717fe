// finance/api/references/: bank deposit references (referencias bancarias) of a sale, valid until
// `vigency`. Students and aspirants read the references of their own sales to pay them; a deleted
// reference (is_deleted) is no longer shown to them.
import { z } from 'zod';
import { modelResource } from '@/server/engine/model';
import { type ResourceDefinition, type Row, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/finance';
import { payReference, referencePdfAction } from './bank-references';
import { reconcileAction } from './reconciliation';
import { STUDENT_SEARCH, under } from '@/server/engine/relation-paths';
import { aspirantSales, cancellation, studentSales } from './fields';
import { money, orNull } from '@/server/modules/shared/fields';
import { referenceStates } from './sale-states';

const references = modelResource({
  base: 'finance/api/references/',
  model: 'Reference',
  access: {
    routes: ['finance-references'],
    readRoutes: ['finance-sales', 'finance-payments', 'permanence-aspirants'],
    permission: 'references',
    ownReaders: ['student', 'aspirant'],
  },
  search: ['bank_ref', 'concept', 'client', 'paid_ref', ...under('ref_sale', STUDENT_SEARCH)],
  ordering: ['-created_at', '-id'],
  readOnlyFields: ['cancel_at'],
  fields: {
    amount: money,
    // Reference numbers are digits (check digits included); letters only in some banks' prefixes.
    bank_ref: z.string().trim().toUpperCase().min(1).max(40).regex(/^[0-9A-Z]+$/, { message: 'errors.invalid' }),
    paid_ref: orNull(z.string().trim().max(100)),
  },
  ownRows: {
    student: (studentId) => ({ is_deleted: false, ref_sale: studentSales(studentId) }),
    aspirant: (aspirantId) => ({ is_deleted: false, ref_sale: aspirantSales(aspirantId) }),
  },
  // Its number, amount, sale and due day never change; paid only while its sale owes exactly its
  // amount (sale-states.ts).
  states: referenceStates,
  inputToData: (input, { existing }): Row => {
    const data: Row = { ...input, ...cancellation(input, existing, 'cancel_note', 'cancel_at') };
    // Marking a reference paid by hand dates the payment when no bank date came with it.
    if (input.paid === true && existing?.paid !== true && !input.paid_date) data.paid_date = new Date();
    return data;
  },
  // A reference marked paid pays its sale (once).
  afterWrite: async (id, { tx, actor, existing }) => {
    const reference = await tx.reference.findUnique({ where: { id }, select: { paid: true, paid_date: true, paid_ref: true } });
    if (reference?.paid && existing?.paid !== true) await payReference(tx, actor, id, reference);
  },
  actions: [
    // A bank statement reconciled against the references (202 {job_id}).
    defineAction(contracts.reconcileStatement, { needs: 'write', handler: reconcileAction }),
    // GET finance/api/references/{id}/pdf/: the deposit slip, printed again.
    defineAction(contracts.referenceSlip, { needs: 'read', handler: (ctx) => referencePdfAction(referencesResource, ctx) }),
  ],
});

export const referencesResource: ResourceDefinition = references;
