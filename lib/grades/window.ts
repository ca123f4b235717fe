// When a partial takes scores (design/domain.md, "Capture windows"): between start_eval and
// end_eval while allow_scores is on, or inside a period exception opened for the schedule. Days are
// calendar days of the school (`YYYY-MM-DD`), compared as text.

export type CaptureWindow = { allow_scores: boolean; start_eval: string | null; end_eval: string | null };
export type WindowException = { start: string; end: string };

export type WindowState = { open: boolean; by: 'partial' | 'exception' | null; until: string | null };

const within = (day: string, start: string | null, end: string | null) => !!start && !!end && start <= day && day <= end;

export function captureWindow(partial: CaptureWindow, exceptions: readonly WindowException[], today: string): WindowState {
  if (partial.allow_scores && within(today, partial.start_eval, partial.end_eval)) return { open: true, by: 'partial', until: partial.end_eval };
  const exception = exceptions.filter((candidate) => within(today, candidate.start, candidate.end)).sort((a, b) => b.end.localeCompare(a.end))[0];
  if (exception) return { open: true, by: 'exception', until: exception.end };
  return { open: false, by: null, until: null };
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today in the school's time zone, `YYYY-MM-DD`. */
export function schoolToday(now: Date = new Date(), timeZone = 'America/Mexico_City'): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) dayFormatters.set(timeZone, (formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
