import { LazyTitleFromSwear, LazyTitleSigning } from './lazy-panels';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

export const titlesPanels: readonly PanelDeclaration[] = [
  { name: 'title-signing', abilities: { canAct: ownWrite('change') }, render: ({ recordId, abilities }) => <LazyTitleSigning titleId={recordId} canAct={abilities.canAct} /> },
  { name: 'title-from-swear', shownWhen: [ownWrite('add')], render: () => <LazyTitleFromSwear /> },
];
