// A week of classes read day by day (the student's schedule on a phone): each day that has classes,
// in week order, with its classes by start time.

export type ClassHours = { week_day: number; start_hour: string; end_hour: string };
export type DayClass<C> = { item: C; start_hour: string; end_hour: string };

export function classesByDay<C extends { hours: readonly ClassHours[] }>(classes: readonly C[]): { day: number; classes: DayClass<C>[] }[] {
  const days = new Map<number, DayClass<C>[]>();
  for (const item of classes) {
    for (const hour of item.hours) {
      const list = days.get(hour.week_day) ?? [];
      list.push({ item, start_hour: hour.start_hour, end_hour: hour.end_hour });
      days.set(hour.week_day, list);
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, list]) => ({ day, classes: list.sort((a, b) => a.start_hour.localeCompare(b.start_hour) || a.end_hour.localeCompare(b.end_hour)) }));
}
