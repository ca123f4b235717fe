// Enrolments (inscripciones): a student, found by her CURP or control number, in a group of a
// period, for the whole group or for one subject of it (an irregular student's subject taken in
// that group). Written through the students owner's one enrolment operation, `enrol`: it checks
// the group's capacity (409 when full) and that the student is active, closes her previous current
// group of the period and sets her current group, each change with its history row. The natural key
// is student + group + subject: an enrolment already current is left as it is ("unchanged"); one
// that was closed before is taken up again ("updated"). A file never closes an enrolment: leaving a
// group is a movement (Movimientos) or a withdrawal.
import { recordHistoryMany } from '@/server/engine/audit';
import type { OperationContext } from '@/server/engine/context';
import { show } from '@/server/engine/engine';
import type { ResourceDefinition } from '@/server/engine/types';
import { ApiError, fieldError, msg } from '@/server/errors';
import { enrol } from '@/server/modules/students';
import { careers, cicles, groups } from './catalogs';
import { type ImportColumn, type RowError, defineImporter } from './definition';
import { resources } from './importer-resources';

export const ENROLMENT_COLUMNS: readonly ImportColumn[] = [
  { key: 'curp', es: 'CURP', en: 'CURP', type: 'text', example: 'GOML050312MDFRPSA4' },
  { key: 'no_control', es: 'Número de control', en: 'Control number', aliases: ['Matrícula', 'No. control', 'No control', 'Student number'], type: 'text', example: '20260001' },
  { key: 'career', es: 'Carrera', en: 'Career', aliases: ['Programa', 'Licenciatura', 'Programme'], type: 'catalog', catalog: careers, example: 'ISC' },
  { key: 'cicle', es: 'Periodo', en: 'Period', aliases: ['Ciclo', 'Ciclo escolar', 'Cicle'], type: 'catalog', catalog: cicles, required: true, example: '2026-1' },
  { key: 'group', es: 'Grupo', en: 'Group', aliases: ['Clave del grupo'], type: 'catalog', catalog: groups, required: true, example: '1A-ISC' },
  { key: 'subject', es: 'Materia', en: 'Subject', aliases: ['Clave de la materia', 'Asignatura'], type: 'text', example: '' },
];

type EnrolmentRow = { student_id: number; group_id: number; subject_id: number | null };

export const enrolmentsImporter = defineImporter<EnrolmentRow>({
  name: 'enrolments',
  resource: () => resources.studentGroup,
  columns: ENROLMENT_COLUMNS,
  naturalKey: ['curp', 'no_control', 'group', 'subject'],
  columnOfField: { student_id: 'curp', group_id: 'group', subject_id: 'subject', is_current: 'group' },
  validate: async (values, db) => {
    const errors: RowError[] = [];
    const curp = typeof values.curp === 'string' ? values.curp.trim().toUpperCase() : null;
    const noControl = typeof values.no_control === 'string' ? values.no_control.trim() : null;
    let studentId: number | null = null;
    if (!curp && !noControl) errors.push({ column: 'curp', message: msg('imports.errors.no_key') });
    else {
      const select = { id: true } as const;
      const student = (curp ? await db.student.findUnique({ where: { curp }, select }) : null) ?? (noControl ? await db.student.findUnique({ where: { no_control: noControl }, select }) : null);
      if (student) studentId = student.id;
      else errors.push({ column: curp ? 'curp' : 'no_control', message: msg('importsAcademic.errors.no_student', { key: curp ?? noControl ?? '' }) });
    }
    const groupId = typeof values.group === 'number' ? values.group : null;
    let subjectId: number | null = null;
    if (groupId !== null && typeof values.subject === 'string' && values.subject.trim()) {
      // A subject of the group's plan, by its code or its name.
      const text = values.subject.trim();
      const group = await db.group.findUnique({ where: { id: groupId }, select: { study_plan_id: true } });
      const subjects = group?.study_plan_id ? await db.subject.findMany({ where: { study_plan_id: group.study_plan_id, status: true, OR: [{ code: text }, { description: { equals: text, mode: 'insensitive' } }] }, select: { id: true, code: true } }) : [];
      const byCode = subjects.find((subject) => subject.code === text);
      if (byCode || subjects.length === 1) subjectId = (byCode ?? subjects[0]).id;
      else errors.push({ column: 'subject', message: msg(subjects.length > 1 ? 'imports.errors.ambiguous' : 'importsAcademic.errors.subject_not_in_group', { value: text }) });
    }
    if (errors.length || studentId === null || groupId === null) return { ok: false, errors };
    return { ok: true, key: `enrolment:${studentId}:${groupId}:${subjectId ?? ''}`, input: { student_id: studentId, group_id: groupId, subject_id: subjectId } };
  },
  write: async (row, ctx) => {
    const db = ctx.tx!;
    // The row scope of the screens: a student or a group the user may not see (another campus) is unknown to her.
    await visible(resources.student, ctx, row.student_id, 'student_id');
    await visible(resources.group, ctx, row.group_id, 'group_id');
    const earlier = await db.studentGroup.findFirst({ where: { student_id: row.student_id, group_id: row.group_id, subject_id: row.subject_id }, select: { id: true } });
    const done = await enrol(db, ctx.actor, { student_id: row.student_id, group_id: row.group_id, subject_id: row.subject_id });
    await recordHistoryMany(db, done.history.map((entry) => ({ ...entry, reason: entry.reason ?? ctx.reason })));
    if (done.already) return done.history.length ? 'updated' : 'unchanged';
    return earlier ? 'updated' : 'created';
  },
});

async function visible(definition: ResourceDefinition, ctx: OperationContext, id: number, field: string): Promise<void> {
  try {
    await show(definition, ctx, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw fieldError(field, 'errors.unknown_reference');
    throw error;
  }
}
