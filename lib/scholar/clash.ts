// Timetable clashes as a rule: two weekly class slots clash when they fall on the same weekday,
// their hours overlap (a class ending at 9:00 and one starting at 9:00 do not), and the dates they
// are taught overlap — a modular subject is taught only between its dates; a regular one the whole
// period. Pure: the scheduler's writes (a group, a teacher, a student in two places at once) and the
// grid's warnings ask the same function.

export type ClassSlot = {
  /** The schedule (class) the slot belongs to: slots of one class never clash with each other. */
  schedule_id: number;
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  week_day: number;
  /** Minutes from midnight. */
  start: number;
  end: number;
  /** A modular subject's dates (`2026-08-10`); null for the whole period. */
  date_from?: string | null;
  date_to?: string | null;
};

/** `07:30` or a TIME value read as a Date (1970-01-01T07:30:00Z) -> minutes from midnight. */
export function minutesOf(time: string | Date): number {
  if (time instanceof Date) return time.getUTCHours() * 60 + time.getUTCMinutes();
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 450 -> `07:30`. */
export function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function datesOverlap(a: ClassSlot, b: ClassSlot): boolean {
  // Open ends reach the whole period.
  const aFrom = a.date_from ?? '0000-01-01';
  const aTo = a.date_to ?? '9999-12-31';
  const bFrom = b.date_from ?? '0000-01-01';
  const bTo = b.date_to ?? '9999-12-31';
  return aFrom <= bTo && bFrom <= aTo;
}

/** Whether two slots of different classes are at the same time. */
export function slotsClash(a: ClassSlot, b: ClassSlot): boolean {
  if (a.schedule_id === b.schedule_id) return false;
  if (a.week_day !== b.week_day) return false;
  if (!(a.start < b.end && b.start < a.end)) return false;
  return datesOverlap(a, b);
}

/** The first slot among `others` that clashes with `slot`, or null. */
export function firstClash<T extends ClassSlot>(slot: ClassSlot, others: readonly T[]): T | null {
  return others.find((other) => slotsClash(slot, other)) ?? null;
}

/** Every pair of clashing slots in a list (a week's warnings), each pair once. */
export function clashesWithin<T extends ClassSlot>(slots: readonly T[]): [T, T][] {
  const sorted = [...slots].sort((a, b) => a.week_day - b.week_day || a.start - b.start);
  const pairs: [T, T][] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = i + 1; j < sorted.length && sorted[j].week_day === sorted[i].week_day && sorted[j].start < sorted[i].end; j += 1) {
      if (slotsClash(sorted[i], sorted[j])) pairs.push([sorted[i], sorted[j]]);
    }
  }
  return pairs;
}
