// Study plans (planes de estudio) and their subjects (materias): one row per subject, with its
// plan's columns repeated on each row. The plan is found by its career and code (the plan's natural
// key, unique per career) and created or updated field by field through the study plans resource;
// the subject by its plan and code, through the subjects resource (its schema, its prerequisites'
// rules, its history). Rows of one plan that disagree on a plan column: the last row's value stays.
// The prerequisites (seriación) are subject codes of the same plan, separated by commas; a subject
// named there must be stored already or come in an earlier row of the file.
import { fieldError, msg } from '@/server/errors';
import type { OperationContext } from '@/server/engine/context';
import { update } from '@/server/engine/engine';
import type { Row } from '@/server/engine/types';
import { careers } from './catalogs';
import { type ImportColumn, type Outcome, type RowError, type RowValues, defineImporter } from './definition';
import { resources } from './importer-resources';
import { combined, judge, upsertThrough } from './through';

export const PLAN_COLUMNS: readonly ImportColumn[] = [
  { key: 'career', es: 'Carrera', en: 'Career', aliases: ['Programa', 'Licenciatura', 'Programme'], type: 'catalog', catalog: careers, required: true, example: 'ISC' },
  { key: 'plan_code', es: 'Clave del plan', en: 'Plan code', aliases: ['Plan', 'Clave plan', 'Código del plan'], type: 'text', required: true, example: 'ISC-2026' },
  { key: 'plan_description', es: 'Nombre del plan', en: 'Plan name', aliases: ['Descripción del plan', 'Plan de estudios', 'Study plan'], type: 'text', required: true, example: 'Ingeniería en Sistemas Computacionales 2026' },
  { key: 'plan_short_name', es: 'Nombre corto del plan', en: 'Plan short name', type: 'text', example: 'ISC 2026' },
  { key: 'plan_year', es: 'Año del plan', en: 'Plan year', aliases: ['Año'], type: 'integer', example: '2026' },
  { key: 'apply_date', es: 'Fecha de aplicación', en: 'Start date', aliases: ['Vigente desde', 'Apply date'], type: 'date', example: '01/08/2026' },
  { key: 'end_date', es: 'Fecha de término', en: 'End date', aliases: ['Vigente hasta'], type: 'date', example: '' },
  { key: 'is_oficial', es: 'Oficial', en: 'Official', aliases: ['Es oficial'], type: 'boolean', example: 'Sí' },
  { key: 'agreement', es: 'Acuerdo RVOE', en: 'RVOE agreement', aliases: ['RVOE', 'Acuerdo'], type: 'text', example: 'RVOE 20260101' },
  { key: 'min_approve', es: 'Calificación mínima aprobatoria', en: 'Passing score', aliases: ['Mínima aprobatoria', 'Minimum passing score'], type: 'decimal', example: '7' },
  { key: 'subject_code', es: 'Clave de la materia', en: 'Subject code', aliases: ['Clave materia', 'Clave de asignatura'], type: 'text', required: true, example: 'ISC-101' },
  { key: 'subject_description', es: 'Nombre de la materia', en: 'Subject name', aliases: ['Materia', 'Asignatura', 'Subject'], type: 'text', required: true, example: 'Cálculo diferencial' },
  { key: 'grade', es: 'Grado', en: 'Grade', aliases: ['Semestre', 'Cuatrimestre', 'Semester'], type: 'integer', required: true, example: '1' },
  { key: 'hours', es: 'Horas totales', en: 'Total hours', aliases: ['Horas'], type: 'integer', example: '80' },
  { key: 'week_hrs', es: 'Horas por semana', en: 'Hours per week', aliases: ['Horas semanales'], type: 'integer', example: '5' },
  { key: 'hours_prct', es: 'Horas prácticas', en: 'Practice hours', type: 'integer', example: '2' },
  { key: 'credit', es: 'Créditos', en: 'Credits', aliases: ['Créditos SATCA'], type: 'decimal', example: '5,5' },
  { key: 'order', es: 'Orden', en: 'Order', type: 'integer', example: '1' },
  { key: 'is_mandatory', es: 'Obligatoria', en: 'Mandatory', type: 'boolean', example: 'Sí' },
  { key: 'sep_subject_id', es: 'Clave SEP de la materia', en: 'SEP subject key', aliases: ['Clave SEP'], type: 'text', example: '' },
  { key: 'serialized', es: 'Seriación', en: 'Prerequisites', aliases: ['Materias previas', 'Prerrequisitos'], type: 'text', example: '' },
];

const PLAN_FIELDS: Record<string, string> = {
  career: 'career_id', plan_code: 'code', plan_description: 'description', plan_short_name: 'short_name', plan_year: 'year', apply_date: 'apply_date', end_date: 'end_date', is_oficial: 'is_oficial', agreement: 'agreement', min_approve: 'min_approve',
};
const SUBJECT_FIELDS: Record<string, string> = {
  subject_code: 'code', subject_description: 'description', grade: 'grade', hours: 'hours', week_hrs: 'week_hrs', hours_prct: 'hours_prct', credit: 'credit', order: 'order', is_mandatory: 'is_mandatory', sep_subject_id: 'sep_subject_id',
};

/** The payload of one part: the fields the file has a value for (an empty cell leaves the stored value). */
export function partOf(values: RowValues, fields: Record<string, string>): Row {
  const payload: Row = {};
  for (const [column, field] of Object.entries(fields)) if (values[column] !== null && values[column] !== undefined) payload[field] = values[column];
  return payload;
}
export const columnsOf = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([column, field]) => [field, column]));

/** "A-1, A-2; A-3" -> the subject codes, without repeats. */
export function prerequisiteCodes(text: string | null): string[] {
  if (!text) return [];
  return [...new Set(text.split(/[,;]/).map((code) => code.trim()).filter(Boolean))];
}

// A subject's schema wants its plan, which a new plan only has once written: the row is judged with
// a stand-in id and written with the real one.
const PLAN_STAND_IN = 1;

type PlanRow = { plan: { payload: Row; parsed: Row }; subject: { payload: Row; parsed: Row }; prerequisites: string[] };

export const plansImporter = defineImporter<PlanRow>({
  name: 'plans',
  resource: () => resources.subject,
  columns: PLAN_COLUMNS,
  naturalKey: ['subject_code', 'plan_code'],
  columnOfField: { ...columnsOf(SUBJECT_FIELDS), study_plan_id: 'plan_code', serialized: 'serialized', ...Object.fromEntries(Object.entries(columnsOf(PLAN_FIELDS)).filter(([field]) => !(field in columnsOf(SUBJECT_FIELDS)))) },
  validate: async (values) => {
    const errors: RowError[] = [];
    const planPayload = partOf(values, PLAN_FIELDS);
    const plan = judge(resources.studyPlan.createSchema, planPayload, columnsOf(PLAN_FIELDS));
    if (!plan.ok) errors.push(...plan.errors);
    const subjectPayload = partOf(values, SUBJECT_FIELDS);
    const subject = judge(resources.subject.createSchema, { ...subjectPayload, study_plan_id: PLAN_STAND_IN }, columnsOf(SUBJECT_FIELDS));
    if (!subject.ok) errors.push(...subject.errors.filter((error) => !errors.some((known) => known.column === error.column)));
    const prerequisites = prerequisiteCodes(values.serialized as string | null);
    if (values.subject_code && prerequisites.includes(String(values.subject_code))) errors.push({ column: 'serialized', message: msg('importsAcademic.errors.own_prerequisite') });
    if (errors.length || !plan.ok || !subject.ok) return { ok: false, errors };
    const { study_plan_id: _standIn, ...subjectParsed } = subject.parsed;
    return {
      ok: true,
      key: `plan:${String(values.career)}:${String(plan.parsed.code)}:${String(subject.parsed.code)}`,
      input: { plan: { payload: planPayload, parsed: plan.parsed }, subject: { payload: subjectPayload, parsed: subjectParsed }, prerequisites },
    };
  },
  write: async (row, ctx) => {
    const db = ctx.tx!;
    const careerId = row.plan.parsed.career_id as number;
    const existingPlan = await db.studyPlan.findUnique({ where: { career_id_code: { career_id: careerId, code: String(row.plan.parsed.code) } }, select: { id: true } });
    const plan = await upsertThrough(resources.studyPlan, ctx, existingPlan?.id ?? null, row.plan.payload, row.plan.parsed);
    const existing = await db.subject.findUnique({ where: { study_plan_id_code: { study_plan_id: plan.id, code: String(row.subject.parsed.code) } }, select: { id: true, serialized: { select: { prerequisite_id: true } } } });
    const payload: Row = { ...row.subject.payload, study_plan_id: plan.id };
    const parsed: Row = { ...row.subject.parsed, study_plan_id: plan.id };
    if (row.prerequisites.length || existing?.serialized.length) {
      const found = await db.subject.findMany({ where: { study_plan_id: plan.id, code: { in: row.prerequisites } }, select: { id: true, code: true } });
      const missing = row.prerequisites.filter((code) => !found.some((subject) => subject.code === code));
      if (missing.length) throw fieldError('serialized', 'importsAcademic.errors.unknown_prerequisites', { codes: missing.join(', ') });
      const wanted = found.map((subject) => subject.id).sort((a, b) => a - b);
      const stored = (existing?.serialized ?? []).map((link) => link.prerequisite_id).sort((a, b) => a - b);
      // Prerequisites are compared as a set; only a different set is sent.
      if (wanted.join(',') !== stored.join(',')) payload.serialized = parsed.serialized = wanted;
    }
    const subject = await upsertThroughWithList(existing?.id ?? null, payload, parsed, ctx);
    return combined(subject, plan.outcome);
  },
});

/** The subject upserted; its prerequisites (a list the stored record shows as objects, compared above) sent on their own when they differ. */
async function upsertThroughWithList(existingId: number | null, payload: Row, parsed: Row, ctx: OperationContext): Promise<Outcome> {
  if (existingId === null) return (await upsertThrough(resources.subject, ctx, null, payload, parsed)).outcome;
  const { serialized, ...rest } = payload;
  const { serialized: _list, ...restParsed } = parsed;
  const written = await upsertThrough(resources.subject, ctx, existingId, rest, restParsed);
  if (serialized === undefined) return written.outcome;
  await update(resources.subject, ctx, existingId, { serialized });
  return 'updated';
}
