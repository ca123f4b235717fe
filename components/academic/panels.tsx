import { LazyIrregularLoad, LazySubjectOrder, LazyTeacherLoads } from './lazy-subject-order';
import { RESOURCE_BASES } from '@/lib/contracts/resources';
import type { PanelDeclaration } from '@/components/panels/types';

const SCHEDULES = RESOURCE_BASES.schedules;

export const academicPanels: readonly PanelDeclaration[] = [
  { name: 'subject-order', abilities: { canEdit: { base: RESOURCE_BASES.subjects, need: 'write', action: 'change' } }, render: ({ recordId, abilities }) => <LazySubjectOrder planId={recordId} canEdit={abilities.canEdit} /> },
  { name: 'teacher-loads', render: () => <LazyTeacherLoads /> },
  {
    name: 'irregular-load',
    shownWhen: [{ base: SCHEDULES, need: 'read' }],
    abilities: { canEdit: { base: SCHEDULES, need: 'write', action: 'change' } },
    render: ({ recordId, abilities }) => <LazyIrregularLoad studentId={recordId} canEdit={abilities.canEdit} />,
  },
];
