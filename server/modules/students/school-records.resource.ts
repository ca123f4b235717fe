// students/api/: the school history of a student: group changes and withdrawals (which move the
// student and stop their tuition: moves.ts), subjects credited outside the group flow
// (revalidation, equivalence, previous scores) and period averages.
import { modelResource } from '@/server/engine/model';
import { conflict } from '@/server/errors';
import { parseId } from '@/server/engine/engine';
import { STUDENT_SEARCH } from '@/server/engine/relation-paths';
import { prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/students';
import { orNull, score } from '@/server/modules/shared/fields';
import { applyMovement, applyWithdrawal, prepareMovement, prepareWithdrawal, reinstate } from './moves';

const ownStudentRows = { student: (studentId: number) => ({ student_id: studentId }) };
const byStudentCampus = (campusId: number) => ({ student: { career: { campus_id: campusId } } });

export const studentMovementsResource = modelResource({
    base: 'students/api/student-movements/',
    model: 'StudentMovement',
    access: { routes: ['scholar-movements'], readRoutes: ['scholar-students'], permission: 'student_movements' },
    search: ['comments', ...STUDENT_SEARCH, 'from_group.code', 'to_group.code'],
    ordering: ['-apply_date'],
    readOnlyFields: ['user_id'],
    campusFilter: byStudentCampus,
    inputToData: prepareMovement,
    afterWrite: applyMovement,
  });

/** POST {id}/reinstate/: a temporary withdrawal ends and the student comes back (moves.ts). */
const reinstateAction = defineAction(contracts.reinstate, {
  needs: 'write',
  handler: async (ctx) => {
    const id = parseId(ctx.params.id);
    const { group } = await prisma.$transaction(async (tx) => {
      const result = await reinstate(tx, ctx.actor, id);
      await recordHistoryMany(tx, result.history);
      return result;
    });
    return { id, status: false, group };
  },
});

export const terminationsResource = modelResource({
    base: 'students/api/terminations/',
    model: 'Termination',
    access: { routes: ['scholar-termination'], readRoutes: ['scholar-students'], permission: 'terminations' },
    search: ['reason', 'comments', ...STUDENT_SEARCH, 'type.name'],
    ordering: ['-term_date'],
    readOnlyFields: ['user_id'],
    campusFilter: byStudentCampus,
    inputToData: prepareWithdrawal,
    afterWrite: applyWithdrawal,
    actions: [reinstateAction],
  });

export const studentSubjectsResource = modelResource({
    base: 'students/api/student-subjects/',
    model: 'StudentSubject',
    // Credited subjects are part of the student's kardex, which they read.
    access: { routes: ['scholar-students'], permission: 'student_subjects', ownReaders: ['student'] },
    search: ['revalid_type', ...STUDENT_SEARCH, 'subject.code', 'subject.description'],
    ordering: ['-id'],
    fields: { score: orNull(score) },
    campusFilter: byStudentCampus,
    ownRows: ownStudentRows,
    inputToData: (input, { existing }) => {
      // A certified (locked) row only changes by being unlocked first.
      if (existing?.is_locked) {
        if (input.is_locked !== false) throw conflict();
        return { is_locked: false };
      }
      return input;
    },
    beforeDelete: async ({ existing }) => {
      if (existing?.is_locked) throw conflict();
    },
  });

export const studentPeriodsResource = modelResource({
    base: 'students/api/student-periods/',
    model: 'StudentPeriod',
    // A student reads their own period averages.
    access: { routes: ['scholarships-student_periods'], readRoutes: ['scholar-students'], permission: 'student_periods', ownReaders: ['student'] },
    ordering: ['-id'],
    fields: { score: orNull(score) },
    campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
    ownRows: ownStudentRows,
    search: [...STUDENT_SEARCH],
  });
