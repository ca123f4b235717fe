// The next control number of a new student (a conversion from applicant, or a student typed by
// staff without one): the settings' base serial and the next serial of that base's sequence
// (lib/scholar/control-number.ts). A control number is printed on paper (credentials, kardex,
// certificates), so it is never issued twice: the sequence row keeps the last serial issued, and
// it is never taken from the students that exist today (the one who held the highest number may
// be gone). It also never falls behind a number typed by hand or issued before the sequence
// existed: the next serial is past both. Students created at the same moment take numbers in turn
// under a transaction-scoped advisory lock (it holds even before the settings or the sequence have
// a row to lock; the settings' row is locked too, so a change of base waits), and one whose
// transaction fails gives its number back.
import { baseSerial, controlNumber } from '@/lib/scholar/control-number';
import { today } from '@/server/clock';
import type { Prisma } from '@/server/db/client';

/** The advisory lock key of the control-number sequence (any constant no other lock uses). */
const CONTROL_NUMBER_LOCK = 2_029_001;

type Db = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** The base in use and the last serial issued under it (the sequence's, or a higher one in use). */
async function lastSerial(db: Db, lock: boolean): Promise<{ base: string; last: number }> {
  const [settings] = lock
    ? await db.$queryRaw<{ base_serial: string }[]>`SELECT base_serial FROM settings ORDER BY id LIMIT 1 FOR UPDATE`
    : await db.$queryRaw<{ base_serial: string }[]>`SELECT base_serial FROM settings ORDER BY id LIMIT 1`;
  const base = baseSerial(settings?.base_serial, today());
  const [{ last }] = await db.$queryRaw<{ last: number | null }[]>`
    SELECT GREATEST(
      (SELECT last_serial FROM control_number_sequences WHERE base = ${base}),
      (SELECT MAX(substr(no_control, length(${base}) + 1)::int) FROM students
        WHERE left(no_control, length(${base})) = ${base} AND substr(no_control, length(${base}) + 1) ~ '^[0-9]{4,9}$')
    ) AS last`;
  return { base, last: last ?? 0 };
}

export async function nextControlNumber(tx: Prisma.TransactionClient): Promise<{ no_control: string; serial_number: string }> {
  const [next] = await nextControlNumbers(tx, 1);
  return next;
}

/** The next `count` control numbers in turn, taken at once under the same lock (an import's batch
 * of new students): the sequence moves past all of them in one write. */
export async function nextControlNumbers(tx: Prisma.TransactionClient, count: number): Promise<{ no_control: string; serial_number: string }[]> {
  if (count < 1) return [];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CONTROL_NUMBER_LOCK}::bigint)`;
  const { base, last } = await lastSerial(tx, true);
  const lastTaken = last + count;
  await tx.controlNumberSequence.upsert({ where: { base }, create: { base, last_serial: lastTaken }, update: { last_serial: lastTaken } });
  return Array.from({ length: count }, (_, n) => ({ no_control: controlNumber(base, last + 1 + n), serial_number: String(last + 1 + n) }));
}

/**
 * The number the next new student would get, read without taking it (the new-student form shows
 * it): nothing is locked or written, so two clerks may both see it; the one who saves first gets it
 * and the other the one after.
 */
export async function peekControlNumber(db: Db): Promise<{ no_control: string }> {
  const { base, last } = await lastSerial(db, false);
  return { no_control: controlNumber(base, last + 1) };
}
