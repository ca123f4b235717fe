// What a student reaches in polls: the applications meant for them, and what hangs off those.
import type { Prisma } from '@/server/db/client';

/**
 * Applications a student answers or has answered: active, past their draft, in a period where the
 * student has a group, and open to all careers or to the student's own.
 */
export function studentAssignments(studentId: number): Prisma.PollAssignmentWhereInput {
  return {
    is_active: true,
    status: { not: 'DRAFT' },
    cicle: { groups: { some: { student_groups: { some: { student_id: studentId } } } } },
    OR: [{ all_careers: true }, { careers_selected: { some: { career: { students: { some: { id: studentId } } } } } }],
  };
}

/** Polls a student sees: those with an application for them. */
export function studentPolls(studentId: number): Prisma.PollWhereInput {
  return { assignments: { some: studentAssignments(studentId) } };
}
