// polls/api/assignments/: the application of a poll to a period, to every career or to those
// selected (careers_selected, written as a list of career ids). A student reads the applications
// meant for them.
import { ids } from '@/lib/validation';
import { modelResource } from '@/server/engine/model';
import type { ResourceDefinition, Row } from '@/server/engine/types';
import { fieldError } from '@/server/errors';
import { valueAfterWrite } from '@/server/modules/shared/fields';
import { isTeacherEvaluation } from './answering';
import { studentAssignments } from './scopes';
import { assignmentActions, expectedTotal } from './status';

// Stored counters of the status board, kept by the answering, never typed.
const readOnlyFields = ['answers', 'total'] as const;
export const assignmentsResource: ResourceDefinition = modelResource({
  base: 'polls/api/assignments/',
  model: 'PollAssignment',
  access: { routes: ['polls-aplications'], readRoutes: ['polls', 'portal-polls'], permission: 'poll_assignments' },
  search: ['notes'],
  ordering: ['-start_at'],
  readOnlyFields,
  writeFields: { careers_selected: ids.optional() },
  include: { careers_selected: { select: { career: { select: { id: true, code: true, name: true } } }, orderBy: { career_id: 'asc' } } },
  serialize: (row) => ({ ...row, careers_selected: (row.careers_selected as { career: Row }[]).map((link) => link.career) }),
  campusFilter: (campusId) => ({ cicle: { campus_id: campusId } }),
  ownRows: { student: studentAssignments },
  actions: assignmentActions(),
  // Opening an application fixes how many answers it expects (the status board's total).
  afterWrite: async (id, { tx }) => {
    const row = await tx.pollAssignment.findUniqueOrThrow({ where: { id }, select: { status: true, poll: { select: { poll_type: { select: { code: true } } } } } });
    if (row.status !== 'OPEN') return;
    const total = await expectedTotal(id, isTeacherEvaluation(row.poll.poll_type), tx);
    await tx.pollAssignment.update({ where: { id }, data: { total } });
  },
  inputToData: (input, { existing }) => {
    const start = valueAfterWrite(input, existing, 'start_at') as Date | null | undefined;
    const end = valueAfterWrite(input, existing, 'end_at') as Date | null | undefined;
    if (start && end && end <= start) throw fieldError('end_at', 'errors.invalid');
    const { careers_selected: selected, ...data } = input;
    if (!selected) return data;
    const create = [...new Set(selected)].map((career_id) => ({ career_id }));
    return { ...data, careers_selected: existing ? { deleteMany: {}, create } : { create } };
  },
});
