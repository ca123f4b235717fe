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
