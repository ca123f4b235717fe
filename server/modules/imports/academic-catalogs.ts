// The catalogues the academic importers (plans, groups, enrolments) name by code or by name: a
// career's study plans, a plan's subjects, the teachers, the shifts and the days of the week.
import type { CatalogSource } from './definition';

/** A study plan of the row's career, by its code or its name. */
export const studyPlans: CatalogSource = {
  key: 'study-plans',
  scopedBy: 'career',
  load: async (db, careerId) =>
    careerId === null ? [] : (await db.studyPlan.findMany({ where: { career_id: careerId, status: true }, select: { id: true, code: true, description: true }, orderBy: { code: 'asc' } })).map((plan) => ({ value: plan.id, code: plan.code, name: plan.description })),
};

/** A subject of the row's study plan, by its code or its name (no plan: nothing to choose from). */
export const planSubjects: CatalogSource = {
  key: 'plan-subjects',
  scopedBy: 'plan',
  load: async (db, planId) =>
    planId === null ? [] : (await db.subject.findMany({ where: { study_plan_id: planId, status: true }, select: { id: true, code: true, description: true }, orderBy: [{ grade: 'asc' }, { order: 'asc' }, { code: 'asc' }] })).map((subject) => ({ value: subject.id, code: subject.code, name: subject.description })),
};

/** A teacher by her code (número de docente) or her full name as lists show it (surnames first). */
export const teachers: CatalogSource = {
  key: 'teachers',
  load: async (db) =>
    (await db.teacher.findMany({ where: { status: true }, select: { id: true, code: true, names: true, first_name: true, second_name: true }, orderBy: { code: 'asc' } })).map((teacher) => ({
      value: teacher.id,
      code: teacher.code,
      name: [teacher.first_name, teacher.second_name, teacher.names].filter(Boolean).join(' '),
    })),
};

export const shifts: CatalogSource = {
  key: 'shifts',
  load: async (db) => (await db.shift.findMany({ where: { status: true }, select: { id: true, suffix: true, description: true }, orderBy: { id: 'asc' } })).map((shift) => ({ value: shift.id, code: shift.suffix, name: shift.description })),
};

/** ISO week days (1 Monday … 7 Sunday), as a schedule hour stores them; typed by name, abbreviation or number. */
export const WEEK_DAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
export const weekDays: CatalogSource = {
  key: 'week-days',
  load: async () => WEEK_DAYS.map((name, index) => ({ value: index + 1, code: String(index + 1), name })),
};
