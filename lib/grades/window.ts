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

/**
 * What a capture sheet says about its window, for a teacher: open (by the partial or by an
 * exception, until when), or closed and why — it opens on a later day, it closed on a past one,
 * Control Escolar switched it off, or it has no dates yet. `pending`: the opening day is set but
 * the partial's switch is still off, so it opens only once Control Escolar turns it on.
 */
export type CaptureNotice =
  | { kind: 'open' | 'exception'; date: string | null }
  | { kind: 'opens'; date: string; pending: boolean }
  | { kind: 'closed'; date: string }
  | { kind: 'off' | 'undated' };

export function captureNotice(partial: CaptureWindow, window: Pick<WindowState, 'by' | 'until'>, today: string): CaptureNotice {
  if (window.by === 'partial') return { kind: 'open', date: window.until };
  if (window.by === 'exception') return { kind: 'exception', date: window.until };
  if (partial.start_eval && today < partial.start_eval) return { kind: 'opens', date: partial.start_eval, pending: !partial.allow_scores };
  if (partial.end_eval && today > partial.end_eval) return { kind: 'closed', date: partial.end_eval };
  if (partial.start_eval && partial.end_eval) return { kind: 'off' };
  return { kind: 'undated' };
}

export type PartialChoice = CaptureWindow & { id: number; no: number; partial_type: string };

/**
 * The partial a sheet opens on when only the class is chosen: the ordinary partial whose window
 * holds today, else the latest ordinary one already started, else the first of the list.
 */
export function defaultPartial<P extends PartialChoice>(partials: readonly P[], today: string): P | null {
  const ordinary = partials.filter((partial) => partial.partial_type === 'O');
  const open = ordinary.find((partial) => partial.allow_scores && within(today, partial.start_eval, partial.end_eval));
  if (open) return open;
  const started = ordinary.filter((partial) => partial.start_eval && partial.start_eval <= today).sort((a, b) => b.start_eval!.localeCompare(a.start_eval!) || b.no - a.no)[0];
  return started ?? partials[0] ?? null;
}

/** An ordinary partial of a class with the exceptions opened for that class in it. */
export type ClassPartial = PartialChoice & { exceptions: readonly WindowException[] };

/**
 * What a class's row in "Mis clases" opens: the ordinary partial whose capture is open today (by
 * its own window or by an exception for the class; the lowest number when several are), else the
 * one that opens next and from which day (`pending`: its dates are set but Control Escolar has not
 * switched it on), else nothing. Extra and T.S. exams have their own screens.
 */
export type PartialToCapture<P extends ClassPartial = ClassPartial> =
  | { state: 'open'; partial: P; by: 'partial' | 'exception'; until: string | null }
  | { state: 'next'; partial: P; from: string; pending: boolean }
  | { state: 'none' };

export function partialToCapture<P extends ClassPartial>(partials: readonly P[], today: string): PartialToCapture<P> {
  const ordinary = partials.filter((partial) => partial.partial_type === 'O').sort((a, b) => a.no - b.no || a.id - b.id);
  for (const partial of ordinary) {
    const window = captureWindow(partial, partial.exceptions, today);
    if (window.open && window.by) return { state: 'open', partial, by: window.by, until: window.until };
  }
  let next: { partial: P; from: string; pending: boolean } | null = null;
  for (const partial of ordinary) {
    const openings = [
      ...(partial.start_eval && partial.start_eval > today ? [{ from: partial.start_eval, pending: !partial.allow_scores }] : []),
      ...partial.exceptions.filter((exception) => exception.start > today).map((exception) => ({ from: exception.start, pending: false })),
    ];
    for (const opening of openings) if (!next || opening.from < next.from) next = { partial, ...opening };
  }
  return next ? { state: 'next', ...next } : { state: 'none' };
}
