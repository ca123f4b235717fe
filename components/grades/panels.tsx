import { LazyConsolidation, LazyExamBoard, LazyKardexView, LazyStudentSchedule } from './lazy-panels';
import { type PanelDeclaration, ownWrite } from '@/components/panels/types';

export const gradesPanels: readonly PanelDeclaration[] = [
  { name: 'exam-board', abilities: { canEdit: ownWrite('change') }, render: ({ abilities }) => <LazyExamBoard canEdit={abilities.canEdit} /> },
  { name: 'consolidation', abilities: { canEdit: ownWrite('change') }, render: ({ abilities }) => <LazyConsolidation canEdit={abilities.canEdit} /> },
  { name: 'kardex', render: ({ recordId }) => <LazyKardexView studentId={recordId} /> },
  { name: 'student-schedule', render: ({ recordId }) => <LazyStudentSchedule studentId={recordId} /> },
];
