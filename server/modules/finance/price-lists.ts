// Which concepts a student may be charged on a day: those in force (their dates and their price
// list's) of the price lists of the campus (or of every campus) that are general or name the
// student's career. The cart and the portal shop offer the same ones.
import type { Prisma } from '@/server/db/client';

export function conceptsInForce({ campusId, careerId, day }: { campusId: number | null; careerId: number | null; day: Date }): Prisma.ConceptWhereInput {
  const inForce = { AND: [{ OR: [{ effect_date: null }, { effect_date: { lte: day } }] }, { OR: [{ end_date: null }, { end_date: { gte: day } }] }] };
  return {
    status: true,
    ...inForce,
    price_list: {
      status: true,
      ...inForce,
      ...(campusId ? { OR: [{ campus_id: campusId }, { campus_id: null }] } : {}),
      ...(careerId ? { AND: [{ OR: [{ is_general: true }, { careers: { some: { career_id: careerId, status: true } } }] }] } : { is_general: true }),
    },
  };
}

/**
 * The same rule in SQL, for work over many students at once: joins a row `m` (career_id,
 * campus_id, shift_id) to the concepts `k` of its price lists `pl` in force on the day in the
 * parameter `day` (a concept of the student's group's shift, or of every shift). The caller adds
 * which concepts (`AND k.code = ...`) and orders by STUDENT_CONCEPT_FIRST to keep one per student.
 */
export function studentConceptsSql(day: string): string {
  return `JOIN price_lists pl ON pl.status
         AND (pl.campus_id IS NULL OR pl.campus_id = m.campus_id)
         AND (pl.effect_date IS NULL OR pl.effect_date <= ${day}::date) AND (pl.end_date IS NULL OR pl.end_date >= ${day}::date)
         AND (pl.is_general OR EXISTS (SELECT 1 FROM list_careers lc WHERE lc.price_list_id = pl.id AND lc.career_id = m.career_id AND lc.status))
       JOIN concepts k ON k.price_list_id = pl.id AND k.status
         AND (k.effect_date IS NULL OR k.effect_date <= ${day}::date) AND (k.end_date IS NULL OR k.end_date >= ${day}::date)
         AND (k.shift_id IS NULL OR k.shift_id = m.shift_id)`;
}

/** Which concept a student keeps when several match: a list naming their career before a general one, their shift's before every shift's, the newest. */
export const STUDENT_CONCEPT_FIRST = 'pl.is_general, (k.shift_id IS NULL), k.id DESC';
