// The issued document aggregate's state tables (server/engine/states.ts). An issued document is
// what the school said on a given day, sealed: nothing of it changes through the generic API and it
// is never deleted; it is revoked with a reason, or reissued (a new folio, the old one revoked).
// A document type is a catalogue the school edits (its text, signer, price concept), but once it
// has issued documents its code, kind and folio prefix stay (the folios already printed name them),
// and it is deactivated rather than deleted.
import type { IssuedDocumentStatus } from '@/lib/documents/statement';
import { defineStates } from '@/server/engine/states';

export const issuedDocumentStates = defineStates<IssuedDocumentStatus>({
  aggregate: 'issued_document',
  states: {
    ISSUED: { update: [], delete: false, deleteMessage: 'documents.errors.revoke_instead', operations: ['revoke', 'reissue'] },
    REVOKED: { update: [], delete: false, deleteMessage: 'documents.errors.revoke_instead' },
  },
  stateOf: (_tx, row) => row.status as IssuedDocumentStatus,
});

type TypeState = 'UNUSED' | 'IN_USE';

const EDITABLE_IN_USE = ['name', 'template', 'signer_name', 'signer_position', 'concept_code', 'status'];

export const documentTypeStates = defineStates<TypeState>({
  aggregate: 'issued_document_type',
  states: {
    UNUSED: { update: '*', delete: false, deleteMessage: 'documents.errors.deactivate_type' },
    IN_USE: { update: EDITABLE_IN_USE, delete: false, deleteMessage: 'documents.errors.deactivate_type' },
  },
  stateOf: (_tx, row) => (Number(row.last_folio ?? 0) > 0 ? 'IN_USE' : 'UNUSED'),
});
