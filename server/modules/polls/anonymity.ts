// Teacher evaluations are anonymous, and a mean of a handful of answers is not: with two students
// in a class, the mean and who completed it say who answered what. Below the school's minimum of
// complete evaluations (Setting.min_evaluations, 5 unless changed) no answer carries a teacher's
// mean, their results' counts or open texts, whoever asks.
import { type Prisma, prisma } from '@/server/db/client';

export const DEFAULT_MIN_EVALUATIONS = 5;

export async function minEvaluations(db: Prisma.TransactionClient | typeof prisma = prisma): Promise<number> {
  const setting = await db.setting.findFirst({ orderBy: { id: 'asc' }, select: { min_evaluations: true } });
  return setting?.min_evaluations ?? DEFAULT_MIN_EVALUATIONS;
}

/** Whether results counted over `evaluations` complete evaluations may be shown. */
export const enoughEvaluations = (evaluations: number, minimum: number) => evaluations >= minimum;
