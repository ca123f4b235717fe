// The concentrated view of a group (Calificaciones › Concentrado general): its main-score lines
// turned into a students × subjects grid of one score (a partial, the final or the score that
// counts), each cell marked when it fails by the school's passing grade.
import { type GradeSettings, isApproved } from './score';
import type { PartialScores } from './wire';

export type ConcentrateColumn = 'ord_1' | 'ord_2' | 'ord_3' | 'ord_4' | 'final' | 'ref';

/** The scores the grid can show, in the order offered: the four partials, the final, the one that counts. */
export const CONCENTRATE_COLUMNS: readonly ConcentrateColumn[] = ['ord_1', 'ord_2', 'ord_3', 'ord_4', 'final', 'ref'];

export type ConcentrateLine = PartialScores & {
  student_id: number;
  no_control: string;
  full_name: string;
  subject_id: number;
  subject_code: string;
  subject_description: string;
  ref: string | null;
};

export type ConcentrateCell = { score: string; failed: boolean };
export type ConcentrateSubject = { id: number; code: string; description: string; failed: number };
export type ConcentrateStudent = { student_id: number; no_control: string; full_name: string; cells: Record<number, ConcentrateCell>; failed: number };
export type Concentrate = { subjects: ConcentrateSubject[]; students: ConcentrateStudent[] };

const byText = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' });

export function concentrate(lines: readonly ConcentrateLine[], column: ConcentrateColumn, settings: GradeSettings): Concentrate {
  const subjects = new Map<number, ConcentrateSubject>();
  const students = new Map<number, ConcentrateStudent>();
  for (const line of lines) {
    const subject = subjects.get(line.subject_id) ?? { id: line.subject_id, code: line.subject_code, description: line.subject_description, failed: 0 };
    subjects.set(line.subject_id, subject);
    const student = students.get(line.student_id) ?? { student_id: line.student_id, no_control: line.no_control, full_name: line.full_name, cells: {}, failed: 0 };
    students.set(line.student_id, student);
    const score = line[column];
    if (score === null || score === undefined || score === '') continue;
    const failed = !isApproved(score, settings);
    student.cells[line.subject_id] = { score, failed };
    if (failed) {
      student.failed += 1;
      subject.failed += 1;
    }
  }
  return {
    subjects: [...subjects.values()].sort((a, b) => byText(a.code, b.code)),
    students: [...students.values()].sort((a, b) => byText(a.full_name, b.full_name) || byText(a.no_control, b.no_control)),
  };
}
