// The invoice's state table (server/engine/states.ts), data next to its owner: a draft (PENDING, or
// ERROR after the PAC refused it) is the school's to correct or throw away; once the PAC stamps it
// the CFDI exists at SAT and nothing of it changes through the generic API — it is cancelled only
// by the cancel operation, which goes to the PAC. Its concepts and their taxes follow the invoice's
// state (a stamped invoice's lines are as stamped). The screens read the same table.
import type { Prisma } from '@/server/db/client';
import { defineStates, type StateRule, type StateTable } from '@/server/engine/states';
import type { Row } from '@/server/engine/types';

export const INVOICE_STATES = ['PENDING', 'ERROR', 'STAMPED', 'CANCEL_REQUESTED', 'CANCELLED'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** Written only by the cancel operation with what the PAC accepted: never by the generic update. */
export const CANCEL_FIELDS: readonly string[] = ['cancel_reason', 'cancel_substitute_uuid'];

/** What each state allows; `draftFields` are the fields a draft may change. */
function rules(draftFields: readonly string[] | '*'): Record<InvoiceState, StateRule> {
  // Nothing stamped is ever deleted: a draft may go, with its lines, before it reaches SAT.
  const draft: StateRule = { update: draftFields, delete: true, create: true, operations: ['stamp'] };
  const stamped = (operations: readonly string[]): StateRule => ({ update: [], delete: false, create: false, operations });
  return { PENDING: draft, ERROR: draft, STAMPED: stamped(['cancel']), CANCEL_REQUESTED: stamped(['cancel_status']), CANCELLED: stamped([]) };
}

async function invoiceState(tx: Prisma.TransactionClient, invoiceId: unknown): Promise<InvoiceState | null> {
  const id = Number(invoiceId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const invoice = await tx.invoice.findUnique({ where: { id }, select: { status: true } });
  return invoice?.status ?? null;
}

async function conceptInvoiceState(tx: Prisma.TransactionClient, conceptId: unknown): Promise<InvoiceState | null> {
  const id = Number(conceptId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const concept = await tx.invoiceConcept.findUnique({ where: { id }, select: { invoice: { select: { status: true } } } });
  return concept?.invoice.status ?? null;
}

/** The invoice itself: its own status. */
export function invoiceStates(draftFields: readonly string[]): StateTable<InvoiceState> {
  return defineStates({ aggregate: 'invoice', states: rules(draftFields), stateOf: (_tx, row: Row) => row.status as InvoiceState });
}

/** A concept (line) of an invoice: its invoice's status. */
export const invoiceConceptStates = defineStates<InvoiceState>({
  aggregate: 'invoice',
  states: rules('*'),
  stateOf: async (tx, row) => (await invoiceState(tx, row.invoice_id)) ?? 'PENDING',
  parentState: (tx, input) => invoiceState(tx, input.invoice_id),
});

/** A tax of a concept: the status of the concept's invoice. */
export const invoiceTaxStates = defineStates<InvoiceState>({
  aggregate: 'invoice',
  states: rules('*'),
  stateOf: async (tx, row) => (await conceptInvoiceState(tx, row.invoice_concept_id)) ?? 'PENDING',
  parentState: (tx, input) => conceptInvoiceState(tx, input.invoice_concept_id),
});
