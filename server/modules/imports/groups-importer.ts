// Groups (grupos) and their week schedules (horarios). One file says both: one row per class slot
// (group, subject, day, start and end hour, teacher), with the group's columns repeated on each of
// its rows; a row without a subject says the group alone (a group with no schedule yet).
//   - The group is found by its natural key, period + career + code (unique in the database), and
//     created or updated field by field through the groups resource.
//   - The group's class of a subject (its schedule: subject and teacher) is found by group +
//     subject; the slot by class + day + start hour, and its end hour updated when it differs.
//     Both go through the schedules resources, whose hooks refuse a subject of another plan and a
//     clash of the group's, the teacher's or the students' hours (409, named on the row).
//   - A file adds and corrects slots; it never deletes one: a class may hold scores, and taking it
//     away is the scheduler's decision (Horarios), not a side effect of a missing row.
// Rows of one group that disagree on a group column, or of one class on its teacher: the last row's
// value stays.
import { readTime } from '@/lib/imports/times';
import { msg } from '@/server/errors';
import type { Row } from '@/server/engine/types';
import { planSubjects, shifts, studyPlans, teachers, weekDays } from './academic-catalogs';
import { careers, cicles } from './catalogs';
import { type ImportColumn, type Outcome, type RowError, defineImporter } from './definition';
import { resources } from './importer-resources';
import { columnsOf, partOf } from './plans-importer';
import { combined, judge, upsertThrough } from './through';

export const GROUP_COLUMNS: readonly ImportColumn[] = [
  { key: 'career', es: 'Carrera', en: 'Career', aliases: ['Programa', 'Licenciatura', 'Programme'], type: 'catalog', catalog: careers, required: true, example: 'ISC' },
  { key: 'cicle', es: 'Periodo', en: 'Period', aliases: ['Ciclo', 'Ciclo escolar', 'Cicle'], type: 'catalog', catalog: cicles, required: true, example: '2026-1' },
  { key: 'code', es: 'Grupo', en: 'Group', aliases: ['Clave del grupo', 'Nombre del grupo', 'Group code'], type: 'text', required: true, example: '1A-ISC' },
  { key: 'grade', es: 'Grado', en: 'Grade', aliases: ['Semestre', 'Cuatrimestre', 'Semester'], type: 'integer', required: true, example: '1' },
  { key: 'letter', es: 'Letra', en: 'Letter', aliases: ['Letra del grupo', 'Sección', 'Section'], type: 'text', required: true, example: 'A' },
  { key: 'plan', es: 'Plan de estudios', en: 'Study plan', aliases: ['Plan', 'Clave del plan'], type: 'catalog', catalog: studyPlans, example: 'ISC-2026' },
  { key: 'shift', es: 'Turno', en: 'Shift', type: 'catalog', catalog: shifts, example: 'Matutino' },
  { key: 'capacity', es: 'Cupo', en: 'Capacity', aliases: ['Capacidad', 'Cupo máximo'], type: 'integer', example: '40' },
  { key: 'tutor', es: 'Tutor', en: 'Tutor', aliases: ['Tutor del grupo'], type: 'catalog', catalog: teachers, example: '' },
  { key: 'subject', es: 'Materia', en: 'Subject', aliases: ['Clave de la materia', 'Asignatura'], type: 'catalog', catalog: planSubjects, example: 'ISC-101' },
  { key: 'teacher', es: 'Docente', en: 'Teacher', aliases: ['Profesor', 'Número de docente', 'Maestro'], type: 'catalog', catalog: teachers, example: 'D0101' },
  { key: 'week_day', es: 'Día', en: 'Day', aliases: ['Día de la semana', 'Weekday'], type: 'catalog', catalog: weekDays, example: 'Lunes' },
  { key: 'start_hour', es: 'Hora de inicio', en: 'Start time', aliases: ['Inicio', 'Desde', 'Start'], type: 'text', example: '07:00' },
  { key: 'end_hour', es: 'Hora de fin', en: 'End time', aliases: ['Fin', 'Hasta', 'End'], type: 'text', example: '08:40' },
];

const GROUP_FIELDS: Record<string, string> = { career: 'career_id', cicle: 'cicle_id', code: 'code', grade: 'grade', letter: 'group', plan: 'study_plan_id', shift: 'shift_id', capacity: 'capacity', tutor: 'tutor_id' };
const SLOT_COLUMNS = ['week_day', 'start_hour', 'end_hour'] as const;

// A class's and a slot's schemas want their group's and class's ids, which a new group only has
// once written: the row is judged with a stand-in id and written with the real one.
const STAND_IN = 1;

type Slot = { week_day: number; start_hour: string; end_hour: string };
type GroupRow = { group: { payload: Row; parsed: Row }; subjectId: number | null; teacherId: number | null; slot: Slot | null };

export const groupsImporter = defineImporter<GroupRow>({
  name: 'groups',
  resource: () => resources.schedule,
  columns: GROUP_COLUMNS,
  naturalKey: ['code', 'subject', 'week_day', 'start_hour'],
  columnOfField: { ...columnsOf(GROUP_FIELDS), group_id: 'code', subject_id: 'subject', teacher_id: 'teacher', schedule_id: 'subject', week_day: 'week_day', start_hour: 'start_hour', end_hour: 'end_hour' },
  validate: async (values) => {
    const errors: RowError[] = [];
    const payload = partOf(values, GROUP_FIELDS);
    const group = judge(resources.group.createSchema, payload, columnsOf(GROUP_FIELDS));
    if (!group.ok) errors.push(...group.errors);
    const times: Partial<Record<'start_hour' | 'end_hour', string>> = {};
    for (const column of ['start_hour', 'end_hour'] as const) {
      if (values[column] === null) continue;
      const time = readTime(values[column] as string);
      if (time) times[column] = time;
      else errors.push({ column, message: msg('importsAcademic.errors.time') });
    }
    const subjectId = typeof values.subject === 'number' ? values.subject : null;
    const teacherId = typeof values.teacher === 'number' ? values.teacher : null;
    // A slot is a subject at a day and hours: all four, or none of them (a row for the group alone).
    const slotGiven = SLOT_COLUMNS.some((column) => values[column] !== null) || values.teacher !== null;
    if (slotGiven && values.subject === null && !errors.some((error) => error.column === 'subject')) errors.push({ column: 'subject', message: msg('importsAcademic.errors.slot_incomplete') });
    if (values.subject !== null) for (const column of SLOT_COLUMNS) if (values[column] === null && !errors.some((error) => error.column === column)) errors.push({ column, message: msg('importsAcademic.errors.slot_incomplete') });
    let slot: Slot | null = null;
    if (subjectId !== null && times.start_hour && times.end_hour && typeof values.week_day === 'number') {
      slot = { week_day: values.week_day, start_hour: times.start_hour, end_hour: times.end_hour };
      const schedule = judge(resources.schedule.createSchema, { group_id: STAND_IN, subject_id: subjectId, ...(teacherId !== null ? { teacher_id: teacherId } : {}) }, { subject_id: 'subject', teacher_id: 'teacher' });
      if (!schedule.ok) errors.push(...schedule.errors);
      const hour = judge(resources.scheduleHour.createSchema, { schedule_id: STAND_IN, ...slot }, { week_day: 'week_day', start_hour: 'start_hour', end_hour: 'end_hour' });
      if (!hour.ok) errors.push(...hour.errors);
      if (slot.end_hour <= slot.start_hour) errors.push({ column: 'end_hour', message: msg('scholar.clash.end_before_start') });
    }
    if (errors.length || !group.ok) return { ok: false, errors };
    const groupKey = `${String(values.cicle)}:${String(values.career)}:${String(group.parsed.code)}`;
    return {
      ok: true,
      key: slot ? `slot:${groupKey}:${subjectId}:${slot.week_day}:${slot.start_hour}` : `group:${groupKey}`,
      input: { group: { payload, parsed: group.parsed }, subjectId, teacherId, slot },
    };
  },
  write: async (row, ctx) => {
    const db = ctx.tx!;
    const existingGroup = await db.group.findFirst({ where: { cicle_id: row.group.parsed.cicle_id as number, career_id: row.group.parsed.career_id as number, code: String(row.group.parsed.code) }, select: { id: true } });
    const group = await upsertThrough(resources.group, ctx, existingGroup?.id ?? null, row.group.payload, row.group.parsed);
    if (row.subjectId === null || row.slot === null) return group.outcome;
    const existingClass = await db.schedule.findFirst({ where: { group_id: group.id, subject_id: row.subjectId, status: true }, orderBy: { id: 'asc' }, select: { id: true } });
    const classPayload: Row = { group_id: group.id, subject_id: row.subjectId, ...(row.teacherId !== null ? { teacher_id: row.teacherId } : {}) };
    const lesson = await upsertThrough(resources.schedule, ctx, existingClass?.id ?? null, classPayload);
    const startsAt = new Date(`1970-01-01T${row.slot.start_hour}Z`);
    const existingSlot = await db.scheduleHour.findFirst({ where: { schedule_id: lesson.id, week_day: row.slot.week_day, start_hour: startsAt, status: true }, select: { id: true } });
    const slot = await upsertThrough(resources.scheduleHour, ctx, existingSlot?.id ?? null, { schedule_id: lesson.id, ...row.slot });
    // The row's record is its slot: created with it, updated when the slot, its class or its group changed.
    const outcome: Outcome = slot.outcome === 'created' ? 'created' : combined(slot.outcome, lesson.outcome, group.outcome);
    return outcome;
  },
});
