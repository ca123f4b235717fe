// The next control number of a new student (a conversion from applicant, or a student typed by
// staff without one): the settings' base serial and the next serial of that base's sequence
// (lib/scholar/control-number.ts). A control number is printed on paper (credentials, kardex,
// certificates), so it is never issued twice: the sequence row keeps the last serial issued, and
// it is never taken from the students that exist today (the one who held the highest number may
// be gone). It also never falls behind a number typed by hand or issued before the sequence
// existed: the next serial is past both. The settings' row is the sequence's lock: students created
// at the same moment take numbers in turn, and one whose transaction fails gives its number back.
import { baseSerial, controlNumber } from '@/lib/scholar/control-number';
import { today } from '@/server/clock';
import type { Prisma } from '@/server/db/client';

export async function nextControlNumber(tx: Prisma.TransactionClient): Promise<{ no_control: string; serial_number: string }> {
  const [settings] = await tx.$queryRaw<{ base_serial: string }[]>`SELECT base_serial FROM settings ORDER BY id LIMIT 1 FOR UPDATE`;
  const base = baseSerial(settings?.base_serial, today());
  const [{ last }] = await tx.$queryRaw<{ last: number | null }[]>`
    SELECT GREATEST(
      (SELECT last_serial FROM control_number_sequences WHERE base = ${base}),
      (SELECT MAX(substr(no_control, length(${base}) + 1)::int) FROM students
        WHERE left(no_control, length(${base})) = ${base} AND substr(no_control, length(${base}) + 1) ~ '^[0-9]{4,9}$')
    ) AS last`;
  const serial = (last ?? 0) + 1;
  await tx.controlNumberSequence.upsert({ where: { base }, create: { base, last_serial: serial }, update: { last_serial: serial } });
  return { no_control: controlNumber(base, serial), serial_number: String(serial) };
}
