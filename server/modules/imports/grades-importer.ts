// The historical grades importer (the kardex of the previous system): one row per exam a student
// took, named by the student (CURP or control number), the subject (study plan + subject code),
// the period and the exam type (ordinario, extraordinario, título de suficiencia), with its score.
// It is kept by the scores module (keepHistoricalScores) in the kardex's own line of the student,
// subject and period, so the kardex, its averages and the period averages are the app's own
// computation. The score obeys the API's rule for a kept line (subject-cicles' schema: 0 to 10,
// two decimals). The subject must be of a plan the student follows (plansOfStudents): a grade of
// another career's subject would sit in her kardex and count in her averages. Natural key:
// student + subject + period + exam type.
import type { Row } from '@/server/engine/types';
import { msg } from '@/server/errors';
import { type ExamColumn, keepHistoricalScores, settlePendingPeriodAverages } from '@/server/modules/scores';
import type { CatalogSource, ImportColumn } from './definition';
import { defineImporter } from './definition';
import { ciclesOfPlan, plansOfStudents, studentsByKey, studyPlans, subjectsOfPlan } from './history-catalogs';
import { resources } from './importer-resources';
import { judge } from './through';

/** The exam types, by the partial types' codes (spec: O Ordinario, X Extraordinario, T T.S.) and names. */
const EXAM_TYPES: CatalogSource = {
  key: 'exam-types',
  load: async () => [
    { value: 'final_score', code: 'O', name: 'Ordinario' },
    { value: 'extra_score', code: 'X', name: 'Extraordinario' },
    { value: 'ts_score', code: 'T', name: 'Título de suficiencia' },
    { value: 'final_score', code: 'ORD', name: 'Ordinaria' },
    { value: 'extra_score', code: 'EXT', name: 'Extraordinaria' },
    { value: 'ts_score', code: 'TS', name: 'T.S.' },
  ],
};

export const GRADE_COLUMNS: readonly ImportColumn[] = [
  { key: 'student', es: 'Alumno (CURP o número de control)', en: 'Student (CURP or control number)', aliases: ['Alumno', 'CURP', 'Número de control', 'Matrícula', 'Student'], type: 'catalog', catalog: studentsByKey, required: true, example: '20260001' },
  { key: 'plan', es: 'Plan de estudios', en: 'Study plan', aliases: ['Plan', 'Clave del plan', 'Plan code'], type: 'catalog', catalog: studyPlans, required: true, example: 'ISC-2020' },
  { key: 'subject', es: 'Clave de la materia', en: 'Subject code', aliases: ['Materia', 'Asignatura', 'Subject'], type: 'catalog', catalog: subjectsOfPlan, required: true, example: 'MAT101' },
  { key: 'cicle', es: 'Periodo', en: 'Period', aliases: ['Ciclo', 'Ciclo escolar', 'Cicle'], type: 'catalog', catalog: ciclesOfPlan, required: true, example: '2024-1' },
  { key: 'exam', es: 'Tipo de examen', en: 'Exam type', aliases: ['Tipo', 'Tipo de calificación', 'Exam'], type: 'catalog', catalog: EXAM_TYPES, required: true, example: 'Ordinario' },
  { key: 'score', es: 'Calificación', en: 'Score', aliases: ['Calif.', 'Calificacion final', 'Grade'], type: 'decimal', required: true, example: '8,5' },
];

/** The import column a kept line's field names. */
const COLUMN_OF: Record<string, string> = { student_id: 'student', cicle_id: 'cicle', subject_id: 'subject', final_score: 'score', extra_score: 'score', ts_score: 'score' };

type GradeRow = { student_id: number; cicle_id: number; subject_id: number; column: ExamColumn; score: string };

export const gradesImporter = defineImporter<GradeRow>({
  name: 'grades',
  resource: () => resources.subjectCicle,
  columns: GRADE_COLUMNS,
  naturalKey: ['student', 'plan', 'subject', 'cicle', 'exam'],
  columnOfField: COLUMN_OF,
  validate: async (values, _db, lookup) => {
    // A catalogue cell the framework refused (or left empty) is already reported on its column.
    if (typeof values.student !== 'number' || typeof values.plan !== 'number' || typeof values.cicle !== 'number' || typeof values.subject !== 'number' || typeof values.exam !== 'string') return { ok: false, errors: [] };
    // The subject was found in the row's plan; that plan must be one the student follows.
    if (!(await lookup.related(plansOfStudents, values.student)).includes(values.plan)) return { ok: false, errors: [{ column: 'subject', message: msg('imports.errors.subject_not_in_plan') }] };
    const column = values.exam as ExamColumn;
    const payload: Row = { student_id: values.student, cicle_id: values.cicle, subject_id: values.subject, [column]: values.score };
    const judged = judge(resources.subjectCicle.createSchema, payload, COLUMN_OF);
    if (!judged.ok) return judged;
    const input: GradeRow = { student_id: values.student, cicle_id: values.cicle, subject_id: values.subject, column, score: String(judged.parsed[column]) };
    return { ok: true, key: `${input.student_id}:${input.subject_id}:${input.cicle_id}:${column}`, input };
  },
  write: async (row, ctx) => (await keepHistoricalScores(ctx.tx!, ctx.actor, [row], ctx.reason))[0],
  // The period averages a batch touches are recomputed once, after the last batch.
  writeBatch: (rows, ctx) => keepHistoricalScores(ctx.tx!, ctx.actor, rows, ctx.reason, { periodsLater: true }),
  afterBatches: (ctx) => settlePendingPeriodAverages(ctx.tx!, ctx.actor, ctx.reason),
});
