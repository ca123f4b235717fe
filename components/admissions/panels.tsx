import { LazyAspirantBoard, LazyAspirantPayment, LazyAspirantProcess, LazyReinscriptionPanel } from './lazy-panels';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

export const admissionsPanels: readonly PanelDeclaration[] = [
  { name: 'aspirant-process', abilities: { canAct: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyAspirantProcess aspirantId={recordId} canAct={abilities.canAct} /> },
  { name: 'aspirant-payment', render: ({ recordId }) => <LazyAspirantPayment aspirantId={recordId} /> },
  { name: 'aspirant-board', render: () => <LazyAspirantBoard /> },
  { name: 'reinscriptions', shownWhen: [ownWrite('add')], render: () => <LazyReinscriptionPanel /> },
];
