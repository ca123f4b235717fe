// The certificate of studies' state table (server/engine/states.ts), data next to its owner (the
// certificate actions): nothing of a certificate changes through the generic API in any state — a
// signed one carries its seal over its data, a cancelled one is history — and none is ever deleted
// (its folio was printed). The operations are the actions' paths the screen offers in each state.
import type { CertificateStatus } from '@/lib/certificates/status';
import { defineStates, type StateRule } from '@/server/engine/states';

const locked = (operations: readonly string[]): StateRule => ({ update: [], delete: false, operations });

export const CERTIFICATE_STATE_RULES: Record<CertificateStatus, StateRule> = {
  DRAFT: locked([]),
  SIGNED: locked(['xml', 'cancel']),
  CANCELLED: locked(['xml']),
};

export const certificateStates = defineStates<CertificateStatus>({
  aggregate: 'certificate',
  states: CERTIFICATE_STATE_RULES,
  stateOf: (_tx, row) => row.status as CertificateStatus,
});
