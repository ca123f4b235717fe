import { LazyIrregularLoad, LazySubjectOrder, LazyTeacherLoads } from './lazy-subject-order';
import type { PanelDeclaration } from '@/components/panels/types';

const SCHEDULES = 'scheduler/api/schedules/';

export const academicPanels: readonly PanelDeclaration[] = [
  { name: 'subject-order', abilities: { canEdit: { base: 'academic/api/subjects/', need: 'write', action: 'change' } }, render: ({ recordId, abilities }) => <LazySubjectOrder planId={recordId} canEdit={abilities.canEdit} /> },
  { name: 'teacher-loads', render: () => <LazyTeacherLoads /> },
  {
    name: 'irregular-load',
    shownWhen: [{ base: SCHEDULES, need: 'read' }],
    abilities: { canEdit: { base: SCHEDULES, need: 'write', action: 'change' } },
    render: ({ recordId, abilities }) => <LazyIrregularLoad studentId={recordId} canEdit={abilities.canEdit} />,
  },
];
