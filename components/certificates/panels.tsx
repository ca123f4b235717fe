import { LazyCertificateIssue, LazyCertificateRecord } from './lazy-panels';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

export const certificatesPanels: readonly PanelDeclaration[] = [
  { name: 'certificate-issue', shownWhen: [ownWrite('change')], render: () => <LazyCertificateIssue /> },
  { name: 'certificate-record', abilities: { canAct: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyCertificateRecord certificateId={recordId} canAct={abilities.canAct} /> },
];
