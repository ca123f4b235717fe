// Write helpers of the finance definitions: cancellations carry a mandatory reason; a student's and
// an aspirant's sales. Money fields are common rules (server/modules/shared/fields.ts).
import type { Row, Where } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { valueAfterWrite } from '@/server/modules/shared/fields';

/**
 * Cancelling (status true -> false) needs a reason and stamps when it happened; reactivating clears
 * the stamp. Returns the extra data to write.
 */
export function cancellation(input: Row, existing: Row | null, note: string, at: string): Row {
  const wasActive = existing ? existing.status !== false : true;
  const active = valueAfterWrite(input, existing, 'status') !== false;
  if (wasActive && !active) {
    const reason = valueAfterWrite(input, existing, note);
    // Spec section 5: "Type a reason for cancel".
    if (typeof reason !== 'string' || reason.trim() === '') throw fieldError(note, 'errors.cancel_reason');
    return { [at]: new Date() };
  }
  if (!wasActive && active) return { [at]: null };
  return {};
}

/** The sales of a student, including those made while they were an aspirant. */
export function studentSales(studentId: number): Where {
  return { OR: [{ student_id: studentId }, { aspirant: { student_id: studentId } }] };
}

/** The sales of an aspirant: charged to them, or their inscription charge. */
export function aspirantSales(aspirantId: number): Where {
  return { OR: [{ aspirant_id: aspirantId }, { inscription_aspirants: { some: { id: aspirantId } } }] };
}

/** A sale belongs to a campus through its period or its career (walk-in sales carry the period). */
export function saleCampus(campusId: number): Where {
  return { OR: [{ cicle: { campus_id: campusId } }, { career: { campus_id: campusId } }] };
}
