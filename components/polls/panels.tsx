import { LazyPollBuilder } from './lazy-panels';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

export const pollsPanels: readonly PanelDeclaration[] = [
  { name: 'poll-builder', abilities: { canEdit: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyPollBuilder pollId={recordId} canEdit={abilities.canEdit} /> },
];
