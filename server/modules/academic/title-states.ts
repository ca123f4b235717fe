// The electronic title's state table (server/engine/states.ts), data next to its owner (the title
// actions): a DRAFT is the school's to edit or delete; a signed title carries seals over its data,
// so nothing of it changes through the generic API — its signature is voided first (back to DRAFT,
// with a reason in the log) while SEP does not have it. A REJECTED title is corrected on its form
// and signed again, as SEP asks; it was sent, so it stays. The operations are the actions' paths,
// what the title's page offers in each state.
import type { TitleStatus } from '@/lib/titles/status';
import { defineStates, type StateRule } from '@/server/engine/states';

const locked = (operations: readonly string[]): StateRule => ({ update: [], delete: false, operations });

export const TITLE_STATE_RULES: Record<TitleStatus, StateRule> = {
  DRAFT: { update: '*', delete: true, operations: ['sign'] },
  SIGNED: locked(['post_to_sep', 'void_signature']),
  SENT: locked(['sep_status']),
  ACCEPTED: locked(['cancel_at_sep']),
  REJECTED: { update: '*', delete: false, operations: ['sign'] },
  CANCELLED: locked([]),
};

export const titleStates = defineStates<TitleStatus>({
  aggregate: 'title',
  states: TITLE_STATE_RULES,
  stateOf: (_tx, row) => row.status as TitleStatus,
});
