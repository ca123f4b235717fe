// The next control number of a new student (a conversion from applicant, or a student typed by
// staff without one): the settings' base serial and the next serial after the highest in use
// (lib/scholar/control-number.ts). The settings' row is the sequence's lock: students created at
// the same moment take numbers in turn, and one whose transaction fails gives its number back (no
// gaps, no repeats).
import { baseSerial, controlNumber } from '@/lib/scholar/control-number';
import { today } from '@/server/clock';
import type { Prisma } from '@/server/db/client';

export async function nextControlNumber(tx: Prisma.TransactionClient): Promise<{ no_control: string; serial_number: string }> {
  const [settings] = await tx.$queryRaw<{ base_serial: string }[]>`SELECT base_serial FROM settings ORDER BY id LIMIT 1 FOR UPDATE`;
  const base = baseSerial(settings?.base_serial, today());
  const [{ last }] = await tx.$queryRaw<{ last: number | null }[]>`
    SELECT MAX(substr(no_control, length(${base}) + 1)::int) AS last FROM students
    WHERE left(no_control, length(${base})) = ${base} AND substr(no_control, length(${base}) + 1) ~ '^[0-9]{4,9}$'`;
  const serial = (last ?? 0) + 1;
  return { no_control: controlNumber(base, serial), serial_number: String(serial) };
}
