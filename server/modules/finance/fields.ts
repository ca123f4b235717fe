// Field rules and write helpers shared by the finance, inscription and invoices definitions: money
// is validated and kept as decimal text (never a float), cancellations carry a mandatory reason.
import { decimal } from '@/lib/validation';
import { Prisma } from '@/server/db/client';
import type { Row, Where } from '@/server/engine/types';
import { fieldError } from '@/server/http/errors';
import { after } from '@/server/modules/students/fields';

/** A peso amount of a Decimal(12, 2) column, never negative. */
export const money = decimal({ min: 0, max: 9_999_999_999.99, places: 2 });

/** A payment: more than zero (spec section 5, "Payment must be greater than zero"). */
export const positiveMoney = decimal({ min: 0.01, max: 9_999_999_999.99, places: 2 });

/** A rate stored as a fraction in a Decimal(6, 4) column: IVA 0.08, a 10 % discount 0.1. */
export const fraction = decimal({ min: 0, max: 1, places: 4 });

/** Pesos per dollar in a Decimal(12, 4) column; 0 means "no dollar amount" on a sale. */
export const exchangeRate = decimal({ min: 0, max: 99_999_999.9999, places: 4 });

/** Exact decimal of a validated text or a stored Prisma.Decimal. */
export function dec(value: unknown, fallback = '0'): Prisma.Decimal {
  return new Prisma.Decimal(value === null || value === undefined || value === '' ? fallback : String(value));
}

/**
 * Cancelling (status true -> false) needs a reason and stamps when it happened; reactivating clears
 * the stamp. Returns the extra data to write.
 */
export function cancellation(input: Row, existing: Row | null, note: string, at: string): Row {
  const wasActive = existing ? existing.status !== false : true;
  const active = after(input, existing, 'status') !== false;
  if (wasActive && !active) {
    const reason = after(input, existing, note);
    if (typeof reason !== 'string' || reason.trim() === '') throw fieldError(note, 'errors.required');
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
