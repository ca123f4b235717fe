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
