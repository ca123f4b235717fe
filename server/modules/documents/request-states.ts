// The document request's state table (server/engine/states.ts): nothing of a request changes
// through the generic API and it is never deleted; it moves by its named operations (issue,
// deliver, cancel with a reason) and by its sale's payments. The operations each state offers are
// those lib/documents/request-flow.ts lets through (the screens read them).
import type { DocumentRequestStatus } from '@/lib/documents/request-flow';
import { defineStates } from '@/server/engine/states';

const NEVER_DELETED = 'requests.errors.cancel_instead';

export const documentRequestStates = defineStates<DocumentRequestStatus>({
  aggregate: 'document_request',
  states: {
    PENDING_PAYMENT: { update: [], delete: false, deleteMessage: NEVER_DELETED, operations: ['cancel'] },
    // A free request (no charge) may still be cancelled; a paid one's money is given back first.
    PAID: { update: [], delete: false, deleteMessage: NEVER_DELETED, operations: ['issue', 'cancel'] },
    ISSUED: { update: [], delete: false, deleteMessage: NEVER_DELETED, operations: ['deliver'] },
    DELIVERED: { update: [], delete: false, deleteMessage: NEVER_DELETED },
    CANCELLED: { update: [], delete: false, deleteMessage: NEVER_DELETED },
  },
  stateOf: (_tx, row) => row.status as DocumentRequestStatus,
});
