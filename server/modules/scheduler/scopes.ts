// Where a teacher or a student reaches scheduler rows. Typed against Prisma so a renamed relation
// fails to compile; other modules (scores, polls) reuse them for rows hanging off a schedule.
import type { Prisma } from '@/server/db/client';

/**
 * The schedules a student takes: every subject of a group they are enrolled in as a whole, and for
 * an irregular enrolment (StudentGroup with a subject) only that subject. Prisma cannot compare a
 * column of the schedule with one of the enrolment, so the second branch asks for "enrolled in this
 * group" and "enrolled in this subject" separately; both hold for the irregular student's class.
 */
export function studentSchedules(studentId: number): Prisma.ScheduleWhereInput {
  return {
    OR: [
      { group: { student_groups: { some: { student_id: studentId, subject_id: null } } } },
      { group: { student_groups: { some: { student_id: studentId } } }, subject: { student_groups: { some: { student_id: studentId } } } },
    ],
  };
}

/** The groups a teacher works with: those where they teach a subject, and those they tutor. */
export function teacherGroups(teacherId: number): Prisma.GroupWhereInput {
  return { OR: [{ schedules: { some: { teacher_id: teacherId } } }, { tutor_id: teacherId }] };
}
