// The extraordinary (and T.S.) exam request's steps (design/domain.md, "Extraordinary flow"):
// REQ (requested) -> PAID -> APPROVED -> GRADED, or CANCELLED at any step before GRADED.

export type ExtraStatus = 'REQ' | 'PAID' | 'APPROVED' | 'GRADED' | 'CANCELLED';

const NEXT: Record<ExtraStatus, readonly ExtraStatus[]> = {
  REQ: ['PAID', 'CANCELLED'],
  PAID: ['APPROVED', 'CANCELLED'],
  APPROVED: ['GRADED', 'CANCELLED'],
  GRADED: [],
  CANCELLED: [],
};

export function canMove(from: ExtraStatus, to: ExtraStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

/**
 * Why a paid request cannot be approved, or null: it must be paid, and the student must not go
 * over the school's max_extra exams in the period (counting the ones already approved or graded).
 */
export function approvalProblem(request: { status: ExtraStatus; paid: boolean }, alreadyApproved: number, maxExtra: number): 'errors.extra_not_paid' | 'errors.extra_over_max' | 'errors.extra_state' | null {
  if (request.status !== 'PAID' && request.status !== 'REQ') return 'errors.extra_state';
  if (!request.paid) return 'errors.extra_not_paid';
  if (alreadyApproved >= maxExtra) return 'errors.extra_over_max';
  return null;
}

export type ExamConcept = { id: number; code: string; description: string };

/**
 * The price-list concept that charges an exam: code EXT for an extraordinary (X), TS for a T.S.
 * (T); a school with other codes is matched by the description; null when the list has none.
 */
export function examConcept<C extends ExamConcept>(category: 'X' | 'T', concepts: readonly C[]): C | null {
  const codes = category === 'X' ? ['EXT', 'EXTRA', 'EXTRAORDINARIO'] : ['TS', 'T.S.', 'TITULO'];
  const byCode = concepts.find((concept) => codes.includes(concept.code.trim().toUpperCase()));
  if (byCode) return byCode;
  const words = category === 'X' ? /extraordinari/i : /t[ií]tulo de suficiencia|\bT\.?S\.?\b/i;
  return concepts.find((concept) => words.test(concept.description)) ?? null;
}

/** Why an exam's dates cannot be kept, or null: both are needed, and the deadline is not before the exam. */
export function examDatesProblem(examDate: string | null | undefined, limitDate: string | null | undefined): { field: 'exam_date' | 'limit_capture'; message: 'errors.exam_date' | 'errors.limit_date' | 'errors.limit_before_exam' } | null {
  if (!examDate) return { field: 'exam_date', message: 'errors.exam_date' };
  if (!limitDate) return { field: 'limit_capture', message: 'errors.limit_date' };
  if (limitDate < examDate) return { field: 'limit_capture', message: 'errors.limit_before_exam' };
  return null;
}

/** Whether a student has the exam: the request was approved (paid, within max_extra) or already graded. */
export const HAS_EXAM: readonly ExtraStatus[] = ['APPROVED', 'GRADED'];

/**
 * What an exam's capture says about its deadline, from its requests: open until the earliest
 * deadline still ahead (a request without a deadline stays open), or closed on the latest one once
 * every approved request's deadline has passed; null when no request waits for a grade.
 */
export function examCaptureNotice(requests: readonly { status: ExtraStatus; limit_capture: string | null }[], now: number): { kind: 'open'; date: string | null } | { kind: 'closed'; date: string } | null {
  const waiting = requests.filter((request) => request.status === 'APPROVED');
  if (waiting.length === 0) return null;
  const time = (request: { limit_capture: string | null }) => (request.limit_capture ? new Date(request.limit_capture).getTime() : Number.POSITIVE_INFINITY);
  const ahead = waiting.filter((request) => time(request) >= now).sort((a, b) => time(a) - time(b));
  if (ahead.length) return { kind: 'open', date: ahead[0].limit_capture };
  const last = waiting.sort((a, b) => time(b) - time(a))[0];
  return { kind: 'closed', date: last.limit_capture! };
}
