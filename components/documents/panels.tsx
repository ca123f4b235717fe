import { LazyIssueDocuments, LazyIssuedDocument } from './lazy-panels';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

export const documentsPanels: readonly PanelDeclaration[] = [
  { name: 'issue-documents', where: 'above-list', shownWhen: [{ need: 'write' }], render: () => <LazyIssueDocuments /> },
  { name: 'issued-document', where: 'above-record', abilities: { canAct: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyIssuedDocument documentId={recordId} canAct={abilities.canAct} /> },
];
