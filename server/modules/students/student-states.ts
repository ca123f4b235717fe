// The student's state table: ACTIVE (studying) or INACTIVE (withdrawn: baja temporal or
// definitiva). A student carries academic history, so no state lets her be deleted: she is
// withdrawn (students/api/terminations/) and reinstated, never erased. Her control number is printed
// on her credential, kardex and certificates: once issued it does not change. Whether she is
// active changes only by a withdrawal or a reinstatement (which close and reopen her enrolments and
// her tuition), and a withdrawn student is not enrolled in a group by a plain save.
import { prisma } from '@/server/db/client';
import { authorize, parseId } from '@/server/engine/engine';
import { defineStates, stateLabel } from '@/server/engine/states';
import { type ActionDefinition, type ResourceDefinition, defineAction } from '@/server/engine/types';
import * as contracts from '@/lib/contracts/students';
import { ApiError, msg, notFound } from '@/server/errors';

/** Fields of the record a plain save may change in any state: personal, contact and school data. */
const PERSONAL = [
  'names',
  'first_name',
  'second_name',
  'genre',
  'curp',
  'rfc',
  'birthday',
  'email',
  'telephone',
  'telephone_code',
  'photo_path',
  'status_id',
  'civil_state_id',
  'career_id',
  'cicle_start_id',
  'cicle_id',
  'address_id',
  'medical_sheet_id',
  'occupation_id',
  'live_with_parents',
  'nation_id',
  'place_birth_id',
  'age',
  'reentry',
  'is_foreign',
  'is_revalid',
  'only_course',
  'is_regular',
  'user_id',
  'academic_origin_id',
  'score_origin',
] as const;

export const studentStates = defineStates({
  aggregate: 'student',
  states: {
    // The current group is an enrolment (`enrol`), done by the save.
    ACTIVE: { update: [...PERSONAL, 'current_group_id'], delete: false, operations: ['enrol', 'move', 'withdraw'] },
    // Her data may still be corrected (a title, a certificate); she rejoins a group by a reinstatement.
    INACTIVE: { update: [...PERSONAL], delete: false, operations: ['reinstate'] },
  },
  stateOf: (_tx, row) => (row.is_active ? 'ACTIVE' : 'INACTIVE'),
});

/**
 * DELETE students/api/students/{id}/: never a deletion (no state allows it), and the refusal says
 * what to do instead: withdraw her (baja). Answered here rather than by the generic delete so the
 * message names the way out, not only the state.
 */
export function refuseStudentDelete(definition: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.refuseStudentDelete, {
    needs: 'write',
    handler: async (ctx) => {
      authorize(ctx.actor, definition(), 'write', 'delete');
      const id = parseId(ctx.params.id);
      const student = await prisma.student.findUnique({ where: { id }, select: { id: true, is_active: true } });
      if (!student) throw notFound();
      const state = await studentStates.stateOf(prisma, student);
      throw new ApiError(409, msg(state === 'ACTIVE' ? 'scholar.students.withdraw_instead' : 'scholar.students.never_deleted', { state: stateLabel(studentStates, state, ctx.t) }), null, { state });
    },
  });
}
