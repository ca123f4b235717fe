// Every panel of every area, by name (components/panels/types.ts). tests/unit/panels.test.ts
// checks that each panel a screen route names is declared here, once.
import { academicPanels } from '@/components/academic/panels';
import { admissionsPanels } from '@/components/admissions/panels';
import { documentsPanels } from '@/components/documents/panels';
import { financePanels } from '@/components/finance/panels';
import { gradesPanels } from '@/components/grades/panels';
import { pollsPanels } from '@/components/polls/panels';
import { recordsPanels } from '@/components/records/panels';
import { titlesPanels } from '@/components/titles/panels';
import { certificatesPanels } from '@/components/certificates/panels';
import type { PanelDeclaration } from './types';

export const PANELS: readonly PanelDeclaration[] = [...academicPanels, ...admissionsPanels, ...financePanels, ...gradesPanels, ...pollsPanels, ...recordsPanels, ...titlesPanels, ...documentsPanels, ...certificatesPanels];

const byName = new Map(PANELS.map((panel) => [panel.name, panel]));

export function panelNamed(name: string): PanelDeclaration | undefined {
  return byName.get(name);
}
