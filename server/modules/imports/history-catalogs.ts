// The catalogues the historical importers (grades, balances) name their records by, each read once
// per run: the students by CURP or control number, study plans and their subjects by code, the
// plans each student follows, the periods of a plan's campus, and the concepts of the price lists.
import type { Db } from '@/server/engine/types';
import type { CatalogSource, RelationSource } from './definition';

/** A student by her CURP (code) or her control number (name); typed, not picked from a list. */
export const studentsByKey: CatalogSource = {
  key: 'students-by-key',
  listed: false,
  load: async (db) => (await db.student.findMany({ select: { id: true, curp: true, no_control: true }, orderBy: { id: 'asc' } })).map((s) => ({ value: s.id, code: s.curp, name: s.no_control })),
};

/** Any active study plan by its code (a grade's row names no career); not the academic importers' plan of the row's career. */
export const studyPlans: CatalogSource = {
  // A key of its own: a lookup keeps its lists by key and scope, and academic-catalogs' study-plans is scoped by career.
  key: 'all-study-plans',
  load: async (db) => (await db.studyPlan.findMany({ where: { status: true }, select: { id: true, code: true, description: true }, orderBy: { id: 'asc' } })).map((p) => ({ value: p.id, code: p.code, name: p.description })),
};

/** A subject of the row's study plan, by its code. */
export const subjectsOfPlan: CatalogSource = {
  key: 'subjects-of-plan',
  scopedBy: 'plan',
  load: async (db, planId) => (planId === null ? [] : (await db.subject.findMany({ where: { study_plan_id: planId }, select: { id: true, code: true, description: true }, orderBy: { id: 'asc' } })).map((s) => ({ value: s.id, code: s.code, name: s.description }))),
};

/**
 * The study plans a student may have grades of: every plan of her career (a school moves its
 * students to a new plan of the same career, and the old plan's grades stay theirs), and the plan
 * of every group she was enrolled in as a whole group (the plan the kardex and the certificate read
 * as hers, academic/student-plan.ts, even after a change of career). One statement for all students.
 */
export const plansOfStudents: RelationSource = {
  key: 'plans-of-students',
  load: async (db) => {
    const pairs = await db.$queryRaw<{ student_id: number; plan_id: number }[]>`
      SELECT s.id AS student_id, sp.id AS plan_id FROM students s JOIN study_plans sp ON sp.career_id = s.career_id
      UNION
      SELECT sg.student_id, g.study_plan_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id
      WHERE sg.subject_id IS NULL AND g.study_plan_id IS NOT NULL`;
    return pairs.map((pair) => [pair.student_id, pair.plan_id] as const);
  },
};

async function campusOfPlan(db: Db, planId: number | null): Promise<number | null> {
  if (planId === null) return null;
  const plan = await db.studyPlan.findUnique({ where: { id: planId }, select: { career: { select: { campus_id: true } } } });
  return plan?.career?.campus_id ?? null;
}

/** A period of the campus of the row's study plan (campuses have their own periods, often with the same names). */
export const ciclesOfPlan: CatalogSource = {
  key: 'cicles-of-plan',
  scopedBy: 'plan',
  load: async (db, planId) => {
    const campusId = await campusOfPlan(db, planId);
    const rows = await db.cicle.findMany({ where: campusId === null ? {} : { campus_id: campusId }, select: { id: true, description: true, cicle_name: true }, orderBy: { start: 'desc' } });
    return rows.map((c) => ({ value: c.id, code: c.cicle_name, name: c.description }));
  },
};

/** A period of the campus of the row's student (a balance's period), by name or description. */
export const ciclesOfStudent: CatalogSource = {
  key: 'cicles-of-student',
  scopedBy: 'student',
  load: async (db, studentId) => {
    const student = studentId === null ? null : await db.student.findUnique({ where: { id: studentId }, select: { career: { select: { campus_id: true } } } });
    const campusId = student?.career?.campus_id ?? null;
    const rows = await db.cicle.findMany({ where: campusId === null ? {} : { campus_id: campusId }, select: { id: true, description: true, cicle_name: true }, orderBy: { start: 'desc' } });
    return rows.map((c) => ({ value: c.id, code: c.cicle_name, name: c.description }));
  },
};

/** A concept of the price lists, by its code: each price list has its own concept of a code, and the newest one (the last entry) is the one a code names. */
export const concepts: CatalogSource = {
  key: 'concepts',
  load: async (db) => (await db.concept.findMany({ where: { status: true }, select: { id: true, code: true, description: true }, orderBy: { id: 'asc' } })).map((c) => ({ value: c.id, code: c.code, name: c.description })),
};
