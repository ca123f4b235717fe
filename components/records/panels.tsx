import { LazyCommentLog, LazyDocumentChecklist, LazyLentOriginals, LazyPortalAccess } from './lazy-panels';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

const DOCUMENTS = RESOURCE_BASES.studentDocuments;
const COMMENTS = RESOURCE_BASES.comments;

export const recordsPanels: readonly PanelDeclaration[] = [
  {
    name: 'documents',
    shownWhen: [{ base: DOCUMENTS, need: 'read' }],
    abilities: { canEdit: { base: DOCUMENTS, need: 'write', action: 'change' } },
    render: ({ recordId, ownerKind, abilities }) => <LazyDocumentChecklist owner={{ kind: ownerKind, id: recordId }} canEdit={abilities.canEdit} />,
  },
  {
    name: 'comments',
    shownWhen: [{ base: COMMENTS, need: 'read' }],
    abilities: { canWrite: { base: COMMENTS, need: 'write', action: 'add' } },
    render: ({ recordId, ownerKind, abilities }) => <LazyCommentLog category={ownerKind} itemId={recordId} canWrite={abilities.canWrite} />,
  },
  // A student's portal account: her welcome sheet, or a reset of her access (who edits students).
  { name: 'portal-access', where: 'above-record', shownWhen: [{ need: 'read' }], abilities: { canEdit: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyPortalAccess studentId={recordId} canEdit={abilities.canEdit} /> },
  { name: 'lent-originals', where: 'below-list', abilities: { canEdit: ownWrite('change') }, render: ({ abilities }) => <LazyLentOriginals canEdit={abilities.canEdit} /> },
];
