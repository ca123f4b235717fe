// The scheduler's writes refuse a class at a time its group, its teacher or one of its students is
// already busy: 409 with a message naming both classes, the day and the hours. The database finds
// the candidates (same weekday, overlapping hours); the rule (lib/scholar/clash.ts) decides, with
// the modular subjects' dates.
import { type ClassSlot, clock, minutesOf, slotsClash } from '@/lib/scholar/clash';
import { isoDay } from '@/lib/dates';
import type { Prisma } from '@/server/db/client';
import { ApiError, msg } from '@/server/errors';

type Tx = Prisma.TransactionClient;

/** A class as a clash message names it: "MAT-101 Cálculo (ISC-1A, Pérez López Ana)". */
type NamedSlot = ClassSlot & { subject: string; group_code: string; teacher: string | null; student?: string | null };

const NAMED = `
  h.schedule_id, h.week_day, to_char(h.start_hour, 'HH24:MI') AS start_text, to_char(h.end_hour, 'HH24:MI') AS end_text,
  to_char(s.date_from, 'YYYY-MM-DD') AS date_from, to_char(s.date_to, 'YYYY-MM-DD') AS date_to,
  concat_ws(' ', sub.code, sub.description) AS subject, g.code AS group_code,
  CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.first_name, t.second_name, t.names) END AS teacher`;

const FROM = `
  FROM schedule_hours h
  JOIN schedules s ON s.id = h.schedule_id AND s.status
  JOIN groups g ON g.id = s.group_id
  JOIN subjects sub ON sub.id = s.subject_id
  LEFT JOIN teachers t ON t.id = s.teacher_id`;

type Row = { schedule_id: number; week_day: number; start_text: string; end_text: string; date_from: string | null; date_to: string | null; subject: string; group_code: string; teacher: string | null; student?: string | null };

const named = (row: Row): NamedSlot => ({ ...row, start: minutesOf(row.start_text), end: minutesOf(row.end_text) });

/** The class a slot is being written for, as the clash check needs it. */
export type ClassOfSlot = { schedule_id: number; group_id: number; cicle_id: number; teacher_id: number | null; subject_id: number; date_from: string | null; date_to: string | null; subject: string; group_code: string; teacher: string | null };

export async function classOf(tx: Tx, scheduleId: number): Promise<ClassOfSlot | null> {
  const schedule = await tx.schedule.findUnique({
    where: { id: scheduleId },
    select: {
      id: true,
      group_id: true,
      teacher_id: true,
      subject_id: true,
      date_from: true,
      date_to: true,
      group: { select: { code: true, cicle_id: true } },
      subject: { select: { code: true, description: true } },
      teacher: { select: { names: true, first_name: true, second_name: true } },
    },
  });
  if (!schedule) return null;
  const teacher = schedule.teacher ? [schedule.teacher.first_name, schedule.teacher.second_name, schedule.teacher.names].filter(Boolean).join(' ') : null;
  return {
    schedule_id: schedule.id,
    group_id: schedule.group_id,
    cicle_id: schedule.group.cicle_id,
    teacher_id: schedule.teacher_id,
    subject_id: schedule.subject_id,
    date_from: schedule.date_from ? isoDay(schedule.date_from) : null,
    date_to: schedule.date_to ? isoDay(schedule.date_to) : null,
    subject: `${schedule.subject.code} ${schedule.subject.description}`,
    group_code: schedule.group.code,
    teacher,
  };
}

function label(slot: { subject: string; group_code: string; teacher: string | null }): string {
  return slot.teacher ? `${slot.subject} (${slot.group_code}, ${slot.teacher})` : `${slot.subject} (${slot.group_code})`;
}

function refuse(kind: 'group' | 'teacher' | 'student', mine: ClassOfSlot, slot: ClassSlot, other: NamedSlot): never {
  const from = clock(Math.max(slot.start, other.start));
  const to = clock(Math.min(slot.end, other.end));
  throw new ApiError(
    409,
    msg(`scholar.clash.${kind}`, {
      this: label(mine),
      other: label(other),
      group: mine.group_code,
      teacher: mine.teacher ?? '',
      student: other.student ?? '',
      day: String(slot.week_day),
      from,
      to,
    }),
  );
}

/**
 * Refuses the slots of a class when its group, its teacher (in the period) or a student who takes
 * it has another class at the same time. `slots` are the class's slots after the write; `ignoreHourIds`
 * the rows being replaced.
 */
export async function assertNoClash(tx: Tx, mine: ClassOfSlot, slots: readonly { week_day: number; start: number; end: number }[], ignoreHourIds: readonly number[] = []): Promise<void> {
  for (const raw of slots) {
    const slot: ClassSlot = { schedule_id: mine.schedule_id, week_day: raw.week_day, start: raw.start, end: raw.end, date_from: mine.date_from, date_to: mine.date_to };
    const base = [mine.schedule_id, slot.week_day, clock(slot.start), clock(slot.end), ignoreHourIds.length ? ignoreHourIds : [0], mine.group_id];
    const overlapping = `h.status AND h.schedule_id <> $1 AND h.week_day = $2 AND h.start_hour < $4::time AND $3::time < h.end_hour AND NOT (h.id = ANY($5::int[]))`;
    const sameGroupOrTeacher = await tx.$queryRawUnsafe<(Row & { same_group: boolean })[]>(
      `SELECT ${NAMED}, (s.group_id = $6) AS same_group ${FROM}
        WHERE ${overlapping} AND (s.group_id = $6 OR ($7::int IS NOT NULL AND s.teacher_id = $7 AND g.cicle_id = $8))
        ORDER BY (s.group_id = $6) DESC, h.start_hour`,
      ...base,
      mine.teacher_id,
      mine.cicle_id,
    );
    for (const row of sameGroupOrTeacher) {
      const other = named(row);
      if (slotsClash(slot, other)) refuse(row.same_group ? 'group' : 'teacher', mine, slot, other);
    }
    // A student who takes this class (the whole group, or this subject in it) and a class of another
    // group at that time (an irregular load).
    const students = await tx.$queryRawUnsafe<Row[]>(
      `SELECT ${NAMED}, concat_ws(' ', st.first_name, st.second_name, st.names) AS student ${FROM}
         JOIN student_groups other ON other.group_id = s.group_id AND other.status AND other.is_current
              AND (other.subject_id IS NULL OR other.subject_id = s.subject_id)
         JOIN student_groups mine ON mine.student_id = other.student_id AND mine.group_id = $6 AND mine.status AND mine.is_current
              AND (mine.subject_id IS NULL OR mine.subject_id = $7::int)
         JOIN students st ON st.id = other.student_id
        WHERE ${overlapping} AND s.group_id <> $6
        ORDER BY h.start_hour, st.first_name
        LIMIT 20`,
      ...base,
      mine.subject_id,
    );
    for (const row of students) {
      const other = named(row);
      if (slotsClash(slot, other)) refuse('student', mine, slot, other);
    }
  }
}

/** The slots of a class as they stand (for a change of teacher or dates). */
export async function slotsOf(tx: Tx, scheduleId: number): Promise<{ id: number; week_day: number; start: number; end: number }[]> {
  const rows = await tx.scheduleHour.findMany({ where: { schedule_id: scheduleId, status: true }, select: { id: true, week_day: true, start_hour: true, end_hour: true } });
  return rows.map((row) => ({ id: row.id, week_day: row.week_day, start: minutesOf(row.start_hour), end: minutesOf(row.end_hour) }));
}
